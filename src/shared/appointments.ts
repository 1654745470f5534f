import { z } from 'zod';
import { antihistamineChoices } from './antihistamines';
import {
  formFlagSchema,
  optionalFormFileSchema,
  pagedListSchema,
  recordIdParams,
} from './api/common-schemas';
import { type AppointmentStatus, appointmentStatuses } from './appointment-states';
import { adminPatientFields, adminPatientIssues, otherPatientFields } from './booking';
import { parseEuroCents } from './euro';
import { staffIntakeSchema } from './intake-schemas';
import { paginationQuerySchema } from './pagination';
import { adminPatientSchema, queryFlag } from './patients';
import { deskPaymentMethods, paymentMethods, paymentStatuses, refundStatuses } from './payment-states';
import { paymentTexts } from './payments';
import { textKinds, textReplyActions, textStatuses } from './texts';
import { flagReasons, videoLinkProblem, videoLinkTexts } from './way-out';

/** How staff read each state. */
export const appointmentStatusLabels: Record<AppointmentStatus, string> = {
  held: 'Being booked',
  booked: 'Booked',
  paid: 'Booked',
  arrived: 'Arrived',
  cancelled: 'Cancelled',
  refunded: 'Refunded',
  attended: 'Attended',
  no_show: 'No-show',
};

/** The back office's texts of appointments: the spec's notices and dialogs word for word (section 8), and ours. */
export const appointmentTexts = {
  created: 'You have successfully created a new appointment.',
  updated: 'You have successfully updated the appointment.',
  deleted: 'You have successfully deleted the appointment',
  bookedByAdmin: 'Booked by admin',
  cancelCreateTitle: 'Cancel creating new Appointment?',
  cancelCreateMessage: 'All information you entered earlier will be lost.',
  refundTitle: 'Make Refund ?',
  refundMessage: 'This appointment will be deleted. Are you sure you want to make refund ?',
  markedAttended: 'The appointment was marked as attended.',
  markedNoShow: 'The appointment was marked as a no-show.',
  markedArrived: 'The patient was marked as arrived.',
  markedNotArrived: 'The arrival was undone.',
  notFound: 'Appointment not found',
  slotNotFree: 'This time is not free any more. Please choose another.',
  otherKind: 'The new time must be of the same kind: the same test or consultation, for an adult or a child.',
  slotStarted: 'A time that has started cannot be booked.',
  notChangeable: 'A cancelled or refunded appointment cannot be changed.',
  notMovable: 'Only a booked or paid appointment can be moved to another time.',
  notCancellable: 'This appointment cannot be deleted now.',
  paymentInProgress: 'A payment for this appointment is in progress; try again in a few minutes.',
  changedMeanwhile:
    'This appointment has changed since you opened it (it may just have been paid). Look at it again before deleting it.',
  attendanceTooEarly: 'An appointment can be marked attended or missed once it has started.',
  attendanceNotHere: 'Only a booked appointment can be marked arrived, attended or missed.',
  arrivalNotToday:
    'A patient can be marked as arrived, or the arrival undone, only on the day of the appointment.',
  arrivalUndoRefunded:
    'The payment was given back in full after the arrival, so the arrival cannot be undone: mark the appointment attended or did not attend.',
  wrongPatient: 'patient[id] is not the patient of this appointment.',
  /** Booking for a patient already in the records (`patient_id`). */
  choosePatient: 'Choose a patient from the records.',
  recordNotFound:
    'This patient is not in the records: the id is unknown, or their data has been erased. Search again, or book them as a new patient.',
  recordIsChild:
    "This patient's record is a child's, and this time is for an adult. Choose a child's time, or book them as a new patient.",
  recordIsAdult:
    "This patient's record is an adult's, and this time is for a child. Choose an adult's time, or book the child as a new patient.",
  recordDiffers:
    "This comes from the patient's record and a booking does not change it. Leave it out, or change it on one of their appointments.",
  recordKept:
    "The patient's record already holds this and keeps it: only a role that sees health details may change it.",
} as const;

// ---------------------------------------------------------------------------------------------------
// Back office: /api/admin/transactions (the appointments), /api/admin/refunds, /api/admin/patients (create)

