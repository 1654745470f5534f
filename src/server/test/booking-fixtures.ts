import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app';
import type { DatabaseHandle } from '../db/database';
import { type Appointment, appointments, type Payment, payments } from '../db/schema';
import type { PaymentProvider } from '../modules/payments/payment-provider';
import { clinicDayFromToday, clinicInstant, insertSlot, type SlotRowOptions } from './slot-fixtures';
import { type AdminTestApp, testConfig, withSignedInAdmin } from './test-app';
import { createTestDatabase } from './test-database';

export interface BookingTestApp {
  app: FastifyInstance;
  database: DatabaseHandle;
  close(): Promise<void>;
}

/** The API on a fresh database with the given environment and payment provider (Stripe pointed at a fake). */
export async function createBookingTestApp(
  env: Record<string, string> = {},
  paymentProvider?: PaymentProvider,
): Promise<BookingTestApp> {
  const database = await createTestDatabase();
  const app = await buildApp({
    config: testConfig({ CLINIC_EMAIL: 'desk@clinic.test', ...env }),
    database,
    web: false,
    paymentProvider,
  });
  await app.ready();
  return {
    app,
    database,
    async close() {
      await app.close();
      await database.close();
    },
  };
}

/** The booking API (`createBookingTestApp`) with an admin signed in: for tests of the staff's appointment screens. */
export async function createAdminBookingTestApp(): Promise<AdminTestApp> {
  return withSignedInAdmin(await createBookingTestApp());
}

let visitor = 0;
/** A remote address of its own for each call (holds, bookings and payments are rate-limited per address). */
export function nextAddress(): string {
  visitor += 1;
  return `10.7.${Math.floor(visitor / 250) % 250}.${(visitor % 250) + 1}`;
}

let slotDay = 3;
/** A future slot of its own (a new clinic day each time, 10:00–10:30); answers its id and start. */
export async function futureSlot(
  db: DatabaseHandle['db'],
  options: Partial<SlotRowOptions> = {},
): Promise<{ id: number; startsAt: string }> {
  slotDay += 1;
  const startsAt = clinicInstant(clinicDayFromToday(slotDay), '10:00');
  const id = await insertSlot(db, { startsAt, ...options });
  return { id, startsAt };
}

/** The appointment a visitor's booking made for the patient. */
export async function appointmentOf(db: DatabaseHandle['db'], patientId: number): Promise<Appointment> {
  const [row] = await db.select().from(appointments).where(eq(appointments.patientId, patientId));
  if (!row) throw new Error(`no appointment of patient ${patientId}`);
  return row;
}

/** The appointments booked on a slot. */
export function appointmentsOfSlot(db: DatabaseHandle['db'], slotId: number): Promise<Appointment[]> {
  return db.select().from(appointments).where(eq(appointments.slotId, slotId));
}

/** The payments of a patient's booking, oldest first. */
export async function paymentsOfPatient(db: DatabaseHandle['db'], patientId: number): Promise<Payment[]> {
  const rows = await db
    .select({ payment: payments })
    .from(payments)
    .innerJoin(appointments, eq(appointments.id, payments.appointmentId))
    .where(eq(appointments.patientId, patientId))
    .orderBy(payments.id);
  return rows.map((row) => row.payment);
}

export async function holdSlot(app: FastifyInstance, id: number): Promise<string> {
  const response = await app.inject({
    method: 'PUT',
    url: `/api/patient_sessions/${id}`,
    remoteAddress: nextAddress(),
  });
  if (response.statusCode !== 200) throw new Error(`hold failed: ${response.body}`);
  return response.json().hold_token;
}

/** A valid adult allergy-test booking form for the slot. */
export function adultForm(
  sessionId: number,
  overrides: Record<string, unknown> = {},
): Record<string, unknown> {
  return {
    first_name: 'Aoife',
    last_name: 'Byrne',
    email: 'aoife@example.ie',
    phone: '087 123 4567',
    dob: '1990-04-12',
    is_adult: true,
    session_id: sessionId,
    consultant_name: 'Dr Walsh',
    consultant_addres: '12 Main Street, Dundrum, Dublin 14',
    consultant_email: 'gp@example.ie',
    allergens: 'Sneezing every spring near grass',
    antihistamine: true,
    agreement: true,
    ...overrides,
  };
}

