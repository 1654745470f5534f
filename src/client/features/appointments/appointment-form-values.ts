import { z } from 'zod';
import { appointmentTexts, type StaffAppointmentDetail } from '../../../shared/appointments';
import { type AdminPatientFormInput, adminPatientFormSchema, isAskedFor } from '../../../shared/booking';
import type { AdminPatient } from '../../../shared/patients';
import { slotTexts } from '../../../shared/slots';
import type { FileFieldValue } from '../../components/file-field/file-field';
import { ApiError } from '../../lib/api-client';
import { appendFileField } from '../../lib/form-data';
import {
  displayDateToIso,
  type FormSlot,
  isOverUploadLimit,
  isoToDisplayDate,
  PATIENT_TEXT_FIELDS,
  type PatientFormFields,
  patientFieldTexts,
  patientFormInput,
} from '../../lib/patient-fields';

/**
 * The staff's patient form of an appointment (spec sections 2.6 and 5): the booking form's fields and rules,
 * the e-mail optional, a payment type, three documents, and (when editing) the free time it moves to. Field
 * names are the API's (`patient[first_name]`), so the server's 422 `errors` land on them.
 */

/** A free time chosen to move the appointment to: shown until saved, sent as `session[id]`. */
export interface NewTime {
  id: number;
  /** YYYY-MM-DD, clinic time. */
  date: string;
  start_time: string;
  end_time: string;
  /** Where it is: the location's full address; null for a video call. */
  address: string | null;
}

export interface AppointmentFormFields extends PatientFormFields {
  payment_type: string;
  result: FileFieldValue;
  referral_letter: FileFieldValue;
  attachment: FileFieldValue;
  /** Editing only: the time chosen to move to; null keeps the current time. */
  new_time: NewTime | null;
}

export const FILE_FIELDS = ['result', 'referral_letter', 'attachment'] as const;

/** What staff may record about how a booking they made is paid; a stored value not in it is offered too. */
export const PAYMENT_TYPES = ['Card at the clinic', 'Cash', 'Bank transfer', 'Health insurance'] as const;

/** The form's fields that hold health details: a role without them is not shown them (`FormSlot.withoutHealth`). */
const HEALTH_FIELDS: readonly string[] = [
  'consultant_name',
  'consultant_addres',
  'consultant_email',
  'allergens',
  ...FILE_FIELDS,
];

/** The form's fields that hold contact details: a role without them is not shown them (`FormSlot.withoutContact`). */
const CONTACT_FIELDS: readonly string[] = ['email', 'phone'];

/**
 * Whether the form asks a slot of this kind for `field` (the shared rules: guardian for a child, GP for an adult's
 * test…), and the role may see it.
 */
export const isShown = (
  field: string,
  slot: Pick<FormSlot, 'isAdult' | 'isVideoCall' | 'withoutHealth' | 'withoutContact'>,
) =>
  !(slot.withoutHealth && HEALTH_FIELDS.includes(field)) &&
  !(slot.withoutContact && CONTACT_FIELDS.includes(field)) &&
  isAskedFor(field, { is_adult: slot.isAdult, is_video_call: slot.isVideoCall });

/** The form's fields in the order they are shown: the error summary lists them so. */
const FIELD_ORDER = [
  'first_name',
  'last_name',
  'dob',
  'guardian_first_name',
  'guardian_last_name',
  'email',
  'phone',
  'sms_consent',
  'consultant_name',
  'consultant_addres',
  'consultant_email',
  'allergens',
  'antihistamine',
  'agreement',
  'payment_type',
  ...FILE_FIELDS,
] as const satisfies readonly (keyof AppointmentFormFields)[];

export type LabelledField = (typeof FIELD_ORDER)[number];

/** The labels of a slot's form, as its fields and its error summary show them. */
export function appointmentFieldLabels(
  slot: Pick<FormSlot, 'isAdult' | 'isVideoCall'>,
): Record<LabelledField, string> {
  const child = !slot.isAdult;
  return {
    first_name: child ? "Child's first name" : 'First name',
    last_name: child ? "Child's surname" : 'Surname',
    dob: `${child ? "Child's date of birth" : 'Date of birth'}${slot.isVideoCall ? ' (optional)' : ''}`,
    guardian_first_name: "Parent or guardian's first name",
    guardian_last_name: "Parent or guardian's surname",
    email: 'E-mail (optional)',
    phone: 'Phone',
    sms_consent: 'The patient agrees to texts about this appointment at this number.',
    consultant_name: "GP's name",
    consultant_addres: "GP's address",
    consultant_email: "GP's e-mail (optional)",
    allergens: 'Reason for the test (optional)',
    antihistamine:
      'The patient will stop taking antihistamines 5 days before the test (nasal antihistamines 3 days before).',
    agreement: 'The patient agrees to the Terms & Conditions.',
    payment_type: 'Payment type (optional)',
    result: 'Result (optional)',
    referral_letter: 'Referral letter (optional)',
    attachment: 'Attachment (optional)',
  };
}

