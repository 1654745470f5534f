import { describe, expect, it } from 'vitest';
import {
  ageOn,
  appointmentKindLabel,
  appointmentPath,
  appointmentStatusLine,
  appointmentStatusText,
  appointmentWhen,
  dateOfBirthWithAge,
  formatDateOfBirth,
  guardianName,
  hasSelfReferralAnswers,
  NOT_GIVEN,
  orNotGiven,
  patientFiles,
  yesNo,
} from './patient-labels';

describe('dates of birth', () => {
  it('shows YYYY-MM-DD as DD/MM/YYYY, and nothing for no date or another shape', () => {
    expect(formatDateOfBirth('1990-04-12')).toBe('12/04/1990');
    expect(formatDateOfBirth('2015-11-03')).toBe('03/11/2015');
    expect(formatDateOfBirth(null)).toBe('');
    expect(formatDateOfBirth(undefined)).toBe('');
    expect(formatDateOfBirth('12/04/1990')).toBe('');
    expect(formatDateOfBirth('1990-04-12T00:00:00Z')).toBe('');
  });

  it('counts whole years, the birthday itself included', () => {
    expect(ageOn('1990-04-12', '2026-04-11')).toBe(35);
    expect(ageOn('1990-04-12', '2026-04-12')).toBe(36);
    expect(ageOn('2000-02-29', '2026-02-28')).toBe(25);
    expect(ageOn('2000-02-29', '2026-03-01')).toBe(26);
    expect(ageOn('2026-01-01', '2026-06-30')).toBe(0);
    expect(ageOn('2027-01-01', '2026-06-30')).toBeUndefined();
    expect(ageOn(null, '2026-06-30')).toBeUndefined();
  });

  it('adds the age, or says the date was not given', () => {
    expect(dateOfBirthWithAge('1990-04-12', '2026-11-25')).toBe('12/04/1990 (36 years)');
    expect(dateOfBirthWithAge('2025-03-01', '2026-11-25')).toBe('01/03/2025 (1 year)');
    expect(dateOfBirthWithAge('2026-09-03', '2026-11-25')).toBe('03/09/2026 (under 1 year)');
    expect(dateOfBirthWithAge('2027-09-03', '2026-11-25')).toBe('03/09/2027');
    expect(dateOfBirthWithAge(null, '2026-11-25')).toBe(NOT_GIVEN);
  });
});

describe('answers', () => {
  it("says 'Not given' rather than a blank", () => {
    expect(orNotGiven('Dr Walsh')).toBe('Dr Walsh');
    expect(orNotGiven('  ')).toBe(NOT_GIVEN);
    expect(orNotGiven(null)).toBe(NOT_GIVEN);
    expect(yesNo(true)).toBe('Yes');
    expect(yesNo(false)).toBe('No');
    expect(yesNo(null)).toBe(NOT_GIVEN);
  });

  it("joins the guardian's names that were given", () => {
    expect(guardianName({ guardian_first_name: 'Niamh', guardian_last_name: 'Murphy' })).toBe('Niamh Murphy');
    expect(guardianName({ guardian_first_name: 'Niamh', guardian_last_name: null })).toBe('Niamh');
    expect(guardianName({ guardian_first_name: null, guardian_last_name: ' ' })).toBe('');
  });

  it("tells a self-referral's answers from a referral letter alone", () => {
    const none = {
      address: null,
      gp_details: null,
      concerns: null,
      suspected_allergy: null,
      consultation_hopes: null,
      is_hayfever: null,
      is_asthma: null,
      is_eczema: null,
      do_you_have_any_known_allergies: null,
      known_allergies_description: null,
    };
    expect(hasSelfReferralAnswers(none)).toBe(false);
    expect(hasSelfReferralAnswers({ ...none, is_asthma: false })).toBe(true);
    expect(hasSelfReferralAnswers({ ...none, concerns: 'Wheezing' })).toBe(true);
  });

  it('lists the three files in order, given or not', () => {
    const result = { id: 'a', name: 'result.pdf', url: '/api/admin/upload_results/a' };
    expect(patientFiles({ result, referral_letter: null, attachment: null })).toEqual([
      { kind: 'result', label: 'Result', file: result },
      { kind: 'referral_letter', label: 'Referral letter', file: null },
      { kind: 'attachment', label: 'Attachment', file: null },
    ]);
  });
});

describe('appointments', () => {
  it('names the kind, the time and the state', () => {
    expect(appointmentKindLabel(true)).toBe('Video consultation');
    expect(appointmentKindLabel(false)).toBe('Allergy test');
    expect(appointmentKindLabel(null)).toBe('Appointment');
    expect(appointmentWhen({ data: '08/12/2026', start_time: '09:00' })).toBe('08/12/2026 at 09:00');
    expect(appointmentWhen({ data: null, start_time: null })).toBe('No time');
    expect(appointmentStatusText('no_show')).toBe('No-show');
    expect(appointmentStatusText('paid')).toBe('Booked');
    expect(appointmentStatusText('something_new')).toBe('something new');
    expect(appointmentPath(42)).toBe('/admin/appointment/edit?id=42');
  });

  it('says the state and the payment once each', () => {
    expect(appointmentStatusLine({ appointment_status: 'paid', status_label: 'Paid' })).toBe('Booked · Paid');
    expect(
      appointmentStatusLine({ appointment_status: 'paid', status_label: 'Paid', intake_signed: true }),
    ).toBe('Booked · Paid · Form signed');
    expect(appointmentStatusLine({ appointment_status: 'attended', status_label: 'Booked by admin' })).toBe(
      'Attended · Booked by admin',
    );
    expect(appointmentStatusLine({ appointment_status: 'held', status_label: 'Being booked' })).toBe(
      'Being booked',
    );
    expect(appointmentStatusLine({ appointment_status: 'refunded', status_label: 'Refunded' })).toBe(
      'Refunded',
    );
  });
});
