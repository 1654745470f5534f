import { dayToShownDate, readTypedDate } from '../../shared/date-of-birth';
import { MAX_UPLOAD_BYTES } from '../../shared/uploads';
import type { FileFieldValue } from '../components/file-field/file-field';

/**
 * The patient's fields of the public booking form and the staff's patient form alike (spec section 5): what
 * both ask, how a date of birth and a phone are typed (the date shown as dd.MM.yyyy and sent as YYYY-MM-DD; no
 * letters in a phone: `phone-input.ts`), and the checks both add to the shared schemas'.
 */

/** The patient's fields both forms have, as they are filled in; field names are the API's (`patient[first_name]`). */
export interface PatientFormFields {
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
  /** Texts about the appointment to `phone` (issue 34): unticked unless the person ticks it. */
  sms_consent: boolean;
}

/** The text fields of `PatientFormFields`, in the order the forms show them. */
export const PATIENT_TEXT_FIELDS = [
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
] as const;
export type PatientTextField = (typeof PATIENT_TEXT_FIELDS)[number];

/** The slot a patient form is for: its kind picks the fields and rules. */
export interface FormSlot {
  slotId: number;
  isAdult: boolean;
  isVideoCall: boolean;
  /**
   * Staff's form for a role that may not see health details (the server sent none): the GP, the test's reason and
   * the documents are neither shown nor sent, and the server keeps the stored ones.
   */
  withoutHealth?: boolean;
  /**
   * Staff's form for a role that may not read contact details (the server sent none; such a role only reads the
   * appointment): the e-mail and phone are not shown.
   */
  withoutContact?: boolean;
}

/** Our texts where the spec has none. */
export const patientFieldTexts = {
  fileTooLarge: `The file is larger than ${MAX_UPLOAD_BYTES / 1024 / 1024} MB.`,
} as const;

/**
 * A date of birth as typed (`14.03.1985`, `14/03/1985`, `14-03-1985`, `14031985`, `1.3.1985`; `./date-of-birth`)
 * → `1985-03-14`; '' when nothing was typed, null when it is no date (the schema says why: not a date, or no real one).
 */
export function displayDateToIso(value: string): string | null {
  if (value.trim() === '') return '';
  const read = readTypedDate(value);
  return 'day' in read ? read.day : null;
}

/** `1990-01-31` (as the API sends it) → `31.01.1990`, as the form shows it; anything else → ''. */
export const isoToDisplayDate = dayToShownDate;

/** `14031985` or `1.2.1990` → `14.03.1985`, `01.02.1990`, as the form shows it once typed; anything else unchanged. */
export function tidyDisplayDate(value: string): string {
  const iso = displayDateToIso(value);
  return iso ? isoToDisplayDate(iso) : value;
}

/** How a phone is typed in these forms and the contact form alike: letters blocked, nothing else dropped. */
export { phoneInputProps } from './phone-input';

/** The form's patient fields for the shared schemas: the slot's kind, the date of birth as YYYY-MM-DD. */
export function patientFormInput(values: PatientFormFields, slot: FormSlot) {
  const dob = displayDateToIso(values.dob);
  return {
    first_name: values.first_name,
    last_name: values.last_name,
    guardian_first_name: values.guardian_first_name,
    guardian_last_name: values.guardian_last_name,
    email: values.email,
    phone: values.phone,
    // What is no date is passed as typed, for the schema to say why (not a date, or no real one).
    dob: dob === null ? values.dob.trim() : dob,
    consultant_name: values.consultant_name,
    consultant_addres: values.consultant_addres,
    consultant_email: values.consultant_email,
    allergens: values.allergens,
    antihistamine: values.antihistamine,
    agreement: values.agreement,
    sms_consent: values.sms_consent,
    is_adult: slot.isAdult,
    is_video_call: slot.isVideoCall,
    session_id: slot.slotId,
  };
}

/** Whether a newly chosen file is over the upload limit (its bytes are checked on the server). */
export const isOverUploadLimit = (file: FileFieldValue) =>
  file.kind === 'new' && file.file.size > MAX_UPLOAD_BYTES;
