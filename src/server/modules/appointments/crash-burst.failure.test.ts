import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { unsettledPaymentStatuses } from '../../../shared/payment-states';
import { appointments, emailOutbox, payments, slots } from '../../db/schema';
import { type FakeStripe, startFakeStripe } from '../../test/fake-stripe';
import { type ApiAnswer, type ServerClient, serverClient } from '../../test/server-client';
import { type ServerProcess, startServerProcess, waitFor } from '../../test/server-process';
import { newServerStore, settlementDueNow } from '../../test/server-store';
import { clinicDayFromToday } from '../../test/slot-fixtures';

// A real server process takes a burst of visitors holding, booking and paying at once, and is stopped with
// SIGKILL in the middle of it; a second one starts on the same data and its background jobs recover. Nothing a
// visitor was told had happened is lost, no time stays held past its hold, nothing is paid without its booking, and
// a payment the provider took for a booking that had lost its time is refunded, the patient told.
//
// The clock: the data is moved on while no server runs, as if the server had stayed down longer than a hold
// (every hold lapses) and than a payment's two minutes of grace (the settlement job takes each at its first run).

const ADMIN = { email: 'burst@clinic.test', password: 'Rush-hour-pw12' };
const CLINIC_EMAIL = 'desk@clinic.test';
const serverUrl = process.env.TEST_DATABASE_URL;
/** Each call to the test-mode provider takes this long in the first server: payments are in flight when it stops. */
const TEST_MODE_DELAY_MS = 2000;
/** The Stripe fake holds each answer back this long during the burst. */
const STRIPE_DELAY_MS = 300;
const VISITORS_AT_ONCE = 6;
/** The burst's times: two clinic days of them, so that visitors keep finding free ones until the end. */
const DAYS = [12, 13] as const;
const SLOTS_A_DAY = 30;
/** Payments the burst has had answered 200 before the server is stopped. */
const PAID_BEFORE_KILL = 3;
const UNSETTLED: readonly string[] = unsettledPaymentStatuses;

let visitorCount = 0;
/** A visitor of its own: an address (the server believes X-Forwarded-For from 127.0.0.1) and an e-mail. */
function newVisitor() {
  visitorCount += 1;
  return {
    headers: {
      'x-forwarded-for': `10.9.${Math.floor(visitorCount / 250) % 250}.${(visitorCount % 250) + 1}`,
    },
    email: `visitor${visitorCount}@example.ie`,
  };
}

/** What one visitor of the burst was answered. */
interface Visit {
  slotId: number;
  email: string;
  hold?: number;
  booking?: ApiAnswer;
  payment?: ApiAnswer;
  /** The call under way when the server stopped (the visit ends there). */
  cutAt?: 'hold' | 'booking' | 'read' | 'payment';
}

/**
 * Visitors, VISITORS_AT_ONCE at a time, each choosing a time (mostly one no visitor has won yet, sometimes one that
 * is taken), booking it, reading the booking back and paying, until the server stops answering.
 */
function startBurst(client: ServerClient, slotIds: number[]) {
  const visits: Visit[] = [];
  const won = new Set<number>();
  let paymentsInFlight = 0;
  let stopped = false;
  const pickSlot = () => {
    const free = slotIds.filter((id) => !won.has(id));
    const pool = free.length > 0 && Math.random() < 0.8 ? free : slotIds;
    return pool[Math.floor(Math.random() * pool.length)]!;
  };
  const visit = async () => {
    const visitor = newVisitor();
    const current: Visit = { slotId: pickSlot(), email: visitor.email };
    visits.push(current);
    /** One call: `cutAt` names it until it is answered, and stays if the server stops first. */
    const step = async <T>(name: NonNullable<Visit['cutAt']>, call: () => Promise<T>): Promise<T> => {
      current.cutAt = name;
      const answer = await call();
      current.cutAt = undefined;
      return answer;
    };
    try {
      const held = await step('hold', () =>
        client.call('PUT', `/api/patient_sessions/${current.slotId}`, undefined, visitor.headers),
      );
      current.hold = held.status;
      if (held.status !== 200) return;
      won.add(current.slotId);
      const withHold = { ...visitor.headers, 'x-hold-token': held.json.hold_token as string };
      current.booking = await step('booking', () =>
        client.call(
          'POST',
          '/api/patients',
          { patient: bookingForm(current.slotId, visitor.email) },
          withHold,
        ),
      );
      if (current.booking.status !== 201) return;
      const { id, access_token: token } = current.booking.json.patient as {
        id: number;
        access_token: string;
      };
      const read = await step('read', () =>
        client.call('GET', `/api/patients/${id}`, undefined, {
          ...visitor.headers,
          'x-booking-token': token,
        }),
      );
      expect(read.status, JSON.stringify(read.json)).toBe(200);
      paymentsInFlight += 1;
      try {
        current.payment = await step('payment', () => client.pay({ patientId: id, token }, visitor.headers));
      } finally {
        paymentsInFlight -= 1;
      }
    } catch (error) {
      // fetch's own failure: the server was stopped and the call got no answer.
      if (!(error instanceof TypeError && error.message === 'fetch failed')) throw error;
      stopped = true;
    }
  };
  const worker = async () => {
    while (!stopped) await visit();
  };
  const done = Promise.all(Array.from({ length: VISITORS_AT_ONCE }, worker));
  // A visitor's failed check surfaces where the test awaits `done`, not as an unhandled rejection before.
  done.catch(() => undefined);
  return {
    visits,
    done,
    paymentsInFlight: () => paymentsInFlight,
    paid: () => visits.filter((entry) => entry.payment?.status === 200).length,
  };
}

