import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stopDayWords } from '../../../shared/antihistamines';
import { manageBookingTexts } from '../../../shared/manage-booking';
import { texts } from '../../../shared/validation-texts';
import { FLAG_MESSAGE_MAX, wayOutTexts } from '../../../shared/way-out';
import { slots } from '../../db/schema';
import {
  createAdminBookingTestApp,
  futureSlot,
  nextAddress,
  paidBooking,
  paymentsOfPatient,
} from '../../test/booking-fixtures';
import { clinicDayFromToday, clinicInstant } from '../../test/slot-fixtures';
import { appointmentRow, auditOf, emailsAbout, slotRow, staffBooking } from '../../test/staff-fixtures';
import type { AdminTestApp } from '../../test/test-app';

let t: AdminTestApp;
beforeAll(async () => {
  t = await createAdminBookingTestApp();
});
afterAll(() => t.close());

const db = () => t.database.db;
const HOUR = 3_600_000;

interface Link {
  reference: string;
  token: string;
}

async function linkOf(appointmentId: number): Promise<Link> {
  for (const mail of await emailsAbout(db(), appointmentId)) {
    const found = /\/booking\/([0-9A-Z]+)#([\w-]{43})/.exec(mail.textBody);
    if (found?.[1] && found[2]) return { reference: found[1], token: found[2] };
  }
  throw new Error(`no booking link was e-mailed about appointment ${appointmentId}`);
}

const read = (link: Link) =>
  t.app.inject({
    url: `/api/bookings/${link.reference}`,
    headers: { 'x-manage-token': link.token },
    remoteAddress: nextAddress(),
  });

const flag = (link: Link, payload: unknown) =>
  t.app.inject({
    method: 'POST',
    url: `/api/bookings/${link.reference}/flag`,
    headers: { 'x-manage-token': link.token },
    payload: payload as object,
    remoteAddress: nextAddress(),
  });

const cancel = (link: Link) =>
  t.app.inject({
    method: 'POST',
    url: `/api/bookings/${link.reference}/cancel`,
    headers: { 'x-manage-token': link.token },
    remoteAddress: nextAddress(),
  });

const holdForMove = (link: Link, slotId: number) =>
  t.app.inject({
    method: 'PUT',
    url: `/api/bookings/${link.reference}/sessions/${slotId}`,
    headers: { 'x-manage-token': link.token },
    remoteAddress: nextAddress(),
  });

const move = (link: Link, slotId: number, holdToken: string) =>
  t.app.inject({
    method: 'POST',
    url: `/api/bookings/${link.reference}/move`,
    headers: { 'x-manage-token': link.token, 'x-hold-token': holdToken },
    payload: { session_id: slotId },
    remoteAddress: nextAddress(),
  });

/** Puts the slot `hours` ahead of now (as if days had passed since it was booked). */
async function startIn(slotId: number, hours: number) {
  const startsAt = new Date(Date.now() + hours * HOUR);
  await db()
    .update(slots)
    .set({ startsAt, endsAt: new Date(startsAt.getTime() + 30 * 60_000) })
    .where(eq(slots.id, slotId));
}

/** A paid allergy test with its e-mailed link, now `hours` ahead. */
async function paidIn(email: string, hours: number) {
  const booking = await paidBooking(t.app, db(), { form: { email } });
  await startIn(booking.slot.id, hours);
  return { ...booking, link: await linkOf(booking.appointmentId) };
}

/** Holds `slotId` through the link and moves the booking there. */
async function moveTo(link: Link, slotId: number) {
  const held = await holdForMove(link, slotId);
  if (held.statusCode !== 200) return held;
  return move(link, slotId, held.json().hold_token);
}