/** Holds a slot and books it with JSON; answers the patient's id, the access token and the slot. */
export async function createBooking(
  app: FastifyInstance,
  db: DatabaseHandle['db'],
  options: { slot?: Partial<SlotRowOptions>; form?: Record<string, unknown> } = {},
) {
  const slot = await futureSlot(db, options.slot);
  const holdToken = await holdSlot(app, slot.id);
  const response = await app.inject({
    method: 'POST',
    url: '/api/patients',
    headers: { 'x-hold-token': holdToken },
    payload: { patient: adultForm(slot.id, options.form) },
    remoteAddress: nextAddress(),
  });
  if (response.statusCode !== 201) throw new Error(`booking failed: ${response.body}`);
  const patient = response.json().patient as { id: number; access_token: string; price: number };
  return { patientId: patient.id, token: patient.access_token, slot, holdToken, price: patient.price };
}

export function pay(
  app: FastifyInstance,
  booking: { patientId: number; token: string },
  body: Record<string, unknown> = {},
) {
  return app.inject({
    method: 'POST',
    url: '/api/payments',
    headers: { 'x-booking-token': booking.token },
    payload: {
      customer_email: 'aoife@example.ie',
      price: 18000,
      patient_id: booking.patientId,
      token: 'pm_card_visa',
      ...body,
    },
    remoteAddress: nextAddress(),
  });
}

/**
 * A visitor's booking (`createBooking`) paid by card, as the booking page pays it: the price it showed, the
 * receipt to the patient's e-mail. Answers the booking and its appointment's id.
 */
export async function paidBooking(
  app: FastifyInstance,
  db: DatabaseHandle['db'],
  options: { slot?: Partial<SlotRowOptions>; form?: Record<string, unknown> } = {},
) {
  const booking = await createBooking(app, db, options);
  const { email } = adultForm(booking.slot.id, options.form);
  const response = await pay(app, booking, { customer_email: email, price: booking.price * 100 });
  if (response.statusCode !== 200) throw new Error(`payment failed: ${response.body}`);
  return { ...booking, appointmentId: (await appointmentOf(db, booking.patientId)).id };
}

// ---------------------------------------------------------------------------------------------------
// A local fake of the few Stripe endpoints the server uses.

export interface FakeIntent {
  id: string;
  object: 'payment_intent';
  amount: number;
  currency: string;
  status: string;
  client_secret: string;
  metadata: Record<string, string>;
  payment_method: string | null;
  last_payment_error: null | { message: string };
}

/** The calls of the fake whose answers a test can hold back. */
type FakeCall = 'create' | 'confirm' | 'refund';

