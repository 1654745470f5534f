import type { FieldErrors, Resolver } from 'react-hook-form';
import {
  type BookingFormInput,
  type BookingFormValues,
  bookingFormSchema,
  bookingFormValues,
  bookingTexts,
} from '../../../shared/booking';
import { MAX_UPLOAD_BYTES } from '../../../shared/uploads';
import type { FileFieldValue } from '../../components/file-field/file-field';
import { displayDateToIso } from '../../lib/patient-fields';
import type { BookingDraft } from './booking-storage';

/** The request form as the visitor fills it in; field names are the API's (`patient[first_name]`). */
export interface RequestFormFields {
  first_name: string;
  last_name: string;
  guardian_first_name: string;
  guardian_last_name: string;
  email: string;
  phone: string;
  /** As shown and typed: dd.MM.yyyy. */
  dob: string;
  consultant_name: string;
  consultant_addres: string;
  consultant_email: string;
  allergens: string;
  antihistamine: boolean;
  agreement: boolean;
  result: FileFieldValue;
  referral_letter: FileFieldValue;
}

export type TextFieldName = Exclude<
  keyof RequestFormFields,
  'antihistamine' | 'agreement' | 'result' | 'referral_letter'
>;

/** Our texts where the spec has none. */
export const requestTexts = {
  dobFormat: 'Enter the date of birth as dd.mm.yyyy, for example 31.01.1990.',
  fileTooLarge: 'The file is larger than 10 MB.',
} as const;

/** The slot the form is for: the rules depend on its kind. */
export interface FormSlot {
  slotId: number;
  isAdult: boolean;
  isVideoCall: boolean;
}

export const emptyRequestForm = (draft: BookingDraft = {}): RequestFormFields => {
  const text = (name: TextFieldName) => (typeof draft[name] === 'string' ? (draft[name] as string) : '');
  return {
    ...(Object.fromEntries(textFields.map((name) => [name, text(name)])) as Record<TextFieldName, string>),
    antihistamine: draft.antihistamine === true,
    agreement: draft.agreement === true,
    result: { kind: 'none' },
    referral_letter: { kind: 'none' },
  };
};

/** What session storage keeps of the form: text and ticks, never files. */
export function draftOf(values: Partial<RequestFormFields>): BookingDraft {
  const draft: BookingDraft = {};
  for (const name of textFields) if (typeof values[name] === 'string') draft[name] = values[name];
  draft.antihistamine = values.antihistamine === true;
  draft.agreement = values.agreement === true;
  return draft;
}

// The date of birth and phone rules are shared with the back office's patient form.
export { displayDateToIso, phoneCharacters, tidyDisplayDate } from '../../lib/patient-fields';

/** The form's values for the shared schema (the date of birth sent as YYYY-MM-DD). */
export function toBookingForm(values: RequestFormFields, slot: FormSlot): BookingFormInput {
  const dob = displayDateToIso(values.dob);
  return {
    first_name: values.first_name,
    last_name: values.last_name,
    guardian_first_name: values.guardian_first_name,
    guardian_last_name: values.guardian_last_name,
    email: values.email,
    phone: values.phone,
    dob: dob === null ? undefined : dob,
    consultant_name: values.consultant_name,
    consultant_addres: values.consultant_addres,
    consultant_email: values.consultant_email,
    allergens: values.allergens,
    antihistamine: values.antihistamine,
    agreement: values.agreement,
    is_adult: slot.isAdult,
    is_video_call: slot.isVideoCall,
    session_id: slot.slotId,
  };
}

const fileIssue = (value: FileFieldValue) =>
  value.kind === 'new' && value.file.size > MAX_UPLOAD_BYTES ? requestTexts.fileTooLarge : undefined;

/**
 * Checks the form with the shared schema (every rule of spec section 5, the spec's texts) for the slot's
 * kind; the first message of each field is shown. Files are checked for their size here, for their bytes
 * on the server.
 */
export function requestFormResolver(slot: FormSlot): Resolver<RequestFormFields> {
  return async (values) => {
    const errors: Record<string, { type: string; message: string }> = {};
    const parsed = bookingFormSchema.safeParse(toBookingForm(values, slot));
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const field = String(issue.path[0] ?? '');
        if (field && !errors[field]) errors[field] = { type: issue.code, message: issue.message };
      }
    }
    // The API's text names its own format (YYYY-MM-DD); the visitor types dd.mm.yyyy (31.02.1990, 1890).
    if (displayDateToIso(values.dob) === null || errors.dob?.message === bookingTexts.dobInvalid)
      errors.dob = { type: 'format', message: requestTexts.dobFormat };
    for (const name of ['result', 'referral_letter'] as const) {
      const message = fileIssue(values[name]);
      if (message) errors[name] = { type: 'size', message };
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
  const form: BookingFormValues = bookingFormValues(bookingFormSchema.parse(toBookingForm(values, slot)));
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
  'first_name',
  'last_name',
  'guardian_first_name',
  'guardian_last_name',
  'email',
  'phone',
  'dob',
  'consultant_name',
  'consultant_addres',
  'consultant_email',
  'allergens',
  'result',
  'referral_letter',
  'antihistamine',
  'agreement',
];

const notText = new Set<keyof RequestFormFields>(['antihistamine', 'agreement', 'result', 'referral_letter']);
const textFields = fieldOrder.filter((name): name is TextFieldName => !notText.has(name));
