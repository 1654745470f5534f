import { expect, it } from 'vitest';
import { DATABASE_UNAVAILABLE_MESSAGE } from '../http/error-handling';
import { seedSlotSchedule } from '../seed/seed-content';
import { type OwnPostgres, startOwnPostgres, whyNoOwnPostgres } from '../test/own-postgres';
import { serverClient } from '../test/server-client';
import { type ServerProcess, startServerProcess, waitFor } from '../test/server-process';
import { clinicDayFromToday } from '../test/slot-fixtures';
import { onServer } from '../test/test-database';

// The PostgreSQL server a real server process runs on is stopped (fast shutdown, as an operator's restart) while
// visitors read the public API and hold times, then started again. Meanwhile every call answers 503 with a text a
// person can read, quickly, never 500 and never hanging, and the health check says the database is down; the
// process keeps running, and once PostgreSQL is back it serves again by itself, without a restart.

const ADMIN = { email: 'restart@clinic.test', password: 'Back-again-pw12' };
/** An answer slower than this counts as hanging. */
const ANSWER_WITHIN_MS = 5_000;
const LOAD_WORKERS = 3;
const HOLD_SLOTS = 40;
// Past the seed's four weeks of demonstration slots (the server is seeded), whatever weekday the run falls on: day 14
// clashed with them whenever it was a weekday.
const DAY = seedSlotSchedule.days + 7;

/** One call of the load, as its caller saw it. */
interface Call {
  kind: 'read' | 'hold' | 'write' | 'health';
  url: string;
  startedAt: number;
  ms: number;
  status?: number;
  // biome-ignore lint/suspicious/noExplicitAny: what the server answered, checked below
  body?: any;
  /** No answer at all (the connection refused, reset, or the client's own time limit). */
  error?: string;
}

/**
 * Visitors reading the public API (as the public pages do), holding times and sending the contact form (a
 * transaction: the message and its e-mail), and a load balancer asking for health.
 */
function startLoad(baseUrl: string, slotIds: number[]) {
  const calls: Call[] = [];
  let running = true;
  let visitor = 0;
  const date = clinicDayFromToday(DAY);
  const reads = [
    '/api/team_members',
    '/api/blogs',
    '/api/fa_questions',
    '/api/fee_categories',
    `/api/patient_sessions?date=${date}&is_adult=true&is_video_call=false`,
  ];
  const send = async (kind: Call['kind'], url: string, init: RequestInit = {}) => {
    const call: Call = { kind, url, startedAt: Date.now(), ms: 0 };
    calls.push(call);
    try {
      // The client's limit is well past ANSWER_WITHIN_MS: a slow answer is measured, not cut short.
      const response = await fetch(`${baseUrl}${url}`, { ...init, signal: AbortSignal.timeout(20_000) });
      call.status = response.status;
      const text = await response.text();
      call.body = text ? JSON.parse(text) : undefined;
    } catch (error) {
      call.error = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
    }
    call.ms = Date.now() - call.startedAt;
  };
  /** A visitor's own address (the server believes X-Forwarded-For from 127.0.0.1): no rate limit is reached. */
  const newAddress = () => {
    visitor += 1;
    return `10.8.${Math.floor(visitor / 250) % 250}.${(visitor % 250) + 1}`;
  };
  const worker = async (index: number) => {
    for (let turn = index; running; turn += 1) {
      if (turn % 8 === 0) {
        await send('health', '/api/health');
      } else if (turn % 4 === 3) {
        await send('hold', `/api/patient_sessions/${slotIds[visitor % slotIds.length]!}`, {
          method: 'PUT',
          headers: { 'x-forwarded-for': newAddress() },
        });
      } else if (turn % 8 === 5) {
        await send('write', '/api/contact_us', {
          method: 'POST',
          headers: { 'x-forwarded-for': newAddress(), 'content-type': 'application/json' },
          body: JSON.stringify({
            name: 'Mary Murphy',
            email: 'mary@example.ie',
            message: 'Please call me back about a skin prick test.',
          }),
        });
      } else {
        await send('read', reads[turn % reads.length]!);
      }
    }
  };
  const done = Promise.all(Array.from({ length: LOAD_WORKERS }, (_, index) => worker(index)));
  return {
    calls,
    /** Calls started at or after `since`, answered (or failed) by now. */
    since: (since: number) => calls.filter((call) => call.startedAt >= since && call.ms > 0),
    async stop() {
      running = false;
      await done;
    },
  };
}