const bookingForm = (slotId: number, email: string) => ({
  first_name: 'Aoife',
  last_name: 'Byrne',
  email,
  phone: '087 123 4567',
  dob: '1990-04-12',
  is_adult: true,
  session_id: slotId,
  consultant_name: 'Dr Walsh',
  consultant_addres: '12 Main Street, Dundrum, Dublin 14',
  consultant_email: 'gp@example.ie',
  allergens: 'Sneezing every spring near grass',
  antihistamine: true,
  agreement: true,
});

let fake: FakeStripe;
beforeAll(async () => {
  fake = await startFakeStripe();
});
afterAll(() => fake.close());

type Mode = 'test' | 'stripe';
const modeEnv = (mode: Mode, first: boolean): Record<string, string> =>
  mode === 'test'
    ? { PAYMENTS: 'test', PAYMENTS_TEST_DELAY_MS: first ? String(TEST_MODE_DELAY_MS) : '0' }
    : {
        STRIPE_SECRET_KEY: 'sk_test_burst123',
        STRIPE_PUBLISHABLE_KEY: 'pk_test_burst123',
        STRIPE_WEBHOOK_SECRET: 'whsec_burst123',
        STRIPE_API_URL: `http://127.0.0.1:${fake.port}`,
      };

const stores = serverUrl ? (['pglite', 'postgres'] as const) : (['pglite'] as const);
const cases = stores.flatMap((store) => (['test', 'stripe'] as const).map((mode) => [store, mode] as const));

