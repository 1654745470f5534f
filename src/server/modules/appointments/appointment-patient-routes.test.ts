import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookingTexts } from '../../../shared/booking';
import { MOVE_HOLDS_PER_BOOKING, manageBookingTexts } from '../../../shared/manage-booking';
import { MAX_HOLDS_PER_ADDRESS } from '../../../shared/slots';
import { appointments, payments, slots } from '../../db/schema';
import {
  adultForm,
  appointmentOf,
  appointmentsOfSlot,
  createAdminBookingTestApp,
  futureSlot,
  holdSlot,
  nextAddress,
  paidBooking,
  pay,
  paymentsOfPatient,
} from '../../test/booking-fixtures';
import { inLockQueue } from '../../test/lock-queue';
import { injectMultipart } from '../../test/multipart';
import { insertSlot } from '../../test/slot-fixtures';
import {
  appointmentRow,
  auditOf,
  deleteAppointment,
  emailsAbout,
  putAppointment,
  slotRow,
  staffBooking,
  staffForm,
} from '../../test/staff-fixtures';
import type { AdminTestApp } from '../../test/test-app';
import { MANAGE_ACTIONS_PER_MINUTE } from './appointment-routes';

let t: AdminTestApp;
beforeAll(async () => {
  t = await createAdminBookingTestApp();
});
afterAll(() => t.close());

const db = () => t.database.db;
const HOUR = 3_600_000;
const ics = (content: string) => Buffer.from(content, 'base64').toString('utf8');

interface Link {
  reference: string;
  token: string;
}

/** The booking link of the first e-mail about the appointment that carries one (the confirmation). */
async function linkOf(appointmentId: number): Promise<Link> {
  for (const mail of await emailsAbout(db(), appointmentId)) {
    const found = /\/booking\/([0-9A-Z]+)#([\w-]{43})/.exec(mail.textBody);
    if (found?.[1] && found[2]) return { reference: found[1], token: found[2] };
  }
  throw new Error(`no booking link was e-mailed about appointment ${appointmentId}`);
}

const read = (link: Link, address = nextAddress()) =>
  t.app.inject({
    url: `/api/bookings/${link.reference}`,
    headers: { 'x-manage-token': link.token },
    remoteAddress: address,
  });

const cancel = (link: Link, address = nextAddress()) =>
  t.app.inject({
    method: 'POST',
    url: `/api/bookings/${link.reference}/cancel`,
    headers: { 'x-manage-token': link.token },
    remoteAddress: address,
  });

const move = (link: Link, slotId: unknown, holdToken?: string, payload?: unknown) =>
  t.app.inject({
    method: 'POST',
    url: `/api/bookings/${link.reference}/move`,
    headers: { 'x-manage-token': link.token, ...(holdToken ? { 'x-hold-token': holdToken } : {}) },
    payload: (payload ?? { session_id: slotId }) as object,
    remoteAddress: nextAddress(),
  });

/** A paid booking of its own (a new day, 10:00) with its e-mailed link. */
async function paidWithLink(email: string, slot: Parameters<typeof futureSlot>[1] = {}) {
  const booking = await paidBooking(t.app, db(), { form: { email }, slot });
  return { ...booking, link: await linkOf(booking.appointmentId) };
}

