import { z } from 'zod';
import {
  formFlagSchema,
  optionalFormFileSchema,
  pagedListSchema,
  recordIdParams,
} from './api/common-schemas';
import { BOOKING_LIMITS, bookingTexts, dobField, dobProblem, todayInDublin } from './booking';
import { clinic } from './clinic';
import { NAME_LENGTHS } from './name-lengths';
import { paginationQuerySchema } from './pagination';
import { patientDetailSchema } from './patients';
import { phoneIssueText } from './phone';
import { BOOKING_PAGE_IDS } from './public-pages';
import { hasHiddenCharacter, lengthProblem, nameProblem, texts } from './validation-texts';

/**
 * The self-referral (spec sections 2.3, 3, 4 and 5): a request for an appointment the clinic triages, sent
 * with a referral letter or with the form's answers, and its triage in the back office.
 */

const REFERRAL_LIMITS = {
  fullName: NAME_LENGTHS.full,
  phone: BOOKING_LIMITS.phone,
  /** Address, GP details and the three questions. */
  answer: { min: 10, max: 300 },
  knownAllergies: 300,
  email: BOOKING_LIMITS.email,
  /** What staff write to the patient when they decide. */
  message: 2000,
} as const;

/** Referrals one e-mail address may send in an hour, and one client address (the sign-in limiter's idea of it). */
export const REFERRALS_PER_EMAIL_PER_HOUR = 3;
export const REFERRALS_PER_ADDRESS_PER_HOUR = 30;

/** From this age (on the day it is sent) a referral is for the adult clinic: the age of consent the terms name. */
export const ADULT_FROM_AGE = 16;

export const referralTexts = {
  required: texts.required,
  dobRequired: 'Required',
  letterRequired: 'Required',
  dobInvalid: bookingTexts.dobInvalid,
  dobNotReal: bookingTexts.dobNotReal,
  dobInFuture: bookingTexts.dobInFuture,
  dobTooEarly: bookingTexts.dobTooEarly,
  tooShort: texts.tooShort,
  tooLong: texts.tooLong,
  notAllowedCharacters: texts.notAllowedCharacters,
  mailInvalid: texts.mailInvalid,
  phoneInvalid: texts.phoneInvalid,
  signatureMismatch: 'Signature must match your full name',
  letterOnlyWithLetter: 'A referral letter is sent only when you said you have one.',
  formTooLarge: 'The form is too large: a referral letter can be at most 10 MB.',
  /** Success notices (spec section 8): the referral sent for triage, and when to write if no one answers. */
  sent: 'Thank you: your referral has been sent to the clinic for triage.',
  noReply: `If you have no reply within 7-10 days, please e-mail us at ${clinic.email}.`,
  tooManyFromEmail: `At most ${REFERRALS_PER_EMAIL_PER_HOUR} referrals an hour can be sent for one e-mail address. Your earlier referral has reached the clinic; please wait for its reply.`,
  tooManyFromAddress: `Too many referrals have been sent from your network in the last hour. Please try again later or e-mail us at ${clinic.email}.`,
  uploadsUsedUp: `Your network has sent as many files as the clinic takes in a day. Please fill in the referral form without a letter, try again tomorrow or e-mail us at ${clinic.email}.`,
  notFound: 'Referral not found',
  messageRequired: 'Write the message the patient will receive.',
  messageTooLong: `The message is at most ${REFERRAL_LIMITS.message} characters.`,
  statusInvalid: 'status must be accepted, declined or more_info',
  /** Triage notices in the back office. */
  accepted: 'The referral was accepted and the patient has been e-mailed a link to book.',
  declined: 'The referral was declined and the patient has been e-mailed the reason.',
  moreInfo: 'The patient has been e-mailed your question.',
} as const;

/** A referral's life: sent (`awaiting`), then triaged. `more_info` waits for the patient's answer by e-mail. */
export const referralStatuses = ['awaiting', 'accepted', 'declined', 'more_info'] as const;
export type ReferralStatus = (typeof referralStatuses)[number];

/** What staff decide: every state but the first. */
export const referralDecisions = ['accepted', 'declined', 'more_info'] as const;
export type ReferralDecision = (typeof referralDecisions)[number];

export const referralStatusLabels: Record<ReferralStatus, string> = {
  awaiting: 'Awaiting triage',
  accepted: 'Accepted',
  declined: 'Declined',
  more_info: 'More information asked',
};

/** What an accepted patient is asked to book: the booking page's id (`/sessions_availability/{id}`). */
export const referralBookingKinds = BOOKING_PAGE_IDS;
export type ReferralBookingKind = (typeof referralBookingKinds)[number];
export const referralBookingLabels: Record<ReferralBookingKind, string> = {
  booking_test: 'an allergy test',
  booking_video: 'a video consultation',
};

/** A text field: trimmed; empty means not given. */
const optionalText = (max = 1000) =>
  z
    .string({ error: 'Send this field once, as text.' })
    .trim()
    .max(max, referralTexts.tooLong)
    .nullish()
    .transform((value) => (value ? value : undefined));