describe('the way out: flagging from the booking link', () => {
  it('records "could not stop", shows it, tells the clinic, audits it without the words, and offers one free move inside the notice', async () => {
    const booking = await paidIn('couldnotstop@example.ie', 30);
    const before = (await read(booking.link)).json().booking;
    expect(before).toMatchObject({ actions: [], way_out: { flag: null, free_move: 'none' } });

    const response = await flag(booking.link, {
      reason: 'could_not_stop',
      message: '  Took cetirizine last night  ',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().message).toBe(wayOutTexts.flagged);
    expect(response.json().booking).toMatchObject({
      actions: ['move'],
      way_out: {
        flag: { reason: 'could_not_stop', message: 'Took cetirizine last night' },
        free_move: 'available',
      },
    });
    const row = await appointmentRow(db(), booking.appointmentId);
    expect(row).toMatchObject({
      status: 'paid',
      flagReason: 'could_not_stop',
      flagMessage: 'Took cetirizine last night',
    });
    expect(row?.flaggedAt).toBeInstanceOf(Date);

    const [entry] = (await auditOf(db(), 'appointment', booking.appointmentId)).filter(
      (audit) => (audit.details as Record<string, unknown> | null)?.flag,
    );
    expect(entry).toMatchObject({ actor: 'visitor', action: 'update' });
    expect(entry?.details).toEqual({
      flag: { from: null, to: 'could_not_stop' },
      with_message: true,
      by: 'patient',
    });
    expect(JSON.stringify(entry)).not.toContain('cetirizine');

    const notice = (await emailsAbout(db(), booking.appointmentId)).find(
      (mail) => mail.toAddress === 'desk@clinic.test' && /note/.test(mail.subject),
    );
    expect(notice?.subject).not.toMatch(/antihistamine|unwell|wheezy/i);
    expect(notice?.textBody).toContain('Could not stop antihistamines');
    expect(notice?.textBody).toContain('They may move it once, free of the 48-hour notice');
    expect(notice?.textBody).not.toContain('cetirizine');

    // The free move after "could not stop": no medicines recorded, so from the 5-day rule's day on. A time
    // before it is refused (the hold and the move), with the booking form's words for a test too soon.
    expect(response.json().booking.way_out.move_from).toBe(clinicDayFromToday(5));
    const tooSoon = await futureSlot(db());
    await startIn(tooSoon.id, 40);
    const soonHeld = await holdForMove(booking.link, tooSoon.id);
    expect(soonHeld.statusCode).toBe(422);
    expect(soonHeld.json().code).toBe('free_move_too_soon');
    expect((await slotRow(db(), tooSoon.id))?.status).toBe('available');
    const next = await futureSlot(db(), { startsAt: clinicInstant(clinicDayFromToday(5), '07:00') });
    const moved = await moveTo(booking.link, next.id);
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().message).toBe(manageBookingTexts.moved);
    // Outside the notice again there: an ordinary move is offered, a cancel not (the free move is no refund).
    expect(moved.json().booking).toMatchObject({ actions: ['move'], way_out: { free_move: 'used' } });
    const after = await appointmentRow(db(), booking.appointmentId);
    expect(after?.slotId).toBe(next.id);
    expect(after?.freeMoveUsedAt).toBeInstanceOf(Date);
    expect((await slotRow(db(), booking.slot.id))?.status).toBe('available');
    const moveEntry = (await auditOf(db(), 'appointment', booking.appointmentId)).find(
      (audit) => (audit.details as Record<string, unknown> | null)?.free_move,
    );
    expect(moveEntry?.details).toMatchObject({ free_move: true, by: 'patient', slot_id: { to: next.id } });

    // Once only: days later, inside the notice again, a second move is refused, and the hold for it too.
    await startIn(next.id, 46);
    const third = await futureSlot(db());
    await startIn(third.id, 44);
    const again = await moveTo(booking.link, third.id);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'free_move_used', error_messages: wayOutTexts.freeMoveUsed });
    expect((await appointmentRow(db(), booking.appointmentId))?.slotId).toBe(next.id);
    expect((await slotRow(db(), third.id))?.status).toBe('available');
    // A flag again does not give another.
    expect((await flag(booking.link, { reason: 'unwell' })).json().booking.way_out.free_move).toBe('used');
  });

  it('never turns the free move into a refund: moved beyond the notice, it is not cancelled online', async () => {
    const booking = await paidIn('free-move-refund@example.ie', 10);
    expect((await flag(booking.link, { reason: 'could_not_stop' })).statusCode).toBe(200);
    const later = await futureSlot(db());
    await startIn(later.id, 200);
    const moved = await moveTo(booking.link, later.id);
    expect(moved.statusCode, moved.body).toBe(200);
    // Outside the notice again, yet no Cancel is offered, and one asked for anyway is refused.
    expect(moved.json().booking.actions).toEqual(['move']);
    const cancelled = await cancel(booking.link);
    expect(cancelled.statusCode).toBe(409);
    expect(cancelled.json()).toMatchObject({
      code: 'free_move_no_cancel',
      error_messages: wayOutTexts.cancelAfterFreeMove,
    });
    expect((await appointmentRow(db(), booking.appointmentId))?.status).toBe('paid');
    expect((await paymentsOfPatient(db(), booking.patientId)).map((payment) => payment.status)).toEqual([
      'succeeded',
    ]);
  });

  it('"unwell" with no words; a second flag replaces the first; cancelling inside the notice stays refused', async () => {
    const booking = await paidIn('unwell@example.ie', 20);
    const first = await flag(booking.link, { reason: 'unwell' });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().booking.way_out.flag).toMatchObject({ reason: 'unwell', message: null });
    const second = await flag(booking.link, { reason: 'could_not_stop', message: '' });
    expect(second.statusCode).toBe(200);
    expect(second.json().message).toBe(wayOutTexts.flaggedAgain);
    expect(second.json().booking.way_out.flag).toMatchObject({ reason: 'could_not_stop', message: null });
    const cancelled = await cancel(booking.link);
    expect(cancelled.statusCode).toBe(409);
    expect(cancelled.json().code).toBe('notice_passed');
  });

  it('outside the notice, a flag changes nothing of the moves, and a move there does not use the free one', async () => {
    const booking = await paidIn('early@example.ie', 100);
    const flagged = await flag(booking.link, { reason: 'could_not_stop' });
    expect(flagged.json().booking).toMatchObject({
      actions: ['cancel', 'move'],
      way_out: { free_move: 'none' },
    });
    // The clinic is not told of a free move the patient does not need.
    const notice = (await emailsAbout(db(), booking.appointmentId)).find((mail) => /note/.test(mail.subject));
    expect(notice?.textBody).toContain('more than 48 hours away, so they may still move or cancel it online');
    expect(notice?.textBody).not.toContain('free of the 48-hour notice');
    const next = await futureSlot(db());
    const moved = await moveTo(booking.link, next.id);
    expect(moved.statusCode, moved.body).toBe(200);
    expect((await appointmentRow(db(), booking.appointmentId))?.freeMoveUsedAt).toBeNull();
  });

  it('refuses bad input with a 4xx and a message, never a 500, changing nothing', async () => {
    const booking = await paidIn('badflag@example.ie', 31);
    const forged = await flag({ ...booking.link, token: 'A'.repeat(43) }, { reason: 'unwell' });
    expect(forged.statusCode).toBe(404);
    expect(forged.json().error_messages).toBe(manageBookingTexts.notFound);
    const noToken = await flag({ ...booking.link, token: '' }, { reason: 'unwell' });
    expect(noToken.statusCode).toBe(404);

    const unknown = await flag(booking.link, { reason: 'bored' });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().errors.reason).toEqual([wayOutTexts.reasonInvalid]);
    const missing = await flag(booking.link, {});
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors.reason).toEqual([wayOutTexts.reasonInvalid]);
    const long = await flag(booking.link, { reason: 'unwell', message: 'x'.repeat(FLAG_MESSAGE_MAX + 1) });
    expect(long.statusCode).toBe(422);
    expect(long.json().errors.message).toEqual([texts.tooLong]);
    const extra = await flag(booking.link, { reason: 'unwell', free: true });
    expect(extra.statusCode).toBe(422);
    for (const odd of [null, [], 'unwell', { reason: 7 }, { reason: 'unwell', message: 12 }]) {
      const response = await flag(booking.link, odd);
      expect(response.statusCode, JSON.stringify(odd)).toBeGreaterThanOrEqual(400);
      expect(response.statusCode, JSON.stringify(odd)).toBeLessThan(500);
    }
    expect((await appointmentRow(db(), booking.appointmentId))?.flaggedAt).toBeNull();

    // Without a flag, no move inside the notice.
    const next = await futureSlot(db());
    const refused = await moveTo(booking.link, next.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('notice_passed');
  });

  it('refuses a cancelled appointment and a video consultation (409)', async () => {
    const booking = await paidIn('cancelledflag@example.ie', 101);
    expect((await cancel(booking.link)).statusCode).toBe(200);
    const response = await flag(booking.link, { reason: 'unwell' });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({
      code: 'appointment_not_changeable',
      error_messages: wayOutTexts.notFlaggable,
    });
    expect((await read(booking.link)).json().booking.way_out).toBeNull();

    const video = await staffBooking(t.app, db(), t.auth, { slot: { isVideoCall: true } });
    const videoLink = await linkOf(video.id);
    const refused = await flag(videoLink, { reason: 'could_not_stop' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('flag_not_offered');
    expect((await read(videoLink)).json().booking.way_out).toBeNull();
  });
});

