import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app';
import type { DatabaseHandle } from '../db/database';
import type { PaymentProvider } from '../modules/payments/payment-provider';
import { clinicDayFromToday, clinicInstant, insertSlot, type SlotRowOptions } from './slot-fixtures';
import { testConfig } from './test-app';
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
  payment_method: string;
  last_payment_error: null | { message: string };
}

export interface FakeStripe {
  port: number;
  intents: Map<string, FakeIntent>;
  refunds: { id: string; payment_intent: string; idempotencyKey?: string }[];
  requests: { method: string; path: string; body: URLSearchParams; idempotencyKey?: string }[];
  /** While true, refunds answer 503 as in a Stripe outage. */
  refundsDown: boolean;
  close(): Promise<void>;
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/** `POST /v1/payment_intents`, `GET /v1/payment_intents/:id`, `POST /v1/refunds`, on 127.0.0.1. */
export async function startFakeStripe(): Promise<FakeStripe> {
  const intents = new Map<string, FakeIntent>();
  const byKey = new Map<string, FakeIntent>();
  const refunds: FakeStripe['refunds'] = [];
  const requests: FakeStripe['requests'] = [];
  let counter = 0;
  const outage = { refundsDown: false };
  const server: Server = createServer(async (request, response) => {
    const body = new URLSearchParams(await readBody(request));
    const path = (request.url ?? '').split('?')[0] ?? '';
    const idempotencyKey = request.headers['idempotency-key'] as string | undefined;
    requests.push({ method: request.method ?? '', path, body, idempotencyKey });
    const send = (status: number, value: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json', 'request-id': `req_${counter}` });
      response.end(JSON.stringify(value));
    };
    if (request.method === 'POST' && path === '/v1/payment_intents') {
      const earlier = idempotencyKey ? byKey.get(idempotencyKey) : undefined;
      if (earlier) return send(200, earlier);
      const method = body.get('payment_method') ?? '';
      if (method === 'pm_card_chargeDeclined') {
        return send(402, {
          error: {
            type: 'card_error',
            code: 'card_declined',
            decline_code: 'generic_decline',
            message: 'Your card was declined.',
          },
        });
      }
      if (!method.startsWith('pm_card_')) {
        return send(400, {
          error: { type: 'invalid_request_error', message: `No such PaymentMethod: '${method}'` },
        });
      }
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
        status: method === 'pm_card_threeDSecure2Required' ? 'requires_action' : 'succeeded',
        client_secret: `${id}_secret_fake`,
        metadata,
        payment_method: method,
        last_payment_error: null,
      };
      intents.set(id, intent);
      if (idempotencyKey) byKey.set(idempotencyKey, intent);
      return send(200, intent);
    }
    const retrieve = /^\/v1\/payment_intents\/([^/]+)$/.exec(path);
    if (request.method === 'GET' && retrieve?.[1]) {
      const intent = intents.get(retrieve[1]);
      return intent
        ? send(200, intent)
        : send(404, { error: { type: 'invalid_request_error', message: 'No such payment_intent' } });
    }
    if (request.method === 'POST' && path === '/v1/refunds') {
      if (outage.refundsDown)
        return send(503, { error: { type: 'api_error', message: 'Service unavailable' } });
      counter += 1;
      const refund = {
        id: `re_fake_${counter}`,
        payment_intent: body.get('payment_intent') ?? '',
        idempotencyKey,
      };
      refunds.push(refund);
      return send(200, { ...refund, object: 'refund', status: 'succeeded', amount: 0, currency: 'eur' });
    }
    send(404, { error: { type: 'invalid_request_error', message: 'Unrecognized request URL' } });
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
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