/** The fields of both referral forms (`patient[full_name]` → `full_name`). */
const referralFields = {
  has_referral_letter: formFlagSchema('has_referral_letter'),
  full_name: optionalText(),
  email: optionalText(),
  phone: optionalText(),
  /** Sent YYYY-MM-DD, or as typed: 14.03.1985, 14/03/1985, 14-03-1985, 14031985. */
  dob: dobField(),
  signature: optionalText(),
  address: optionalText(),
  gp_details: optionalText(),
  concerns: optionalText(),
  suspected_allergy: optionalText(),
  consultation_hopes: optionalText(),
  is_hayfever: formFlagSchema('is_hayfever'),
  is_asthma: formFlagSchema('is_asthma'),
  is_eczema: formFlagSchema('is_eczema'),
  /** Yes, no, or left unanswered (kept as not given: it is a question, not a box to tick). */
  do_you_have_any_known_allergies: z
    .union([z.boolean(), z.enum(['true', 'false'])], {
      error: 'do_you_have_any_known_allergies must be true or false',
    })
    .optional()
    .transform((value) => (value === undefined ? undefined : value === true || value === 'true')),
  known_allergies_description: optionalText(),
};

type ReferralFields = {
  has_referral_letter: boolean;
  full_name?: string;
  email?: string;
  phone?: string;
  dob?: string;
  signature?: string;
  address?: string;
  gp_details?: string;
  concerns?: string;
  suspected_allergy?: string;
  consultation_hopes?: string;
  known_allergies_description?: string;
};

/** The form's questions asked only without a letter, each 10 to 300 characters. */
const referralAnswerFields = [
  'address',
  'gp_details',
  'concerns',
  'suspected_allergy',
  'consultation_hopes',
] as const;

type Issue = [field: string, message: string];

/** A field's issue in this form's words, for a problem named by its text's key. */
const issueOf = (field: string, problem: keyof typeof referralTexts | undefined): Issue | undefined =>
  problem === undefined ? undefined : [field, referralTexts[problem]];

const lengthIssue = (field: string, value: string | undefined, min: number, max: number) =>
  issueOf(field, lengthProblem(value, min, max));

/** A signature matches the full name written the same way, whatever the case and the spaces. */
const signed = (name: string) => name.replace(/\s+/g, ' ').trim().toLocaleLowerCase('en-IE');

const EMAIL = z.email();

/**
 * Every rule of the two self-referral forms (spec section 5); `hasLetterFile` says whether a letter was
 * chosen. `today` (YYYY-MM-DD) is the last day a date of birth may be.
 */
export function referralFormIssues(
  form: ReferralFields,
  hasLetterFile: boolean,
  today = todayInDublin(),
): Issue[] {
  const issues: (Issue | undefined)[] = [];
  const { fullName, answer } = REFERRAL_LIMITS;
  issues.push(issueOf('full_name', nameProblem(form.full_name, fullName.min, fullName.max)));
  if (form.email === undefined) issues.push(['email', referralTexts.required]);
  else if (form.email.length > REFERRAL_LIMITS.email || !EMAIL.safeParse(form.email).success)
    issues.push(['email', referralTexts.mailInvalid]);
  if (form.phone === undefined) issues.push(['phone', referralTexts.required]);
  else {
    // The one phone rule of every form (`./phone`): digits counted, other characters refused.
    const phoneText = phoneIssueText(form.phone);
    if (phoneText !== undefined) issues.push(['phone', phoneText]);
  }
  if (form.dob === undefined) issues.push(['dob', referralTexts.dobRequired]);
  else issues.push(issueOf('dob', dobProblem(form.dob, today)));
  if (form.signature === undefined) issues.push(['signature', referralTexts.required]);
  // The comparison below reads any space alike, so a line break or a tab would otherwise pass it and be kept.
  else if (hasHiddenCharacter(form.signature)) issues.push(['signature', referralTexts.notAllowedCharacters]);
  else if (form.full_name !== undefined && signed(form.signature) !== signed(form.full_name))
    issues.push(['signature', referralTexts.signatureMismatch]);
  if (form.has_referral_letter) {
    if (!hasLetterFile) issues.push(['referral_letter', referralTexts.letterRequired]);
  } else {
    if (hasLetterFile) issues.push(['referral_letter', referralTexts.letterOnlyWithLetter]);
    for (const field of referralAnswerFields)
      issues.push(lengthIssue(field, form[field], answer.min, answer.max));
    if ((form.known_allergies_description?.length ?? 0) > REFERRAL_LIMITS.knownAllergies)
      issues.push(['known_allergies_description', referralTexts.tooLong]);
  }
  return issues.filter((issue): issue is Issue => issue !== undefined);
}

/** The browser's referral forms (without the letter, which the form checks beside them). */
export const referralFormSchema = z
  .object({ ...referralFields, has_letter_file: z.boolean().default(false) })
  .strict()
  .superRefine(({ has_letter_file, ...form }, context) => {
    for (const [field, message] of referralFormIssues(form, has_letter_file)) {
      context.addIssue({ code: 'custom', path: [field], message });
    }
  });
export type ReferralFormInput = z.input<typeof referralFormSchema>;

