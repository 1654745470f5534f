import { describe, expect, it } from 'vitest';
import { referralRequestSchema, referralTexts } from '../../../shared/referrals';
import { MAX_UPLOAD_BYTES } from '../../../shared/uploads';
import { patientFieldTexts } from '../../lib/patient-fields';
import {
  emptyReferralForm,
  type ReferralFormFields,
  referralBody,
  referralFieldOrder,
  referralSchemaInput,
} from './referral-form-values';
import { referralResolver, referralSentNotices } from './referral-validation';

const letter = new File(['%PDF-1.4 a letter'], 'letter.pdf', { type: 'application/pdf' });

const filled = (changes: Partial<ReferralFormFields> = {}): ReferralFormFields => ({
  ...emptyReferralForm(),
  full_name: 'Aoife Byrne',
  dob: '12.04.1990',
  email: 'aoife@example.ie',
  phone: '087 123 4567',
  signature: 'aoife  byrne',
  address: '4 Main Street, Dundrum, Dublin 14',
  gp_details: 'Dr Walsh, 12 Harcourt Street, Dublin 2',
  concerns: 'Hives after meals, three times this year.',
  suspected_allergy: 'Peanuts: it happened each time after satay.',
  consultation_hopes: 'A test and a plan for what to avoid.',
  ...changes,
});

const errorsOf = async (values: ReferralFormFields, hasLetter: boolean) => {
  const result = await referralResolver(
    values,
    { hasLetter },
    { fields: {}, shouldUseNativeValidation: false },
  );
  return Object.fromEntries(Object.entries(result.errors).map(([name, error]) => [name, error?.message]));
};

/** A FormData's text fields as an object (the letter by its file name). */
const entriesOf = (body: FormData) =>
  Object.fromEntries(
    [...body.entries()].map(([name, value]) => [name, typeof value === 'string' ? value : value.name]),
  );

