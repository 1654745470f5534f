import type { FastifyInstance } from 'fastify';
import { createBooking, getBooking } from '../../../shared/api/booking-endpoints';
import { BOOKING_TOKEN_HEADER, bookingTexts } from '../../../shared/booking';
import { HOLD_TOKEN_HEADER } from '../../../shared/slots';
import { route } from '../../http/endpoint-route';
import { HttpError } from '../../http/http-errors';
import { type FormLimits, registerMultipart } from '../../http/multipart-form';
import { syncPendingPayment } from '../payments/payment-service';
import { holdTokenHashOf } from '../slots/slot-service';
import { bookingAnswer, findBooking } from './booking-repository';
import { createBooking as addBooking, bookingTokenHashOf } from './booking-service';

/** Two files (result, referral letter) of 10 MB at most, and the form's short fields. */
const BOOKING_FORM_LIMITS: FormLimits = { files: 2, fields: 25, fieldSize: 4 * 1024 };

/** Bookings one address may create in a minute: a family books a few, a script is slowed down. */
export const BOOKINGS_PER_MINUTE = 10;
/** Reads of a booking one address may make in a minute. */
export const BOOKING_READS_PER_MINUTE = 60;

/** Public calls of the paid booking flow: /api/patients (spec section 7). */
export async function bookingRoutes(api: FastifyInstance): Promise<void> {
  const db = api.db;
  await registerMultipart(api);

  route(
    api,
    createBooking,
    async (request) => ({
      patient: await addBooking(
        db,
        request.body,
        holdTokenHashOf(request.headers[HOLD_TOKEN_HEADER]),
        api.config.holdMinutes,
      ),
    }),
    {
      formLimits: BOOKING_FORM_LIMITS,
      config: { rateLimit: { max: BOOKINGS_PER_MINUTE, timeWindow: '1 minute' } },
    },
  );

  route(
    api,
    getBooking,
    async (request) => {
      const tokenHash = bookingTokenHashOf(request.headers[BOOKING_TOKEN_HEADER]);
      const patient = tokenHash ? await findBooking(db, request.params.id, tokenHash) : undefined;
      if (!patient) throw new HttpError(404, bookingTexts.notFound);
      // A payment the provider has not reported back yet (a lost webhook) is asked for here.
      await syncPendingPayment(db, api.payments, api.config, patient.id);
      return { patient: await bookingAnswer(db, patient) };
    },
    // Generous for a page checking on its payment; a loop guessing ids or tokens is slowed down.
    { config: { rateLimit: { max: BOOKING_READS_PER_MINUTE, timeWindow: '1 minute' } } },
  );
}
