import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, type MockInstance, vi } from 'vitest';
import {
  type AppointmentMove,
  type AppointmentStatus,
  appointmentMoves,
} from '../../../../shared/appointment-states';
import { paymentTexts } from '../../../../shared/payments';
import { payments } from '../../../db/schema';
import { providerFailure } from '../../../domain-errors';
import {
  appointmentOf,
  createBooking,
  createBookingTestApp,
  futureSlot,
  holdSlot,
  nextAddress,
  paidBooking,
  pay,
} from '../../../test/booking-fixtures';
import {
  appointmentRow,
  deleteAppointment,
  emailsAbout,
  postStaffBooking,
  putAppointment,
  refundAppointment,
  staffBooking,
  staffForm,
  storedAppointment,
} from '../../../test/staff-fixtures';
import { type AdminTestApp, withSignedInAdmin } from '../../../test/test-app';
import type { PaymentProvider } from '../../payments/payment-provider';
import { createTestModeProvider, TEST_PAYMENT_METHODS } from '../../payments/test-mode-provider';
import { applyPaymentEvent, settlePayments } from '../appointment-payments';
import * as booking from './book-appointment';
import * as cancelling from './cancel-appointment';
import * as attendance from './mark-attendance';
import * as paying from './pay-appointment';
import * as refunding from './refund-appointment';
import * as rescheduling from './reschedule-appointment';

/**
 * Every move of an appointment's life (`src/shared/appointment-states.ts`), made by every actor that can make it
 * (staff, the patient, the visitor, the settlement job, the provider's webhook, the browser's check), each through
 * its real entry point: the same function of `moves/` makes it for all of them, and the appointment ends in the
 * state the table says. A second copy of a move (a staff path and a patient path written apart) fails here.
 */

/** A card the provider charges but whose answer never arrives: the payment stays processing, the card charged. */
const CHARGED_UNANSWERED = 'pm_card_visa_unanswered';

/** Test mode, but for `CHARGED_UNANSWERED`: charged at the provider, then no answer in time. */
function providerLosingAnswers(): PaymentProvider {
  const testMode = createTestModeProvider();
  return {
    ...testMode,
    async confirm(id, method, key) {
      if (method !== CHARGED_UNANSWERED) return testMode.confirm(id, method, key);
      await testMode.confirm(id, TEST_PAYMENT_METHODS.succeeds, key);
      throw providerFailure('provider_unavailable', paymentTexts.providerDown);
    },
  };
}

let t: AdminTestApp;
beforeAll(async () => {
  t = await withSignedInAdmin(await createBookingTestApp({}, providerLosingAnswers()));
});
afterAll(() => t.close());
afterEach(() => vi.restoreAllMocks());

const db = () => t.database.db;
const context = () => ({ ...t.app.appointments, log: t.app.log });

/** The move functions' calls, spied on through their modules (the callers import them from there). */
function spied<M extends object, K extends keyof M>(module: M, name: K): MockInstance {
  return vi.spyOn(module, name as never) as unknown as MockInstance;
}

/** The appointment's id each call of `spy` moved (its argument of that name or place). */
const movedIds = (spy: MockInstance, at: number) =>
  spy.mock.calls.map((call) => {
    const value = call[at] as number | { id: number };
    return typeof value === 'number' ? value : value.id;
  });

async function statusOf(id: number): Promise<AppointmentStatus | undefined> {
  return (await appointmentRow(db(), id))?.status;
}

/** A visitor's booking whose payment was charged but left unanswered: processing at the provider's word. */
async function chargedUnanswered() {
  const made = await createBooking(t.app, db());
  const response = await pay(t.app, made, { token: CHARGED_UNANSWERED });
  expect(response.statusCode, response.body).toBe(503);
  const appointment = await appointmentOf(db(), made.patientId);
  const [payment] = await db().select().from(payments).where(eq(payments.appointmentId, appointment.id));
  expect(payment).toMatchObject({ status: 'processing', failureMessage: expect.any(String) });
  return { ...made, appointmentId: appointment.id, payment: payment! };
}

/** The visitor lets the time of their booking go, and staff book it for someone else meanwhile. */
async function takeTime(made: { slot: { id: number }; holdToken: string }) {
  const released = await t.app.inject({
    method: 'DELETE',
    url: `/api/patient_sessions/${made.slot.id}/hold`,
    headers: { 'x-hold-token': made.holdToken },
    remoteAddress: nextAddress(),
  });
  expect(released.statusCode, released.body).toBeLessThan(300);
  const taken = await postStaffBooking(t.app, t.auth, staffForm(made.slot.id, { email: 'other@example.ie' }));
  expect(taken.statusCode, taken.body).toBe(201);
}

