import type { AppointmentStatus } from '../../../shared/appointment-states';
import { appointmentStatusLabels } from '../../../shared/appointments';
import type { PatientDetail, StaffFile } from '../../../shared/patients';

/**
 * How the back office reads a patient: their date of birth and age, yes/no answers, their guardian, their files
 * and their appointments. Pure, so the list, the detail and the tests agree.
 */

/** Shown for a value the patient did not give, rather than a blank. */
export const NOT_GIVEN = 'Not given';

/** Shown instead of the name of a patient whose personal data was erased (GDPR). */
export const ERASED_PATIENT = 'Personal data erased';

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A date of birth (YYYY-MM-DD, as the API sends it) as the back office shows it: DD/MM/YYYY; '' for none. */
export function formatDateOfBirth(dob: string | null | undefined): string {
  const match = dob ? DAY.exec(dob) : null;
  return match ? `${match[3]}/${match[2]}/${match[1]}` : '';
}

/** Whole years from a date of birth to a day (both YYYY-MM-DD); undefined for a date that is not one or is later. */
export function ageOn(dob: string | null | undefined, today: string): number | undefined {
  const born = dob ? DAY.exec(dob) : null;
  const now = DAY.exec(today);
  if (!born || !now) return undefined;
  const [, by, bm, bd] = born.map(Number) as [number, number, number, number];
  const [, ty, tm, td] = now.map(Number) as [number, number, number, number];
  const age = ty - by - (tm < bm || (tm === bm && td < bd) ? 1 : 0);
  return age >= 0 ? age : undefined;
}

/** '12/04/1990 (35 years)', '03/09/2025 (under 1 year)'; NOT_GIVEN without a date. */
export function dateOfBirthWithAge(dob: string | null | undefined, today: string): string {
  const shown = formatDateOfBirth(dob);
  if (!shown) return NOT_GIVEN;
  const age = ageOn(dob, today);
  if (age === undefined) return shown;
  if (age === 0) return `${shown} (under 1 year)`;
  return `${shown} (${age} ${age === 1 ? 'year' : 'years'})`;
}

/** A trimmed text, or NOT_GIVEN for nothing. */
export const orNotGiven = (value: string | null | undefined) => value?.trim() || NOT_GIVEN;

/** A yes/no answer ('Yes', 'No'), or NOT_GIVEN when it was not asked or answered. */
export function yesNo(value: boolean | null | undefined): string {
  if (value === true) return 'Yes';
  if (value === false) return 'No';
  return NOT_GIVEN;
}

/** The guardian's full name, or '' when none was given. */
export const guardianName = (patient: Pick<PatientDetail, 'guardian_first_name' | 'guardian_last_name'>) =>
  [patient.guardian_first_name, patient.guardian_last_name]
    .map((part) => part?.trim())
    .filter(Boolean)
    .join(' ');

/** 'Adult' or 'Child'. */
export const ageGroupLabel = (isAdult: boolean) => (isAdult ? 'Adult' : 'Child');

export type PatientFileKind = 'result' | 'referral_letter' | 'attachment';

const patientFileLabels: Record<PatientFileKind, string> = {
  result: 'Result',
  referral_letter: 'Referral letter',
  attachment: 'Attachment',
};

/** The patient's three files in the order staff read them, each with its label and the stored file or null. */
export function patientFiles(
  patient: Pick<PatientDetail, PatientFileKind>,
): { kind: PatientFileKind; label: string; file: StaffFile | null }[] {
  return (['result', 'referral_letter', 'attachment'] as const).map((kind) => ({
    kind,
    label: patientFileLabels[kind],
    file: patient[kind] ?? null,
  }));
}

/**
 * Whether the server sent the patient's health details (GP, test reason, files, a self-referral's answers): a role
 * that may not see them gets none of these fields, so the screen shows nothing of them.
 */
export const carriesHealthDetails = (patient: Pick<PatientDetail, 'allergens'>) =>
  patient.allergens !== undefined;

/**
 * Whether the server sent the patient's contact details (e-mail, phone): a role that may not read them (the
 * bookkeeper) gets neither field, so the screen shows nothing of them.
 */
export const carriesContactDetails = (patient: Pick<PatientDetail, 'phone'>) => patient.phone !== undefined;

/** Whether a self-referral answered any of the questions asked without a referral letter. */
export function hasSelfReferralAnswers(
  patient: Pick<
    PatientDetail,
    | 'address'
    | 'gp_details'
    | 'concerns'
    | 'suspected_allergy'
    | 'consultation_hopes'
    | 'is_hayfever'
    | 'is_asthma'
    | 'is_eczema'
    | 'do_you_have_any_known_allergies'
    | 'known_allergies_description'
  >,
): boolean {
  return [
    patient.address,
    patient.gp_details,
    patient.concerns,
    patient.suspected_allergy,
    patient.consultation_hopes,
    patient.is_hayfever,
    patient.is_asthma,
    patient.is_eczema,
    patient.do_you_have_any_known_allergies,
    patient.known_allergies_description,
  ].some((value) => value !== null && value !== undefined && value !== '');
}

/** 'Video consultation' or 'Allergy test'; 'Appointment' when its time is gone and the kind unknown. */
export function appointmentKindLabel(isVideoCall: boolean | null): string {
  if (isVideoCall === null) return 'Appointment';
  return isVideoCall ? 'Video consultation' : 'Allergy test';
}

/** How staff read an appointment's state ('Booked', 'Cancelled', 'No-show' …); an unknown one as it comes. */
export function appointmentStatusText(status: string): string {
  return appointmentStatusLabels[status as AppointmentStatus] ?? status.replaceAll('_', ' ');
}

/** The appointment's screen in the back office. */
export const appointmentPath = (id: number) => `/admin/appointment/edit?id=${id}`;

/** '08/12/2026 at 09:00', or that the appointment no longer has a time. */
export function appointmentWhen(appointment: { data: string | null; start_time: string | null }): string {
  if (!appointment.data) return 'No time';
  return appointment.start_time ? `${appointment.data} at ${appointment.start_time}` : appointment.data;
}

/** An appointment's state and its payment as staff read them, once each: 'Booked · Paid', 'Being booked'. */
export function appointmentStatusLine(appointment: {
  appointment_status: string;
  status_label: string;
  intake_signed?: boolean;
}): string {
  const parts = [
    appointmentStatusText(appointment.appointment_status),
    appointment.status_label.trim(),
    appointment.intake_signed ? 'Form signed' : '',
  ];
  return parts.filter((part, index) => part && parts.indexOf(part) === index).join(' · ');
}
