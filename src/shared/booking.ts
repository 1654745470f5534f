import { z } from 'zod';
import { antihistamineChoices, antihistaminesProblem } from './antihistamines';
import { formFlagSchema, optionalFormFileSchema, recordIdParams } from './api/common-schemas';
import { readTypedDate, typedDateToDay } from './date-of-birth';
import { NAME_LENGTHS } from './name-lengths';
import { PHONE_DIGITS, phoneIssueText } from './phone';
import { publicSlotSchema } from './slots';
import { textTexts } from './texts';
import { isOneLine, lengthProblem, nameProblem, texts } from './validation-texts';

/**
 * The slot booking form (spec section 5, 'Slot booking form (public)') and the body of `POST /api/patients`.
 * One schema for the browser's form and the server: the texts are the spec's, word for word. The slot
 * booking form uses the required text with a space before the comma.
 */

export const BOOKING_LIMITS = {
  name: NAME_LENGTHS.part,
  /** Digits, not characters: the one phone rule of `./phone`. */
  phone: PHONE_DIGITS,
  /** The GP's name is a person's full name, as the referral's. */
  gpName: NAME_LENGTHS.full,
  gpAddress: { min: 10, max: 300 },
  testReason: { min: 10, max: 300 },
  email: 254,
} as const;

/**
 * Bookings held or paid that one visitor address (an IPv6 one by its /64) may make in 24 hours: above the 30 times
 * one address may hold at once (MAX_HOLDS_PER_ADDRESS), so everyone an office's or mobile network's shared address
 * lets hold a time can book it (decision 0020).
 */
export const BOOKINGS_PER_ADDRESS_PER_DAY = 40;

/** The header carrying a booking's own access token (DESIGN.md section 3). */
export const BOOKING_TOKEN_HEADER = 'x-booking-token';

export const bookingTexts = {
  required: texts.requiredSpaced,
  dobRequired: 'Required',
  dobInvalid: 'Enter the date of birth as dd.mm.yyyy, for example 14.03.1985.',
  dobNotReal: 'This is not a real date: please check the day and the month.',
  dobInFuture: 'The date of birth cannot be in the future.',
  dobTooEarly: 'The date of birth cannot be before 1900.',
  tooShort: texts.tooShort,
  tooLong: texts.tooLong,
  notAllowedCharacters: texts.notAllowedCharacters,
  mailInvalid: texts.mailInvalid,
  phoneInvalid: texts.phoneInvalid,
  holdMissing: 'Please choose a time first: this time is not held for you, or your hold has ended.',
  holdForMove:
    'This time is held to move an existing booking, not to make a new one. Please choose a time on the booking page.',
  kindMismatch: 'This time is for another kind of appointment.',
  tooManyBookings: `One address can make at most ${BOOKINGS_PER_ADDRESS_PER_DAY} bookings a day. Please call the clinic to book more.`,
  notFound: 'Patient not found',
  /** Success notices of the booking (spec section 8). */
  bookedVideo: 'You have successfully booked for the Video Call Appointment.',
  bookedTest: 'You have successfully booked for the Allergy Test Appointment.',
  fillCard: 'FILL THE CARD INFO',
} as const;

/** A text field: trimmed; empty means not given. */
const optionalText = (max = 1000) =>
  z
    .string({ error: 'Send this field once, as text.' })
    .trim()
    .max(max, bookingTexts.tooLong)
    .nullish()
    .transform((value) => (value ? value : undefined));

/** Today as YYYY-MM-DD in the clinic's calendar (the browser's clock is good enough for a form's hint). */
export function todayInDublin(now = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Europe/Dublin',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(now);
}

/** The earliest date of birth any form takes. */
const FIRST_BIRTH_DAY = '1900-01-01';

/**
 * What is wrong with a date of birth (typed as `./date-of-birth` reads it, `today` the last day it may be, as
 * YYYY-MM-DD), as the message key of the booking and referral texts, or nothing: a day and month the calendar
 * does not have (31.02) is said to be no real date, a day too early is said so, not taken for a badly written one.
 */
export function dobProblem(
  dob: string,
  today: string,
): 'dobInvalid' | 'dobNotReal' | 'dobTooEarly' | 'dobInFuture' | undefined {
  const read = readTypedDate(dob);
  if ('problem' in read) return read.problem === 'notReal' ? 'dobNotReal' : 'dobInvalid';
  if (read.day < FIRST_BIRTH_DAY) return 'dobTooEarly';
  if (read.day > today) return 'dobInFuture';
  return undefined;
}