/** As when the database is up: a read or health 200, a message 201, a hold 200 (or 409: another visitor has it). */
const answeredAsWhenUp = (call: Call) =>
  call.kind === 'write'
    ? call.status === 201
    : call.status === 200 || (call.kind === 'hold' && call.status === 409);

const describeCall = (call: Call) =>
  `${call.kind} ${call.url}: ${call.error ?? `${call.status} in ${call.ms} ms ${JSON.stringify(call.body)}`}`;

it('answers 503 quickly while its PostgreSQL is down, never 500 nor hanging, and serves again once it is back', async (context) => {
  const missing = await whyNoOwnPostgres();
  if (missing) context.skip(`PostgreSQL cannot be run here: ${missing}`);

  let postgres: OwnPostgres | undefined;
  let server: ServerProcess | undefined;
  let load: ReturnType<typeof startLoad> | undefined;
  try {
    postgres = await startOwnPostgres();
    await onServer(postgres.url('postgres'), 'create database clinic');
    server = await startServerProcess({
      DATABASE_URL: postgres.url('clinic'),
      SEED: 'true',
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      PAYMENTS: 'test',
      TRUST_PROXY: '127.0.0.1',
    });
    const client = serverClient(server, ADMIN);
    const slotIds = await client.newSlots(DAY, HOLD_SLOTS);
    const spareSlot = slotIds.pop()!;

    // Up: everything answers, holds won or taken.
    load = startLoad(server.baseUrl, slotIds);
    const startedAt = Date.now();
    await waitFor(
      async () => (load!.since(startedAt).length >= 30 ? true : undefined),
      'the load to be answered while PostgreSQL is up',
    );
    for (const call of load.since(startedAt)) expect(answeredAsWhenUp(call), describeCall(call)).toBe(true);

    // Down: a fast shutdown ends every session (in queries, in transactions, idle) and refuses new ones.
    await postgres.stop('fast');
    const downAt = Date.now();
    await waitFor(async () => {
      const seen = load!.since(downAt);
      const kinds = new Set(seen.map((call) => call.kind));
      return seen.length >= 40 && kinds.size === 4 ? true : undefined;
    }, 'reads, holds, contact messages and health checks to be answered while PostgreSQL is down');
    const health = await fetch(`${server.baseUrl}/api/health`);
    expect(health.status).toBe(503);
    expect(await health.json()).toMatchObject({ error_messages: expect.any(String), database: 'error' });
    for (const call of load.since(downAt)) {
      expect(call.error, describeCall(call)).toBeUndefined();
      expect(call.status, describeCall(call)).toBe(503);
      expect(call.ms, describeCall(call)).toBeLessThan(ANSWER_WITHIN_MS);
      expect(call.body?.error_messages, describeCall(call)).toEqual(
        call.kind === 'health' ? 'The database is unreachable.' : DATABASE_UNAVAILABLE_MESSAGE,
      );
    }
    expect(server.child.exitCode, 'the server process is still running').toBeNull();

    // Back: the same process serves again by itself, a time can be held.
    await postgres.start();
    const backAt = await waitFor(
      async () => ((await fetch(`${server!.baseUrl}/api/health`)).status === 200 ? Date.now() : undefined),
      'the health check to see the database again',
    );
    const held = await client.call('PUT', `/api/patient_sessions/${spareSlot}`, undefined, {
      'x-forwarded-for': '10.8.250.1',
    });
    expect(held.status, JSON.stringify(held.json)).toBe(200);
    await waitFor(
      async () => (load!.since(backAt).length >= 30 ? true : undefined),
      'the load to be answered again',
    );
    await load.stop();
    for (const call of load.since(backAt)) expect(answeredAsWhenUp(call), describeCall(call)).toBe(true);

    // Never a 500, and never a call left without an answer, from start to end.
    for (const call of load.calls) {
      expect(call.error, describeCall(call)).toBeUndefined();
      expect(call.status, describeCall(call)).not.toBe(500);
    }
    expect(server.output()).not.toMatch(/"level":60/);
    // It still shuts down cleanly.
    await server.stop('SIGTERM');
    expect(server.child.exitCode).toBe(0);
  } finally {
    await load?.stop();
    await server?.stop();
    await postgres?.remove();
  }
});
