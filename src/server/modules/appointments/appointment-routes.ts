import type { FastifyInstance, FastifyRequest } from 'fastify';
import { getBooking } from '../../../shared/api/booking-endpoint-schemas';
import {
  cancelManagedBooking,
  downloadOwnInvite,
  downloadOwnReceipt,
  flagManagedBooking,
  getManagedBooking,
  holdTimeForMove,
  moveManagedBooking,
  stopManagedTexts,
} from '../../../shared/api/manage-booking-endpoint-schemas';
import {
  checkPayment,
  createPayment,
  getPaymentConfig,
  stripeWebhook,
} from '../../../shared/api/payment-endpoint-schemas';
import { BOOKING_TOKEN_HEADER } from '../../../shared/booking';
import { MANAGE_TOKEN_HEADER, manageBookingTexts } from '../../../shared/manage-booking';
import { paymentTexts } from '../../../shared/payments';
import { HOLD_TOKEN_HEADER, HOLDS_PER_MINUTE } from '../../../shared/slots';
import { route } from '../../http/endpoint-route';
import { HttpError } from '../../http/http-errors';
import { registerMultipart } from '../../http/multipart-form';
import { sendPdf } from '../../http/pdf-download';
import { hashSecretToken, secretTokenHashOf, secretTokenOf } from '../../security/secret-tokens';
import { visitorActor } from '../audit/audit-log';
import { readStripeWebhook } from '../payments/stripe-webhook';
import type { AppointmentContext } from './appointment-context';
import {
  cancelOwnAppointment,
  flagOwnAppointment,
  holdTimeForOwnMove,
  type ManageLinkRequest,
  moveOwnAppointment,
  readOwnAppointment,
  stopOwnTexts,
} from './appointment-patient-service';
import { applyPaymentEvent, checkAppointmentPayment, payByCard } from './appointment-payments';
import { readVisitorAppointment } from './appointment-visitor-service';
import { ownInvite } from './own-invite';
import { receiptForPatient } from './receipt-service';

/** Reads of a booking one address may make in a minute. */
const BOOKING_READS_PER_MINUTE = 60;
/** Payments one address may try in a minute: a few cards, not a card-testing script. */
const PAYMENTS_PER_MINUTE = 10;

/** Cancels and moves one address may ask for in a minute from booking links: a patient makes one or two. */
export const MANAGE_ACTIONS_PER_MINUTE = 10;

/** A webhook body is small; Stripe's events are a few kilobytes. */
const WEBHOOK_BODY_LIMIT = 256 * 1024;

declare module 'fastify' {
  interface FastifyInstance {
    /** What the appointments' services work with: the database, the card provider, settings and the log. */
    appointments: AppointmentContext;
  }
}

/** The appointment service's context for one request: its log lines carry the request's id. */
const contextOf = (api: FastifyInstance, request: FastifyRequest): AppointmentContext => ({
  ...api.appointments,
  log: request.log,
});

const bookingTokenOf = (request: FastifyRequest) => secretTokenHashOf(request.headers[BOOKING_TOKEN_HEADER]);
const holdTokenOf = (request: FastifyRequest) => secretTokenHashOf(request.headers[HOLD_TOKEN_HEADER]);

/** The patient's booking link as the request carries it: the path's reference and X-Manage-Token. */
function manageLinkOf(request: FastifyRequest<{ Params: { reference: string } }>): ManageLinkRequest {
  const token = secretTokenOf(request.headers[MANAGE_TOKEN_HEADER]);
  return {
    reference: request.params.reference,
    token,
    tokenHash: token === undefined ? undefined : hashSecretToken(token),
  };
}

/**
 * The public calls of a paid booking (spec section 7) once it is made (`/api/patients`, in the patient-intake
 * module, books the held slot): `/api/payments` pays it, and Stripe's webhook tells how a payment ended.
 */
