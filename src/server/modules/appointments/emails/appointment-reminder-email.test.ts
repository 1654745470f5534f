import { describe, expect, it } from 'vitest';
import { clinic, formatAddress } from '../../../../shared/clinic';
import type { Patient, Slot } from '../../../db/schema';
import { clinicLongDate } from '../../slots/clinic-time';
import { appointmentReminderEmail, reminderDetails } from './appointment-reminder-email';
import { appointmentDetails, VIDEO_NOTE } from './booking-details';

const stops = { tablets: 5, sprays: 3 };

const patient = {
  id: 7,
  firstName: 'Aoife <b>',
  lastName: 'Byrne',
  email: 'aoife@example.ie',
  guardianFirstName: null,
  guardianLastName: null,
} as Patient;

/** A slot on Thursday 25 March 2027, 10:00–10:30 Dublin time (GMT: before the clocks go forward). */
const testSlot = {
  id: 3,
  startsAt: new Date('2027-03-25T10:00:00Z'),
  endsAt: new Date('2027-03-25T10:30:00Z'),
  isVideoCall: false,
  isAdult: true,
  location: 'adult_1',
} as Slot;

const videoSlot = { ...testSlot, isVideoCall: true, location: null } as Slot;

const reminder = (kind: Parameters<typeof appointmentReminderEmail>[0], slot = testSlot) =>
  appointmentReminderEmail(kind, reminderDetails(appointmentDetails(11, patient, slot), stops));

const place = formatAddress(clinic.locations.adult_1);

describe('clinic days written out', () => {
  it('count calendar days in Dublin across the daylight-saving changes', () => {
    expect(clinicLongDate(new Date('2027-03-25T10:00:00Z'))).toBe('Thursday 25 March 2027');
    // 10:00 summer time on Tuesday 30 March; two days back is the Sunday the clocks went forward.
    expect(clinicLongDate(new Date('2027-03-30T09:00:00Z'), -2)).toBe('Sunday 28 March 2027');
    expect(clinicLongDate(new Date('2027-03-30T09:00:00Z'), -5)).toBe('Thursday 25 March 2027');
    // 23:30 UTC on 30 October is 00:30 summer time on Sunday 31 October in Dublin.
    expect(clinicLongDate(new Date('2027-10-30T23:30:00Z'))).toBe('Sunday 31 October 2027');
    expect(clinicLongDate(new Date('2027-11-02T10:00:00Z'), -5)).toBe('Thursday 28 October 2027');
  });
});

describe('reminder e-mails', () => {
  it('stop_antihistamines: the day to stop tablets and syrups, the test day, its time and place', () => {
    const email = reminder('stop_antihistamines');
    expect(email.subject).toBe(
      'Reminder: your allergy test on Thursday 25 March 2027: stop antihistamines from Saturday 20 March 2027',
    );
    expect(email.text).toContain('Your allergy test is on Thursday 25 March 2027 at 10:00 (Dublin time).');
    expect(email.text).toContain(
      'Please stop taking antihistamine tablets and syrups from Saturday 20 March 2027, 5 days before the test',
    );
    expect(email.text).toContain('from Monday 22 March 2027 (3 days before the test)');
    expect(email.text).toContain('Date: Thursday 25 March 2027, 10:00–10:30 (Dublin time)');
    expect(email.text).toContain(`Where: ${place}`);
    expect(email.text).toContain('48 hours');
  });

  it('stop_nasal_antihistamines: the day to stop nasal sprays', () => {
    const email = reminder('stop_nasal_antihistamines');
    expect(email.subject).toBe(
      'Reminder: your allergy test on Thursday 25 March 2027: stop nasal antihistamine sprays from Monday 22 March 2027',
    );
    expect(email.text).toContain(
      'Please stop using nasal antihistamine sprays from Monday 22 March 2027, 3 days before the test.',
    );
    expect(email.text).toContain('Antihistamine tablets and syrups stay stopped from Saturday 20 March 2027');
    expect(email.text).toContain(`Where: ${place}`);
  });

  it('two_days_before a test: the time, the place, 15 minutes early, and the 48-hour rule with the clinic contacts', () => {
    const email = reminder('two_days_before');
    expect(email.subject).toBe('Reminder: your allergy test on Thursday 25 March 2027 at 10:00');
    expect(email.text).toContain('Date: Thursday 25 March 2027, 10:00–10:30 (Dublin time)');
    expect(email.text).toContain(`Where: ${place}`);
    expect(email.text).toContain('arrive 15 minutes early');
    expect(email.text).toContain(
      `at least 48 hours' notice. If you cannot come, please tell us as soon as you can: call ${clinic.phone} or e-mail ${clinic.email}.`,
    );
    expect(email.text.endsWith(clinic.name)).toBe(true);
  });

  it('two_days_before a video call: the video note instead of a place, and no arrival rule', () => {
    const email = reminder('two_days_before', videoSlot);
    expect(email.subject).toBe('Reminder: your video consultation on Thursday 25 March 2027 at 10:00');
    expect(email.text).toContain(`How: ${VIDEO_NOTE}`);
    expect(email.text).not.toContain('Where:');
    expect(email.text).not.toContain('15 minutes');
    expect(email.text).toContain('48 hours');
    expect(email.text).toContain(clinic.email);
  });

  it('come as plain text and HTML with the same parts, what the patient typed escaped', () => {
    for (const kind of ['stop_antihistamines', 'stop_nasal_antihistamines', 'two_days_before'] as const) {
      const email = reminder(kind);
      expect(email.text).toContain('Dear Aoife <b> Byrne,');
      expect(email.html).toContain('Dear Aoife &lt;b&gt; Byrne,');
      expect(email.html).not.toContain('<b>');
      expect(email.html).toContain('Thursday 25 March 2027');
      expect(email.html).toContain(clinic.phone);
    }
  });

  it('address the parent or guardian of a child', () => {
    const child = { ...patient, guardianFirstName: 'Máire', guardianLastName: 'Byrne' } as Patient;
    const email = appointmentReminderEmail(
      'two_days_before',
      reminderDetails(appointmentDetails(11, child, testSlot), stops),
    );
    expect(email.text.startsWith('Dear Máire Byrne,')).toBe(true);
    expect(email.text).toContain('Patient: Aoife <b> Byrne');
  });
});
