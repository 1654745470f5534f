import { type AdminBookingRequest, appointmentTexts } from '../../../shared/appointments';
import {
  type BookingFields,
  bookingFormIssues,
  bookingFormValues,
  isAskedFor,
} from '../../../shared/booking';
import type { Patient } from '../../db/schema';
import { fieldError, refused } from '../../domain-errors';
import type { SlotKind } from '../slots/slot-repository';
import { type PatientColumns, patientFieldNames } from './booking-form';
import { PATIENT_FILES, type PatientFileField } from './patient-files';

/**
 * Staff's booking for a patient already in the records (`patient_id`): the form's patient details come from the
 * record, which a booking never overwrites silently. Each field of the admin form the record keeps is treated by
 * what it is:
 * - who the patient is (names, date of birth, guardian): the record's; a value sent may fill one the record lacks,
 *   and must otherwise be the record's own (422 `patient_record_kept` on the field);
 * - how to reach them (e-mail, phone): a new value sent updates the record, so staff can take a changed number in
 *   the same step; the change is audited by field name;
 * - health details (GP, test reason, documents): a new value updates the record for a role that sees health
 *   details (audited); a role that does not may only fill what the record lacks (any value sent for one it holds,
 *   the same one too, is refused: an answer that told a right guess from a wrong one would show the record).
 * Left out or empty, a field keeps the record's value. The form's rules are checked on what the booking ends up
 * with, but a value kept from the record as it is is not judged again by today's rules.
 */

type StaffForm = Omit<AdminBookingRequest, 'session_id' | 'id' | 'session' | 'patient_id'>;

const RECORD_FIELDS = {
  first_name: 'identity',
  last_name: 'identity',
  dob: 'identity',
  guardian_first_name: 'identity',
  guardian_last_name: 'identity',
  email: 'contact',
  phone: 'contact',
  consultant_name: 'health',
  consultant_addres: 'health',
  consultant_email: 'health',
  allergens: 'health',
} as const satisfies Partial<Record<keyof BookingFields, 'identity' | 'contact' | 'health'>>;
type RecordField = keyof typeof RECORD_FIELDS;

const columnOf = Object.fromEntries(
  Object.entries(patientFieldNames).map(([column, field]) => [field, column]),
) as Record<RecordField, Exclude<keyof PatientColumns, 'isAdult'>>;

type Issue = [field: string, message: string];

/** Why the record cannot be booked for this time: a child's record on an adult's time, or the other way round. */
export function whyNotForKind(patient: Pick<Patient, 'isAdult'>, kind: SlotKind) {
  if (patient.isAdult === kind.isAdult) return undefined;
  const message = kind.isAdult ? appointmentTexts.recordIsChild : appointmentTexts.recordIsAdult;
  return refused('patient_other_kind', message, fieldError('patient_id', message));
}

export interface RecordedForm<F> {
  /** The form as the booking keeps it for the slot's kind: the record's details with what was sent over them. */
  form: F;
  /** The record's columns the booking changes, and their fields' names (for the audit log). */
  columns: Partial<PatientColumns>;
  fields: string[];
  /** What is refused, by field. */
  issues: Issue[];
}

/**
 * The admin form of a booking for `patient` on a time of `kind`, as the rules above make it. `seesHealth`: the
 * staff member's role may see (and so change) health details; `files`: the documents sent (or being read).
 */
export function recordedForm<F extends StaffForm>(
  patient: Patient,
  request: F,
  kind: SlotKind,
  seesHealth: boolean,
  files: Partial<Record<PatientFileField, unknown>>,
): RecordedForm<F> {
  const asKind = { is_adult: kind.isAdult, is_video_call: kind.isVideoCall };
  const sent = bookingFormValues({ ...request, ...asKind });
  const form: F = { ...sent };
  const kept = new Set<string>();
  const issues: Issue[] = [];
  const columns: Partial<PatientColumns> = {};
  const fields: string[] = [];
  for (const [field, what] of Object.entries(RECORD_FIELDS) as [RecordField, string][]) {
    if (!isAskedFor(field, asKind)) continue;
    const stored = patient[columnOf[field]] ?? undefined;
    const value = sent[field];
    // A role without health details may not send one the record holds, even the same: were the same let through,
    // the answer would tell it whether its guess was the record's.
    if (what === 'health' && !seesHealth && stored !== undefined && value !== undefined) {
      issues.push([field, appointmentTexts.recordKept]);
      form[field] = stored;
      kept.add(field);
      continue;
    }
    if (value === undefined || value === stored) {
      form[field] = stored;
      if (stored !== undefined) kept.add(field);
      continue;
    }
    const mayChange = what === 'contact' || (what === 'health' && seesHealth);
    if (stored !== undefined && !mayChange) {
      issues.push([
        field,
        what === 'identity' ? appointmentTexts.recordDiffers : appointmentTexts.recordKept,
      ]);
      form[field] = stored;
      kept.add(field);
      continue;
    }
    columns[columnOf[field]] = value;
    fields.push(field);
  }
  if (!seesHealth) {
    for (const { field, remove, column } of PATIENT_FILES) {
      if (patient[column] && (files[field] || request[remove]))
        issues.push([field, appointmentTexts.recordKept]);
    }
  }
  for (const issue of bookingFormIssues({ ...form, ...asKind }, undefined, { emailRequired: false })) {
    if (!kept.has(issue[0])) issues.push(issue);
  }
  return { form, columns, fields, issues };
}
