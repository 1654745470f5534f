import {
  BOOKINGS_PER_ADDRESS_PER_DAY,
  type BookingPatient,
  type BookingRequest,
  bookingFormIssues,
  bookingFormValues,
  bookingTexts,
} from '../../../shared/booking';
import { paymentTexts } from '../../../shared/payments';
import { VISITOR_UPLOAD_BYTES_PER_DAY, VISITOR_UPLOADS_USED_UP } from '../../../shared/uploads';
import type { AppConfig } from '../../config';
import type { Db } from '../../db/database';
import { conflict, fieldErrors, forbidden, limitReached, notFound, refusedFields } from '../../domain-errors';
import type { JobLogger } from '../../jobs/job-runner';
import { newSecretToken } from '../../security/secret-tokens';
import { type Actor, auditChange, systemActor } from '../audit/audit-log';
import { deletePatients, findPatient, insertPatient } from '../patients/patient-repository';
import type { PaymentProvider } from '../payments/payment-provider';
import { paymentsOfAppointment, paymentsOfAppointments } from '../payments/payment-repository';
import { extendHold, findHeldSlot, findSlot, holdsAnySlot } from '../slots/slot-repository';
import {
  forgetClientUploadsBefore,
  recordClientUpload,
  uploadedBytesSince,
} from '../uploads/client-upload-repository';
import { storeUpload } from '../uploads/file-repository';
import { prepareUpload } from '../uploads/upload-checks';
import {
  claimAbandonedBookings,
  countBookingsFrom,
  deleteAppointments,
  findAppointmentByAccessToken,
  insertAppointment,
  lockBookingsFrom,
  lockBookingsOfHold,
} from './appointment-repository';
import { appointmentStarts } from './appointment-states';
import { bookingAnswer } from './appointment-view';
import { forgetBookers } from './forget-bookers';

/** What the appointment service works with: the database, the card provider, settings, and where to log. */
export interface AppointmentContext {
  db: Db;
  provider: PaymentProvider;
  settings: Pick<AppConfig, 'holdMinutes' | 'publicUrl' | 'clinicEmail'>;
  log: JobLogger;
}

const ENTITY = 'appointment';

const holdMissing = () => fieldErrors([['session_id', [bookingTexts.holdMissing]]]);

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
 * (else 403 without a token, 409 with one that holds nothing, as `bookAppointment` would answer), and the files
 * a form of `formBytes` can carry must fit what is left of the address's allowance for the day (else 429; the
 * booking's own transaction checks the files it really carried).
 */
export async function checkBeforeBookingForm(
  db: Db,
  visitor: Pick<Visitor, 'holdTokenHash' | 'client'>,
  formBytes: number,
): Promise<void> {
  if (!visitor.holdTokenHash) throw forbidden(bookingTexts.holdMissing, holdMissing());
  if (!(await holdsAnySlot(db, visitor.holdTokenHash))) {
    throw conflict(bookingTexts.holdMissing, holdMissing());
  }
  const fileBytes = Math.max(0, formBytes - FORM_TEXT_BYTES);
  if (fileBytes === 0) return;
  const used = await uploadedBytesSince(db, visitor.client, new Date(Date.now() - DAY_MS));
  if (used + fileBytes > VISITOR_UPLOAD_BYTES_PER_DAY) throw limitReached(VISITOR_UPLOADS_USED_UP);
}

