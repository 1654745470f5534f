import { describe, expect, it } from 'vitest';
import type { StaffAppointmentDetail } from '../../../shared/appointments';
import { ApiError } from '../../lib/api-client';
import type { FormSlot } from '../../lib/patient-fields';
import {
  type AppointmentFormFields,
  appointmentBody,
  appointmentErrorItems,
  appointmentFormDefaults,
  appointmentFormIssues,
  recordedFormValues,
  slotRefusalOf,
} from './appointment-form-values';

const adultTest: FormSlot = { slotId: 41, isAdult: true, isVideoCall: false };
const childVideo: FormSlot = { slotId: 42, isAdult: false, isVideoCall: true };

const filled = (changes: Partial<AppointmentFormFields> = {}): AppointmentFormFields => ({
  ...appointmentFormDefaults(),
  first_name: 'Aoife',
  last_name: 'Byrne',
  phone: '087 123 4567',
  dob: '12.04.1990',
  consultant_name: 'Dr Walsh',
  consultant_addres: '12 Harcourt Street, Dublin 2',
  antihistamine: true,
  agreement: true,
  ...changes,
});

const detail = (changes: Partial<StaffAppointmentDetail> = {}): StaffAppointmentDetail => ({
  id: 7,
  transaction_id: null,
  amount: null,
  status: 'booked',
  status_label: 'Booked by admin',
  appointment_status: 'booked',
  provider: null,
  payment_method: null,
  refunded_amount: null,
  data_payment: null,
  time_payment: null,
  paid_at: null,
  refunded_at: null,
  balance_due: 180,
  created_at: '2026-11-20T10:00:00.000Z',
  arrived_at: null,
  full_name: 'Aoife Byrne',
  appointment_type: 'Adult',
  is_video_call: false,
  patient_id: 3,
  started: false,
  session: null,
  booked_by_admin: true,
  price: 180,
  payment_type: 'Cash',
  left_to_pay: 180,
  payments: [],
  refunds: [],
  emails: [],
  flag: null,
  video_link: null,
  standing_video_link: null,
  intake: null,
  texts: { set_up: false, consent: 'none', consent_changed_at: null, messages: [], replies: [] },
  intake_signed: false,
  patient: {
    id: 3,
    first_name: 'Aoife',
    last_name: 'Byrne',
    full_name: 'Aoife Byrne',
    email: null,
    phone: '087 123 4567',
    dob: '1990-04-12',
    is_adult: true,
    guardian_first_name: null,
    guardian_last_name: null,
    consultant_name: 'Dr Walsh',
    consultant_addres: '12 Harcourt Street, Dublin 2',
    consultant_email: null,
    allergens: null,
    result: { id: 'f1', name: 'result.pdf', url: '/api/admin/upload_results/f1' },
    referral_letter: null,
    attachment: null,
  },
  ...changes,
});

const fields = (body: FormData) =>
  Object.fromEntries(
    [...body.entries()].map(([key, value]) => [key, typeof value === 'string' ? value : 'FILE']),
  );