describe('the booking link', () => {
  it('is e-mailed with the confirmation, and reads the booking: what, when, where, price, payment, actions', async () => {
    const booking = await paidWithLink('link@example.ie');
    const [confirmation] = await emailsAbout(db(), booking.appointmentId);
    expect(confirmation?.textBody).toContain(`/booking/${booking.link.reference}#${booking.link.token}`);
    expect(confirmation?.htmlBody).toContain(`/booking/${booking.link.reference}#${booking.link.token}`);
    const row = await appointmentRow(db(), booking.appointmentId);
    // Only the token's hash is kept.
    expect(row?.manageTokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(row)).not.toContain(booking.link.token);

    const response = await read(booking.link);
    expect(response.statusCode, response.body).toBe(200);
    const { booking: shown } = response.json();
    expect(shown).toMatchObject({
      reference: booking.link.reference,
      status: 'upcoming',
      patient_name: 'Aoife Byrne',
      service: 'Allergy test (skin prick test), adult',
      price: 180,
      payment_status: 'paid',
      actions: ['cancel', 'move'],
      session: { id: booking.slot.id, start_time: '10:00', is_video_call: false, status: 'booked' },
    });
    expect(new Date(shown.change_until).getTime()).toBe(
      new Date(booking.slot.startsAt).getTime() - 48 * HOUR,
    );
    // Lower case is the same reference, and so are O for 0 and I or L for 1 (as Crockford's base32 reads them).
    const { reference } = booking.link;
    for (const typed of [reference.toLowerCase(), reference.replace(/0/g, 'o').replace(/1/g, 'l')]) {
      expect((await read({ ...booking.link, reference: typed })).statusCode, typed).toBe(200);
    }
  });

  it('is a 404 that says neither for a wrong token, no token, an unknown or malformed reference', async () => {
    const booking = await paidWithLink('wrong@example.ie');
    const wrongToken = { ...booking.link, token: 'A'.repeat(43) };
    const unknown = { ...booking.link, reference: 'ZZZZZZZZ' };
    const answers = await Promise.all([
      read(wrongToken),
      read({ ...booking.link, token: '' }),
      read({ ...booking.link, token: 'short' }),
      read(unknown),
      read({ ...booking.link, reference: 'abc!%20' }),
      read({ ...booking.link, reference: 'X'.repeat(40) }),
      cancel(wrongToken),
      move(unknown, 1),
    ]);
    for (const answer of answers) {
      expect(answer.statusCode, answer.body).toBe(404);
      expect(answer.json().error_messages).toBe(manageBookingTexts.notFound);
    }
    expect((await appointmentRow(db(), booking.appointmentId))?.status).toBe('paid');
  });

  it('stops working once the appointment has ended', async () => {
    const booking = await paidWithLink('expired@example.ie');
    await db()
      .update(slots)
      .set({ startsAt: new Date(Date.now() - 3 * HOUR), endsAt: new Date(Date.now() - 2 * HOUR) })
      .where(eq(slots.id, booking.slot.id));
    expect((await read(booking.link)).statusCode).toBe(404);
    expect((await cancel(booking.link)).statusCode).toBe(404);
  });

  it('is in the confirmation of a booking staff made, which the patient may cancel (no refund: nothing was paid)', async () => {
    const booking = await staffBooking(t.app, db(), t.auth, { form: { email: 'staffmade@example.ie' } });
    const link = await linkOf(booking.id);
    expect((await read(link)).json().booking).toMatchObject({ payment_status: 'unpaid', status: 'upcoming' });

    const response = await cancel(link);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      message: manageBookingTexts.cancelled,
      booking: { status: 'cancelled', actions: [], change_until: null },
    });
    expect((await slotRow(db(), booking.slot.id))?.status).toBe('available');
    const mails = await emailsAbout(db(), booking.id);
    expect(mails.map((mail) => mail.toAddress)).toEqual([
      'staffmade@example.ie',
      'staffmade@example.ie',
      'desk@clinic.test',
    ]);
    expect(mails[1]?.subject).toMatch(/has been cancelled$/);
    expect(ics(mails[1]!.attachments[0]!.content)).toContain('STATUS:CANCELLED');
    expect(mails[2]?.subject).toMatch(/^Cancelled online by the patient/);
  });
});

