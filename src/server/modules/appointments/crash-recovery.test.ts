import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, openDatabase } from '../../db/database';
import { emailOutbox, payments, unsettledPaymentStatuses } from '../../db/schema';
import { adultForm } from '../../test/booking-fixtures';
import { type FakeStripe, startFakeStripe } from '../../test/fake-stripe';
import { type ServerProcess, startServerProcess, waitFor } from '../../test/server-process';
import { clinicDayFromToday, clinicInstant } from '../../test/slot-fixtures';
import { onServer } from '../../test/test-database';

// A real server process is stopped with SIGKILL (as `kill -9`) in the middle of a payment or a refund, and
// started again: at the settlement job's next run each payment ends settled, failed or refunded, and the
// patient can pay again. Its clock: the test moves the stopped payment's turn to now, instead of waiting the
// two minutes of grace a webhook gets.

const ADMIN = { email: 'crash@clinic.test', password: 'Crash-pw12' };
const STRIPE_KEYS = {
  STRIPE_SECRET_KEY: 'sk_test_crash123',
  STRIPE_PUBLISHABLE_KEY: 'pk_test_crash123',
  STRIPE_WEBHOOK_SECRET: 'whsec_crash123',
};
/** Each call to the test-mode provider takes this long in the first server: time to stop it in the middle. */
const SLOW_MS = '4000';
const serverUrl = process.env.TEST_DATABASE_URL;

/** One server's data: a PostgreSQL database of its own, or a PGlite folder (opened here only while no server runs). */
interface Store {
  env: Record<string, string>;
  withDb<T>(work: (db: DatabaseHandle['db']) => Promise<T>): Promise<T>;
  drop(): Promise<void>;
}

async function newStore(): Promise<Store> {
  if (serverUrl) {
    const name = `crash_${randomBytes(6).toString('hex')}`;
    await onServer(serverUrl, `create database "${name}"`);
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    let handle: DatabaseHandle | undefined;
    return {
      env: { DATABASE_URL: url.toString() },
      async withDb(work) {
        handle ??= await openDatabase({ databaseUrl: url.toString() });
        return work(handle.db);
      },
      async drop() {
        await handle?.close();
        await onServer(serverUrl, `drop database if exists "${name}" with (force)`);
      },
    };
  }
  const folder = await mkdtemp(path.join(tmpdir(), 'clinic-crash-'));
  const dataDir = path.join(folder, 'db');
  return {
    env: { DATA_DIR: dataDir, DATABASE_URL: '' },
    async withDb(work) {
      const handle = await openDatabase({ dataDir });
      try {
        return await work(handle.db);
      } finally {
        await handle.close();
      }
    },
    drop: () => rm(folder, { recursive: true, force: true }),
  };
}