const searchText = z.string().trim().max(200, 'search_transaction is at most 200 characters').optional();

/** What the appointments list and its CSV are filtered by. */
export const appointmentFilterSchema = z
  .object({
    is_video_call: queryFlag('is_video_call'),
    /** Part of the patient's name, e-mail or phone. */
    search_transaction: searchText,
    /** Also the cancelled and refunded appointments (a delete or a refund takes them off the list). */
    include_cancelled: queryFlag('include_cancelled'),
    /**
     * Also the visitors' bookings still being made (held, not paid; lapse within a day), so that staff can reach
     * such a person, to erase them on request. Without it only those with a payment attempt are listed.
     */
    include_held: queryFlag('include_held'),
  })
  .strict();
export type AppointmentFilter = z.output<typeof appointmentFilterSchema>;

export const appointmentsQuerySchema = paginationQuerySchema.extend(appointmentFilterSchema.shape).strict();

/** An appointment's slot as staff see it: the spec's session with its clinic date and times. */
const appointmentSlotSchema = z.object({
  id: z.number().int(),
  /** DD/MM/YYYY, clinic time. */
  data: z.string(),
  /** HH:mm, clinic time. */
  start_time: z.string(),
  end_time: z.string(),
  /** ISO 8601. */
  starts_at: z.string(),
  status: z.string(),
  is_video_call: z.boolean(),
  is_adult: z.boolean(),
  /** Euro. */
  price: z.number(),
  /** The clinic's address; null for a video call. */
  address: z.string().nullable(),
});

/**
 * A booking appointment as staff see it (the spec's "transaction"): `id` is the appointment's, the payment fields
 * read its payments as one (decision 0023: an appointment paid at the desk in parts has several). Its leading payment
 * (the latest that stands, else the latest) gives the status, method and ids; the amounts add up all of them.
 */
const staffAppointmentSchema = z.object({
  id: z.number().int(),
  /** The provider's payment id of its leading payment; null for money taken at the desk or none. */
  transaction_id: z.string().nullable(),
  /**
   * Euro paid: the payments money came in by added up, given back since or not (its latest payment's amount when
   * none did, e.g. a card payment that failed); null: no payment (booked by admin).
   */
  amount: z.number().nullable(),
  /** The leading payment's status; 'booked' for a booking made by staff without one, 'unpaid' otherwise. */
  status: z.string(),
  /** 'Paid', 'Paid in cash', 'Partly paid', 'Partly refunded', 'Booked by admin' or the capitalised status (spec 2.6). */
  status_label: z.string(),
  /** The appointment's own state (held, booked, paid, arrived, cancelled, refunded, attended, no_show). */
  appointment_status: z.enum(appointmentStatuses),
  /** 'stripe' or 'test', or 'desk' for money taken at the desk (the leading payment's); null without a payment. */
  provider: z.string().nullable(),
  /** How the leading payment was taken: card (online), cash or card_terminal (at the desk); null: no payment. */
  payment_method: z.enum(paymentMethods).nullable(),
  /** Euro given back of its payments so far (their refunds, partial or full); null: no payment. */
  refunded_amount: z.number().nullable(),
  /**
   * Euro left to pay of its price as booked: the price less what its payments that stand paid, while it takes or took
   * its time (a part paid at the desk leaves it; a part given back does not). 0: paid in full, ended, or being booked.
   */
  balance_due: z.number(),
  /** DD/MM/YYYY and HH:mm of the last money in (its latest payment's), clinic time. */
  data_payment: z.string().nullable(),
  time_payment: z.string().nullable(),
  paid_at: z.string().nullable(),
  refunded_at: z.string().nullable(),
  /** When it was registered (booked), ISO 8601. */
  created_at: z.string(),
  /** When the patient was checked in at the desk, ISO 8601; null if not (or undone). */
  arrived_at: z.string().nullable(),
  /** '' once the patient's personal data was erased. */
  full_name: z.string(),
  /** 'Adult' or 'Child'. */
  appointment_type: z.string(),
  is_video_call: z.boolean().nullable(),
  /** Null once the patient's personal data was erased. */
  patient_id: z.number().int().nullable(),
  /** The time's start has passed (it may be marked attended or missed). */
  started: z.boolean(),
  session: appointmentSlotSchema.nullable(),
  /** Its intake and consent form was signed online (a later change being made still counts it signed). */
  intake_signed: z.boolean(),
});
export type StaffAppointment = z.infer<typeof staffAppointmentSchema>;