export async function appointmentRoutes(api: FastifyInstance): Promise<void> {
  const { db, provider } = api.appointments;
  await registerMultipart(api);

  route(
    api,
    getBooking,
    async (request) => ({
      patient: await readVisitorAppointment(db, request.params.id, bookingTokenOf(request)),
    }),
    // Generous for a page checking on its payment; a loop guessing ids or tokens is slowed down.
    { config: { rateLimit: { max: BOOKING_READS_PER_MINUTE, timeWindow: '1 minute' } } },
  );

  route(
    api,
    downloadOwnReceipt,
    async (request, reply) =>
      sendPdf(reply, await receiptForPatient(db, manageLinkOf(request), manageBookingTexts.notFound)),
    { config: { rateLimit: { max: BOOKING_READS_PER_MINUTE, timeWindow: '1 minute' } } },
  );

  route(
    api,
    downloadOwnInvite,
    async (request, reply) => {
      const ics = await ownInvite(
        db,
        request.params.reference,
        { manageTokenHash: manageLinkOf(request).tokenHash, bookingTokenHash: bookingTokenOf(request) },
        manageBookingTexts.notFound,
      );
      return reply
        .type('text/calendar; charset=utf-8')
        .header('content-disposition', 'attachment; filename="appointment.ics"')
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'no-store')
        .send(ics);
    },
    { config: { rateLimit: { max: BOOKING_READS_PER_MINUTE, timeWindow: '1 minute' } } },
  );

  // A patient's own booking, from the link of their confirmation e-mail.
  route(
    api,
    getManagedBooking,
    async (request) => ({ booking: await readOwnAppointment(db, manageLinkOf(request)) }),
    { config: { rateLimit: { max: BOOKING_READS_PER_MINUTE, timeWindow: '1 minute' } } },
  );

  route(
    api,
    cancelManagedBooking,
    async (request) =>
      cancelOwnAppointment(contextOf(api, request), manageLinkOf(request), visitorActor(request.ip)),
    { config: { rateLimit: { max: MANAGE_ACTIONS_PER_MINUTE, timeWindow: '1 minute' } } },
  );

  route(
    api,
    flagManagedBooking,
    async (request) =>
      flagOwnAppointment(
        contextOf(api, request),
        manageLinkOf(request),
        request.body,
        visitorActor(request.ip),
      ),
    { config: { rateLimit: { max: MANAGE_ACTIONS_PER_MINUTE, timeWindow: '1 minute' } } },
  );

  route(api, stopManagedTexts, async (request) => stopOwnTexts(api.appointments.db, manageLinkOf(request)), {
    config: { rateLimit: { max: MANAGE_ACTIONS_PER_MINUTE, timeWindow: '1 minute' } },
  });

  // The hold a patient takes to move their booking is the booking's, not their address's (the service); its calls
  // are limited per address as a visitor's holds are.
  route(
    api,
    holdTimeForMove,
    async (request) => {
      const ownToken = secretTokenOf(request.headers[HOLD_TOKEN_HEADER]);
      const hold = await holdTimeForOwnMove(api.appointments, manageLinkOf(request), {
        slotId: request.params.id,
        ownToken,
      });
      if (hold.hold_token !== ownToken) api.metrics.holdCreated('visitor');
      return hold;
    },
    { config: { rateLimit: { max: HOLDS_PER_MINUTE, timeWindow: '1 minute' } } },
  );

  route(
    api,
    moveManagedBooking,
    async (request) =>
      moveOwnAppointment(
        contextOf(api, request),
        manageLinkOf(request),
        { slotId: request.body.session_id, holdTokenHash: holdTokenOf(request) },
        visitorActor(request.ip),
      ),
    { config: { rateLimit: { max: MANAGE_ACTIONS_PER_MINUTE, timeWindow: '1 minute' } } },
  );

  route(api, getPaymentConfig, async () =>
    provider.name === 'stripe' && provider.publishableKey
      ? { mode: 'stripe' as const, publishable_key: provider.publishableKey }
      : { mode: 'test' as const },
  );

  route(
    api,
    createPayment,
    async (request) =>
      payByCard(contextOf(api, request), request.body, bookingTokenOf(request), visitorActor(request.ip)),
    { config: { rateLimit: { max: PAYMENTS_PER_MINUTE, timeWindow: '1 minute' } } },
  );

  route(
    api,
    checkPayment,
    async (request) => ({
      patient: await checkAppointmentPayment(
        contextOf(api, request),
        request.body.patient_id,
        bookingTokenOf(request),
        visitorActor(request.ip),
      ),
    }),
    { config: { rateLimit: { max: BOOKING_READS_PER_MINUTE, timeWindow: '1 minute' } } },
  );

  // The signature covers the exact bytes Stripe sent: this scope reads JSON bodies as raw buffers.
  await api.register(async (webhooks) => {
    webhooks.removeContentTypeParser('application/json');
    webhooks.addContentTypeParser(
      'application/json',
      { parseAs: 'buffer', bodyLimit: WEBHOOK_BODY_LIMIT },
      (_request, body, done) => done(null, body),
    );
    const secret = provider.name === 'stripe' ? api.config.stripe?.webhookSecret : undefined;

    route(webhooks, stripeWebhook, async (request) => {
      if (!secret) throw new HttpError(404, 'webhook_disabled', paymentTexts.webhookOff);
      const signature = request.headers['stripe-signature'];
      const body = request.body as unknown;
      if (typeof signature !== 'string' || !Buffer.isBuffer(body)) {
        throw new HttpError(400, 'webhook_signature_invalid', paymentTexts.webhookSignature);
      }
      const reading = await readStripeWebhook(body, signature, secret);
      if (!reading.ok) {
        throw reading.reason === 'signature'
          ? new HttpError(400, 'webhook_signature_invalid', paymentTexts.webhookSignature)
          : new HttpError(400, 'webhook_unreadable', paymentTexts.webhookShape);
      }
      await applyPaymentEvent(contextOf(api, request), reading.event);
      return { received: true };
    });
  });
}