describe('POST /api/bookings/:reference/cancel', () => {
  it('refunds a paid booking in full more than 48 hours ahead, frees the time and e-mails the patient and the clinic', async () => {
    const booking = await paidWithLink('cancel@example.ie');
    const response = await cancel(booking.link);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      message: manageBookingTexts.cancelledRefunded,
      booking: { status: 'cancelled', payment_status: 'refunded', actions: [] },
    });
    const [payment] = await paymentsOfPatient(db(), booking.patientId);
    expect(payment).toMatchObject({ status: 'refunded', amountCents: 18_000 });
    expect(payment?.refundId).toBeTruthy();
    expect(await appointmentRow(db(), booking.appointmentId)).toMatchObject({
      status: 'refunded',
      calendarSequence: 1,
    });
    expect((await slotRow(db(), booking.slot.id))?.status).toBe('available');

    const mails = (await emailsAbout(db(), booking.appointmentId)).slice(2);
    expect(mails.map((mail) => mail.toAddress)).toEqual(['cancel@example.ie', 'desk@clinic.test']);
    expect(mails[0]?.textBody).toContain('As you asked, your appointment');
    expect(mails[0]?.textBody).toContain('We have refunded €180');
    const invite = ics(mails[0]!.attachments[0]!.content);
    expect(invite).toContain('STATUS:CANCELLED');
    expect(invite).toContain('SEQUENCE:1');
    expect(mails[1]?.textBody).toContain('Refunded: €180');

    const audit = await auditOf(db(), 'appointment', booking.appointmentId);
    expect(audit.at(-1)).toMatchObject({
      actor: 'visitor',
      details: expect.objectContaining({ by: 'patient' }),
    });

    // Again: nothing more happens, and it says so.
    const again = await cancel(booking.link);
    expect(again.statusCode).toBe(200);
    expect(again.json().message).toBe(manageBookingTexts.alreadyCancelled);
    expect(await emailsAbout(db(), booking.appointmentId)).toHaveLength(4);
    // The cancelled booking can still be read until its time has passed.
    expect((await read(booking.link)).json().booking.status).toBe('cancelled');
  });

  it('refunds once when two cancels come at once', async () => {
    const booking = await paidWithLink('twice@example.ie');
    const answers = await Promise.all([cancel(booking.link), cancel(booking.link), cancel(booking.link)]);
    for (const answer of answers) expect([200, 409], answer.body).toContain(answer.statusCode);
    const messages = answers.map((answer) => answer.json().message ?? answer.json().error_messages);
    expect(messages.filter((message) => message === manageBookingTexts.cancelledRefunded)).toHaveLength(1);
    for (const message of messages) {
      expect([
        manageBookingTexts.cancelledRefunded,
        manageBookingTexts.alreadyCancelled,
        manageBookingTexts.cancelInProgress,
      ]).toContain(message);
    }
    const rows = await db().select().from(payments).where(eq(payments.appointmentId, booking.appointmentId));
    expect(rows.map((row) => row.status)).toEqual(['refunded']);
    const refundMails = (await emailsAbout(db(), booking.appointmentId)).filter(
      (mail) => mail.toAddress === 'twice@example.ie' && /refunded/.test(mail.subject),
    );
    expect(refundMails).toHaveLength(1);
  });

  it('is refused inside the 48 hours, naming the notice and the clinic’s phone and e-mail; nothing changes', async () => {
    const booking = await paidWithLink('late@example.ie', {});
    // The same booking, now 24 hours ahead (as if two days had passed).
    const startsAt = new Date(Date.now() + 24 * HOUR);
    await db()
      .update(slots)
      .set({ startsAt, endsAt: new Date(startsAt.getTime() + 30 * 60_000) })
      .where(eq(slots.id, booking.slot.id));
    const shown = (await read(booking.link)).json().booking;
    expect(shown).toMatchObject({ status: 'upcoming', actions: [], change_until: null });

    const response = await cancel(booking.link);
    expect(response.statusCode).toBe(409);
    expect(response.json().error_messages).toBe(manageBookingTexts.noticePassed);
    expect(manageBookingTexts.noticePassed).toMatch(/48 hours.*01 293 4560.*info@dublinallergyclinic\.ie/);
    expect((await appointmentRow(db(), booking.appointmentId))?.status).toBe('paid');
    expect((await paymentsOfPatient(db(), booking.patientId))[0]?.status).toBe('succeeded');
    expect((await slotRow(db(), booking.slot.id))?.status).toBe('booked');
  });

  it('refuses a body (the cancel has none) with a 4xx', async () => {
    const booking = await paidWithLink('body@example.ie');
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/bookings/${booking.link.reference}/cancel`,
      headers: { 'x-manage-token': booking.link.token, 'content-type': 'application/json' },
      payload: '{"refund":999}',
      remoteAddress: nextAddress(),
    });
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    expect(response.statusCode).toBeLessThan(500);
    expect((await appointmentRow(db(), booking.appointmentId))?.status).toBe('paid');
  });

  it(`slows an address down after ${MANAGE_ACTIONS_PER_MINUTE} tries a minute`, async () => {
    const address = nextAddress();
    const link = { reference: 'ABCDEF', token: 'B'.repeat(43) };
    for (let index = 0; index < MANAGE_ACTIONS_PER_MINUTE; index += 1) {
      expect((await cancel(link, address)).statusCode).toBe(404);
    }
    const limited = await cancel(link, address);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error_messages).toMatch(/Too many requests/);
  });
});

const holdForMove = (link: Link, slotId: number, holdToken?: string, address = nextAddress()) =>
  t.app.inject({
    method: 'PUT',
    url: `/api/bookings/${link.reference}/sessions/${slotId}`,
    headers: { 'x-manage-token': link.token, ...(holdToken ? { 'x-hold-token': holdToken } : {}) },
    remoteAddress: address,
  });

const visitorHold = (slotId: number, address: string) =>
  t.app.inject({ method: 'PUT', url: `/api/patient_sessions/${slotId}`, remoteAddress: address });

describe('PUT /api/bookings/:reference/sessions/:id (the hold of a move)', () => {
  it("holds a time from an address at its cap, never counting toward the address's holds; the move books it", async () => {
    const booking = await paidWithLink('crowded@example.ie');
    const address = '203.0.113.50';
    const others: { id: number; token: string }[] = [];
    for (let index = 0; index < MAX_HOLDS_PER_ADDRESS; index += 1) {
      const { id } = await futureSlot(db());
      const held = await visitorHold(id, address);
      expect(held.statusCode, held.body).toBe(200);
      others.push({ id, token: held.json().hold_token });
    }
    const spare = await futureSlot(db());
    expect((await visitorHold(spare.id, address)).json().code).toBe('holds_limit');

    const first = await futureSlot(db());
    const held = await holdForMove(booking.link, first.id, undefined, address);
    expect(held.statusCode, held.body).toBe(200);
    const { hold_token: token } = held.json();
    expect(held.json().session).toMatchObject({ id: first.id, status: 'pending', held_by_you: true });
    expect((await slotRow(db(), first.id))?.holdClient).toBe(`booking:${booking.appointmentId}`);
    // The move's hold is not among the address's: one of theirs let go makes room for exactly one more of theirs.
    const [released] = others;
    const letGo = await t.app.inject({
      method: 'DELETE',
      url: `/api/patient_sessions/${released!.id}/hold`,
      headers: { 'x-hold-token': released!.token },
    });
    expect(letGo.statusCode).toBe(204);
    expect((await visitorHold(spare.id, address)).statusCode).toBe(200);
    expect((await visitorHold((await futureSlot(db())).id, address)).statusCode).toBe(429);

    // Choosing another time with the move's token lets the first go; the move books the one held.
    const second = await futureSlot(db());
    const changed = await holdForMove(booking.link, second.id, token, address);
    expect(changed.statusCode, changed.body).toBe(200);
    expect((await slotRow(db(), first.id))?.status).toBe('available');
    const moved = await move(booking.link, second.id, changed.json().hold_token);
    expect(moved.statusCode, moved.body).toBe(200);
    expect((await appointmentRow(db(), booking.appointmentId))?.slotId).toBe(second.id);
  });

  it(`holds at most ${MOVE_HOLDS_PER_BOOKING} times for one booking; a wrong link is 404, inside the notice 409`, async () => {
    const booking = await paidWithLink('moveholds@example.ie');
    for (let index = 0; index < MOVE_HOLDS_PER_BOOKING; index += 1) {
      const held = await holdForMove(booking.link, (await futureSlot(db())).id);
      expect(held.statusCode, held.body).toBe(200);
    }
    const next = await futureSlot(db());
    const refused = await holdForMove(booking.link, next.id);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({
      code: 'holds_limit',
      error_messages: manageBookingTexts.tooManyMoveHolds,
    });
    expect((await slotRow(db(), next.id))?.status).toBe('available');

    const wrong = await holdForMove({ ...booking.link, token: 'A'.repeat(43) }, next.id);
    expect(wrong.statusCode).toBe(404);
    expect(wrong.json().error_messages).toBe(manageBookingTexts.notFound);
    expect((await holdForMove({ ...booking.link, token: '' }, next.id)).statusCode).toBe(404);
    const badId = await holdForMove(booking.link, 0);
    expect(badId.statusCode).toBeGreaterThanOrEqual(400);
    expect(badId.statusCode).toBeLessThan(500);

    const late = await paidWithLink('latehold@example.ie');
    const startsAt = new Date(Date.now() + 46 * HOUR);
    await db()
      .update(slots)
      .set({ startsAt, endsAt: new Date(startsAt.getTime() + 30 * 60_000) })
      .where(eq(slots.id, late.slot.id));
    const tooLate = await holdForMove(late.link, next.id);
    expect(tooLate.statusCode).toBe(409);
    expect(tooLate.json().error_messages).toBe(manageBookingTexts.noticePassed);
    expect((await slotRow(db(), next.id))?.status).toBe('available');
  });
});

describe('a time held to move a booking', () => {
  it("is that booking's move's only: a new booking with it (JSON or a form) and another booking's move are refused", async () => {
    const booking = await paidWithLink('ownmove@example.ie');
    const other = await paidWithLink('othermove@example.ie');
    const next = await futureSlot(db());
    const held = await holdForMove(booking.link, next.id);
    expect(held.statusCode, held.body).toBe(200);
    const token: string = held.json().hold_token;

    const asJson = await t.app.inject({
      method: 'POST',
      url: '/api/patients',
      headers: { 'x-hold-token': token },
      payload: { patient: adultForm(next.id, { email: 'newbooking@example.ie' }) },
      remoteAddress: nextAddress(),
    });
    expect(asJson.statusCode, asJson.body).toBe(409);
    expect(asJson.json()).toMatchObject({
      code: 'hold_for_move',
      error_messages: bookingTexts.holdForMove,
      errors: { session_id: [bookingTexts.holdForMove] },
    });
    const fields = Object.fromEntries(
      Object.entries(adultForm(next.id, { email: 'newbooking@example.ie' })).map(([key, value]) => [
        `patient[${key}]`,
        value as string,
      ]),
    );
    const asForm = await injectMultipart(t.app, 'POST', '/api/patients', fields, { 'x-hold-token': token });
    expect(asForm.statusCode, asForm.body).toBe(409);
    expect(asForm.json().code).toBe('hold_for_move');

    const othersMove = await move(other.link, next.id, token);
    expect(othersMove.statusCode, othersMove.body).toBe(409);
    expect(othersMove.json().error_messages).toBe(manageBookingTexts.holdMissing);
    expect((await appointmentRow(db(), other.appointmentId))?.slotId).toBe(other.slot.id);

    expect(await appointmentsOfSlot(db(), next.id)).toEqual([]);
    expect(await slotRow(db(), next.id)).toMatchObject({
      status: 'pending',
      holdClient: `booking:${booking.appointmentId}`,
    });
    const moved = await move(booking.link, next.id, token);
    expect(moved.statusCode, moved.body).toBe(200);
    expect((await appointmentRow(db(), booking.appointmentId))?.slotId).toBe(next.id);
  });

  it('is let go when the booking is cancelled: by the patient (refunded) or by staff', async () => {
    const paid = await paidWithLink('cancelmoveholds@example.ie');
    const staffMade = await staffBooking(t.app, db(), t.auth, {
      form: { email: 'staffmoveholds@example.ie' },
    });
    const staffLink = await linkOf(staffMade.id);
    const heldFor = async (link: Link) => {
      const times = [await futureSlot(db()), await futureSlot(db())];
      for (const time of times) expect((await holdForMove(link, time.id)).statusCode).toBe(200);
      return times.map((time) => time.id);
    };
    const paidHolds = await heldFor(paid.link);
    const staffHolds = await heldFor(staffLink);

    const cancelled = await cancel(paid.link);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json().message).toBe(manageBookingTexts.cancelledRefunded);
    const deleted = await deleteAppointment(t.app, t.auth, staffMade.id);
    expect(deleted.statusCode, deleted.body).toBeLessThan(300);

    for (const id of [...paidHolds, ...staffHolds]) {
      expect(await slotRow(db(), id), `slot ${id}`).toMatchObject({ status: 'available', holdClient: null });
    }
    const [refunded] = (await auditOf(db(), 'appointment', paid.appointmentId)).filter(
      (entry) => entry.details?.refund_id,
    );
    expect((refunded?.details?.move_holds_released as number[] | undefined)?.sort()).toEqual(
      [...paidHolds].sort(),
    );
  });
});

describe('POST /api/bookings/:reference/move', () => {
  it('moves to a held time of the same kind: the old time freed, one event with a higher SEQUENCE, both told', async () => {
    const booking = await paidWithLink('move@example.ie');
    const next = await futureSlot(db());
    const holdToken = await holdSlot(t.app, next.id);
    const response = await move(booking.link, next.id, holdToken);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      message: manageBookingTexts.moved,
      booking: { status: 'upcoming', payment_status: 'paid', session: { id: next.id, status: 'booked' } },
    });
    expect(await appointmentRow(db(), booking.appointmentId)).toMatchObject({
      slotId: next.id,
      status: 'paid',
      calendarSequence: 1,
    });
    expect((await slotRow(db(), booking.slot.id))?.status).toBe('available');
    expect((await slotRow(db(), next.id))?.status).toBe('booked');

    const mails = await emailsAbout(db(), booking.appointmentId);
    const [confirmation] = mails;
    const [moved, notice] = mails.slice(2);
    expect(moved?.toAddress).toBe('move@example.ie');
    expect(notice?.toAddress).toBe('desk@clinic.test');
    expect(notice?.subject).toMatch(/^Moved online by the patient/);
    const first = ics(confirmation!.attachments.find((file) => file.filename.endsWith('.ics'))!.content);
    const invite = ics(moved!.attachments[0]!.content);
    const uid = /UID:(.+)/.exec(first)?.[1]?.trim();
    expect(uid).toBeTruthy();
    expect(invite).toContain(`UID:${uid}`);
    expect(first).toContain('SEQUENCE:0');
    expect(invite).toContain('SEQUENCE:1');
    // The same link goes on working, and is in the new confirmation.
    expect(moved?.textBody).toContain(`/booking/${booking.link.reference}#${booking.link.token}`);
    expect((await read(booking.link)).json().booking.session.id).toBe(next.id);

    // Moving to the time it has changes nothing more.
    const again = await move(booking.link, next.id, holdToken);
    expect(again.statusCode).toBe(200);
    expect(again.json().message).toBe(manageBookingTexts.alreadyThere);
    expect(await emailsAbout(db(), booking.appointmentId)).toHaveLength(4);
  });

  it('refuses a taken time, a time not held by the patient, another kind, another price and a started time', async () => {
    const booking = await paidWithLink('refusals@example.ie');
    const taken = await paidBooking(t.app, db(), { form: { email: 'other@example.ie' } });
    const free = await futureSlot(db());
    const video = await futureSlot(db(), { isVideoCall: true, priceCents: 18_000 });
    const dearer = await futureSlot(db(), { priceCents: 25_000 });
    const past = await insertSlot(db(), { startsAt: new Date(Date.now() - 2 * HOUR).toISOString() });

    const onTaken = await move(booking.link, taken.slot.id, await holdSlot(t.app, free.id));
    expect(onTaken.statusCode).toBe(409);
    expect(onTaken.json().errors.session_id).toEqual([manageBookingTexts.holdMissing]);
    const unheld = await move(booking.link, free.id);
    expect(unheld.statusCode).toBe(409);
    expect(unheld.json().error_messages).toBe(manageBookingTexts.holdMissing);
    const otherKind = await move(booking.link, video.id, await holdSlot(t.app, video.id));
    expect(otherKind.statusCode).toBe(422);
    expect(otherKind.json().error_messages).toBe(manageBookingTexts.otherKind);
    const otherPrice = await move(booking.link, dearer.id, await holdSlot(t.app, dearer.id));
    expect(otherPrice.statusCode).toBe(409);
    expect(otherPrice.json().error_messages).toBe(manageBookingTexts.otherPrice('€250', '€180'));
    const started = await move(booking.link, past);
    expect(started.statusCode).toBe(422);
    expect(started.json().error_messages).toBe(manageBookingTexts.started);

    expect(await appointmentRow(db(), booking.appointmentId)).toMatchObject({
      slotId: booking.slot.id,
      calendarSequence: 0,
    });
    expect((await slotRow(db(), taken.slot.id))?.status).toBe('booked');
  });

  it('refuses bad bodies with a readable 4xx', async () => {
    const booking = await paidWithLink('badmove@example.ie');
    for (const payload of [
      {},
      { session_id: 'abc' },
      { session_id: -1 },
      { session_id: 1, extra: true },
      [],
    ]) {
      const response = await move(booking.link, undefined, undefined, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBeGreaterThanOrEqual(400);
      expect(response.statusCode).toBeLessThan(500);
      expect(typeof response.json().error_messages).toBe('string');
    }
    const unknown = await move(booking.link, 2_000_000_000);
    expect(unknown.statusCode).toBe(422);
  });

  it('is refused inside the 48 hours, to any time', async () => {
    const booking = await paidWithLink('latemove@example.ie');
    const startsAt = new Date(Date.now() + 47 * HOUR);
    await db()
      .update(slots)
      .set({ startsAt, endsAt: new Date(startsAt.getTime() + 30 * 60_000) })
      .where(eq(slots.id, booking.slot.id));
    const next = await futureSlot(db());
    const holdToken = await holdSlot(t.app, next.id);
    const response = await move(booking.link, next.id, holdToken);
    expect(response.statusCode).toBe(409);
    expect(response.json().error_messages).toBe(manageBookingTexts.noticePassed);
    expect((await appointmentRow(db(), booking.appointmentId))?.slotId).toBe(booking.slot.id);
    // 49 hours ahead, it is still in time.
    const later = new Date(Date.now() + 49 * HOUR);
    await db()
      .update(slots)
      .set({ startsAt: later, endsAt: new Date(later.getTime() + 30 * 60_000) })
      .where(eq(slots.id, booking.slot.id));
    const moved = await move(booking.link, next.id, holdToken);
    expect(moved.statusCode, moved.body).toBe(200);
  });

  it('made twice at once (two tabs, or staff and the patient), moves it from where the first put it, each e-mail saying where it was', async () => {
    const orders = [
      ['patient', 'patient'],
      ['staff', 'patient'],
      ['patient', 'staff'],
    ] as const;
    for (const [round, order] of orders.entries()) {
      const email = `twomoves${round}@example.ie`;
      const booking = await paidWithLink(email);
      const moveBy = async (who: 'patient' | 'staff') => {
        const next = await futureSlot(db());
        if (who === 'staff') {
          return {
            slotId: next.id,
            send: () =>
              putAppointment(t.app, t.auth, booking.appointmentId, {
                ...staffForm(next.id, { email }),
                'session[id]': next.id,
              }),
          };
        }
        const held = await holdForMove(booking.link, next.id);
        expect(held.statusCode, held.body).toBe(200);
        return { slotId: next.id, send: () => move(booking.link, next.id, held.json().hold_token) };
      };
      const first = await moveBy(order[0]);
      const second = await moveBy(order[1]);
      // On PostgreSQL the second waits for the first's lock on the appointment, and reads it once moved.
      const answers = await inLockQueue(
        t.database,
        (tx) =>
          tx.select().from(appointments).where(eq(appointments.id, booking.appointmentId)).for('update'),
        [first.send, second.send],
      );
      for (const answer of answers) expect(answer.statusCode, `${order}: ${answer.body}`).toBe(200);
      // Where the one that came last put it (on PGlite, which ran them together, either).
      const lastTargets = t.database.kind === 'postgres' ? [second.slotId] : [first.slotId, second.slotId];
      expect(lastTargets).toContain((await appointmentRow(db(), booking.appointmentId))?.slotId);
      const moved = (await emailsAbout(db(), booking.appointmentId)).filter(
        (mail) => mail.toAddress === email && /has moved/.test(mail.subject),
      );
      expect(moved, order.join(' then ')).toHaveLength(2);
      for (const mail of moved)
        expect(mail.textBody, order.join(' then ')).toMatch(/Was: \d{2}\/\d{2}\/\d{4}/);
    }
  });

  it('races another visitor for a time: exactly one of them gets it', async () => {
    for (let round = 0; round < 3; round += 1) {
      const booking = await paidWithLink(`race${round}@example.ie`);
      const contested = await futureSlot(db());
      const holdContested = async () => {
        const hold = await t.app.inject({
          method: 'PUT',
          url: `/api/patient_sessions/${contested.id}`,
          remoteAddress: nextAddress(),
        });
        return hold.statusCode === 200 ? (hold.json().hold_token as string) : undefined;
      };
      const patientMoves = async () => {
        const token = await holdContested();
        return token !== undefined && (await move(booking.link, contested.id, token)).statusCode === 200;
      };
      const visitorBooksAndPays = async () => {
        const token = await holdContested();
        if (!token) return false;
        const created = await t.app.inject({
          method: 'POST',
          url: '/api/patients',
          headers: { 'x-hold-token': token },
          payload: { patient: adultForm(contested.id, { email: `visitor${round}@example.ie` }) },
          remoteAddress: nextAddress(),
        });
        if (created.statusCode !== 201) return false;
        const { id, access_token } = created.json().patient;
        const paid = await pay(t.app, { patientId: id, token: access_token });
        return paid.statusCode === 200 && (await appointmentOf(db(), id)).status === 'paid';
      };
      const [moved, booked] = await Promise.all([patientMoves(), visitorBooksAndPays()]);
      expect([moved, booked].filter(Boolean), `round ${round}`).toHaveLength(1);
      expect((await slotRow(db(), contested.id))?.status).toBe('booked');
      expect((await appointmentRow(db(), booking.appointmentId))?.slotId).toBe(
        moved ? contested.id : booking.slot.id,
      );
    }
  });
});
