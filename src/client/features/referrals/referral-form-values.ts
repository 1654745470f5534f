import type { ReferralFormInput } from '../../../shared/referrals';
import type { FileFieldValue } from '../../components/file-field/file-field';
import { displayDateToIso } from '../../lib/patient-fields';

/**
 * The self-referral form as the visitor fills it in (spec sections 3 and 5): field names are the API's
 * (`patient[full_name]`). Which of them count depends on the path: with a referral letter, or with the
 * form's answers instead. Nothing here loads Zod: the schema runs in `referral-validation.ts`.
 */
export interface ReferralFormFields {
  full_name: string;
  /** As shown and typed: dd.MM.yyyy. */
  dob: string;
  email: string;
  phone: string;
  address: string;
  gp_details: string;
  referral_letter: FileFieldValue;
  concerns: string;
  suspected_allergy: string;
  consultation_hopes: string;
  is_hayfever: boolean;
  is_asthma: boolean;
  is_eczema: boolean;
  /** Unanswered until the visitor says yes or no. */
  do_you_have_any_known_allergies: boolean | undefined;
  known_allergies_description: string;
  signature: string;
}

export type ReferralFieldName = keyof ReferralFormFields;

/** What the form's resolver is told besides the values: which path the visitor chose. */
export interface ReferralFormContext {
  hasLetter: boolean;
}

export const emptyReferralForm = (): ReferralFormFields => ({
  full_name: '',
  dob: '',
  email: '',
  phone: '',
  address: '',
  gp_details: '',
  referral_letter: { kind: 'none' },
  concerns: '',
  suspected_allergy: '',
  consultation_hopes: '',
  is_hayfever: false,
  is_asthma: false,
  is_eczema: false,
  do_you_have_any_known_allergies: undefined,
  known_allergies_description: '',
  signature: '',
});

/** The fields each path shows, in the order the form shows them (the error summary lists them so). */
const LETTER_FIELDS: readonly ReferralFieldName[] = [
  'full_name',
  'dob',
  'email',
  'phone',
  'referral_letter',
  'signature',
];
const FORM_FIELDS: readonly ReferralFieldName[] = [
  'full_name',
  'dob',
  'address',
  'email',
  'phone',
  'gp_details',
  'concerns',
  'suspected_allergy',
  'consultation_hopes',
  'is_hayfever',
  'is_asthma',
  'is_eczema',
  'do_you_have_any_known_allergies',
  'known_allergies_description',
  'signature',
];

/** The fields the path shows; the known allergies' description only once the visitor said they have some. */
export function referralFieldOrder(
  hasLetter: boolean,
  values?: Pick<ReferralFormFields, 'do_you_have_any_known_allergies'>,
): readonly ReferralFieldName[] {
  if (hasLetter) return LETTER_FIELDS;
  return values?.do_you_have_any_known_allergies === true
    ? FORM_FIELDS
    : FORM_FIELDS.filter((name) => name !== 'known_allergies_description');
}

/** The labels, as the fields and the error summary show them. */
export const referralLabels: Record<ReferralFieldName, string> = {
  full_name: 'Full name',
  dob: 'Date of birth',
  email: 'E-mail',
  phone: 'Phone',
  address: 'Your address',
  gp_details: 'Your GP or consultant',
  referral_letter: 'Referral letter',
  concerns: 'What are your concerns?',
  suspected_allergy: 'What do you think you are allergic to, and why?',
  consultation_hopes: 'What do you hope to get from the consultation?',
  is_hayfever: 'Hayfever',
  is_asthma: 'Asthma',
  is_eczema: 'Eczema',
  do_you_have_any_known_allergies: 'Do you have any known allergies?',
  known_allergies_description: 'Your known allergies (optional)',
  signature: 'Signature',
};

/** The error summary's names of the fields whose label is a question ('What are your concerns?: …' reads badly). */
export const referralSummaryLabels: Partial<Record<ReferralFieldName, string>> = {
  concerns: 'Your concerns',
  suspected_allergy: 'What you think you are allergic to, and why',
  consultation_hopes: 'What you hope to get from the consultation',
};

/** Text of a field, trimmed; empty means not given. */
const text = (value: string): string | undefined => value.trim() || undefined;

/**
 * The form's values as the shared schema (`referralFormSchema`) reads them: the date of birth as YYYY-MM-DD
 * (a date not typed as dd.mm.yyyy is passed as it is, and refused as not a date), the letter as
 * `has_letter_file`, and only what the chosen path asks.
 */
export function referralSchemaInput(values: ReferralFormFields, hasLetter: boolean): ReferralFormInput {
  const dob = displayDateToIso(values.dob);
  const common = {
    has_referral_letter: hasLetter,
    full_name: text(values.full_name),
    email: text(values.email),
    phone: text(values.phone),
    dob: dob === null ? text(values.dob) : text(dob),
    signature: text(values.signature),
  };
  if (hasLetter) return { ...common, has_letter_file: values.referral_letter.kind === 'new' };
  const knownAllergies = values.do_you_have_any_known_allergies === true;
  return {
    ...common,
    address: text(values.address),
    gp_details: text(values.gp_details),
    concerns: text(values.concerns),
    suspected_allergy: text(values.suspected_allergy),
    consultation_hopes: text(values.consultation_hopes),
    is_hayfever: values.is_hayfever,
    is_asthma: values.is_asthma,
    is_eczema: values.is_eczema,
    // Not answered stays not answered: staff must not read 'No' for a question the patient left.
    do_you_have_any_known_allergies: values.do_you_have_any_known_allergies,
    known_allergies_description: knownAllergies ? text(values.known_allergies_description) : undefined,
  };
}

/**
 * The multipart body of `POST /api/patients` for a self-referral (`patient[is_referral]=true`): the chosen
 * path's fields as `patient[...]` (what the other path asks is not sent) and, with a letter, the file.
 */
export function referralBody(values: ReferralFormFields, hasLetter: boolean): FormData {
  const { has_letter_file: _hasLetterFile, ...fields } = referralSchemaInput(values, hasLetter);
  const body = new FormData();
  body.append('patient[is_referral]', 'true');
  for (const [name, value] of Object.entries(fields)) {
    if (value === undefined) continue;
    body.append(`patient[${name}]`, String(value));
  }
  if (hasLetter && values.referral_letter.kind === 'new') {
    const { file } = values.referral_letter;
    body.append('patient[referral_letter]', file, file.name);
  }
  return body;
}
