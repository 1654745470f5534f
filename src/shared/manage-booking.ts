import { z } from 'zod';
import { clinic } from './clinic';
import { intakeStatuses } from './intake';
import { slotAnswerSchema, slotIdParams } from './slots';
import { texts } from './validation-texts';
import { FLAG_MESSAGE_MAX, flagReasons, wayOutTexts } from './way-out';

/**
 * A patient's own booking, managed without an account (issue 20): the confirmation e-mail and receipt carry
 * `{PUBLIC_URL}/booking/{reference}#{token}`. The reference is short and not secret; the token, in the fragment
 * (never sent by the browser on page load, so never in logs or a Referer), is sent as X-Manage-Token and kept by
 * the server as a hash only. It stops working once the appointment has ended.
 */
export const MANAGE_TOKEN_HEADER = 'x-manage-token';

/** Online, a booking is cancelled or moved only this long before it starts (the terms' notice). */
export const CANCELLATION_NOTICE_HOURS = 48;

/**
 * Times a patient moving their booking may hold at once for that move (`PUT /api/bookings/:reference/sessions/:id`):
 * the one they chose (choosing another lets it go) and one left held in a window they closed. These holds are the
 * booking's, never counted toward the address they came from (decision 0020).
 */
export const MOVE_HOLDS_PER_BOOKING = 2;

/** The booking page's path of a reference (the token goes after `#`). */
export const manageBookingPath = (reference: string) => `/booking/${reference}`;

/** A reference's characters: Crockford's base32, no I, L, O or U, so it reads out clearly on the phone. */
export const REFERENCE_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
const referencePattern = new RegExp(`^[${REFERENCE_ALPHABET}]{6,16}$`);

export const manageBookingTexts = {
  notFound: 'This booking link does not work: it may be mistyped, or the appointment is over.',
  noticePassed: `Appointments can be cancelled or moved online up to ${CANCELLATION_NOTICE_HOURS} hours before they start. Please call us on ${clinic.phone} or e-mail ${clinic.email} and we will help.`,
  notChangeable: 'This appointment can no longer be changed online.',
  alreadyCancelled: 'This appointment is already cancelled.',
  cancelled: 'Your appointment is cancelled. We have e-mailed you a confirmation.',
  /** Cancelled with money paid at the clinic (cash, the card terminal), which cannot go back to a card online. */
  cancelledPaidAtClinic: (amount: string) =>
    `Your appointment is cancelled. We have e-mailed you a confirmation. You paid ${amount} at the clinic: the clinic will contact you to give it back to you.`,
  cancelledRefunded:
    'Your appointment is cancelled and your payment is refunded in full. We have e-mailed you a confirmation; the refund can take 5 to 10 days to reach your card.',
  cancelInProgress: 'Your cancellation is being made. Please look again in a minute.',
  paymentInProgress: 'A payment of this appointment is in progress. Please try again in a few minutes.',
  refundFailed: `We could not refund your payment just now, so the appointment is not cancelled. Please try again later, or call us on ${clinic.phone}.`,
  moved: 'Your appointment is moved. We have e-mailed you the new time with an updated calendar invite.',
  alreadyThere: 'Your appointment is already at this time.',
  otherKind: 'Please choose a time of the same kind: the same test or consultation, for an adult or a child.',
  otherPrice: (now: string, was: string) =>
    `This time costs ${now}, not ${was} as your booking. Online, an appointment moves only to a time of the same price; please call us on ${clinic.phone} to change it.`,
  started: 'Please choose a time that has not started.',
  /** The move's picker found no free time of the appointment in the months it looks through (the page adds how to call). */
  noFreeTime: 'No free time of this appointment in the next months.',
  holdMissing: 'Please choose the new time again: it is not held for you any more.',
  tooManyMoveHolds:
    'A time is already held for moving this booking, in another window. Please choose a time there, or try again in a few minutes: a time held in a window you closed is released by itself.',
  tooManyActions: 'Too many changes from this address. Please wait a few minutes and try again.',
} as const;

/**
 * `/api/bookings/:reference`: a reference of our alphabet, read as Crockford's base32 is: lower case as upper, and
 * the letters a reference never holds but a person may read or type for a digit (O for 0, I and L for 1) as that digit.
 */
export const appointmentReferenceParams = z.object({
  reference: z
    .string()
    .transform((value) => value.toUpperCase().replace(/O/g, '0').replace(/[IL]/g, '1'))
    .refine((value) => referencePattern.test(value), manageBookingTexts.notFound),
});

/** `/api/bookings/:reference/sessions/:id`: the booking, and the time its patient holds to move it to. */
export const moveHoldParams = appointmentReferenceParams.extend(slotIdParams.shape);

/** What the patient may do with the booking now. */
export const manageActions = ['cancel', 'move'] as const;

