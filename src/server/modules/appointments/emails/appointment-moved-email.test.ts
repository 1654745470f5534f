import { describe, expect, it } from 'vitest';
import { appointmentMovedEmail } from './appointment-moved-email';
import type { AppointmentDetails } from './booking-details';

const details: AppointmentDetails = {
  patientName: 'Aoife Byrne',
  email: 'aoife@example.ie',
  service: 'Allergy test (skin prick test), adult',
  date: '07/12/2026',
  time: '10:20–10:50',
  startsAt: new Date('2026-12-07T10:20:00Z'),
  endsAt: new Date('2026-12-07T10:50:00Z'),
  isVideoCall: false,
  where: 'Suite 12, Sandyford',
  patientId: 1,
  appointmentId: 2,
};

describe('the moved appointment e-mail', () => {
  it('says when the appointment moved to another place, and names the place it was', () => {
    const mail = appointmentMovedEmail(details, {
      date: '02/12/2026',
      time: '09:00–09:30',
      where: 'Suite 23, Blackrock',
    });
    expect(mail.text).toContain('at another place: Suite 12, Sandyford.');
    expect(mail.text).toContain('Was: 02/12/2026, 09:00–09:30, Suite 23, Blackrock');
  });

  it('says nothing of the place when it stays', () => {
    const mail = appointmentMovedEmail(details, {
      date: '02/12/2026',
      time: '09:00–09:30',
      where: details.where,
    });
    expect(mail.text).toContain('Your appointment has been moved to a new time.');
    expect(mail.text).toContain('Was: 02/12/2026, 09:00–09:30\n');
  });
});