/** An e-mail sent (or to be sent) about an appointment, with its delivery as the outbox has it. */
const appointmentEmailSchema = z.object({
  id: z.number().int(),
  /** The address it went to: left out for a role that may not read patients' contact details. */
  to: z.string().optional(),
  subject: z.string(),
  /** queued (waiting, or being retried after a failure), sent, failed (given up after its retries). */
  status: z.enum(['queued', 'sent', 'failed']),
  attempts: z.number().int(),
  /** The mail server's answer to the last failed attempt. */
  last_error: z.string().nullable(),
  created_at: z.string(),
  sent_at: z.string().nullable(),
});
export type AppointmentEmail = z.infer<typeof appointmentEmailSchema>;

/** A refund of one of the appointment's payments: a part of it, or all that was left. */
const appointmentRefundSchema = z.object({
  id: z.number().int(),
  /** The payment it gives back (one of `payments`). */
  payment_id: z.number().int(),
  /** Euro. */
  amount: z.number(),
  /** Staff's reason, if they gave one. */
  reason: z.string().nullable(),
  /** staff (in the back office), patient (cancelling from their booking link), system (owed back automatically). */
  requested_by: z.enum(['staff', 'patient', 'system']),
  /** The staff member's name (or e-mail) who made it; null when not staff, or their account is gone. */
  refunded_by: z.string().nullable(),
  /** How the money goes back: to the card it was paid with online, or at the desk. */
  method: z.enum(paymentMethods),
  status: z.enum(refundStatuses),
  /** The card provider's refund id (Stripe's `re_…`); null for a refund at the desk, or one not answered yet. */
  provider_refund_id: z.string().nullable(),
  /** When it was asked for; when it was made (null until then). ISO 8601. */
  created_at: z.string(),
  refunded_at: z.string().nullable(),
});
export type AppointmentRefund = z.infer<typeof appointmentRefundSchema>;

/** One of the appointment's payments: by card online, or money taken at the desk. */
const appointmentPaymentSchema = z.object({
  id: z.number().int(),
  method: z.enum(paymentMethods),
  /** 'stripe' or 'test', or 'desk'. */
  provider: z.string(),
  status: z.enum(paymentStatuses),
  /** Euro taken, and given back of it so far. */
  amount: z.number(),
  refunded_amount: z.number(),
  /** When the money came in (ISO 8601); null while a card payment is being taken, or if it failed. */
  paid_at: z.string().nullable(),
  /** Who recorded money taken at the desk (their name or e-mail); null for a card payment, or a former account. */
  recorded_by: z.string().nullable(),
  /** The card provider's payment id (Stripe's `pi_…`); null at the desk. */
  provider_payment_id: z.string().nullable(),
});
export type AppointmentPayment = z.infer<typeof appointmentPaymentSchema>;

export const staffAppointmentsResponseSchema = pagedListSchema('transactions', staffAppointmentSchema);
export type StaffAppointmentsResponse = z.infer<typeof staffAppointmentsResponseSchema>;

/** A text about an appointment and its delivery (the number is left out for a role without contact details). */
const appointmentTextSchema = z.object({
  id: z.number().int(),
  kind: z.enum(textKinds),
  to: z.string().optional(),
  body: z.string(),
  status: z.enum(textStatuses),
  /** The provider's reason of a failed text. */
  last_error: z.string().nullable(),
  created_at: z.string(),
  sent_at: z.string().nullable(),
  delivered_at: z.string().nullable(),
});

