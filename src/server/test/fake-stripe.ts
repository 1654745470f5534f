import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local fake of the few Stripe endpoints the server uses, for the official SDK pointed at it (`host`, `port`,
 * `protocol: 'http'`; STACK.md): `POST /v1/payment_intents` (created without a payment method, as the server
 * makes them), `POST /v1/payment_intents/:id/confirm` (the test cards: `pm_card_visa` and any other
 * `pm_card_…` succeed, `pm_card_chargeDeclined` is declined, `pm_card_threeDSecure2Required` asks for 3-D
 * Secure, anything not `pm_card_…` is unknown; a PaymentIntent that succeeded or was cancelled cannot be
 * confirmed again), `POST /v1/payment_intents/:id/cancel`, `GET /v1/payment_intents/:id`, `POST /v1/refunds` (an `amount`, all that is
 * left without one, never more than is left in all, as Stripe refunds; `metadata[…]` kept) and `GET
 * /v1/refunds?payment_intent=…`, on 127.0.0.1.
 *
 * Idempotency as Stripe's API v1 does it: the first answer to a key is kept once the endpoint has started, and a
 * request with that key gets the same answer again, a 500 included; the key used again with other parameters or
 * on another endpoint is refused (400 idempotency_error). A 503 answered before anything started is not kept.
 *
 * A test can make the next call of a kind fail (`failNext`): hang past the SDK's timeout (after taking effect,
 * as when Stripe did the work and the answer was lost, or before anything happened), answer 500 or 503, or
 * decline the card with a code and text of its choosing.
 */

export interface FakeIntent {
  id: string;
  object: 'payment_intent';
  amount: number;
  currency: string;
  status: string;
  client_secret: string;
  metadata: Record<string, string>;
  payment_method: string | null;
  last_payment_error: null | { message: string; code?: string; decline_code?: string };
}

/** The calls of the fake a test can hold back or make fail. */
type FakeCall = 'create' | 'confirm' | 'retrieve' | 'cancel' | 'refund' | 'list_refunds';

type FakeFailure =
  /**
   * No answer until the client gives up (the SDK's timeout closes the connection) or the fake is closed. `effect`:
   * the call took effect and its answer is kept for its key, as if the answer were lost on the way back; `none`:
   * it never reached Stripe.
   */
  | { kind: 'hang'; after: 'effect' | 'none' }
  /** 500 api_error once the endpoint has started: nothing changed, and the answer is kept for the key. */
  | { kind: 'server_error' }
  /** 503 before anything started: nothing changed or kept. */
  | { kind: 'unavailable' }
  /** A confirm only: the card is refused (402 card_error) with this code and text; kept for the key. */
  | { kind: 'card_error'; code: string; message: string; declineCode?: string };

interface FakeRequest {
  method: string;
  path: string;
  body: URLSearchParams;
  idempotencyKey?: string;
  /** Answered from the answer kept for its idempotency key. */
  replayed: boolean;
}