/** The calls a patient and a member of staff make, over real HTTP. */
function clientOf(server: ServerProcess) {
  const call = async (method: string, url: string, body?: unknown, headers: Record<string, string> = {}) => {
    const response = await fetch(`${server.baseUrl}${url}`, {
      method,
      headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    return { status: response.status, json: text ? JSON.parse(text) : undefined };
  };
  let adminToken: string | undefined;
  const admin = async (method: string, url: string, body?: unknown) => {
    if (!adminToken) {
      const login = await call('POST', '/api/admin/autorization/login', ADMIN);
      adminToken = login.json.data.token.auth_token as string;
    }
    return call(method, url, body, { authorization: `Bearer ${adminToken}` });
  };
  return {
    call,
    admin,
    /** A slot of its own in a week's time, as staff publish it; answers its id. */
    async newSlot(day: number): Promise<number> {
      const start = clinicInstant(clinicDayFromToday(day), '10:00');
      const saved = await admin('POST', '/api/admin/sessions', {
        sessions_create: [
          {
            start_date: start,
            end_date: new Date(Date.parse(start) + 30 * 60_000).toISOString(),
            is_adult: true,
            is_video_call: false,
            price: 180,
            location: 'adult_1',
          },
        ],
      });
      expect(saved.status, JSON.stringify(saved.json)).toBe(200);
      return saved.json.sessions[0].id as number;
    },
    /** Holds the slot (with the hold's own token, when given) and books it; answers the booking. */
    async book(slotId: number, ownHoldToken?: string) {
      const held = await call(
        'PUT',
        `/api/patient_sessions/${slotId}`,
        undefined,
        ownHoldToken ? { 'x-hold-token': ownHoldToken } : {},
      );
      expect(held.status, JSON.stringify(held.json)).toBe(200);
      const holdToken = held.json.hold_token as string;
      const booked = await call(
        'POST',
        '/api/patients',
        { patient: adultForm(slotId) },
        { 'x-hold-token': holdToken },
      );
      expect(booked.status, JSON.stringify(booked.json)).toBe(201);
      return {
        patientId: booked.json.patient.id as number,
        token: booked.json.patient.access_token as string,
        holdToken,
      };
    },
    pay(booking: { patientId: number; token: string }) {
      return call(
        'POST',
        '/api/payments',
        { patient_id: booking.patientId, token: 'pm_card_visa', price: 18_000 },
        { 'x-booking-token': booking.token },
      );
    },
    /** The appointment of a patient, as the back office lists it. */
    async appointmentOf(patientId: number) {
      // Refunded ones too: a refund takes the appointment off the list's default view.
      const list = await admin('GET', '/api/admin/transactions?per_page=100&include_cancelled=true');
      return (
        list.json.transactions as {
          patient_id: number;
          id: number;
          status: string;
          appointment_status: string;
          transaction_id: string | null;
          session: { status: string };
        }[]
      ).find((row) => row.patient_id === patientId);
    },
  };
}

/** Moves the turn of every unsettled payment to now, as if the two minutes of grace had passed. */
const graceOver = (store: Store) =>
  store.withDb((db) =>
    db
      .update(payments)
      .set({ settleAfter: sql`now()` })
      .where(inArray(payments.status, [...unsettledPaymentStatuses])),
  );

let fake: FakeStripe;
beforeAll(async () => {
  fake = await startFakeStripe();
});
afterAll(() => fake.close());

type Mode = 'test' | 'stripe';
const modeEnv = (mode: Mode, slow: boolean): Record<string, string> =>
  mode === 'test'
    ? { PAYMENTS: 'test', PAYMENTS_TEST_DELAY_MS: slow ? SLOW_MS : '0' }
    : { ...STRIPE_KEYS, STRIPE_API_URL: `http://127.0.0.1:${fake.port}` };

/** Runs `scenario` against a first server, stopped with SIGKILL where the scenario says, then a second one. */
async function withCrash(
  mode: Mode,
  scenario: (servers: {
    first: ServerProcess;
    store: Store;
    restart: () => Promise<ServerProcess>;
  }) => Promise<void>,
) {
  const store = await newStore();
  const env = { ...store.env, ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password };
  const servers: ServerProcess[] = [];
  try {
    const first = await startServerProcess({ ...env, ...modeEnv(mode, true) });
    servers.push(first);
    await scenario({
      first,
      store,
      restart: async () => {
        const second = await startServerProcess({ ...env, ...modeEnv(mode, false) });
        servers.push(second);
        return second;
      },
    });
  } finally {
    for (const server of servers) await server.stop();
    await store.drop();
  }
}

describe.each(['test', 'stripe'] as const)('kill -9 in the middle of a payment (%s mode)', (mode) => {
  it('before the provider answered with its id: failed at the next run, the time offered again, and paying again works', async () => {
    await withCrash(mode, async ({ first, store, restart }) => {
      const patient = clientOf(first);
      const slotId = await patient.newSlot(8);
      const booking = await patient.book(slotId);
      const stalled = mode === 'stripe' ? fake.stall('create') : undefined;
      void patient.pay(booking).catch(() => undefined);
      if (stalled) await stalled.reached;
      await waitFor(
        async () =>
          (await patient.appointmentOf(booking.patientId))?.status === 'processing' ? true : undefined,
        'the payment to be processing',
      );
      expect((await patient.appointmentOf(booking.patientId))?.transaction_id).toBeNull();
      await first.stop('SIGKILL');
      stalled?.release();
      await graceOver(store);

      const second = await restart();
      const staff = clientOf(second);
      const settled = await waitFor(async () => {
        const row = await staff.appointmentOf(booking.patientId);
        return row?.status === 'failed' ? row : undefined;
      }, 'the payment to be failed');
      expect(settled).toMatchObject({ appointment_status: 'held', session: { status: 'available' } });
      if (mode === 'stripe') {
        // The same request with the same key answered the payment Stripe had made: cancelled, never charged.
        expect(fake.intents.get(settled.transaction_id!)?.status).toBe('canceled');
      }

      // The patient chooses the time again (their old token, the hold's clock goes on) and pays.
      const again = await staff.book(slotId, booking.holdToken);
      const paid = await staff.pay(again);
      expect(paid.status, JSON.stringify(paid.json)).toBe(200);
      expect(await staff.appointmentOf(again.patientId)).toMatchObject({
        status: 'succeeded',
        appointment_status: 'paid',
        session: { status: 'booked' },
      });
      // No request of the restarted server failed (no error, level 50, nor fatal, 60, was logged).
      expect(second.output()).not.toMatch(/"level":(50|60)/);
    });
  }, 180_000);

  it('while the card was being charged: settled from what the provider knows at the next run', async () => {
    await withCrash(mode, async ({ first, store, restart }) => {
      const patient = clientOf(first);
      const slotId = await patient.newSlot(9);
      const booking = await patient.book(slotId);
      const stalled = mode === 'stripe' ? fake.stall('confirm') : undefined;
      void patient.pay(booking).catch(() => undefined);
      if (stalled) await stalled.reached;
      const charging = await waitFor(async () => {
        const row = await patient.appointmentOf(booking.patientId);
        return row?.transaction_id ? row : undefined;
      }, 'the payment to have its provider id');
      expect(charging.status).toBe('processing');
      await first.stop('SIGKILL');
      stalled?.release();
      await graceOver(store);

      const second = await restart();
      const staff = clientOf(second);
      if (mode === 'stripe') {
        // Stripe charged the card before the server stopped: the appointment is paid, and told once.
        const paid = await waitFor(async () => {
          const row = await staff.appointmentOf(booking.patientId);
          return row?.status === 'succeeded' ? row : undefined;
        }, 'the payment to be settled');
        expect(paid).toMatchObject({ appointment_status: 'paid', session: { status: 'booked' } });
        expect((await staff.pay(booking)).status).toBe(409);
        await second.stop();
        const mails = await store.withDb((db) =>
          db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, 'aoife@example.ie')),
        );
        expect(mails.map((mail) => mail.subject)).toEqual([expect.stringMatching(/is booked/)]);
        return;
      }
      // The test-mode provider lives in the server's memory: after the restart it never saw the payment.
      const failed = await waitFor(async () => {
        const row = await staff.appointmentOf(booking.patientId);
        return row?.status === 'failed' ? row : undefined;
      }, 'the payment to be failed');
      expect(failed).toMatchObject({ appointment_status: 'held', session: { status: 'available' } });
      const again = await staff.book(slotId, booking.holdToken);
      expect((await staff.pay(again)).status).toBe(200);
    });
  }, 180_000);

  it('in the middle of a staff refund: resumed with the same key at the next run, refunded once', async () => {
    await withCrash(mode, async ({ first, store, restart }) => {
      const patient = clientOf(first);
      const slotId = await patient.newSlot(10);
      const booking = await patient.book(slotId);
      expect((await patient.pay(booking)).status).toBe(200);
      const appointment = await patient.appointmentOf(booking.patientId);
      const stalled = mode === 'stripe' ? fake.stall('refund') : undefined;
      void patient
        .admin('POST', '/api/admin/refunds', { transaction_id: appointment!.id })
        .catch(() => undefined);
      if (stalled) await stalled.reached;
      await waitFor(
        async () =>
          (await patient.appointmentOf(booking.patientId))?.status === 'refunding' ? true : undefined,
        'the refund to be under way',
      );
      await first.stop('SIGKILL');
      stalled?.release();
      await graceOver(store);

      const second = await restart();
      const staff = clientOf(second);
      const refunded = await waitFor(async () => {
        const row = await staff.appointmentOf(booking.patientId);
        return row?.status === 'refunded' ? row : undefined;
      }, 'the refund to be finished');
      expect(refunded).toMatchObject({ appointment_status: 'refunded', session: { status: 'available' } });
      // Refunding it again is refused with a reason, not stuck.
      const again = await staff.admin('POST', '/api/admin/refunds', { transaction_id: appointment!.id });
      expect(again.status).toBe(422);
      if (mode === 'stripe') {
        const refunds = fake.refunds.filter(
          (refund) => refund.payment_intent === appointment!.transaction_id,
        );
        expect(refunds).toHaveLength(1);
        const asked = fake.requests.filter(
          (request) =>
            request.path === '/v1/refunds' &&
            request.body.get('payment_intent') === appointment!.transaction_id,
        );
        expect(asked).toHaveLength(2);
        expect(new Set(asked.map((request) => request.idempotencyKey)).size).toBe(1);
      }
      await second.stop();
      const mails = await store.withDb((db) =>
        db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, 'aoife@example.ie')),
      );
      expect(mails.map((mail) => mail.subject)).toEqual([
        expect.stringMatching(/is booked/),
        expect.stringMatching(/cancelled and refunded/),
      ]);
    });
  }, 180_000);
});
