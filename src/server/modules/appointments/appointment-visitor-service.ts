import {
  BOOKINGS_PER_ADDRESS_PER_DAY,
  type BookingRequest,
  bookingFormIssues,
  bookingFormValues,
  bookingTexts,
  type VisitorAppointment,
} from '../../../shared/booking';
import { paymentTexts } from '../../../shared/payments';
import { VISITOR_UPLOADS_USED_UP } from '../../../shared/uploads';
import type { Db } from '../../db/database';
import { conflict, fieldErrors, forbidden, limitReached, notFound, refusedFields } from '../../domain-errors';
import { newSecretToken } from '../../security/secret-tokens';
import type { Actor } from '../audit/audit-log';
import { findPatient } from '../patients/patient-repository';
import { paymentsOfAppointment } from '../payments/payment-repository';
import { extendHold, findAnyHeldSlot, findHeldSlot, findSlot } from '../slots/slot-repository';
import {
  checkVisitorUploadAllowance,
  notingUploadRefusal,
  takeVisitorUploadAllowance,
  type VisitorUploadCounting,
} from '../uploads/visitor-upload-allowance';
import { discardUnpaidAppointments } from './abandoned-appointments';
import type { AppointmentContext } from './appointment-context';
import {
  countAppointmentsFrom,
  findAppointmentByAccessToken,
  lockAppointmentsFrom,
  lockAppointmentsOfHold,
} from './appointment-repository';
import { visitorAppointmentAnswer } from './appointment-view';
import { patientColumnsOf, smsConsentOf, testTicksOf } from './booking-form';
import { isMoveHolder } from './move-holds';
import { bookAppointment } from './moves/book-appointment';
import { preparedBytes, preparedFiles } from './patient-files';

/**
 * What a visitor does on the public booking pages (spec sections 3 and 7): book the time they hold (the `book` move,
 * with the visitor's own rules: their hold, one booking a hold, the limits of their address), and read it back with
 * its access token while they pay.
 */

const holdMissing = () => fieldErrors([['session_id', [bookingTexts.holdMissing]]]);

/** A time held to move a booking is that move's only (decision 0020): never a new booking's. */
const heldForMove = () =>
  conflict(
    'hold_for_move',
    bookingTexts.holdForMove,
    fieldErrors([['session_id', [bookingTexts.holdForMove]]]),
  );

/** A visitor booking the slot they hold: who they are to the audit log, and to the per-address daily limit. */
export interface Visitor {
  holdTokenHash: string | undefined;
  /** The address as limits count it (an IPv6 one by its /64). */
  client: string;
  actor: Actor;
}

const DAY_MS = 24 * 3_600_000;

/** What a booking form's text fields take at most: the rest of a form's length is its files. */
const FORM_TEXT_BYTES = 64 * 1024;

/**
 * Before a booking form is read (its files may weigh 30 MB): the visitor's hold token must hold a time now
 * (else 403 without a token, 409 with one that holds nothing, as `bookHeldSlot` would answer), and the files
 * a form of `formBytes` can carry must fit what is left of the address's allowance for the day (else 429; the
 * booking's own transaction checks the files it really carried).
 */
export async function checkBeforeBookingForm(
  db: Db,
  visitor: Pick<Visitor, 'holdTokenHash' | 'client'>,
  formBytes: number,
  uploads?: VisitorUploadCounting,
): Promise<void> {
  if (!visitor.holdTokenHash) throw forbidden('hold_missing', bookingTexts.holdMissing, holdMissing());
  const held = await findAnyHeldSlot(db, visitor.holdTokenHash);
  if (!held) throw conflict('hold_missing', bookingTexts.holdMissing, holdMissing());
  if (isMoveHolder(held.holdClient)) throw heldForMove();
  const fileBytes = Math.max(0, formBytes - FORM_TEXT_BYTES);
  if (fileBytes === 0) return;
  await notingUploadRefusal(db, uploads, visitor.client, () =>
    checkVisitorUploadAllowance(db, visitor.client, fileBytes, VISITOR_UPLOADS_USED_UP),
  );
}

/**
 * A visitor books the slot they hold: a new patient and a `held` appointment, waiting for its payment. The form is
 * checked again with the slot's own kind (adult or child, video call or not), whatever the browser said; the
 * uploads are checked from their bytes before the transaction; the hold is extended (up to its lifetime) in the
 * same transaction that stores the patient, the files and the appointment, so a booking in progress keeps its
 * time.
 *
 * One booking per hold: a booking already made under this hold token (a visitor back from the payment step to
 * fix a typo; re-holding the same time keeps the token) is replaced, deleted with its patient and files in the
 * same transaction, and its access token stops working; once it has a payment under way or taken, the new one is
 * refused (409). Those bookings' row locks, taken first, make racing submissions of one hold (and a payment
 * starting) wait for each other. One address makes at most BOOKINGS_PER_ADDRESS_PER_DAY bookings (paid, or still
 * held) in 24 hours.
 */