export interface FakeStripe {
  port: number;
  intents: Map<string, FakeIntent>;
  /** The refunds made; one without `amount` gave back all that was left (one a test adds, as in Stripe's dashboard). */
  refunds: {
    id: string;
    payment_intent: string;
    idempotencyKey?: string;
    amount?: number;
    metadata?: Record<string, string>;
  }[];
  /** Every card charge made: a confirm that moved a PaymentIntent to succeeded (replays are not charges). */
  charges: { paymentIntent: string; paymentMethod: string; idempotencyKey?: string }[];
  requests: FakeRequest[];
  /** While true, refunds answer 503 as in a Stripe outage (nothing kept for their keys). */
  refundsDown: boolean;
  /** While true, refunds are made `pending` (the money not back yet), as Stripe makes some. */
  refundsPending: boolean;
  /** Each answer is held back this long after its call has taken effect (0 by default): calls in flight. */
  delayMs: number;
  /**
   * Holds back the answer to the next call of this kind (after it has taken effect) until `release` is called:
   * the failure tests stop the server while it waits. `reached` resolves when the call has arrived.
   */
  stall(kind: FakeCall): { reached: Promise<void>; release: () => void };
  /** Makes the next call of this kind fail so; `reached` resolves when that call has arrived (and, hanging, taken its effect). */
  failNext(kind: FakeCall, failure: FakeFailure): { reached: Promise<void> };
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

interface Answer {
  status: number;
  value: unknown;
}

function callOf(method: string, path: string): FakeCall | undefined {
  if (method === 'POST' && path === '/v1/payment_intents') return 'create';
  if (method === 'POST' && path === '/v1/refunds') return 'refund';
  if (method === 'GET' && path === '/v1/refunds') return 'list_refunds';
  if (method === 'POST' && path.endsWith('/confirm')) return 'confirm';
  if (method === 'POST' && path.endsWith('/cancel')) return 'cancel';
  if (method === 'GET' && path.startsWith('/v1/payment_intents/')) return 'retrieve';
  return undefined;
}

const CONFIRMABLE = new Set(['requires_payment_method', 'requires_confirmation']);

export async function startFakeStripe(): Promise<FakeStripe> {
  const intents = new Map<string, FakeIntent>();
  const kept = new Map<string, { method: string; path: string; body: string; answer: Answer }>();
  const refunds: FakeStripe['refunds'] = [];
  const charges: FakeStripe['charges'] = [];
  const requests: FakeRequest[] = [];
  const stalls = new Map<FakeCall, { arrived: () => void; released: Promise<void> }>();
  const failures = new Map<FakeCall, { failure: FakeFailure; arrived: () => void }>();
  let counter = 0;
  const outage = { refundsDown: false, refundsPending: false, delayMs: 0 };
  const refundStatuses = new Map<string, string>();

  const refundObject = (refund: FakeStripe['refunds'][number]) => {
    const charged = intents.get(refund.payment_intent);
    return {
      id: refund.id,
      object: 'refund',
      payment_intent: refund.payment_intent,
      status: refundStatuses.get(refund.id) ?? 'succeeded',
      amount: refund.amount ?? charged?.amount ?? 0,
      currency: charged?.currency ?? 'eur',
      metadata: refund.metadata ?? {},
    };
  };
  /** Cents refunded of a PaymentIntent so far (a refund without an amount: all of it). */
  const refunded = (paymentIntent: string) =>
    refunds
      .filter((refund) => refund.payment_intent === paymentIntent)
      .reduce((sum, refund) => sum + (refund.amount ?? intents.get(paymentIntent)?.amount ?? 0), 0);
  const euro = (cents: number) => `€${(cents / 100).toFixed(2)}`;

  /** What the endpoint does and answers; `card` makes a confirm decline so. */
  const handle = (
    method: string,
    path: string,
    query: URLSearchParams,
    body: URLSearchParams,
    idempotencyKey: string | undefined,
    card?: Extract<FakeFailure, { kind: 'card_error' }>,
  ): Answer => {
    const send = (status: number, value: unknown): Answer => ({ status, value });
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
      if (intent.status === 'succeeded' || intent.status === 'canceled') {
        return send(
          400,
          stripeError(
            'invalid_request_error',
            `You cannot cancel this PaymentIntent because it has a status of ${intent.status}.`,
            {
              code: 'payment_intent_unexpected_state',
            },
          ),
        );
      }
      intent.status = 'canceled';
      return send(200, intent);
    }
    if (intent && method === 'POST' && action?.[2] === 'confirm') {
      if (!CONFIRMABLE.has(intent.status)) {
        return send(
          400,
          stripeError(
            'invalid_request_error',
            `You cannot confirm this PaymentIntent because it has a status of ${intent.status}.`,
            { code: 'payment_intent_unexpected_state' },
          ),
        );
      }
      const paymentMethod = body.get('payment_method') ?? '';
      intent.payment_method = paymentMethod;
      const decline =
        card ??
        (paymentMethod === 'pm_card_chargeDeclined'
          ? { code: 'card_declined', message: 'Your card was declined.', declineCode: 'generic_decline' }
          : undefined);
      if (decline) {
        intent.status = 'requires_payment_method';
        intent.last_payment_error = {
          message: decline.message,
          code: decline.code,
          ...(decline.declineCode ? { decline_code: decline.declineCode } : {}),
        };
        return send(
          402,
          stripeError('card_error', decline.message, {
            code: decline.code,
            ...(decline.declineCode ? { decline_code: decline.declineCode } : {}),
          }),
        );
      }
      if (!paymentMethod.startsWith('pm_card_')) {
        return send(400, stripeError('invalid_request_error', `No such PaymentMethod: '${paymentMethod}'`));
      }
      intent.last_payment_error = null;
      intent.status = paymentMethod === 'pm_card_threeDSecure2Required' ? 'requires_action' : 'succeeded';
      if (intent.status === 'succeeded')
        charges.push({ paymentIntent: intent.id, paymentMethod, idempotencyKey });
      return send(200, intent);
    }
    if (method === 'POST' && path === '/v1/refunds') {
      const paymentIntent = body.get('payment_intent') ?? '';
      const charged = intents.get(paymentIntent);
      if (charged?.status !== 'succeeded') {
        return send(400, stripeError('invalid_request_error', 'This PaymentIntent has no charge to refund.'));
      }
      const left = charged.amount - refunded(paymentIntent);
      if (left <= 0) {
        return send(
          400,
          stripeError('invalid_request_error', `Charge for ${paymentIntent} has already been refunded.`, {
            code: 'charge_already_refunded',
          }),
        );
      }
      const amount = body.has('amount') ? Number(body.get('amount')) : left;
      if (!Number.isInteger(amount) || amount <= 0 || amount > left) {
        return send(
          400,
          stripeError(
            'invalid_request_error',
            `Refund amount (${euro(amount)}) is greater than unrefunded amount on charge (${euro(left)})`,
            { code: 'amount_too_large' },
          ),
        );
      }
      const metadata: Record<string, string> = {};
      for (const [key, value] of body) {
        const match = /^metadata\[(.+)\]$/.exec(key);
        if (match?.[1]) metadata[match[1]] = value;
      }
      counter += 1;
      const refund = {
        id: `re_fake_${counter}`,
        payment_intent: paymentIntent,
        idempotencyKey,
        amount,
        metadata,
      };
      refunds.push(refund);
      if (outage.refundsPending) refundStatuses.set(refund.id, 'pending');
      return send(200, refundObject(refund));
    }
    if (method === 'GET' && path === '/v1/refunds') {
      const paymentIntent = query.get('payment_intent');
      const data = refunds
        .filter((refund) => !paymentIntent || refund.payment_intent === paymentIntent)
        .reverse()
        .map((refund) => refundObject(refund));
      return send(200, { object: 'list', data, has_more: false, url: '/v1/refunds' });
    }
    return send(404, stripeError('invalid_request_error', 'Unrecognized request URL'));
  };

