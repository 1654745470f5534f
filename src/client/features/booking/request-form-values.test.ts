import { describe, expect, it } from 'vitest';
import { bookingTexts } from '../../../shared/booking';
import { displayDateToIso, patientFieldTexts, tidyDisplayDate } from '../../lib/patient-fields';
import {
  bookingBody,
  draftOf,
  emptyRequestForm,
  type RequestFormFields,
  requestFormResolver,
} from './request-form-values';

const adultTest = { slotId: 7, isAdult: true, isVideoCall: false };
const childVideo = { slotId: 8, isAdult: false, isVideoCall: true };

const filled = (changes: Partial<RequestFormFields> = {}): RequestFormFields => ({
  ...emptyRequestForm(),
  first_name: 'Aoife',
  last_name: 'Byrne',
  email: 'aoife@example.ie',
  phone: '087 123 4567',
  dob: '12.04.1990',
  consultant_name: 'Dr Walsh',
  consultant_addres: '12 Harcourt Street, Dublin 2',
  antihistamine: true,
  agreement: true,
  ...changes,
});

const errorsOf = async (values: RequestFormFields, slot = adultTest) => {
  const result = await requestFormResolver(slot)(values, undefined, {
    fields: {},
    shouldUseNativeValidation: false,
  });
  return Object.fromEntries(Object.entries(result.errors).map(([name, error]) => [name, error?.message]));
};

describe('the request form values', () => {
  it('reads dates of birth as dd.MM.yyyy and sends YYYY-MM-DD', () => {
    expect(displayDateToIso('31.01.1990')).toBe('1990-01-31');
    expect(displayDateToIso(' 1.2.1990 ')).toBe('1990-02-01');
    expect(displayDateToIso('1/2/1990')).toBe('1990-02-01');
    expect(displayDateToIso('')).toBe('');
    expect(displayDateToIso('14031985')).toBe('1985-03-14');
    expect(displayDateToIso('1990-01-31')).toBe('1990-01-31');
    expect(displayDateToIso('31.01.90')).toBeNull();
    expect(displayDateToIso('31.02.1990')).toBeNull();
    expect(tidyDisplayDate('1.2.1990')).toBe('01.02.1990');
    expect(tidyDisplayDate('soon')).toBe('soon');
  });

  it('checks every character of the phone, letters pasted in included', async () => {
    expect(await errorsOf(filled({ phone: '087abc1234' }))).toEqual({ phone: 'Phone number is invalid.' });
    expect(await errorsOf(filled({ phone: '087.123.4567' }))).toEqual({ phone: 'Phone number is invalid.' });
    expect(await errorsOf(filled({ phone: '+353 87 123 4567' }))).toEqual({});
  });

  it('checks an empty adult test form with the spec texts', async () => {
    expect(await errorsOf(emptyRequestForm())).toEqual({
      first_name: 'This field is required , please fill in.',
      last_name: 'This field is required , please fill in.',
      email: 'This field is required , please fill in.',
      phone: 'This field is required , please fill in.',
      dob: 'Required',
      consultant_name: 'This field is required , please fill in.',
      consultant_addres: 'This field is required , please fill in.',
      antihistamine: 'This field is required , please fill in.',
      agreement: 'This field is required , please fill in.',
    });
  });

  it('asks a child video call only for the names, guardian, e-mail and phone', async () => {
    expect(await errorsOf(emptyRequestForm(), childVideo)).toEqual({
      first_name: 'This field is required , please fill in.',
      last_name: 'This field is required , please fill in.',
      guardian_first_name: 'This field is required , please fill in.',
      guardian_last_name: 'This field is required , please fill in.',
      email: 'This field is required , please fill in.',
      phone: 'This field is required , please fill in.',
    });
  });

  it('takes a date of birth typed each way people type it', async () => {
    for (const dob of ['14031985', '14/03/1985', '14-03-1985', '14.03.1985', '14.3.1985', '1985-03-14'])
      expect((await errorsOf(filled({ dob }))).dob, dob).toBeUndefined();
  });

  it('refuses a date that is no date, no real one, one before 1900 or in the future, and a file over 10 MB', async () => {
    expect((await errorsOf(filled({ dob: 'soon' }))).dob).toBe(bookingTexts.dobInvalid);
    expect((await errorsOf(filled({ dob: '1403198' }))).dob).toBe(bookingTexts.dobInvalid);
    expect((await errorsOf(filled({ dob: '31.02.1990' }))).dob).toBe(bookingTexts.dobNotReal);
    expect((await errorsOf(filled({ dob: '29021990' }))).dob).toBe(bookingTexts.dobNotReal);
    // Written the right way, but too early: said so, not asked to be written again.
    expect((await errorsOf(filled({ dob: '01.01.1890' }))).dob).toBe(
      'The date of birth cannot be before 1900.',
    );
    expect((await errorsOf(filled({ dob: '01.01.2999' }))).dob).toBe(
      'The date of birth cannot be in the future.',
    );
    const big = new File([new Uint8Array(10 * 1024 * 1024 + 1)], 'big.pdf');
    expect((await errorsOf(filled({ result: { kind: 'new', file: big } }))).result).toBe(
      patientFieldTexts.fileTooLarge,
    );
    expect(await errorsOf(filled())).toEqual({});
  });

  it("sends the kind's fields as patient[...] and leaves hidden ones out", async () => {
    const body = bookingBody(
      filled({ guardian_first_name: 'Not', result: { kind: 'new', file: new File(['%PDF'], 'r.pdf') } }),
      adultTest,
    );
    expect(body.get('patient[first_name]')).toBe('Aoife');
    expect(body.get('patient[dob]')).toBe('1990-04-12');
    expect(body.get('patient[session_id]')).toBe('7');
    expect(body.get('patient[is_adult]')).toBe('true');
    expect(body.get('patient[agreement]')).toBe('true');
    expect(body.get('patient[guardian_first_name]')).toBeNull();
    expect((body.get('patient[result]') as File).name).toBe('r.pdf');
  });

  it('keeps a draft of the text and ticks, never files', () => {
    const draft = draftOf(filled({ result: { kind: 'new', file: new File(['x'], 'r.pdf') } }));
    expect(draft.first_name).toBe('Aoife');
    expect(draft.agreement).toBe(true);
    expect('result' in draft).toBe(false);
    expect(emptyRequestForm(draft).first_name).toBe('Aoife');
  });
});