describe('the free move after "I could not stop": only times the patient can still stop their medicines for', () => {
  /** A free time of the same kind and price on the clinic day `days` from today, at `time`. */
  async function timeOn(days: number, from: string) {
    // The other tests' times are set hours from now, so one may be there already: the next half hour is taken then.
    const [hours = 0, minutes = 0] = from.split(':').map(Number);
    for (let step = 0; step < 6; step += 1) {
      const at = hours * 60 + minutes + step * 35;
      const time = `${String(Math.floor(at / 60)).padStart(2, '0')}:${String(at % 60).padStart(2, '0')}`;
      try {
        return await futureSlot(db(), { startsAt: clinicInstant(clinicDayFromToday(days), time) });
      } catch {}
    }
    throw new Error(`no free half hour on day ${days} from ${from}`);
  }

  it('nasal spray and eye drops: from the 3-day day on; an earlier time is 422 on the new time, changing nothing', async () => {
    const booking = await paidBooking(t.app, db(), {
      form: { email: 'nasal-free-move@example.ie', antihistamines: 'nasal,eye_drops' },
    });
    await startIn(booking.slot.id, 33);
    const link = await linkOf(booking.appointmentId);
    const flagged = await flag(link, { reason: 'could_not_stop' });
    expect(flagged.json().booking.way_out).toMatchObject({
      free_move: 'available',
      move_from: clinicDayFromToday(3),
    });

    const early = await timeOn(2, '17:00');
    // Held through another route (as if the picker had been bypassed), the move itself refuses it too.
    const refusedHold = await holdForMove(link, early.id);
    expect(refusedHold.statusCode).toBe(422);
    const refusedMove = await move(link, early.id, 'A'.repeat(43));
    expect(refusedMove.statusCode).toBe(422);
    const expected = wayOutTexts.tooSoonToStop(
      `too soon to stop antihistamine nasal sprays and antihistamine eye drops for the 3 days before it (from ${stopDayWords(clinicDayFromToday(-1))})`,
      stopDayWords(clinicDayFromToday(3)),
    );
    for (const answer of [refusedHold, refusedMove]) {
      expect(answer.json()).toMatchObject({
        code: 'free_move_too_soon',
        error_messages: expected,
        errors: { session_id: [expected] },
      });
    }
    const row = await appointmentRow(db(), booking.appointmentId);
    expect(row?.slotId).toBe(booking.slot.id);
    expect(row?.freeMoveUsedAt).toBeNull();

    const inTime = await timeOn(3, '08:30');
    const moved = await moveTo(link, inTime.id);
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().booking.way_out).toMatchObject({ free_move: 'used', move_from: null });
  });

  it('tablets with a nasal spray: the longest, 5 days; "None" with a flag is the 5-day rule too', async () => {
    const both = await paidBooking(t.app, db(), {
      form: { email: 'both-free-move@example.ie', antihistamines: 'tablets,nasal' },
    });
    await startIn(both.slot.id, 27);
    const bothLink = await linkOf(both.appointmentId);
    await flag(bothLink, { reason: 'could_not_stop' });
    const fourDays = await timeOn(4, '16:00');
    const refusedAnswer = await moveTo(bothLink, fourDays.id);
    expect(refusedAnswer.statusCode).toBe(422);
    expect(refusedAnswer.json().error_messages).toContain('cetirizine-type tablets and syrups');
    expect(refusedAnswer.json().error_messages).not.toContain('nasal');

    const none = await paidBooking(t.app, db(), {
      form: { email: 'none-free-move@example.ie', antihistamines: 'none' },
    });
    await startIn(none.slot.id, 29);
    const noneLink = await linkOf(none.appointmentId);
    const flagged = await flag(noneLink, { reason: 'could_not_stop' });
    expect(flagged.json().booking.way_out.move_from).toBe(clinicDayFromToday(5));
  });

  it('"unwell": any free time of the same kind and price, even tomorrow', async () => {
    const booking = await paidIn('unwell-free-move@example.ie', 21);
    const flagged = await flag(booking.link, { reason: 'unwell' });
    expect(flagged.json().booking.way_out).toMatchObject({ free_move: 'available', move_from: null });
    const soon = await futureSlot(db());
    await startIn(soon.id, 23);
    const moved = await moveTo(booking.link, soon.id);
    expect(moved.statusCode, moved.body).toBe(200);
    expect((await appointmentRow(db(), booking.appointmentId))?.slotId).toBe(soon.id);
  });
});