  /** No answer until the client goes away (its timeout) or the fake closes. */
  const never = (response: ServerResponse) =>
    new Promise<void>((resolve) => {
      response.on('close', () => resolve());
    });

  const server = createServer(async (request, response) => {
    const rawBody = await readBody(request);
    const body = new URLSearchParams(rawBody);
    const [path = '', search = ''] = (request.url ?? '').split('?');
    const query = new URLSearchParams(search);
    const method = request.method ?? '';
    const idempotencyKey = request.headers['idempotency-key'] as string | undefined;
    const call = callOf(method, path);
    const earlier = idempotencyKey ? kept.get(idempotencyKey) : undefined;
    const entry: FakeRequest = { method, path, body, idempotencyKey, replayed: false };
    requests.push(entry);
    let injected: { failure: FakeFailure; arrived: () => void } | undefined;

    let answer: Answer;
    if (earlier && (earlier.method !== method || earlier.path !== path || earlier.body !== rawBody)) {
      answer = {
        status: 400,
        value: stripeError(
          'idempotency_error',
          `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${idempotencyKey}' if you meant to execute a different request.`,
        ),
      };
    } else if (earlier) {
      entry.replayed = true;
      answer = earlier.answer;
    } else {
      // A failure is for a call that reaches the endpoint: a replayed or refused one leaves it for the next.
      injected = call ? failures.get(call) : undefined;
      if (call && injected) failures.delete(call);
      const failure = injected?.failure;
      const keep = (result: Answer) => {
        if (idempotencyKey) kept.set(idempotencyKey, { method, path, body: rawBody, answer: result });
        return result;
      };
      if (failure?.kind === 'hang' && failure.after === 'none') {
        injected?.arrived();
        await never(response);
        return;
      }
      if (failure?.kind === 'unavailable' || (call === 'refund' && outage.refundsDown)) {
        answer = { status: 503, value: stripeError('api_error', 'Service unavailable') };
      } else if (failure?.kind === 'server_error') {
        answer = keep({
          status: 500,
          value: stripeError('api_error', 'An unknown error occurred while processing the request.'),
        });
      } else {
        answer = keep(
          handle(
            method,
            path,
            query,
            body,
            idempotencyKey,
            failure?.kind === 'card_error' ? failure : undefined,
          ),
        );
      }
      if (failure?.kind === 'hang') {
        injected?.arrived();
        await never(response);
        return;
      }
    }
    injected?.arrived();
    if (outage.delayMs > 0) await new Promise((resolve) => setTimeout(resolve, outage.delayMs));
    const stalled = call ? stalls.get(call) : undefined;
    if (call && stalled) {
      stalls.delete(call);
      stalled.arrived();
      await stalled.released;
    }
    response.writeHead(answer.status, {
      'content-type': 'application/json',
      'request-id': `req_${requests.length}`,
      ...(entry.replayed ? { 'idempotent-replayed': 'true' } : {}),
    });
    response.end(JSON.stringify(answer.value));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    intents,
    refunds,
    charges,
    requests,
    get refundsDown() {
      return outage.refundsDown;
    },
    set refundsDown(down: boolean) {
      outage.refundsDown = down;
    },
    get refundsPending() {
      return outage.refundsPending;
    },
    set refundsPending(pending: boolean) {
      outage.refundsPending = pending;
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
    failNext(kind, failure) {
      let arrived = () => {};
      const reached = new Promise<void>((resolve) => {
        arrived = resolve;
      });
      failures.set(kind, { failure, arrived });
      return { reached };
    },
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