/** A date of birth field: typed any way `./date-of-birth` reads, kept as YYYY-MM-DD (what it cannot read, as sent). */
export const dobField = (max = 1000) =>
  optionalText(max).transform((value) => (value === undefined ? undefined : typedDateToDay(value)));

type Issue = [field: string, message: string];

/** A field's issue in this form's words, for a problem named by its text's key. */
const issueOf = (field: string, problem: keyof typeof bookingTexts | undefined): Issue | undefined =>
  problem === undefined ? undefined : [field, bookingTexts[problem]];

const lengthIssue = (field: string, value: string | undefined, min: number, max: number) =>
  issueOf(field, lengthProblem(value, min, max));

const nameIssue = (field: string, value: string | undefined, min: number, max: number) =>
  issueOf(field, nameProblem(value, min, max));

/** The phone rule of every form (`./phone`): digits counted, other characters refused. */
function phoneIssue(value: string | undefined): Issue | undefined {
  if (value === undefined) return ['phone', bookingTexts.required];
  const message = phoneIssueText(value);
  return message === undefined ? undefined : ['phone', message];
}

const EMAIL = z.email();
const emailIssue = (field: string, value: string): Issue | undefined =>
  value.length > BOOKING_LIMITS.email || !EMAIL.safeParse(value).success
    ? [field, bookingTexts.mailInvalid]
    : undefined;

/** The form's fields as the API reads them (`patient[first_name]` → `first_name`). */
const bookingFields = {
  first_name: optionalText(),
  last_name: optionalText(),
  email: optionalText(),
  phone: optionalText(),
  /** Sent YYYY-MM-DD, or as typed: 14.03.1985, 14/03/1985, 14-03-1985, 14031985. */
  dob: dobField(),
  is_adult: formFlagSchema('is_adult'),
  /**
   * Whether the chosen slot is a video call. The browser's form sends it to pick the rules; the server
   * checks the form with the slot's own kind, whatever was sent.
   */
  is_video_call: formFlagSchema('is_video_call'),
  guardian_first_name: optionalText(),
  guardian_last_name: optionalText(),
  session_id: z
    .union([z.number(), z.string()], { error: bookingTexts.required })
    .transform((value, context) => {
      const id = typeof value === 'number' ? value : Number(value.trim());
      if (!Number.isInteger(id) || id < 1 || id > 2_147_483_647) {
        context.addIssue({ code: 'custom', message: bookingTexts.required });
        return z.NEVER;
      }
      return id;
    }),
  consultant_name: optionalText(),
  /** Spelt so in the API (spec section 3). */
  consultant_addres: optionalText(1000),
  consultant_email: optionalText(),
  /** The reason for the test. */
  allergens: optionalText(1000),
  antihistamine: formFlagSchema('antihistamine'),
  /** The antihistamines the patient takes: a comma-separated list of `./antihistamines` choices (optional). */
  antihistamines: optionalText(200),
  agreement: formFlagSchema('agreement'),
  /** Consent to texts at `phone` (unticked by default); the server keeps it with its time (issue 34). */
  sms_consent: formFlagSchema('sms_consent'),
};

/** Any value of a field the server answers itself (the patient's id, full name, price, slot): read, never kept. */
const answeredByServer = z.unknown().optional();

/**
 * The rest of the spec's patient entity (section 3), accepted so a client sending the whole entity can book:
 * `payment_type` (a paid booking on the website is by card, whatever is sent), the fields the server answers
 * itself, and the self-referral variant's answers, which a slot booking does not ask for and does not keep.
 */
export const otherPatientFields = {
  // Shown in a cell of the appointments and takings CSVs, so one line of visible characters.
  payment_type: optionalText(40).refine(
    (value) => value === undefined || isOneLine(value),
    texts.notAllowedCharacters,
  ),
  id: answeredByServer,
  full_name: answeredByServer,
  price: answeredByServer,
  session: answeredByServer,
  attachment_url: answeredByServer,
  is_referral: formFlagSchema('is_referral'),
  has_referral_letter: formFlagSchema('has_referral_letter'),
  address: optionalText(1000),
  gp_details: optionalText(1000),
  is_hayfever: formFlagSchema('is_hayfever'),
  is_asthma: formFlagSchema('is_asthma'),
  is_eczema: formFlagSchema('is_eczema'),
  concerns: optionalText(1000),
  suspected_allergy: optionalText(1000),
  consultation_hopes: optionalText(1000),
  known_allergies_description: optionalText(1000),
  do_you_have_any_known_allergies: formFlagSchema('do_you_have_any_known_allergies'),
  signature: optionalText(),
};