/** `is_referral` of a self-referral: true, as multipart (text) or JSON (boolean) sends it. */
const referralFlagSchema = z.union([z.literal(true), z.literal('true')]).transform(() => true as const);

/** `POST /api/patients` with `patient[is_referral]=true`: a self-referral, with its letter or its answers. */
export const referralRequestSchema = z
  .object({
    is_referral: referralFlagSchema,
    ...referralFields,
    referral_letter: optionalFormFileSchema,
  })
  .strict()
  .superRefine((form, context) => {
    for (const [field, message] of referralFormIssues(form, form.referral_letter !== undefined)) {
      context.addIssue({ code: 'custom', path: [field], message });
    }
  });
export type ReferralRequest = z.output<typeof referralRequestSchema>;

/** The answer to a self-referral: its patient's id, and nothing else of what was sent. */
export const createdReferralResponseSchema = z.object({
  patient: z.object({ id: z.number().int() }),
});
export type CreatedReferralResponse = z.infer<typeof createdReferralResponseSchema>;

// The back office's triage.

export const referralsQuerySchema = paginationQuerySchema
  .extend({
    status: z
      .enum(referralStatuses, { error: 'status must be awaiting, accepted, declined or more_info' })
      .optional(),
    /** Part of the name, e-mail or phone. */
    search: z.string().trim().max(200, 'search is at most 200 characters').optional(),
  })
  .strict();

const referralListItemSchema = z.object({
  id: z.number().int(),
  patient_id: z.number().int(),
  full_name: z.string(),
  /** The patient's age in years on the day the list is read; null without a date of birth. */
  age: z.number().int().nullable(),
  is_adult: z.boolean(),
  has_referral_letter: z.boolean(),
  status: z.enum(referralStatuses),
  status_label: z.string(),
  /** ISO instant. */
  received_at: z.string(),
});
export type ReferralListItem = z.infer<typeof referralListItemSchema>;

export const referralsResponseSchema = pagedListSchema('referrals', referralListItemSchema);
export type ReferralsResponse = z.infer<typeof referralsResponseSchema>;

/** How many referrals wait for triage, and since when the oldest has (the menu's count; the dashboard). */
export const referralsAwaitingSchema = z.object({
  count: z.number().int(),
  oldest_received_at: z.string().nullable(),
});
export type ReferralsAwaiting = z.infer<typeof referralsAwaitingSchema>;

const referralDetailSchema = z.object({
  id: z.number().int(),
  status: z.enum(referralStatuses),
  status_label: z.string(),
  has_referral_letter: z.boolean(),
  received_at: z.string(),
  /** When staff last decided, and what they wrote to the patient then. */
  decided_at: z.string().nullable(),
  message: z.string().nullable(),
  booking_kind: z.enum(referralBookingKinds).nullable(),
  /** The moves staff may make now. */
  allowed: z.array(z.enum(referralDecisions)),
  patient: patientDetailSchema,
});
export type ReferralDetail = z.infer<typeof referralDetailSchema>;

export const referralResponseSchema = z.object({ referral: referralDetailSchema });

/** `PUT /api/admin/referrals/:id`: staff's decision and what the patient is told. */
export const referralDecisionSchema = z
  .object({
    status: z.enum(referralDecisions, { error: referralTexts.statusInvalid }),
    message: z
      .string({ error: 'message must be text' })
      .trim()
      .max(REFERRAL_LIMITS.message, referralTexts.messageTooLong)
      .optional()
      .transform((value) => (value ? value : undefined)),
    /** For `accepted`: what the patient is asked to book (an allergy test unless said). */
    booking_kind: z
      .enum(referralBookingKinds, { error: 'booking_kind must be booking_test or booking_video' })
      .optional(),
  })
  .strict()
  .superRefine((decision, context) => {
    if (decision.status !== 'accepted' && !decision.message) {
      context.addIssue({ code: 'custom', path: ['message'], message: referralTexts.messageRequired });
    }
  });
export type ReferralDecisionInput = z.input<typeof referralDecisionSchema>;
export type ReferralDecisionRequest = z.output<typeof referralDecisionSchema>;

export const referralIdParams = recordIdParams('Referral');

/** Whole years from a date of birth to `today` (both YYYY-MM-DD). */
export function ageInYears(dob: string, today: string): number {
  const [birthYear, birthMonthDay] = [Number(dob.slice(0, 4)), dob.slice(5)];
  const [year, monthDay] = [Number(today.slice(0, 4)), today.slice(5)];
  return year - birthYear - (monthDay < birthMonthDay ? 1 : 0);
}

/**
 * The referral form's one name as the patient record keeps names: the last word is the surname, the rest the
 * first name ('Mary Ann Byrne' → 'Mary Ann', 'Byrne'); one word is a first name alone.
 */
export function splitFullName(fullName: string): { firstName: string; lastName: string } {
  const words = fullName.trim().split(/\s+/).filter(Boolean);
  if (words.length < 2) return { firstName: words[0] ?? '', lastName: '' };
  return { firstName: words.slice(0, -1).join(' '), lastName: words.at(-1) ?? '' };
}