export interface FakeStripe {
  port: number;
  intents: Map<string, FakeIntent>;
  refunds: { id: string; payment_intent: string; idempotencyKey?: string }[];
  requests: { method: string; path: string; body: URLSearchParams; idempotencyKey?: string }[];
  /** While true, refunds answer 503 as in a Stripe outage. */
  refundsDown: boolean;
  /** Each answer is held back this long after its call has taken effect (0 by default): calls in flight. */
  delayMs: number;
  /**
   * Holds back the answer to the next call of this kind (after it has taken effect) until `release` is called:
   * the failure tests stop the server while it waits. `reached` resolves when the call has arrived.
   */
  stall(kind: FakeCall): { reached: Promise<void>; release: () => void };
  close(): Promise<void>;
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

const stripeError = (type: string, message: string, extra: Record<string, string> = {}) => ({
  error: { type, message, ...extra },
});

/**
 * `POST /v1/payment_intents` (created without a payment method, as the server makes them), `POST
 * /v1/payment_intents/:id/confirm` (the test cards: `pm_card_visa` succeeds, `pm_card_chargeDeclined` is
 * declined, `pm_card_threeDSecure2Required` asks for 3-D Secure, anything not `pm_card_…` is unknown),
 * `POST /v1/payment_intents/:id/cancel`, `GET /v1/payment_intents/:id` and `POST /v1/refunds`, on 127.0.0.1,
 * each repeating its first answer for a repeated Idempotency-Key as Stripe does.
 */
export async function startFakeStripe(): Promise<FakeStripe> {
  const intents = new Map<string, FakeIntent>();
  const answered = new Map<string, { status: number; value: unknown }>();
  const refunds: FakeStripe['refunds'] = [];
  const requests: FakeStripe['requests'] = [];
  const stalls = new Map<FakeCall, { arrived: () => void; released: Promise<void> }>();
  let counter = 0;
  const outage = { refundsDown: false, delayMs: 0 };

  const handle = async (method: string, path: string, body: URLSearchParams) => {
    const send = (status: number, value: unknown) => ({ status, value });
    if (method === 'POST' && path === '/v1/payment_intents') {
      counter += 1;
      const id = `pi_fake_${counter}`;
      const metadata: Record<string, string> = {};
      for (const [key, value] of body) {
        const match = /^metadata\[(.+)\]$/.exec(key);
        if (match?.[1]) metadata[match[1]] = value;
      }
      const intent: FakeIntent = {
        id,
        object: 'payment_intent',
        amount: Number(body.get('amount')),
        currency: body.get('currency') ?? 'eur',
        status: 'requires_payment_method',
        client_secret: `${id}_secret_fake`,
        metadata,
        payment_method: null,
        last_payment_error: null,
      };
      intents.set(id, intent);
      return send(200, intent);
    }
    const action = /^\/v1\/payment_intents\/([^/]+)(?:\/(confirm|cancel))?$/.exec(path);
    const intent = action?.[1] ? intents.get(action[1]) : undefined;
    if (action && !intent) {
      return send(
        404,
        stripeError('invalid_request_error', 'No such payment_intent', { code: 'resource_missing' }),
      );
    }
    if (intent && method === 'GET' && !action?.[2]) return send(200, intent);
    if (intent && method === 'POST' && action?.[2] === 'cancel') {
      if (intent.status === 'succeeded') {
        return send(400, stripeError('invalid_request_error', 'You cannot cancel this PaymentIntent.'));
      }
      intent.status = 'canceled';
      return send(200, intent);
    }
    if (intent && method === 'POST' && action?.[2] === 'confirm') {
      const paymentMethod = body.get('payment_method') ?? '';
      intent.payment_method = paymentMethod;
      if (paymentMethod === 'pm_card_chargeDeclined') {
        intent.last_payment_error = { message: 'Your card was declined.' };
        return send(402, stripeError('card_error', 'Your card was declined.', { code: 'card_declined' }));
      }
      if (!paymentMethod.startsWith('pm_card_')) {
        return send(400, stripeError('invalid_request_error', `No such PaymentMethod: '${paymentMethod}'`));
      }
      intent.status = paymentMethod === 'pm_card_threeDSecure2Required' ? 'requires_action' : 'succeeded';
      return send(200, intent);
    }
    if (method === 'POST' && path === '/v1/refunds') {
      if (outage.refundsDown) return send(503, stripeError('api_error', 'Service unavailable'));
      counter += 1;
      const refund = { id: `re_fake_${counter}`, payment_intent: body.get('payment_intent') ?? '' };
      return send(200, { ...refund, object: 'refund', status: 'succeeded', amount: 0, currency: 'eur' });
    }
    return send(404, stripeError('invalid_request_error', 'Unrecognized request URL'));
  };

  const server: Server = createServer(async (request, response) => {
    const body = new URLSearchParams(await readBody(request));
    const path = (request.url ?? '').split('?')[0] ?? '';
    const method = request.method ?? '';
    const idempotencyKey = request.headers['idempotency-key'] as string | undefined;
    requests.push({ method, path, body, idempotencyKey });
    const replayKey = idempotencyKey ? `${method} ${path} ${idempotencyKey}` : undefined;
    const answer = (replayKey && answered.get(replayKey)) || (await handle(method, path, body));
    if (replayKey && !answered.has(replayKey) && answer.status < 500) answered.set(replayKey, answer);
    const value = answer.value as { object?: string; id?: string; payment_intent?: string };
    if (
      value.object === 'refund' &&
      answer.status === 200 &&
      !refunds.some((refund) => refund.id === value.id)
    ) {
      refunds.push({ id: value.id ?? '', payment_intent: value.payment_intent ?? '', idempotencyKey });
    }
    const kind: FakeCall | undefined = path.endsWith('/confirm')
      ? 'confirm'
      : path === '/v1/refunds'
        ? 'refund'
        : method === 'POST' && path === '/v1/payment_intents'
          ? 'create'
          : undefined;
    if (outage.delayMs > 0) await new Promise((resolve) => setTimeout(resolve, outage.delayMs));
    const stalled = kind ? stalls.get(kind) : undefined;
    if (kind && stalled) {
      stalls.delete(kind);
      stalled.arrived();
      await stalled.released;
    }
    response.writeHead(answer.status, { 'content-type': 'application/json', 'request-id': `req_${counter}` });
    response.end(JSON.stringify(answer.value));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    intents,
    refunds,
    requests,
    get refundsDown() {
      return outage.refundsDown;
    },
    set refundsDown(down: boolean) {
      outage.refundsDown = down;
    },
    get delayMs() {
      return outage.delayMs;
    },
    set delayMs(ms: number) {
      outage.delayMs = ms;
    },
    stall(kind) {
      let arrived = () => {};
      let release = () => {};
      const reached = new Promise<void>((resolve) => {
        arrived = resolve;
      });
      const released = new Promise<void>((resolve) => {
        release = resolve;
      });
      stalls.set(kind, { arrived, released });
      return { reached, release };
    },
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