export type BookingFields = {
  first_name?: string;
  last_name?: string;
  email?: string;
  phone?: string;
  dob?: string;
  is_adult: boolean;
  is_video_call: boolean;
  guardian_first_name?: string;
  guardian_last_name?: string;
  consultant_name?: string;
  consultant_addres?: string;
  consultant_email?: string;
  allergens?: string;
  antihistamine: boolean;
  antihistamines?: string;
  agreement: boolean;
  sms_consent?: boolean;
};

/**
 * Every rule of the slot booking form, given the slot's kind (adult or child, video call or not). `today`
 * (YYYY-MM-DD) is the last day a date of birth may be. The admin patient form has the same rules but for the
 * e-mail, which staff may leave out (`emailRequired: false`).
 */
export function bookingFormIssues(
  form: BookingFields,
  today = todayInDublin(),
  { emailRequired = true } = {},
): Issue[] {
  const issues: (Issue | undefined)[] = [];
  const { min, max } = BOOKING_LIMITS.name;
  issues.push(nameIssue('first_name', form.first_name, min, max));
  issues.push(nameIssue('last_name', form.last_name, min, max));
  if (!form.is_adult) {
    issues.push(nameIssue('guardian_first_name', form.guardian_first_name, min, max));
    issues.push(nameIssue('guardian_last_name', form.guardian_last_name, min, max));
  }
  if (form.email !== undefined) issues.push(emailIssue('email', form.email));
  else if (emailRequired) issues.push(['email', bookingTexts.required]);
  issues.push(phoneIssue(form.phone));
  if (form.sms_consent && form.phone === undefined)
    issues.push(['sms_consent', textTexts.consentWithoutPhone]);
  // For a video call only the name, guardian, e-mail and phone rules apply (spec section 5).
  if (!form.is_video_call) {
    if (form.dob === undefined) issues.push(['dob', bookingTexts.dobRequired]);
    if (form.is_adult) {
      const gp = BOOKING_LIMITS;
      issues.push(nameIssue('consultant_name', form.consultant_name, gp.gpName.min, gp.gpName.max));
      issues.push(
        lengthIssue('consultant_addres', form.consultant_addres, gp.gpAddress.min, gp.gpAddress.max),
      );
    }
    if (form.consultant_email !== undefined)
      issues.push(emailIssue('consultant_email', form.consultant_email));
    if (form.allergens !== undefined) {
      const reason = BOOKING_LIMITS.testReason;
      issues.push(lengthIssue('allergens', form.allergens, reason.min, reason.max));
    }
    if (!form.antihistamine) issues.push(['antihistamine', bookingTexts.required]);
    const medicines = antihistaminesProblem(form.antihistamines, !form.is_adult);
    if (medicines) issues.push(['antihistamines', medicines]);
    if (!form.agreement) issues.push(['agreement', bookingTexts.required]);
  }
  if (form.dob !== undefined) {
    issues.push(issueOf('dob', dobProblem(form.dob, today)));
  }
  return issues.filter((issue): issue is Issue => issue !== undefined);
}

type BookingKind = Pick<BookingFields, 'is_adult' | 'is_video_call'>;

/**
 * The fields only some kinds of slot ask for (spec section 5), and when: guardian names for a child, the GP
 * for an adult's test, the test questions for a test. The form shows, and the booking keeps, no others.
 */
const askedOnlyWhen = {
  guardian_first_name: (kind: BookingKind) => !kind.is_adult,
  guardian_last_name: (kind: BookingKind) => !kind.is_adult,
  consultant_name: (kind: BookingKind) => kind.is_adult && !kind.is_video_call,
  consultant_addres: (kind: BookingKind) => kind.is_adult && !kind.is_video_call,
  consultant_email: (kind: BookingKind) => !kind.is_video_call,
  allergens: (kind: BookingKind) => !kind.is_video_call,
  antihistamine: (kind: BookingKind) => !kind.is_video_call,
  antihistamines: (kind: BookingKind) => !kind.is_video_call,
  agreement: (kind: BookingKind) => !kind.is_video_call,
};

/** Whether the booking form asks a slot of this kind for `field` (every field not in `askedOnlyWhen` is). */
export function isAskedFor(field: string, kind: BookingKind): boolean {
  return Object.hasOwn(askedOnlyWhen, field)
    ? askedOnlyWhen[field as keyof typeof askedOnlyWhen](kind)
    : true;
}