/** After the payments' grace, when the settlement job asks the provider. */
const afterGrace = () => new Date(Date.now() + 10 * 60_000);

/** The booking link the patient was e-mailed about the appointment. */
async function linkOf(appointmentId: number) {
  for (const mail of await emailsAbout(db(), appointmentId)) {
    const found = /\/booking\/([0-9A-Z]+)#([\w-]{43})/.exec(mail.textBody);
    if (found?.[1] && found[2]) return { reference: found[1], token: found[2] };
  }
  throw new Error(`no booking link about appointment ${appointmentId}`);
}

const patientCancels = async (appointmentId: number) => {
  const link = await linkOf(appointmentId);
  return t.app.inject({
    method: 'POST',
    url: `/api/bookings/${link.reference}/cancel`,
    headers: { 'x-manage-token': link.token },
    remoteAddress: nextAddress(),
  });
};

describe('every move of the table, by every actor, is made by its one function', () => {
  it('book: a visitor the time they hold, staff a time for a patient', async () => {
    const book = spied(booking, 'bookAppointment');
    const visitor = await createBooking(t.app, db());
    const staff = await staffBooking(t.app, db(), t.auth);
    expect(book.mock.calls.map((call) => (call[1] as booking.BookRequest).by)).toEqual(['visitor', 'staff']);
    expect(await statusOf((await appointmentOf(db(), visitor.patientId)).id)).toBe('held');
    expect(await statusOf(staff.id)).toBe('booked');
  });

  it('pay: the visitor paying, the settlement job, the webhook and the browser’s check', async () => {
    const pays = spied(paying, 'payAppointment');
    const byVisitor = await paidBooking(t.app, db());

    const byJob = await chargedUnanswered();
    await settlePayments(context(), afterGrace());

    const byWebhook = await chargedUnanswered();
    const word = await t.app.appointments.provider.retrieve(byWebhook.payment.providerPaymentId!);
    await applyPaymentEvent(context(), {
      id: 'evt_walk_paid',
      type: 'payment_intent.succeeded',
      payment: word,
    });

    const byCheck = await chargedUnanswered();
    // The browser's check asks the provider about a payment not asked about for a few seconds.
    await db().execute(
      sql`update payments set updated_at = now() - interval '1 minute' where id = ${byCheck.payment.id}`,
    );
    const check = await t.app.inject({
      method: 'POST',
      url: '/api/payments/check',
      headers: { 'x-booking-token': byCheck.token },
      payload: { patient_id: byCheck.patientId },
      remoteAddress: nextAddress(),
    });
    expect(check.statusCode, check.body).toBe(200);

    const ids = [byVisitor, byJob, byWebhook, byCheck].map((made) => made.appointmentId);
    expect(movedIds(pays, 1)).toEqual(ids);
    for (const id of ids) expect(await statusOf(id)).toBe('paid');
  });

  it('lose: a payment the settlement job or the webhook settles after the time was taken', async () => {
    const loses = spied(paying, 'loseAppointment');
    const byJob = await chargedUnanswered();
    await takeTime(byJob);
    await settlePayments(context(), afterGrace());

    const byWebhook = await chargedUnanswered();
    await takeTime(byWebhook);
    const word = await t.app.appointments.provider.retrieve(byWebhook.payment.providerPaymentId!);
    await applyPaymentEvent(context(), {
      id: 'evt_walk_lost',
      type: 'payment_intent.succeeded',
      payment: word,
    });

    expect(movedIds(loses, 1)).toEqual([byJob.appointmentId, byWebhook.appointmentId]);
    for (const made of [byJob, byWebhook]) expect(await statusOf(made.appointmentId)).toBe('cancelled');
  });

  it('refund: staff from the back office, the patient cancelling a paid appointment', async () => {
    const refunds = spied(refunding, 'refundAppointment');
    const byStaff = await paidBooking(t.app, db());
    expect((await refundAppointment(t.app, t.auth, byStaff.appointmentId)).statusCode).toBe(200);
    const byPatient = await paidBooking(t.app, db());
    expect((await patientCancels(byPatient.appointmentId)).statusCode).toBe(200);

    const ids = [byStaff.appointmentId, byPatient.appointmentId];
    expect(movedIds(refunds, 1)).toEqual(ids);
    for (const id of ids) expect(await statusOf(id)).toBe('refunded');
  });

  it('cancel: staff deleting, the patient cancelling a booking not paid online', async () => {
    const cancels = spied(cancelling, 'cancelAppointment');
    const byStaff = await staffBooking(t.app, db(), t.auth);
    expect((await deleteAppointment(t.app, t.auth, byStaff.id)).statusCode).toBe(204);
    const byPatient = await staffBooking(t.app, db(), t.auth);
    expect((await patientCancels(byPatient.id)).statusCode).toBe(200);

    expect(movedIds(cancels, 1)).toEqual([byStaff.id, byPatient.id]);
    for (const id of [byStaff.id, byPatient.id]) expect(await statusOf(id)).toBe('cancelled');
  });

  it('reschedule: staff saving another time, the patient moving to a time they hold', async () => {
    const reschedules = spied(rescheduling, 'rescheduleAppointment');
    const byStaff = await staffBooking(t.app, db(), t.auth);
    const staffTime = await futureSlot(db());
    const saved = await putAppointment(t.app, t.auth, byStaff.id, {
      ...staffForm(staffTime.id),
      'session[id]': staffTime.id,
    });
    expect(saved.statusCode, saved.body).toBe(200);

    const byPatient = await paidBooking(t.app, db());
    const patientTime = await futureSlot(db());
    const link = await linkOf(byPatient.appointmentId);
    const moved = await t.app.inject({
      method: 'POST',
      url: `/api/bookings/${link.reference}/move`,
      headers: { 'x-manage-token': link.token, 'x-hold-token': await holdSlot(t.app, patientTime.id) },
      payload: { session_id: patientTime.id },
      remoteAddress: nextAddress(),
    });
    expect(moved.statusCode, moved.body).toBe(200);

    expect(movedIds(reschedules, 1)).toEqual([byStaff.id, byPatient.appointmentId]);
    expect(await appointmentRow(db(), byStaff.id)).toMatchObject({ status: 'booked', slotId: staffTime.id });
    expect(await appointmentRow(db(), byPatient.appointmentId)).toMatchObject({
      status: 'paid',
      slotId: patientTime.id,
    });
  });

  it('attend and miss: staff marking a started appointment', async () => {
    const marks = spied(attendance, 'markAttendance');
    const started = await storedAppointment(db(), { status: 'booked' });
    const mark = (status: string) =>
      t.app.inject({
        method: 'PUT',
        url: `/api/admin/transactions/${started.appointment.id}/attendance`,
        headers: t.auth,
        payload: { status },
      });
    expect((await mark('attended')).statusCode).toBe(200);
    expect(await statusOf(started.appointment.id)).toBe('attended');
    expect((await mark('no_show')).statusCode).toBe(200);
    expect(await statusOf(started.appointment.id)).toBe('no_show');
    expect(movedIds(marks, 2)).toEqual([started.appointment.id, started.appointment.id]);
  });
});