/** A label as a list names its field: 'Result', not 'Result (optional)'. */
export const withoutOptional = (label: string) => label.replace(/ \(optional\)$/, '');

/** The id of a field's control: what the form focuses, the error summary links to and the tests find. */
export const appointmentFieldId = (name: keyof AppointmentFormFields) => `appointment-${name}`;

/** The form's errors as its summary lists them: in the order of the fields, each with its label. */
export function appointmentErrorItems(
  errors: Partial<Record<keyof AppointmentFormFields, { message?: unknown } | undefined>>,
  slot: Pick<FormSlot, 'isAdult' | 'isVideoCall'>,
) {
  const labels = appointmentFieldLabels(slot);
  return FIELD_ORDER.flatMap((name) => {
    const message = errors[name]?.message;
    return typeof message === 'string' && message
      ? [{ name, targetId: appointmentFieldId(name), label: withoutOptional(labels[name]), message }]
      : [];
  });
}

const storedFile = (file: { name: string; url: string } | null | undefined): FileFieldValue =>
  file ? { kind: 'stored', name: file.name, url: file.url } : { kind: 'none' };

/**
 * The form's starting values: empty for a new appointment; the patient's for an appointment being edited.
 * The antihistamine and terms ticks are not stored: every test booking was made with both ticked (the public
 * form and this one require them), so an edit starts with them ticked.
 */
export function appointmentFormDefaults(detail?: StaffAppointmentDetail): AppointmentFormFields {
  return patientFormValues(detail?.patient, detail?.payment_type);
}

/**
 * The form's values of a new appointment for a patient in the records: their details as the record has them (what
 * the role may see), the test's ticks and the payment type left for this booking.
 */
export const recordedFormValues = (patient: AdminPatient): AppointmentFormFields => ({
  ...patientFormValues(patient, null),
  antihistamine: false,
  agreement: false,
});

function patientFormValues(
  patient: AdminPatient | null | undefined,
  paymentType: string | null | undefined,
): AppointmentFormFields {
  const text = (value: string | null | undefined) => value ?? '';
  return {
    first_name: text(patient?.first_name),
    last_name: text(patient?.last_name),
    guardian_first_name: text(patient?.guardian_first_name),
    guardian_last_name: text(patient?.guardian_last_name),
    email: text(patient?.email),
    phone: text(patient?.phone),
    dob: isoToDisplayDate(patient?.dob),
    consultant_name: text(patient?.consultant_name),
    consultant_addres: text(patient?.consultant_addres),
    consultant_email: text(patient?.consultant_email),
    allergens: text(patient?.allergens),
    antihistamine: patient !== undefined && patient !== null,
    agreement: patient !== undefined && patient !== null,
    sms_consent: false,
    payment_type: text(paymentType),
    result: storedFile(patient?.result),
    referral_letter: storedFile(patient?.referral_letter),
    attachment: storedFile(patient?.attachment),
    new_time: null,
  };
}

/** The form's values for the shared admin patient schema (the date of birth as YYYY-MM-DD). */
function toAdminPatientForm(values: AppointmentFormFields, slot: FormSlot): AdminPatientFormInput {
  return { ...patientFormInput(values, slot), payment_type: values.payment_type };
}

export type FormIssue = [field: keyof AppointmentFormFields, message: string];

/**
 * Every rule of the admin patient form for the slot's kind (the shared schema's, with the spec's texts), the
 * first message of each shown field; a date of birth typed in another shape and a file over the upload
 * limit too. [] when the form can be sent.
 */
export function appointmentFormIssues(
  values: AppointmentFormFields,
  slot: FormSlot,
  record?: AdminPatient,
): FormIssue[] {
  const issues = new Map<string, string>();
  const parsed = adminPatientFormSchema.safeParse(toAdminPatientForm(values, slot));
  // A patient's record is booked with what it holds: a value kept as it is is not judged again (the server agrees).
  const kept = record ? keptFromRecord(values, record) : new Set<string>();
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = String(issue.path[0] ?? '');
      if (field && isShown(field, slot) && !kept.has(field) && !issues.has(field))
        issues.set(field, issue.message);
    }
  }
  for (const name of FILE_FIELDS) {
    if (isOverUploadLimit(values[name])) issues.set(name, patientFieldTexts.fileTooLarge);
  }
  return [...issues] as FormIssue[];
}