describe('the self-referral form', () => {
  it('asks for every field of the letter path with the spec texts', async () => {
    expect(await errorsOf(emptyReferralForm(), true)).toEqual({
      full_name: referralTexts.required,
      dob: 'Required',
      email: referralTexts.required,
      phone: referralTexts.required,
      signature: referralTexts.required,
      referral_letter: 'Required',
    });
  });

  it('asks for every field of the form path, and no letter', async () => {
    expect(await errorsOf(emptyReferralForm(), false)).toEqual({
      full_name: referralTexts.required,
      dob: 'Required',
      email: referralTexts.required,
      phone: referralTexts.required,
      signature: referralTexts.required,
      address: referralTexts.required,
      gp_details: referralTexts.required,
      concerns: referralTexts.required,
      suspected_allergy: referralTexts.required,
      consultation_hopes: referralTexts.required,
    });
  });

  it('checks lengths, the e-mail, the phone, the signature and the date of birth', async () => {
    const values = filled({
      full_name: 'A',
      email: 'aoife@',
      phone: '087+123456',
      signature: 'Someone Else',
      dob: '01.01.2999',
      address: 'Dublin',
      gp_details: 'x'.repeat(301),
      do_you_have_any_known_allergies: true,
      known_allergies_description: 'y'.repeat(301),
    });
    expect(await errorsOf(values, false)).toEqual({
      full_name: 'Text is too short.',
      email: 'Mail is invalid.',
      phone: 'Phone number is invalid.',
      signature: 'Signature must match your full name',
      dob: 'The date of birth cannot be in the future.',
      address: 'Text is too short.',
      gp_details: 'Text is too long.',
      known_allergies_description: 'Text is too long.',
    });
    expect(await errorsOf(filled({ full_name: 'B'.repeat(71), phone: '08712' }), true)).toMatchObject({
      full_name: 'Text is too long.',
      phone: 'Text is too short.',
    });
    expect(await errorsOf(filled({ phone: '0871234567890' }), false)).toEqual({ phone: 'Text is too long.' });
    // The 6 to 12 are digits: an international number with its spaces is not too long.
    expect(await errorsOf(filled({ phone: '+353 87 123 4567' }), false)).toEqual({});
    expect(await errorsOf(filled({ phone: '087.123.4567' }), false)).toEqual({
      phone: 'Phone number is invalid.',
    });
  });

  it('takes the date of birth as people type it, and says when it is no real date', async () => {
    for (const dob of ['14031985', '14/03/1985', '14-03-1985', '14.03.1985'])
      expect(await errorsOf(filled({ dob }), false), dob).toEqual({});
    expect(await errorsOf(filled({ dob: 'March 1985' }), false)).toEqual({ dob: referralTexts.dobInvalid });
    expect(await errorsOf(filled({ dob: '31.02.1990' }), false)).toEqual({ dob: referralTexts.dobNotReal });
  });

  it('takes a filled form, and a letter of up to 10 MB', async () => {
    expect(await errorsOf(filled(), false)).toEqual({});
    expect(await errorsOf(filled({ referral_letter: { kind: 'new', file: letter } }), true)).toEqual({});
    const big = new File([new Uint8Array(MAX_UPLOAD_BYTES + 1)], 'big.pdf');
    expect(await errorsOf(filled({ referral_letter: { kind: 'new', file: big } }), true)).toEqual({
      referral_letter: patientFieldTexts.fileTooLarge,
    });
  });

  it("shows the known allergies' description only after a yes", () => {
    expect(referralFieldOrder(true)).toEqual([
      'full_name',
      'dob',
      'email',
      'phone',
      'referral_letter',
      'signature',
    ]);
    expect(referralFieldOrder(false)).not.toContain('known_allergies_description');
    expect(referralFieldOrder(false, { do_you_have_any_known_allergies: true })).toContain(
      'known_allergies_description',
    );
  });

  it('sends the letter path: the common fields and the file, nothing of the other path', () => {
    const body = referralBody(filled({ referral_letter: { kind: 'new', file: letter } }), true);
    expect(entriesOf(body)).toEqual({
      'patient[is_referral]': 'true',
      'patient[has_referral_letter]': 'true',
      'patient[full_name]': 'Aoife Byrne',
      'patient[email]': 'aoife@example.ie',
      'patient[phone]': '087 123 4567',
      'patient[dob]': '1990-04-12',
      'patient[signature]': 'aoife  byrne',
      'patient[referral_letter]': 'letter.pdf',
    });
  });

  it('sends the form path with its answers and ticks, and what the API reads back is valid', () => {
    const values = filled({
      is_asthma: true,
      do_you_have_any_known_allergies: true,
      known_allergies_description: '  Penicillin: a rash.  ',
      referral_letter: { kind: 'new', file: letter },
    });
    const sent = entriesOf(referralBody(values, false));
    expect(sent).toMatchObject({
      'patient[has_referral_letter]': 'false',
      'patient[address]': '4 Main Street, Dundrum, Dublin 14',
      'patient[is_hayfever]': 'false',
      'patient[is_asthma]': 'true',
      'patient[do_you_have_any_known_allergies]': 'true',
      'patient[known_allergies_description]': 'Penicillin: a rash.',
    });
    expect(sent['patient[referral_letter]']).toBeUndefined();
    const fields = Object.fromEntries(
      Object.entries(sent).map(([name, value]) => [name.slice('patient['.length, -1), value]),
    );
    expect(referralRequestSchema.safeParse(fields).success).toBe(true);
  });

  it('leaves the description out after a no', () => {
    const input = referralSchemaInput(
      filled({ do_you_have_any_known_allergies: false, known_allergies_description: 'Cats' }),
      false,
    );
    expect(input.known_allergies_description).toBeUndefined();
    expect(input.do_you_have_any_known_allergies).toBe(false);
  });

  it('closes with the two notices of spec section 8', () => {
    expect(referralSentNotices).toEqual([referralTexts.sent, referralTexts.noReply]);
  });
});