export async function bookHeldSlot(
  context: AppointmentContext,
  request: BookingRequest,
  visitor: Visitor,
  uploads?: VisitorUploadCounting,
): Promise<VisitorAppointment & { access_token: string }> {
  const { db, settings } = context;
  const { holdTokenHash } = visitor;
  if (!holdTokenHash) throw forbidden('hold_missing', bookingTexts.holdMissing, holdMissing());
  const held = await findHeldSlot(db, request.session_id, holdTokenHash);
  if (!held) throw conflict('hold_missing', bookingTexts.holdMissing, holdMissing());
  if (isMoveHolder(held.holdClient)) throw heldForMove();
  const form = { ...request, is_adult: held.isAdult, is_video_call: held.isVideoCall };
  const consent = smsConsentOf(form);
  const issues = bookingFormIssues(form);
  if (consent.issue) issues.push(consent.issue);
  if (issues.length > 0) throw refusedFields(issues);
  const values = bookingFormValues(form);
  const files = await preparedFiles(request);
  const upload = { files: Object.keys(files).length, bytes: preparedBytes(files) };
  const access = newSecretToken();

  const booked = await notingUploadRefusal(db, uploads, visitor.client, () =>
    bookAppointment(db, {
      actor: visitor.actor,
      by: 'visitor',
      files,
      visitor: { holdTokenHash, accessTokenHash: access.hash, bookedFrom: visitor.client },
      // Locks are taken appointments first, then payments, then slots, in every transaction of the module, so two
      // of them never wait for each other in a circle.
      takeSlot: async (tx) => {
        const earlier = await lockAppointmentsOfHold(tx, holdTokenHash);
        if (earlier.some((row) => row.keep)) {
          throw conflict('payment_in_progress', paymentTexts.inProgress);
        }
        const replaced = earlier.map((row) => row.id);
        await lockAppointmentsFrom(tx, visitor.client);
        const since = new Date(Date.now() - DAY_MS);
        if (
          (await countAppointmentsFrom(tx, visitor.client, since, replaced)) >= BOOKINGS_PER_ADDRESS_PER_DAY
        ) {
          throw limitReached('bookings_limit', bookingTexts.tooManyBookings);
        }
        if (upload.files > 0) {
          await takeVisitorUploadAllowance(tx, visitor.client, upload, VISITOR_UPLOADS_USED_UP);
        }
        await discardUnpaidAppointments(tx, replaced);
        const slot = await extendHold(tx, request.session_id, holdTokenHash, settings.holdMinutes);
        if (!slot) throw conflict('hold_missing', bookingTexts.holdMissing, holdMissing());
        // Checked again on the row this transaction holds: the token's hold may have been taken for a move meanwhile.
        if (isMoveHolder(slot.holdClient)) throw heldForMove();
        return { slot, audit: replaced.length > 0 ? { replaced } : undefined };
      },
      formFor: (slot) => ({
        patient: { ...patientColumnsOf(values, slot), ...consent.columns },
        appointment: { paymentType: 'card', ...testTicksOf(values, slot) },
      }),
    }),
  );
  if (upload.files > 0) uploads?.observer.visitorUploadAccepted(upload);
  const { appointment, patient, slot } = booked;
  return { ...visitorAppointmentAnswer(appointment, patient, slot, 'unpaid'), access_token: access.token };
}

/** The booking `patientId` as its booker reads it back, only with its access token; nothing is written. */
export async function readVisitorAppointment(db: Db, patientId: number, accessTokenHash: string | undefined) {
  const appointment = accessTokenHash ? await findAppointmentByAccessToken(db, accessTokenHash) : undefined;
  const patient =
    appointment?.patientId === patientId ? await findPatient(db, appointment.patientId) : undefined;
  if (!appointment || !patient) throw notFound(bookingTexts.notFound);
  const [slot, [latest]] = await Promise.all([
    appointment.slotId ? findSlot(db, appointment.slotId) : undefined,
    paymentsOfAppointment(db, appointment.id),
  ]);
  return visitorAppointmentAnswer(appointment, patient, slot, latest?.status ?? 'unpaid');
}