/** The text fields whose value is the record's own (not empty): what a booking for them keeps as it is. */
function keptFromRecord(values: AppointmentFormFields, record: AdminPatient): Set<string> {
  const stored = recordedFormValues(record);
  return new Set(
    PATIENT_TEXT_FIELDS.filter((name) => stored[name] !== '' && values[name].trim() === stored[name]),
  );
}

/** The form's checks as a schema for useAdminForm (zodResolver): the values pass through unchanged. */
export function appointmentFormSchema(slot: FormSlot, record?: AdminPatient) {
  return z
    .custom<AppointmentFormFields>(() => true)
    .superRefine((values, context) => {
      for (const [field, message] of appointmentFormIssues(values, slot, record)) {
        context.addIssue({ code: 'custom', path: [field], message });
      }
    });
}

/**
 * The multipart body of `POST /api/admin/patients` (no `appointment`; with `record`, for that patient in the
 * records: `patient[patient_id]` and only the fields changed from the record) or `PUT /api/admin/transactions/:id`:
 * `patient[...]` with every field the slot's kind asks for (an emptied optional field is sent empty, so an
 * edit clears it), the payment type, the documents (new files; on an edit, `patient[remove_…]` for a stored
 * one removed), and:
 * - creating: `patient[session_id]`, the time being booked;
 * - editing: `patient[id]`, and `session[id]` only when a new time was chosen (sending the current time as
 *   `patient[session_id]` would ask to move to it).
 */
export function appointmentBody(
  values: AppointmentFormFields,
  slot: FormSlot,
  appointment?: { patientId: number; initial: AppointmentFormFields },
  record?: AdminPatient,
): FormData {
  const body = new FormData();
  const add = (name: string, value: string) => body.append(`patient[${name}]`, value);
  add('is_adult', String(slot.isAdult));
  add('is_video_call', String(slot.isVideoCall));
  const stored = record && recordedFormValues(record);
  if (record) add('patient_id', String(record.id));
  for (const name of PATIENT_TEXT_FIELDS) {
    if (!isShown(name, slot)) continue;
    // For a patient in the records only what differs from the record (and is not empty): the rest is the record's.
    if (stored && (values[name].trim() === stored[name] || values[name].trim() === '')) continue;
    const value = name === 'dob' ? (displayDateToIso(values.dob) ?? '') : values[name].trim();
    add(name, value);
  }
  if (isShown('antihistamine', slot)) add('antihistamine', String(values.antihistamine));
  if (isShown('agreement', slot)) add('agreement', String(values.agreement));
  // Asked on a new patient's booking only: an edit leaves the consent as the patient gave or withdrew it.
  if (!appointment && !record && values.sms_consent) add('sms_consent', 'true');
  add('payment_type', values.payment_type.trim());
  const initial = appointment?.initial ?? stored;
  for (const name of FILE_FIELDS) {
    if (!isShown(name, slot)) continue;
    const file = values[name];
    // A new patient's appointment sends its chosen files; an edit, or a booking for a patient in the records,
    // also removes a stored file taken away (a field that had none and still has none says nothing).
    if (!initial) {
      if (file.kind === 'new') body.append(`patient[${name}]`, file.file, file.file.name);
    } else if (file.kind === 'new' || initial[name].kind === 'stored') {
      appendFileField(body, `patient[${name}]`, file, `patient[remove_${name}]`);
    }
  }
  if (!appointment) add('session_id', String(slot.slotId));
  else {
    add('id', String(appointment.patientId));
    if (values.new_time) body.append('session[id]', String(values.new_time.id));
  }
  return body;
}

const SLOT_ERROR_KEYS = ['session_id', 'session', 'session.id', 'patient.session_id'];
const SLOT_REFUSALS: readonly string[] = [
  slotTexts.taken,
  appointmentTexts.slotNotFree,
  appointmentTexts.slotStarted,
];

/**
 * The reason a save was refused for its time (taken by someone else, started, of another kind): the error
 * answer names the time's field, or its text is one of the time's refusals. Undefined for any other failure.
 */
export function slotRefusalOf(error: unknown): string | undefined {
  if (!(error instanceof ApiError)) return undefined;
  const errors = error.body.errors ?? {};
  for (const key of SLOT_ERROR_KEYS) {
    const message = errors[key]?.[0];
    if (message) return message;
  }
  return SLOT_REFUSALS.includes(error.message) ? error.message : undefined;
}
