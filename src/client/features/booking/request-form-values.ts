import type { FieldErrors, Resolver } from 'react-hook-form';
import { type BookingFormValues, bookingFormSchema, bookingFormValues } from '../../../shared/booking';
import type { FileFieldValue } from '../../components/file-field/file-field';
import {
  type FormSlot,
  isOverUploadLimit,
  PATIENT_TEXT_FIELDS,
  type PatientFormFields,
  type PatientTextField,
  patientFieldTexts,
  patientFormInput,
} from '../../lib/patient-fields';
import type { BookingDraft } from './booking-storage';

/** The request form as the visitor fills it in: the patient's fields and two documents. */
export interface RequestFormFields extends PatientFormFields {
  /** The antihistamines ticked (`shared/antihistamines.ts` choices); sent as one comma-separated list. */
  antihistamines: string[];
  result: FileFieldValue;
  referral_letter: FileFieldValue;
}

export const emptyRequestForm = (draft: BookingDraft = {}): RequestFormFields => {
  const text = (name: PatientTextField) => (typeof draft[name] === 'string' ? (draft[name] as string) : '');
  return {
    ...(Object.fromEntries(PATIENT_TEXT_FIELDS.map((name) => [name, text(name)])) as Record<
      PatientTextField,
      string
    >),
    antihistamine: draft.antihistamine === true,
    antihistamines:
      typeof draft.antihistamines === 'string' ? draft.antihistamines.split(',').filter(Boolean) : [],
    agreement: draft.agreement === true,
    sms_consent: draft.sms_consent === true,
    result: { kind: 'none' },
    referral_letter: { kind: 'none' },
  };
};

/** What session storage keeps of the form: text and ticks, never files. */
export function draftOf(values: Partial<RequestFormFields>): BookingDraft {
  const draft: BookingDraft = {};
  for (const name of PATIENT_TEXT_FIELDS) if (typeof values[name] === 'string') draft[name] = values[name];
  draft.antihistamine = values.antihistamine === true;
  if (Array.isArray(values.antihistamines)) draft.antihistamines = values.antihistamines.join(',');
  draft.agreement = values.agreement === true;
  draft.sms_consent = values.sms_consent === true;
  return draft;
}

/** The form's fields for the shared schema: the patient's, and the antihistamines as one list. */
const requestFormInput = (values: RequestFormFields, slot: FormSlot) => ({
  ...patientFormInput(values, slot),
  antihistamines: (values.antihistamines ?? []).join(','),
});

/**
 * Checks the form with the shared schema (every rule of spec section 5, the spec's texts) for the slot's
 * kind; the first message of each field is shown. Files are checked for their size here, for their bytes
 * on the server.
 */
export function requestFormResolver(slot: FormSlot): Resolver<RequestFormFields> {
  return async (values) => {
    const errors: Record<string, { type: string; message: string }> = {};
    const parsed = bookingFormSchema.safeParse(requestFormInput(values, slot));
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const field = String(issue.path[0] ?? '');
        if (field && !errors[field]) errors[field] = { type: issue.code, message: issue.message };
      }
    }
    for (const name of ['result', 'referral_letter'] as const) {
      if (isOverUploadLimit(values[name]))
        errors[name] = { type: 'size', message: patientFieldTexts.fileTooLarge };
    }
    return Object.keys(errors).length > 0
      ? { values: {}, errors: errors as FieldErrors<RequestFormFields> }
      : { values, errors: {} };
  };
}

/**
 * The multipart body of `POST /api/patients`: the fields the slot's kind keeps (hidden ones are not sent),
 * as `patient[...]`, and the chosen files.
 */
export function bookingBody(values: RequestFormFields, slot: FormSlot): FormData {
  const form: BookingFormValues = bookingFormValues(bookingFormSchema.parse(requestFormInput(values, slot)));
  const body = new FormData();
  for (const [name, value] of Object.entries(form)) {
    if (value === undefined || value === null) continue;
    body.append(`patient[${name}]`, String(value));
  }
  for (const name of ['result', 'referral_letter'] as const) {
    const file = values[name];
    if (file.kind === 'new') body.append(`patient[${name}]`, file.file, file.file.name);
  }
  return body;
}

/** The fields in the order the form shows them (the error summary lists them so). */
export const fieldOrder: readonly (keyof RequestFormFields)[] = [
  ...PATIENT_TEXT_FIELDS.flatMap((name) => (name === 'phone' ? [name, 'sms_consent' as const] : [name])),
  'result',
  'referral_letter',
  'antihistamines',
  'antihistamine',
  'agreement',
];