/** What the booking keeps of the form for the slot's kind: the fields it does not ask for are dropped. */
export function bookingFormValues<T extends BookingFields>(form: T): T {
  const kept: BookingFields = { ...form };
  for (const field of Object.keys(askedOnlyWhen) as (keyof typeof askedOnlyWhen)[]) {
    if (isAskedFor(field, form)) continue;
    if (field === 'antihistamine' || field === 'agreement') kept[field] = false;
    else kept[field] = undefined;
  }
  return kept as T;
}

const addIssues = (form: BookingFields, context: z.RefinementCtx) => {
  for (const [field, message] of bookingFormIssues(form)) {
    context.addIssue({ code: 'custom', path: [field], message });
  }
};

/** The browser's slot booking form (without files): every rule of spec section 5. */
export const bookingFormSchema = z.object(bookingFields).strict().superRefine(addIssues);

/** The admin patient form's fields (spec section 5): the slot booking form's. */
export const adminPatientFields = bookingFields;

/** The admin patient form's rules: the slot booking form's, the e-mail optional. */
export const adminPatientIssues = (form: BookingFields, context: z.RefinementCtx) => {
  for (const [field, message] of bookingFormIssues(form, undefined, { emailRequired: false })) {
    context.addIssue({ code: 'custom', path: [field], message });
  }
};

/** The browser's admin patient form (without files). */
export const adminPatientFormSchema = z
  .object({ ...adminPatientFields, payment_type: otherPatientFields.payment_type })
  .strict()
  .superRefine(adminPatientIssues);
export type AdminPatientFormInput = z.input<typeof adminPatientFormSchema>;
export type BookingFormValues = z.output<typeof bookingFormSchema>;

/** `is_referral` of a slot booking: left out, or false (a self-referral is read by its own schema). */
const slotBookingFlagSchema = z
  .union([z.literal(false), z.literal('false')])
  .optional()
  .transform(() => false as const);

/**
 * `POST /api/patients` without `is_referral`: the form, the rest of the patient entity, and the result, referral letter and attachment
 * (.doc, .docx, .pdf, checked from their bytes). The form's rules are not checked here: the server checks them with
 * the held slot's own kind (`bookHeldSlot`), which the form's `is_adult` and `is_video_call` may not match.
 */
export const bookingRequestSchema = z
  .object({
    ...bookingFields,
    ...otherPatientFields,
    result: optionalFormFileSchema,
    referral_letter: optionalFormFileSchema,
    attachment: optionalFormFileSchema,
    is_referral: slotBookingFlagSchema,
  })
  .strict();
export type BookingRequest = z.output<typeof bookingRequestSchema>;

/** Who a patient is: what the booker and staff both read of a booking. */
export const patientIdentitySchema = z.object({
  id: z.number().int(),
  first_name: z.string(),
  last_name: z.string(),
  full_name: z.string(),
  email: z.string().nullable(),
  phone: z.string(),
  dob: z.string().nullable(),
  is_adult: z.boolean(),
  guardian_first_name: z.string().nullable(),
  guardian_last_name: z.string().nullable(),
});

/** A booking as its booker reads it back (with the booking's access token): never another patient's data. */
const visitorAppointmentSchema = patientIdentitySchema.extend({
  session_id: z.number().int().nullable(),
  /** The slot's price in euro (the server's, whatever the browser shows). */
  price: z.number(),
  session: publicSlotSchema.nullable(),
  /** 'unpaid', or the payment's status ('succeeded' shows as Paid). */
  payment_status: z.string(),
  /** The booking's short reference (`/booking/{reference}`), once it is paid; null before. Not secret. */
  reference: z.string().nullable(),
  /**
   * Once paid, the calendar event of the booking as the e-mailed invite has it (its UID and SEQUENCE), so an
   * .ics made by the confirmation page is the same event, not a second one; null before.
   */
  calendar: z.object({ uid: z.string(), sequence: z.number().int() }).nullable(),
  /** The antihistamines the patient said they take (an allergy test booked online); null when not asked. */
  antihistamines: z.array(z.enum(antihistamineChoices)).nullable(),
});
export type VisitorAppointment = z.infer<typeof visitorAppointmentSchema>;

export const createdVisitorAppointmentResponseSchema = z.object({
  patient: visitorAppointmentSchema.extend({
    /** Send it as X-Booking-Token to read the booking back and to pay; the server keeps its hash only. */
    access_token: z.string(),
  }),
});
export type CreatedVisitorAppointmentResponse = z.infer<typeof createdVisitorAppointmentResponseSchema>;

export const visitorAppointmentResponseSchema = z.object({ patient: visitorAppointmentSchema });

export const patientIdParams = recordIdParams('Patient');