/** The booking as its patient sees it on its page: what, when, where, price, payment, and what they may do. */
const managedAppointmentSchema = z.object({
  reference: z.string(),
  /** upcoming (booked or paid), cancelled (cancelled or refunded), over (attended, missed, or past its end). */
  status: z.enum(['upcoming', 'cancelled', 'over']),
  patient_name: z.string(),
  /** e.g. 'Allergy test (skin prick test), adult'. */
  service: z.string(),
  session: slotAnswerSchema,
  /** Euro, as booked. */
  price: z.number(),
  /**
   * unpaid (booked by the clinic, paid there), paid (online), paid_at_clinic (money paid at the clinic that the
   * clinic still holds: `paid_at_clinic`), refunding (to the card), refunded.
   */
  payment_status: z.enum(['unpaid', 'paid', 'paid_at_clinic', 'refunding', 'refunded']),
  /** Euro paid at the clinic (cash, card) that the clinic still holds; 0 when none. */
  paid_at_clinic: z.number(),
  /** Until when (ISO 8601) it may be cancelled or moved online; null when it cannot be any more. */
  change_until: z.string().nullable(),
  /**
   * What it may be changed by online now: empty when cancelled, over, or inside the notice; inside the notice
   * `move` alone once the patient flagged it and has not used their free move yet.
   */
  actions: z.array(z.enum(manageActions)),
  /**
   * An allergy test's days to stop antihistamines, earliest first, from what the patient said they take (every
   * kind when not asked); empty for a video consultation. `answered`: the patient told us what they take.
   */
  antihistamines: z.object({
    answered: z.boolean(),
    ask_pharmacist: z.boolean(),
    stop_days: z.array(
      z.object({ medicine: z.string(), day: z.string(), days_before: z.number(), text: z.string() }),
    ),
  }),
  /**
   * The way out before an allergy test (section `way-out`): null when not offered (a video consultation, or not
   * upcoming). `flag`: what the patient told the clinic, if they did; `free_move`: `available` (flagged, inside the
   * notice, a move not made yet), `used` (made), `none` (not flagged, or outside the notice, where moves are free
   * anyway).
   */
  way_out: z
    .object({
      flag: z
        .object({ reason: z.enum(flagReasons), message: z.string().nullable(), flagged_at: z.string() })
        .nullable(),
      free_move: z.enum(['available', 'used', 'none']),
      /**
       * With the free move available after "I could not stop my antihistamines": the first clinic day
       * (YYYY-MM-DD) it may go to, the day they can still stop every medicine they take (5 days for tablets,
       * remedies and "not sure", or when nothing is recorded; 3 for nasal sprays and eye drops). Null otherwise:
       * any free time of the same kind and price.
       */
      move_from: z.string().nullable(),
    })
    .nullable(),
  /**
   * A video consultation's join link, from 24 hours before its start until its end (null before, and when staff
   * have not set one yet); `video_link_from` is when it shows (ISO 8601), null for an allergy test.
   */
  video_link: z.string().nullable(),
  video_link_from: z.string().nullable(),
  /**
   * The intake and consent form (an upcoming allergy test's; null otherwise): its latest version's status, and when
   * the last signed version was signed (a `draft` with `signed_at` is a change begun after signing, not signed yet).
   */
  intake: z.object({ status: z.enum(intakeStatuses), signed_at: z.string().nullable() }).nullable(),
  /** Texts about it (issue 34): `on` while the patient agrees to them (they may stop them here), else `off`. */
  texts: z.enum(['on', 'off']),
});
export type ManagedAppointment = z.infer<typeof managedAppointmentSchema>;

export const managedAppointmentResponseSchema = z.object({ booking: managedAppointmentSchema });

/** The answer of a cancel or a move: the booking as it is now, and what happened in words for the patient. */
export const manageActionResponseSchema = z.object({
  booking: managedAppointmentSchema,
  message: z.string(),
});
export type ManageActionResponse = z.infer<typeof manageActionResponseSchema>;

export const moveAppointmentRequestSchema = z
  .object({
    session_id: z
      .number({ error: 'session_id must be the id of the new time.' })
      .int('session_id must be the id of the new time.')
      .min(1, 'session_id must be the id of the new time.')
      .max(2_147_483_647, 'session_id must be the id of the new time.'),
  })
  .strict();

/** `POST /api/bookings/:reference/flag`: why, and the patient's own words if they wish. */
export const flagRequestSchema = z
  .object({
    reason: z.enum(flagReasons, { error: wayOutTexts.reasonInvalid }),
    message: z
      .string({ error: texts.tooLong })
      .trim()
      .max(FLAG_MESSAGE_MAX, texts.tooLong)
      .optional()
      .transform((value) => (value ? value : undefined)),
  })
  .strict();
export type FlagRequest = z.output<typeof flagRequestSchema>;