describe.each(
  cases,
)('kill -9 in the middle of a burst of bookings and payments (%s, %s mode)', (storeKind, mode) => {
  it('loses nothing acknowledged, holds nothing past its hold, pays nothing without its booking, refunds what was owed', async () => {
    const store = await newServerStore(storeKind === 'postgres' ? serverUrl : undefined);
    const env = {
      ...store.env,
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      TRUST_PROXY: '127.0.0.1',
      CLINIC_EMAIL,
    };
    const servers: ServerProcess[] = [];
    try {
      const first = await startServerProcess({ ...env, ...modeEnv(mode, true) });
      servers.push(first);
      const client = serverClient(first, ADMIN);
      const slotIds = [
        ...(await client.newSlots(DAYS[0], SLOTS_A_DAY)),
        ...(await client.newSlots(DAYS[1], SLOTS_A_DAY + 1)),
      ];
      // The lost time is kept out of the burst's reach: only the two visitors below take it.
      const lostSlot = slotIds.pop()!;

      // A patient pays; in the middle of it (another tab: they go back and choose again) they let the time go,
      // and another visitor takes it. The provider takes the payment all the same.
      const owed = newVisitor();
      const taker = newVisitor();
      const lostBooking = () => client.book(lostSlot, { headers: owed.headers, form: { email: owed.email } });
      const letGoAndTake = async (booking: { holdToken: string }) => {
        const released = await client.call('DELETE', `/api/patient_sessions/${lostSlot}/hold`, undefined, {
          ...owed.headers,
          'x-hold-token': booking.holdToken,
        });
        expect(released.status, JSON.stringify(released.json)).toBe(204);
        return client.book(lostSlot, { headers: taker.headers, form: { email: taker.email } });
      };

      let burst: ReturnType<typeof startBurst>;
      let owedBooking: Awaited<ReturnType<typeof lostBooking>>;
      let stalledConfirm: ReturnType<FakeStripe['stall']> | undefined;
      if (mode === 'stripe') {
        // Stripe charges the card and the server never hears of it: it is stopped before the answer comes.
        owedBooking = await lostBooking();
        stalledConfirm = fake.stall('confirm');
        void client.pay(owedBooking, owed.headers).catch(() => undefined);
        await stalledConfirm.reached;
        const taken = await letGoAndTake(owedBooking);
        const takerPaid = await client.pay(taken, taker.headers);
        expect(takerPaid.json, JSON.stringify(takerPaid.json)).toMatchObject({ status: 'succeeded' });
        fake.delayMs = STRIPE_DELAY_MS;
        burst = startBurst(client, slotIds);
        await waitFor(
          async () => (burst.paid() >= PAID_BEFORE_KILL && burst.paymentsInFlight() > 0 ? true : undefined),
          'the burst to have payments answered and others in flight',
        );
      } else {
        burst = startBurst(client, slotIds);
        await waitFor(
          async () => (burst.paid() >= PAID_BEFORE_KILL ? true : undefined),
          'the burst to have payments answered',
        );
        // The test-mode provider forgets everything with the process, so the payment it took is settled by the
        // first server, which finds the time gone and owes the money back: it is stopped while refunding.
        owedBooking = await lostBooking();
        void client.pay(owedBooking, owed.headers).catch(() => undefined);
        await waitFor(
          async () =>
            (await client.appointmentOf(owedBooking.patientId, owed.email))?.status === 'processing'
              ? true
              : undefined,
          'the payment to be under way',
        );
        await letGoAndTake(owedBooking);
        const seen: string[] = [];
        await waitFor(async () => {
          const status = (await client.appointmentOf(owedBooking.patientId, owed.email))?.status;
          seen.push(`${status}/${burst.paymentsInFlight()}/${burst.visits.length}`);
          return status === 'refund_pending' && burst.paymentsInFlight() > 0 ? true : undefined;
        }, 'the payment taken to be owed back, with the burst still paying').catch((error) => {
          throw new Error(`${error}: ${seen.join(' ')}`);
        });
      }
      await first.stop('SIGKILL');
      await burst.done;
      stalledConfirm?.release();
      fake.delayMs = 0;
      const cut = burst.visits.filter((visit) => visit.cutAt);
      expect(cut.length, 'calls cut short by the kill').toBeGreaterThan(0);

      // Down for longer than a hold and than a payment's grace.
      await store.withDb((db) =>
        db
          .update(slots)
          .set({ holdExpiresAt: sql`now() - interval '1 second'` })
          .where(eq(slots.status, 'pending')),
      );
      await settlementDueNow(store);

      const second = await startServerProcess({ ...env, ...modeEnv(mode, false) });
      servers.push(second);
      const staff = serverClient(second, ADMIN);
      const daySlots = async () => {
        const found: { id: number; status: string }[] = [];
        for (const day of DAYS) {
          const date = clinicDayFromToday(day);
          const answer = await staff.admin(
            'GET',
            `/api/admin/sessions?date=${date}&is_adult=true&is_video_call=false`,
          );
          expect(answer.status, JSON.stringify(answer.json)).toBe(200);
          found.push(...answer.json.sessions);
        }
        return found;
      };
      // The jobs' first runs: every payment settled, every lapsed hold let go.
      await waitFor(
        async () => {
          const unsettled = (await staff.appointments()).filter(
            (row) => row.status && UNSETTLED.includes(row.status),
          );
          if (unsettled.length > 0) return undefined;
          return (await daySlots()).some((slot) => slot.status === 'pending') ? undefined : true;
        },
        'the restarted server to settle every payment and let every lapsed hold go',
        60_000,
      );

      // A time freed by the recovery is offered again, and paying for it works.
      const freed = (await daySlots()).find((slot) => slot.status === 'available' && slot.id !== lostSlot);
      expect(freed, 'a time left free').toBeDefined();
      const again = newVisitor();
      const rebooked = await staff.book(freed!.id, { headers: again.headers, form: { email: again.email } });
      expect((await staff.pay(rebooked, again.headers)).json).toMatchObject({ status: 'succeeded' });
      await second.stop('SIGTERM');
      // No request of the restarted server failed, nor any of its jobs (no error, level 50, nor fatal, 60).
      expect(second.output()).not.toMatch(/"level":(50|60)/);

      await store.withDb(async (db) => {
        const allAppointments = await db.select().from(appointments);
        const allPayments = await db.select().from(payments);
        const allSlots = await db.select().from(slots);
        const mails = await db.select().from(emailOutbox);
        const appointmentOfPatient = (patientId: number) =>
          allAppointments.find((row) => row.patientId === patientId);
        const slotOf = (id: number | null) => allSlots.find((row) => row.id === id);

        // Every booking answered 201 is there; every payment answered 200 is paid, its time booked.
        const booked = burst.visits.filter((visit) => visit.booking?.status === 201);
        expect(booked.length).toBeGreaterThan(0);
        for (const visit of booked) {
          const appointment = appointmentOfPatient(visit.booking!.json.patient.id);
          expect(appointment, `the booking of ${visit.email}`).toBeDefined();
        }
        const paid = burst.visits.filter((visit) => visit.payment?.status === 200);
        expect(paid.length).toBeGreaterThanOrEqual(PAID_BEFORE_KILL);
        for (const visit of paid) {
          expect(visit.payment!.json).toMatchObject({ status: 'succeeded' });
          const appointment = appointmentOfPatient(visit.booking!.json.patient.id)!;
          expect(appointment.status, `the appointment of ${visit.email}`).toBe('paid');
          expect(slotOf(appointment.slotId)?.status).toBe('booked');
          const payment = allPayments.find(
            (row) => row.appointmentId === appointment.id && row.status === 'succeeded',
          );
          expect(payment, `the payment of ${visit.email}`).toBeDefined();
        }

        // Nothing held past its hold, nothing left half-settled.
        expect(
          allSlots.filter((slot) => slot.status === 'pending' && slot.holdExpiresAt! < new Date()),
        ).toEqual([]);
        expect(allPayments.filter((payment) => UNSETTLED.includes(payment.status))).toEqual([]);

        // Paid means booked, both ways: each succeeded payment's appointment is paid and holds its booked time,
        // each paid appointment has one succeeded payment, each booked time one paid appointment, and each paid
        // patient was sent one confirmation.
        for (const payment of allPayments.filter((row) => row.status === 'succeeded')) {
          const appointment = allAppointments.find((row) => row.id === payment.appointmentId);
          expect(appointment?.status, `the appointment of payment ${payment.id}`).toBe('paid');
          expect(slotOf(appointment!.slotId)?.status).toBe('booked');
        }
        for (const appointment of allAppointments.filter((row) => row.status === 'paid')) {
          const succeeded = allPayments.filter(
            (row) => row.appointmentId === appointment.id && row.status === 'succeeded',
          );
          expect(succeeded, `the payments of appointment ${appointment.id}`).toHaveLength(1);
          const confirmations = mails.filter(
            (mail) => mail.appointmentId === appointment.id && mail.toAddress !== CLINIC_EMAIL,
          );
          expect(confirmations, `the confirmation of appointment ${appointment.id}`).toHaveLength(1);
        }
        for (const slot of allSlots.filter((row) => row.status === 'booked')) {
          const holders = allAppointments.filter((row) => row.slotId === slot.id && row.status === 'paid');
          expect(holders, `the appointments of booked slot ${slot.id}`).toHaveLength(1);
        }

        // The payment taken after its time was lost: refunded once, its appointment cancelled, the patient told.
        const owedAppointment = appointmentOfPatient(owedBooking.patientId)!;
        expect(owedAppointment.status).toBe('cancelled');
        const owedPayments = allPayments.filter((row) => row.appointmentId === owedAppointment.id);
        expect(owedPayments).toEqual([
          expect.objectContaining({ status: 'refunded', refundId: expect.any(String) }),
        ]);
        expect(mails.filter((mail) => mail.toAddress === owed.email).map((mail) => mail.subject)).toEqual([
          expect.stringMatching(/refunded/),
        ]);
        if (mode === 'stripe') {
          const intent = owedPayments[0]!.providerPaymentId;
          expect(fake.refunds.filter((refund) => refund.payment_intent === intent)).toHaveLength(1);
        }
        const lost = slotOf(lostSlot);
        expect(lost?.status).toBe(mode === 'stripe' ? 'booked' : 'available');
      });
    } finally {
      for (const server of servers) await server.stop();
      await store.drop();
    }
  });
});
