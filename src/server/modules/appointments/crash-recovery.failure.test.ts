import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { emailOutbox } from '../../db/schema';
import { type FakeStripe, startFakeStripe } from '../../test/fake-stripe';
import { serverClient } from '../../test/server-client';

import { type ServerProcess, startServerProcess, waitFor } from '../../test/server-process';
import { newServerStore, type ServerStore, settlementDueNow } from '../../test/server-store';

// A real server process is stopped with SIGKILL (as `kill -9`) in the middle of a payment or a refund, and
// started again: at the settlement job's next run each payment ends settled, failed or refunded, and the
// patient can pay again. Its clock: the test moves the stopped payment's turn to now, instead of waiting the
// two minutes of grace a webhook gets.

const ADMIN = { email: 'crash@clinic.test', password: 'Sudden-stop-pw12' };
const STRIPE_KEYS = {
  STRIPE_SECRET_KEY: 'sk_test_crash123',
  STRIPE_PUBLISHABLE_KEY: 'pk_test_crash123',
  STRIPE_WEBHOOK_SECRET: 'whsec_crash123',
};
/** Each call to the test-mode provider takes this long in the first server: time to stop it in the middle. */
const SLOW_MS = '4000';
const serverUrl = process.env.TEST_DATABASE_URL;

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
    store: ServerStore;
    restart: () => Promise<ServerProcess>;
  }) => Promise<void>,
) {
  const store = await newServerStore(serverUrl);
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
      const patient = serverClient(first, ADMIN);
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
      await settlementDueNow(store);

      const second = await restart();
      const staff = serverClient(second, ADMIN);
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
      const again = await staff.book(slotId, { ownHoldToken: booking.holdToken });
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
      const patient = serverClient(first, ADMIN);
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
      await settlementDueNow(store);

      const second = await restart();
      const staff = serverClient(second, ADMIN);
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
      const again = await staff.book(slotId, { ownHoldToken: booking.holdToken });
      expect((await staff.pay(again)).status).toBe(200);
    });
  }, 180_000);

  it('in the middle of a staff refund: resumed with the same key at the next run, refunded once', async () => {
    await withCrash(mode, async ({ first, store, restart }) => {
      const patient = serverClient(first, ADMIN);
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
      await settlementDueNow(store);

      const second = await restart();
      const staff = serverClient(second, ADMIN);
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