const appointmentTextsSchema = z.object({
  /** False without Twilio's keys: no text is sent ("Texts not set up"). */
  set_up: z.boolean(),
  /** The patient's consent to texts: given (with when), withdrawn (STOP or their booking link), or never given. */
  consent: z.enum(['given', 'withdrawn', 'none']),
  consent_changed_at: z.string().nullable(),
  messages: z.array(appointmentTextSchema),
  /** Replies about it: STOP, a request to call about cancelling (never cancelled by itself), anything else. */
  replies: z.array(
    z.object({
      id: z.number().int(),
      action: z.enum(textReplyActions),
      body: z.string(),
      received_at: z.string(),
      /** When staff marked it dealt with (a request to cancel, or words to read), and who; null while it waits. */
      dealt_with_at: z.string().nullable(),
      dealt_with_by: z.string().nullable(),
    }),
  ),
});
export type AppointmentTexts = z.infer<typeof appointmentTextsSchema>;

/** One appointment with its patient, how it is paid and the e-mails sent about it. */
const staffAppointmentDetailSchema = staffAppointmentSchema.extend({
  patient: adminPatientSchema.nullable(),
  booked_by_admin: z.boolean(),
  /** Euro: the appointment's price, its time's when it was booked (its receipt's fee; what the desk may take). */
  price: z.number(),
  /**
   * How it is paid, as the booking said ('card' on the website; for staff's bookings how the patient is expected to
   * pay, e.g. 'Cash': the desk payment's method is chosen from it).
   */
  payment_type: z.string().nullable(),
  /**
   * Euro that money taken at the desk may still add: the price less what was paid, net of refunds (at least
   * `balance_due`; more once a part was given back). More is refused (422 `desk_payment_too_large`).
   */
  left_to_pay: z.number(),
  /** Its payments, oldest first: by card online, or each part taken at the desk. */
  payments: z.array(appointmentPaymentSchema),
  /** The refunds of its payments, oldest first. */
  refunds: z.array(appointmentRefundSchema),
  emails: z.array(appointmentEmailSchema),
  /** Its text messages (issue 34): whether texts are set up, the patient's consent, each text and reply. */
  texts: appointmentTextsSchema,
  /**
   * The patient's flag from their booking link (they could not stop their antihistamines, or are unwell), or null:
   * `message` (their own words) is left out for a role without health details; `free_move_used_at` when they used
   * the one move the flag allows inside the notice.
   */
  flag: z
    .object({
      reason: z.enum(flagReasons),
      label: z.string(),
      message: z.string().nullable().optional(),
      flagged_at: z.string(),
      free_move_used_at: z.string().nullable(),
      /** When staff marked it dealt with (they phoned the patient), and who (name or e-mail); null while open. */
      dealt_with_at: z.string().nullable(),
      dealt_with_by: z.string().nullable(),
    })
    .nullable(),
  /**
   * An allergy test's antihistamines as the patient said them on the booking (`taken`; `answered` false when not
   * asked: every kind is stopped) and the day to stop each, earliest first; null for a video consultation. A health
   * detail: left out for a role that may not see them.
   */
  antihistamines: z
    .object({
      answered: z.boolean(),
      taken: z.array(z.enum(antihistamineChoices)),
      stop_days: z.array(
        z.object({
          medicine: z.enum(antihistamineChoices),
          /** YYYY-MM-DD, clinic day. */
          day: z.string(),
          days_before: z.number().int(),
        }),
      ),
    })
    .nullable()
    .optional(),
  /**
   * A video consultation's join link: its own (`video_link`), else its consultant's standing one; null for a test.
   * Both left out for a role that does not run appointments (may only read them): the link opens the consultation.
   */
  video_link: z.string().nullable().optional(),
  standing_video_link: z.string().nullable().optional(),
  /** Its intake and consent form: null before the patient begins it; answers only for roles that see health details. */
  intake: staffIntakeSchema.nullable(),
});
export type StaffAppointmentDetail = z.infer<typeof staffAppointmentDetailSchema>;

export const staffAppointmentResponseSchema = z.object({ transaction: staffAppointmentDetailSchema });
export type StaffAppointmentResponse = z.infer<typeof staffAppointmentResponseSchema>;

export const appointmentIdParams = recordIdParams('Transaction');

/** `DELETE /api/admin/transactions/:id?status=…`: the state staff saw; the delete is refused if it has changed. */
export const deleteAppointmentQuerySchema = z
  .object({
    status: z.enum(appointmentStatuses, { error: 'status must be a state of an appointment' }).optional(),
  })
  .strict();