/**
 * Books the slot a visitor holds: a new patient and a `held` appointment, waiting for its payment. The form is
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
export async function bookAppointment(
  context: AppointmentContext,
  request: BookingRequest,
  visitor: Visitor,
): Promise<BookingPatient & { access_token: string }> {
  const { db, settings } = context;
  const { holdTokenHash } = visitor;
  if (!holdTokenHash) throw forbidden(bookingTexts.holdMissing, holdMissing());
  const held = await findHeldSlot(db, request.session_id, holdTokenHash);
  if (!held) throw conflict(bookingTexts.holdMissing, holdMissing());
  const form = { ...request, is_adult: held.isAdult, is_video_call: held.isVideoCall };
  const issues = bookingFormIssues(form);
  if (issues.length > 0) throw refusedFields(issues);
  const values = bookingFormValues(form);
  const [result, letter, attachment] = await Promise.all([
    request.result ? prepareUpload(request.result, 'document', 'result') : undefined,
    request.referral_letter
      ? prepareUpload(request.referral_letter, 'document', 'referral_letter')
      : undefined,
    request.attachment ? prepareUpload(request.attachment, 'document', 'attachment') : undefined,
  ]);
  const uploadedBytes = [result, letter, attachment].reduce(
    (bytes, file) => bytes + (file?.bytes.length ?? 0),
    0,
  );
  const access = newSecretToken();

  // Locks are taken appointments first, then payments, then slots, in every transaction of the module, so two
  // of them never wait for each other in a circle.
  return db.transaction(async (tx) => {
    const earlier = await lockBookingsOfHold(tx, holdTokenHash);
    if (earlier.some((booking) => booking.keep)) throw conflict(paymentTexts.inProgress);
    const replaced = earlier.map((booking) => booking.id);
    await lockBookingsFrom(tx, visitor.client);
    const since = new Date(Date.now() - DAY_MS);
    if ((await countBookingsFrom(tx, visitor.client, since, replaced)) >= BOOKINGS_PER_ADDRESS_PER_DAY) {
      throw limitReached(bookingTexts.tooManyBookings);
    }
    if (uploadedBytes > 0) {
      if (
        (await uploadedBytesSince(tx, visitor.client, since)) + uploadedBytes >
        VISITOR_UPLOAD_BYTES_PER_DAY
      ) {
        throw limitReached(VISITOR_UPLOADS_USED_UP);
      }
      await recordClientUpload(tx, visitor.client, uploadedBytes);
    }
    await discardBookings(tx, replaced);
    const slot = await extendHold(tx, request.session_id, holdTokenHash, settings.holdMinutes);
    if (!slot) throw conflict(bookingTexts.holdMissing, holdMissing());
    const patient = await insertPatient(tx, {
      firstName: values.first_name ?? '',
      lastName: values.last_name ?? '',
      email: values.email ?? null,
      phone: values.phone ?? '',
      dob: values.dob ?? null,
      isAdult: slot.isAdult,
      guardianFirstName: values.guardian_first_name ?? null,
      guardianLastName: values.guardian_last_name ?? null,
      consultantName: values.consultant_name ?? null,
      consultantAddress: values.consultant_addres ?? null,
      consultantEmail: values.consultant_email ?? null,
      allergens: values.allergens ?? null,
      resultFileId: result ? await storeUpload(tx, result, 'private') : null,
      referralLetterFileId: letter ? await storeUpload(tx, letter, 'private') : null,
      attachmentFileId: attachment ? await storeUpload(tx, attachment, 'private') : null,
    });
    const appointment = await insertAppointment(tx, {
      patientId: patient.id,
      slotId: slot.id,
      status: appointmentStarts.visitor,
      priceCents: slot.priceCents,
      paymentType: 'card',
      antihistamineConfirmed: slot.isVideoCall ? null : values.antihistamine,
      agreementAccepted: slot.isVideoCall ? null : values.agreement,
      holdTokenHash,
      accessTokenHash: access.hash,
      bookedFrom: visitor.client,
    });
    await auditChange(tx, visitor.actor, 'create', ENTITY, appointment.id, {
      status: appointment.status,
      slot_id: slot.id,
      patient_id: patient.id,
      ...(replaced.length > 0 ? { replaced } : {}),
    });
    return { ...bookingAnswer(appointment, patient, slot, 'unpaid'), access_token: access.token };
  });
}

/**
 * Deletes unpaid bookings with their patients and files; their payments stay, without the customer, and the
 * audit entries of both without the visitor's address.
 */
async function discardBookings(db: Db, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  const paymentIds = (await paymentsOfAppointments(db, ids)).map((payment) => payment.id);
  await forgetBookers(db, ids, paymentIds);
  await deletePatients(db, await deleteAppointments(db, ids));
}

/** The booking `patientId` as its booker reads it back, only with its access token; nothing is written. */
export async function readBooking(db: Db, patientId: number, accessTokenHash: string | undefined) {
  const appointment = accessTokenHash ? await findAppointmentByAccessToken(db, accessTokenHash) : undefined;
  const patient =
    appointment?.patientId === patientId ? await findPatient(db, appointment.patientId) : undefined;
  if (!appointment || !patient) throw notFound(bookingTexts.notFound);
  const [slot, [latest]] = await Promise.all([
    appointment.slotId ? findSlot(db, appointment.slotId) : undefined,
    paymentsOfAppointment(db, appointment.id),
  ]);
  return bookingAnswer(appointment, patient, slot, latest?.status ?? 'unpaid');
}

/** An unpaid booking whose hold is gone is deleted, with its patient and files, this long after it was made. */
export const ABANDONED_BOOKING_RETENTION_HOURS = 24;
/** Bookings deleted in one transaction (each may carry three 10 MB files). */
const ABANDONED_BATCH = 20;

/**
 * Deletes abandoned unpaid bookings `ABANDONED_BOOKING_RETENTION_HOURS` after they were made: a visitor's
 * booking never paid, with no payment in progress or taken (see `keepingPaymentStatuses`), whose hold is gone,
 * with its patient and private files. Each batch is claimed with FOR UPDATE SKIP LOCKED and deleted in the same
 * transaction with its audit entry, so several instances running it at once never take the same booking.
 * Answers the deleted appointments' ids.
 */
export async function deleteAbandonedBookings(
  context: AppointmentContext,
  now = new Date(),
): Promise<number[]> {
  const createdBefore = new Date(now.getTime() - ABANDONED_BOOKING_RETENTION_HOURS * 3_600_000);
  const deleted: number[] = [];
  for (;;) {
    const batch = await context.db.transaction(async (tx) => {
      const ids = await claimAbandonedBookings(tx, createdBefore, ABANDONED_BATCH);
      // What addresses sent a day ago no longer counts against them either.
      await forgetClientUploadsBefore(tx, createdBefore);
      await discardBookings(tx, ids);
      for (const id of ids) await auditChange(tx, systemActor, 'delete', ENTITY, id, { reason: 'abandoned' });
      return ids;
    });
    deleted.push(...batch);
    if (batch.length < ABANDONED_BATCH) return deleted;
  }
}
