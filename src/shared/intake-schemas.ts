import { z } from 'zod';
import {
  INTAKE_ANSWER_MAX,
  intakeFormKinds,
  intakeQuestionTypes,
  intakeStatuses,
  SIGNATURE_MAX,
} from './intake';
import { texts } from './validation-texts';

// The intake form's API shapes (`shared/intake.ts` holds the form itself, without Zod, for the public page).

const questionSchema = z.object({
  key: z.string(),
  label: z.string(),
  type: z.enum(intakeQuestionTypes),
  required: z.boolean(),
  hint: z.string().optional(),
  options: z.array(z.object({ value: z.string(), label: z.string() })).optional(),
  /** A `multi_choice`'s answer given only on its own ('none'). */
  exclusive: z.string().optional(),
  section: z.string(),
  short: z.boolean().optional(),
});

/** `GET/PUT /api/bookings/:reference/intake`'s answer. */
const intakeAnswerSchema = z.object({
  form: z.enum(intakeFormKinds),
  version: z.number().int(),
  status: z.enum(intakeStatuses),
  questions: z.array(questionSchema),
  answers: z.record(z.string(), z.string()),
  signed_at: z.string().nullable(),
  /** While this is a draft made after signing: when the earlier version, the one the clinic goes by, was signed. */
  previous_signed_at: z.string().nullable(),
  /** The consent the signer gives by ticking, as this version words it. */
  consent: z.array(z.string()),
  /** Who signs: the patient (16 and over), or their parent or guardian. */
  signer: z.enum(['patient', 'guardian']),
  /** The full name the signature must be, as the booking has it; '' when the booking names no guardian. */
  signer_name: z.string(),
  /** When it was signed, the name typed. */
  signature: z.string().nullable(),
  patient_name: z.string(),
});
export type IntakeAnswer = z.infer<typeof intakeAnswerSchema>;

export const intakeResponseSchema = z.object({ intake: intakeAnswerSchema });

/** A key of the form's questions: short and plain, so no sent name can be long. */
const answerKey = z.string().regex(/^[a-z_]{1,40}$/, 'Unknown question.');

/** `PUT /api/bookings/:reference/intake`: a draft (`sign: false`, lengths only) or the form signed. */
export const intakeRequestSchema = z
  .object({
    answers: z.record(answerKey, z.string().max(INTAKE_ANSWER_MAX, texts.tooLong)),
    sign: z.boolean({ error: 'sign must be true or false.' }),
    signature: z.string().max(SIGNATURE_MAX, texts.tooLong).optional(),
    consent: z.boolean().optional(),
  })
  .strict();
export type IntakeRequest = z.infer<typeof intakeRequestSchema>;

/**
 * The form as staff see it on the appointment (`intake` of its detail): its status, version and when it was signed,
 * by whom; the answers only for a role that may see health details (left out otherwise). Null before it is begun.
 */
export const staffIntakeSchema = z.object({
  status: z.enum(['draft', 'signed']),
  form: z.enum(intakeFormKinds),
  version: z.number().int(),
  /** 1 for the first, one more for each change made after a signing (the earlier ones are kept). */
  revision: z.number().int(),
  signed_at: z.string().nullable(),
  signature: z.string().nullable(),
  signer: z.enum(['patient', 'guardian']).nullable(),
  answers: z.record(z.string(), z.string()).optional(),
  /** The patient has begun a change since signing (a newer draft); the signed form is the one shown. */
  changing: z.boolean(),
});
export type StaffIntake = z.infer<typeof staffIntakeSchema>;