describe('the moves are written once', () => {
  const sourceRoot = join(import.meta.dirname, '..', '..', '..', '..');
  const sources = (directory: string): string[] =>
    readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
      const path = join(directory, entry.name);
      if (entry.isDirectory()) return sources(path);
      return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
    });
  const MOVES = 'server/modules/appointments/moves/';
  const code = sources(join(sourceRoot, 'server')).map((path) => ({
    path: relative(sourceRoot, path),
    text: readFileSync(path, 'utf8'),
  }));

  /** The files that call the guarded writer of an appointment's state. */
  const writers = code.filter(({ text }) => /(?<!function )\bmoveAppointment\(/.test(text));

  it('only the moves call the guarded writer', () => {
    expect(writers.map(({ path }) => path).filter((path) => !path.startsWith(MOVES))).toEqual([]);
  });

  it.each(Object.keys(appointmentMoves) as AppointmentMove[])('%s is made in one file of moves/', (move) => {
    const makers = writers.filter(({ text }) => text.includes(`'${move}'`));
    expect(makers).toHaveLength(1);
  });

  it("no code but the guarded writer sets a payment's state", () => {
    const writers = code.filter(({ text }) => /\.update\(payments\)[\s\S]{0,200}?status:/.test(text));
    expect(writers.map(({ path }) => path)).toEqual(['server/modules/payments/payment-repository.ts']);
  });

  it("no code but the guarded writer sets an appointment's state", () => {
    const writers = code.filter(({ text }) => /\.update\(appointments\)[\s\S]{0,200}?status:/.test(text));
    expect(writers.map(({ path }) => path)).toEqual([
      'server/modules/appointments/appointment-repository.ts',
    ]);
  });
});