/** The most staff may enter as one amount of money (a payment at the desk, a refund). */
const MAX_STAFF_AMOUNT_CENTS = 10_000_000;
export const REFUND_REASON_MAX = 500;

/**
 * An amount of money staff enter: euro as a JSON number or as text ('20', '20.5', '20,50'), more than 0, at most
 * two decimals; in cents.
 */
export const staffAmountSchema = z
  .union([z.number(), z.string()], { error: paymentTexts.amountInvalid })
  .transform((value, context) => {
    const cents = parseEuroCents(value);
    const negative = typeof value === 'number' ? value < 0 : value.trim().startsWith('-');
    const problem =
      cents === undefined
        ? negative
          ? paymentTexts.amountNotPositive
          : paymentTexts.amountInvalid
        : cents === 0
          ? paymentTexts.amountNotPositive
          : cents > MAX_STAFF_AMOUNT_CENTS
            ? paymentTexts.amountTooLarge
            : undefined;
    if (problem || cents === undefined) {
      context.addIssue({ code: 'custom', message: problem ?? paymentTexts.amountInvalid });
      return z.NEVER;
    }
    return cents;
  });

/**
 * `POST /api/admin/refunds`: money of the appointment given back (decision 0023). `payment_id` chooses which of its
 * payments; without it, `amount` comes from its latest payment with that much left, and without either all that is
 * left of every payment of it goes back (one refund a payment). `amount` in euro, at most what is left of the payment;
 * `reason` staff's own, if they give one.
 */
export const refundRequestSchema = z
  .object({
    /** The appointment's id (a row of the appointments list). */
    transaction_id: z
      .number({ error: 'transaction_id must be a transaction id' })
      .int()
      .min(1)
      .max(2_147_483_647),
    /** One of the appointment's payments (its detail's `payments`); none: chosen as said above. */
    payment_id: z
      .number({ error: paymentTexts.paymentIdInvalid })
      .int(paymentTexts.paymentIdInvalid)
      .min(1, paymentTexts.paymentIdInvalid)
      .max(2_147_483_647, paymentTexts.paymentIdInvalid)
      .optional(),
    /** Euro; none: all that is left. */
    amount: staffAmountSchema.optional(),
    reason: z
      .string({ error: paymentTexts.reasonNotText })
      .trim()
      .max(REFUND_REASON_MAX, paymentTexts.reasonTooLong)
      .optional()
      .transform((value) => value || undefined),
  })
  .strict();

export const refundResponseSchema = z.object({
  message: z.string(),
  transaction: staffAppointmentSchema,
  /** The refund just made (the first, when all that was left of several payments went back). */
  refund: appointmentRefundSchema,
  /** Every refund just made: one, or one a payment when all that was left of several went back. */
  refunds: z.array(appointmentRefundSchema),
});

/**
 * `POST /api/admin/transactions/:id/desk_payments`: money staff took at the desk for an appointment they booked,
 * in cash or on the clinic's card terminal, recorded as its payment (now, by the staff member).
 */
export const deskPaymentRequestSchema = z
  .object({
    /** Euro. */
    amount: staffAmountSchema,
    method: z.enum(deskPaymentMethods, { error: paymentTexts.deskMethodInvalid }),
  })
  .strict();
export type DeskPaymentRequest = z.output<typeof deskPaymentRequestSchema>;

/** The result, referral letter and attachment a staff form may carry, and the ticks that remove stored ones. */
const staffFileFields = {
  result: optionalFormFileSchema,
  referral_letter: optionalFormFileSchema,
  attachment: optionalFormFileSchema,
  remove_result: formFlagSchema('remove_result'),
  remove_referral_letter: formFlagSchema('remove_referral_letter'),
  remove_attachment: formFlagSchema('remove_attachment'),
};

const recordId = (message: string) =>
  z.union([z.number(), z.string()], { error: message }).transform((value, context) => {
    const id = typeof value === 'number' ? value : Number(value.trim());
    if (!Number.isInteger(id) || id < 1 || id > 2_147_483_647) {
      context.addIssue({ code: 'custom', message });
      return z.NEVER;
    }
    return id;
  });

const slotIdSchema = recordId('Choose a time.');