describe('appointment form values', () => {
  it('starts empty for a new appointment and from the patient for an edit (dob as dd.MM.yyyy)', () => {
    const empty = appointmentFormDefaults();
    expect(empty.first_name).toBe('');
    expect(empty.antihistamine).toBe(false);
    expect(empty.result).toEqual({ kind: 'none' });
    const edit = appointmentFormDefaults(detail());
    expect(edit.dob).toBe('12.04.1990');
    expect(edit.email).toBe('');
    expect(edit.payment_type).toBe('Cash');
    expect(edit.antihistamine && edit.agreement).toBe(true);
    expect(edit.result).toEqual({ kind: 'stored', name: 'result.pdf', url: '/api/admin/upload_results/f1' });
    expect(edit.new_time).toBeNull();
  });

  it('checks with the spec’s texts: the spaced required text, the e-mail optional', () => {
    expect(appointmentFormIssues(filled(), adultTest)).toEqual([]);
    const issues = Object.fromEntries(
      appointmentFormIssues(filled({ first_name: '', consultant_name: '', agreement: false }), adultTest),
    );
    expect(issues.first_name).toBe('This field is required , please fill in.');
    expect(issues.consultant_name).toBe('This field is required , please fill in.');
    expect(issues.agreement).toBe('This field is required , please fill in.');
    expect(issues.email).toBeUndefined();
    expect(Object.fromEntries(appointmentFormIssues(filled({ email: 'nope' }), adultTest)).email).toBe(
      'Mail is invalid.',
    );
    expect(Object.fromEntries(appointmentFormIssues(filled({ phone: '12' }), adultTest)).phone).toBe(
      'Text is too short.',
    );
    const phoneOf = (phone: string) =>
      Object.fromEntries(appointmentFormIssues(filled({ phone }), adultTest)).phone;
    expect(phoneOf('(01) 293-4560')).toBeUndefined();
    expect(phoneOf('+353 87 123 4567')).toBeUndefined();
    expect(phoneOf('087.123.4567')).toBe('Phone number is invalid.');
  });

  it('asks a child’s video call only for the names, guardian, e-mail and phone', () => {
    const issues = Object.fromEntries(
      appointmentFormIssues(
        filled({ dob: '', consultant_name: '', antihistamine: false, agreement: false }),
        childVideo,
      ),
    );
    expect(Object.keys(issues).sort()).toEqual(['guardian_first_name', 'guardian_last_name']);
  });

  it('asks for the date of birth as staff type it', () => {
    const issues = (dob: string) => Object.fromEntries(appointmentFormIssues(filled({ dob }), adultTest)).dob;
    expect(issues('')).toBe('Required');
    expect(issues('12041990')).toBeUndefined();
    expect(issues('12/04/1990')).toBeUndefined();
    expect(issues('April 1990')).toBe('Enter the date of birth as dd.mm.yyyy, for example 14.03.1985.');
    expect(issues('31.02.1990')).toBe('This is not a real date: please check the day and the month.');
    expect(issues('01.01.2999')).toBe('The date of birth cannot be in the future.');
    expect(issues('1.2.1990')).toBeUndefined();
  });

  it('refuses a file over the upload limit before sending it', () => {
    const big = new File([new Uint8Array(10 * 1024 * 1024 + 1)], 'scan.pdf');
    const issues = Object.fromEntries(
      appointmentFormIssues(filled({ result: { kind: 'new', file: big } }), adultTest),
    );
    expect(issues.result).toBe('The file is larger than 10 MB.');
  });

  it('creates with patient[...] fields the kind asks for, the time and the new files', () => {
    const letter = new File(['%PDF'], 'letter.pdf');
    const body = appointmentBody(
      filled({ email: ' aoife@example.ie ', referral_letter: { kind: 'new', file: letter } }),
      adultTest,
    );
    expect(fields(body)).toEqual({
      'patient[is_adult]': 'true',
      'patient[is_video_call]': 'false',
      'patient[first_name]': 'Aoife',
      'patient[last_name]': 'Byrne',
      'patient[email]': 'aoife@example.ie',
      'patient[phone]': '087 123 4567',
      'patient[dob]': '1990-04-12',
      'patient[consultant_name]': 'Dr Walsh',
      'patient[consultant_addres]': '12 Harcourt Street, Dublin 2',
      'patient[consultant_email]': '',
      'patient[allergens]': '',
      'patient[antihistamine]': 'true',
      'patient[agreement]': 'true',
      'patient[payment_type]': '',
      'patient[referral_letter]': 'FILE',
      'patient[session_id]': '41',
    });
    expect((body.get('patient[referral_letter]') as File).name).toBe('letter.pdf');
  });

  it('leaves out what a child’s video call does not ask for', () => {
    const body = fields(
      appointmentBody(filled({ guardian_first_name: 'Niamh', guardian_last_name: 'Byrne' }), childVideo),
    );
    expect(body['patient[guardian_first_name]']).toBe('Niamh');
    expect(body['patient[dob]']).toBe('1990-04-12');
    for (const hidden of [
      'consultant_name',
      'consultant_addres',
      'allergens',
      'antihistamine',
      'agreement',
    ]) {
      expect(body).not.toHaveProperty(`patient[${hidden}]`);
    }
  });

  it('edits with patient[id], removes a stored file taken away and moves only to a chosen time', () => {
    const initial = appointmentFormDefaults(detail());
    const kept = fields(appointmentBody(initial, adultTest, { patientId: 3, initial }));
    expect(kept['patient[id]']).toBe('3');
    expect(kept).not.toHaveProperty('patient[session_id]');
    expect(kept).not.toHaveProperty('session[id]');
    expect(kept).not.toHaveProperty('patient[remove_result]');
    // Nothing was stored: a file left empty is not 'removed'.
    expect(kept).not.toHaveProperty('patient[remove_referral_letter]');

    const changed = fields(
      appointmentBody(
        {
          ...initial,
          email: '',
          result: { kind: 'none' },
          new_time: { id: 99, date: '2026-12-08', start_time: '09:00', end_time: '09:30', address: null },
        },
        adultTest,
        { patientId: 3, initial },
      ),
    );
    expect(changed['patient[remove_result]']).toBe('true');
    expect(changed['patient[email]']).toBe('');
    expect(changed['session[id]']).toBe('99');
    expect(changed).not.toHaveProperty('patient[session_id]');
  });

  it('books for a patient in the records with patient[patient_id] and only what differs from the record', () => {
    const record = { ...detail().patient!, dob: null, email: 'aoife@example.ie' };
    const values = recordedFormValues(record);
    expect(values).toMatchObject({
      first_name: 'Aoife',
      phone: '087 123 4567',
      dob: '',
      consultant_name: 'Dr Walsh',
      result: { kind: 'stored', name: 'result.pdf' },
      antihistamine: false,
      agreement: false,
      payment_type: '',
    });
    // The record's own values are not judged again; what it lacks and the ticks are asked for.
    expect(appointmentFormIssues(values, adultTest, record).map(([field]) => field)).toEqual([
      'dob',
      'antihistamine',
      'agreement',
    ]);

    const body = fields(
      appointmentBody(
        { ...values, dob: '14.03.1988', phone: '086 555 0202', antihistamine: true, agreement: true },
        adultTest,
        undefined,
        record,
      ),
    );
    expect(body).toEqual({
      'patient[is_adult]': 'true',
      'patient[is_video_call]': 'false',
      'patient[patient_id]': '3',
      'patient[phone]': '086 555 0202',
      'patient[dob]': '1988-03-14',
      'patient[antihistamine]': 'true',
      'patient[agreement]': 'true',
      'patient[payment_type]': '',
      'patient[session_id]': '41',
    });
    // A stored document taken away is removed from the record.
    const removed = fields(
      appointmentBody({ ...values, result: { kind: 'none' } }, adultTest, undefined, record),
    );
    expect(removed['patient[remove_result]']).toBe('true');
  });

  it('tells a refusal of the time from other failures', () => {
    const refusal = new ApiError(409, {
      error_messages: 'This time is not free any more. Please choose another.',
      errors: { session_id: ['This time is not free any more. Please choose another.'] },
    });
    expect(slotRefusalOf(refusal)).toBe('This time is not free any more. Please choose another.');
    expect(
      slotRefusalOf(
        new ApiError(409, { error_messages: 'Sorry, this time has just been taken. Please choose another.' }),
      ),
    ).toBe('Sorry, this time has just been taken. Please choose another.');
    expect(
      slotRefusalOf(
        new ApiError(422, { error_messages: 'Invalid', errors: { 'session.id': ['Choose a time.'] } }),
      ),
    ).toBe('Choose a time.');
    expect(
      slotRefusalOf(
        new ApiError(409, {
          error_messages: 'A payment for this appointment is in progress; try again in a few minutes.',
        }),
      ),
    ).toBeUndefined();
    expect(
      slotRefusalOf(new ApiError(422, { error_messages: 'x', errors: { email: ['Mail is invalid.'] } })),
    ).toBeUndefined();
    expect(slotRefusalOf(new Error('x'))).toBeUndefined();
  });
});

describe("the form's error summary", () => {
  it("lists the errors in the fields' order with their labels, a child's as the form names them", () => {
    const errors = {
      phone: { message: 'Enter a phone number' },
      first_name: { message: 'Required' },
      result: { message: 'Choose a .pdf file.' },
      new_time: { message: 'not a labelled field' },
    };
    expect(appointmentErrorItems(errors, { isAdult: false, isVideoCall: false })).toEqual([
      {
        name: 'first_name',
        targetId: 'appointment-first_name',
        label: "Child's first name",
        message: 'Required',
      },
      { name: 'phone', targetId: 'appointment-phone', label: 'Phone', message: 'Enter a phone number' },
      { name: 'result', targetId: 'appointment-result', label: 'Result', message: 'Choose a .pdf file.' },
    ]);
    expect(appointmentErrorItems({}, { isAdult: true, isVideoCall: true })).toEqual([]);
  });
});
