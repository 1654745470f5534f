import { z } from 'zod';
import { pagedListSchema, recordIdParams, storedFileSchema } from './api/common-schemas';
import { patientIdentitySchema } from './booking';
import { paginationQuerySchema } from './pagination';

/** Patients in the back office (spec sections 2.6 'Patient detail', 7 `/admin/patients`, DESIGN.md section 4). */

export const patientTexts = {
  notFound: 'Patient not found',
  fileNotFound: 'File not found',
  erased: "The patient's personal data and files have been erased.",
  eraseUpcoming:
    'This patient has an upcoming appointment. Delete or refund it first, then erase the patient.',
  erasePaymentInProgress: "A payment of this patient's is in progress; try again in a few minutes.",
  /** The Erase dialog: what stays of a patient's appointments, and what goes when one is still being booked. */
  eraseKeepsAppointments: 'Their appointments and payments stay in the records without their name.',
  eraseDeletesBeingBooked:
    'Their appointment still being booked (not paid) is deleted too, and its time is free for others again.',
} as const;

/** The admin patients list's page size (spec section 9). */
export const PATIENTS_PAGE_SIZE = 50;

/** A list filter's `true`/`false` in a query string. */
export const queryFlag = (name: string) =>
  z
    .enum(['true', 'false'], { error: `${name} must be true or false` })
    .transform((value) => value === 'true')
    .optional();

/** A stored private file as staff see it: its id, name, and the staff-only address that downloads it. */
const staffFileSchema = storedFileSchema.extend({ id: z.string() });
export type StaffFile = z.infer<typeof staffFileSchema>;

/** The staff-only download address of a patient's file (`GET /api/admin/upload_results/:id`). */
export const staffFileUrl = (fileId: string) => `/api/admin/upload_results/${fileId}`;

/**
 * A patient's health details on an appointment's screen: the GP, the test's reason, the result, referral letter and
 * attachment. Left out (never null) of the answer to a role that may not see health details (`health`).
 */
const patientHealthShape = {
  consultant_name: z.string().nullable().optional(),
  consultant_addres: z.string().nullable().optional(),
  consultant_email: z.string().nullable().optional(),
  allergens: z.string().nullable().optional(),
  result: staffFileSchema.nullable().optional(),
  referral_letter: staffFileSchema.nullable().optional(),
  attachment: staffFileSchema.nullable().optional(),
};

/**
 * A patient's contact details on an appointment's screen: left out (never null) of the answer to a role that may
 * not read them (`patients`: the bookkeeper), as the health details are.
 */
const patientContactShape = {
  email: z.string().nullable().optional(),
  phone: z.string().optional(),
};

/** The contact details' fields of a patient's answers. */
export const patientContactFields = Object.keys(patientContactShape) as (keyof typeof patientContactShape)[];

/** A patient as an appointment's screen shows and edits them: the admin patient form's fields and files. */
export const adminPatientSchema = patientIdentitySchema.extend({
  ...patientContactShape,
  ...patientHealthShape,
});
export type AdminPatient = z.infer<typeof adminPatientSchema>;

export const patientsQuerySchema = paginationQuerySchema
  .extend({
    per_page: paginationQuerySchema.shape.per_page.unwrap().default(PATIENTS_PAGE_SIZE),
    /** Part of the name, e-mail or phone. */
    search_transaction: z.string().trim().max(200, 'search_transaction is at most 200 characters').optional(),
  })
  .strict();
export type PatientsQuery = z.output<typeof patientsQuerySchema>;

/** The patients CSV's filter: the list's search. */
export const patientFilterSchema = patientsQuerySchema.pick({ search_transaction: true }).strict();

/** A row of the patients list (spec 2.6: Patient name, Email, Date of birth, Phone). */
const patientListItemSchema = patientIdentitySchema.extend({
  is_referral: z.boolean(),
  created_at: z.string(),
});
export type PatientListItem = z.infer<typeof patientListItemSchema>;

export const patientsResponseSchema = pagedListSchema('patients', patientListItemSchema);
export type PatientsResponse = z.infer<typeof patientsResponseSchema>;

/** One of a patient's appointments, as their detail lists them. */
const patientAppointmentSchema = z.object({
  id: z.number().int(),
  /** DD/MM/YYYY and HH:mm, clinic time; null when the slot is gone. */
  data: z.string().nullable(),
  start_time: z.string().nullable(),
  is_video_call: z.boolean().nullable(),
  /** 'Paid', 'Booked by admin' or the capitalised payment status. */
  status_label: z.string(),
  appointment_status: z.string(),
  /** Its intake and consent form was signed online (on the patient's page; left out elsewhere). */
  intake_signed: z.boolean().optional(),
});

/** A self-referral's answers: health details, left out (never null) for a role without `health`. */
const referralAnswersShape = {
  gp_details: z.string().nullable().optional(),
  is_hayfever: z.boolean().nullable().optional(),
  is_asthma: z.boolean().nullable().optional(),
  is_eczema: z.boolean().nullable().optional(),
  concerns: z.string().nullable().optional(),
  suspected_allergy: z.string().nullable().optional(),
  consultation_hopes: z.string().nullable().optional(),
  do_you_have_any_known_allergies: z.boolean().nullable().optional(),
  known_allergies_description: z.string().nullable().optional(),
};

/** The health details' fields of a patient's answers, as `patientDetailSchema` names them. */
export const patientHealthFields = [
  ...Object.keys(patientHealthShape),
  ...Object.keys(referralAnswersShape),
] as (keyof typeof patientHealthShape | keyof typeof referralAnswersShape)[];

/** The read-only patient detail (spec 2.6), the self-referral variant's answers included. */
export const patientDetailSchema = adminPatientSchema.extend({
  is_referral: z.boolean(),
  address: z.string().nullable(),
  ...referralAnswersShape,
  created_at: z.string(),
  appointments: z.array(patientAppointmentSchema),
});
export type PatientDetail = z.infer<typeof patientDetailSchema>;

export const patientResponseSchema = z.object({ patient: patientDetailSchema });

export const patientIdParams = recordIdParams('Patient');

/** A stored file's id in a path: anything else answers 404 'File not found'. */
export const fileIdParams = z.object({
  id: z.uuid({ error: patientTexts.fileNotFound }).transform((value) => value.toLowerCase()),
});

/** The columns of Patients.csv, in order: the table's, then what a spreadsheet needs. */
export const patientCsvColumns = [
  'Patient name',
  'Email',
  'Date of birth',
  'Phone',
  'Adult or child',
  'Guardian',
  'Self-referral',
  'Registered',
] as const;