/**
 * The patient in the records a booking is for: null, like none, is a new patient; what cannot be an id asks to
 * choose one; an id no record has (or had: erased) is said so.
 */
const patientIdSchema = z
  .union([z.null(), z.number(), z.string()], { error: appointmentTexts.choosePatient })
  .transform((value, context) => {
    if (value === null) return undefined;
    const id = typeof value === 'number' ? value : Number(value.trim());
    if (!Number.isInteger(id) || (typeof value === 'string' && value.trim() === '')) {
      context.addIssue({ code: 'custom', message: appointmentTexts.choosePatient });
      return z.NEVER;
    }
    if (id < 1 || id > 2_147_483_647) {
      context.addIssue({ code: 'custom', message: appointmentTexts.recordNotFound });
      return z.NEVER;
    }
    return id;
  })
  .optional();

/**
 * `POST /api/admin/patients`: staff book a time for a patient (spec 2.6, 4): the admin patient form of spec
 * section 5 (the e-mail optional), the rest of the patient entity, and the files. The time may be available
 * or held by staff (`PUT /api/admin/sessions/:id` pending); its kind decides the form's rules.
 */
export const adminBookingRequestSchema = z
  .object({
    ...adminPatientFields,
    ...otherPatientFields,
    ...staffFileFields,
    session_id: slotIdSchema,
    /**
     * A patient already in the records: the appointment is theirs, and their details come from the record (the
     * form's rules are then checked by the server with the record, `bookForPatient`). Left out: a new patient.
     */
    patient_id: patientIdSchema,
  })
  .strict()
  .superRefine((form, context) => {
    if (form.patient_id === undefined) adminPatientIssues(form, context);
  });
export type AdminBookingRequest = z.output<typeof adminBookingRequestSchema>;

/** The answer of a booking, an edit, a move or a mark: what happened, and the appointment as it is now. */
export const appointmentChangeResponseSchema = z.object({
  message: z.string(),
  transaction: staffAppointmentDetailSchema,
});

/**
 * `PUT /api/admin/transactions/:id`: as the create, plus `patient[id]` (the appointment's patient, checked when
 * sent) and `session[id]` (or `patient[session_id]`): another free future time of the same kind moves the
 * appointment to it; the old time is freed.
 */
export const appointmentUpdateRequestSchema = z
  .object({
    ...adminPatientFields,
    ...otherPatientFields,
    ...staffFileFields,
    id: recordId(appointmentTexts.wrongPatient).optional(),
    session_id: slotIdSchema.optional(),
    session: z.object({ id: slotIdSchema }, { error: 'session must be { id }' }).strict().optional(),
  })
  .strict()
  .superRefine(adminPatientIssues);
export type AppointmentUpdateRequest = z.output<typeof appointmentUpdateRequestSchema>;

/** The columns of Appointments.csv, in order: the table's, then the details a spreadsheet needs. */
/** Appointments.csv's columns of the patients' contact details, left out for a role that may not read them. */
export const appointmentCsvContactColumns = ['E-mail', 'Phone'] as const;

export const appointmentCsvColumns = [
  'Patient name',
  'Appointment type',
  'Payment information',
  'Status',
  'Registered',
  'Date',
  'Time',
  'Kind',
  'E-mail',
  'Phone',
  'Amount (EUR)',
  'Refunded (EUR)',
  'Payment method',
] as const;

/** `PUT /api/admin/transactions/:id/video_link`: the join link of a video appointment; empty or null removes it. */
/**
 * `POST /api/admin/transactions/:id/flag_dealt_with`: the flag staff saw (its `flagged_at`), so one the patient sent
 * since is not marked dealt with unread.
 */
export const flagDealtWithRequestSchema = z
  .object({
    flagged_at: z.iso.datetime({ offset: true, error: 'flagged_at must be the flag’s time, as it was read' }),
  })
  .strict();

export const videoLinkRequestSchema = z
  .object({
    video_link: z
      .string({ error: videoLinkTexts.notHttps })
      .trim()
      .refine((value) => value === '' || !videoLinkProblem(value), {
        error: (issue) => videoLinkProblem(String(issue.input)) ?? videoLinkTexts.notHttps,
      })
      .transform((value) => value || null)
      .nullable(),
  })
  .strict();
