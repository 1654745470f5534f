import { createHash, randomBytes } from 'node:crypto';
import {
  type BookingPatient,
  type BookingRequest,
  bookingFormIssues,
  bookingFormValues,
  bookingTexts,
} from '../../../shared/booking';
import { paymentTexts } from '../../../shared/payments';
import type { Db } from '../../db/database';
import { HttpError } from '../../http/http-errors';
import { fieldErrors } from '../../http/validation';
import { extendHold, findHeldSession } from '../slots/slot-repository';
import { storeUpload } from '../uploads/file-repository';
import { prepareUpload } from '../uploads/upload-checks';
import { deleteBookings, insertPatient, lockBookingsOfHold, toBookingPatient } from './booking-repository';

/** A booking's access token as the browser keeps it; the database keeps only its hash. */
export function hashBookingToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** A header value that can be a booking token (32 random bytes, base64url), hashed; anything else is none. */
export function bookingTokenHashOf(header: string | string[] | undefined): string | undefined {
  return typeof header === 'string' && /^[A-Za-z0-9_-]{43}$/.test(header)
    ? hashBookingToken(header)
    : undefined;
}

const holdMissing = (status: 403 | 409) =>
  new HttpError(status, bookingTexts.holdMissing, fieldErrors([['session_id', [bookingTexts.holdMissing]]]));

/**
 * Creates a booking's patient for the slot the visitor holds. The form is checked again with the slot's
 * own kind (adult or child, video call or not), whatever the browser said; the uploads are checked from
 * their bytes before the transaction; the hold is extended (up to its lifetime) in the same transaction
 * that stores the patient and their private files, so a booking in progress keeps its time.
 *
 * One booking per hold: a booking already made under this hold (a visitor back from the payment step to
 * fix a typo) is replaced, deleted with its files in the same transaction, and its booking token stops
 * working; once it has a payment under way or taken, the new one is refused (409). The hold's row lock,
 * taken first, makes racing submissions of one hold (and a payment starting) wait for each other.
 */
export async function createBooking(
  db: Db,
  request: BookingRequest,
  holdTokenHash: string | undefined,
  holdMinutes: number,
): Promise<BookingPatient & { access_token: string }> {
  if (!holdTokenHash) throw holdMissing(403);
  const held = await findHeldSession(db, request.session_id, holdTokenHash);
  if (!held) throw holdMissing(409);
  const form = { ...request, is_adult: held.isAdult, is_video_call: held.isVideoCall };
  const issues = bookingFormIssues(form);
  if (issues.length > 0) {
    const errors = new Map<string, string[]>();
    for (const [field, message] of issues) errors.set(field, [...(errors.get(field) ?? []), message]);
    throw new HttpError(422, issues[0]![1], fieldErrors(errors));
  }
  const values = bookingFormValues(form);
  const result = request.result ? await prepareUpload(request.result, 'document', 'result') : undefined;
  const letter = request.referral_letter
    ? await prepareUpload(request.referral_letter, 'document', 'referral_letter')
    : undefined;

  const accessToken = randomBytes(32).toString('base64url');
  return db.transaction(async (tx) => {
    const session = await extendHold(tx, request.session_id, holdTokenHash, holdMinutes);
    if (!session) throw holdMissing(409);
    const earlier = await lockBookingsOfHold(tx, session, holdTokenHash);
    if (earlier.some((booking) => booking.keep)) throw new HttpError(409, paymentTexts.inProgress);
    await deleteBookings(
      tx,
      earlier.map((booking) => booking.id),
    );
    const patient = await insertPatient(tx, {
      firstName: values.first_name ?? '',
      lastName: values.last_name ?? '',
      email: values.email ?? null,
      phone: values.phone ?? '',
      dob: values.dob ?? null,
      isAdult: session.isAdult,
      guardianFirstName: values.guardian_first_name ?? null,
      guardianLastName: values.guardian_last_name ?? null,
      sessionId: session.id,
      consultantName: values.consultant_name ?? null,
      consultantAddress: values.consultant_addres ?? null,
      consultantEmail: values.consultant_email ?? null,
      allergens: values.allergens ?? null,
      resultFileId: result ? await storeUpload(tx, result, 'private') : null,
      referralLetterFileId: letter ? await storeUpload(tx, letter, 'private') : null,
      paymentType: 'card',
      antihistamineConfirmed: session.isVideoCall ? null : values.antihistamine,
      agreementAccepted: session.isVideoCall ? null : values.agreement,
      holdTokenHash,
      accessTokenHash: hashBookingToken(accessToken),
      priceCents: session.priceCents,
    });
    return { ...toBookingPatient(patient, session, 'unpaid'), access_token: accessToken };
  });
}
