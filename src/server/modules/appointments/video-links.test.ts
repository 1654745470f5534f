import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DashboardResponse } from '../../../shared/dashboard';
import { VIDEO_LINK_MAX, videoLinkTexts, WAY_OUT_SECTION_ID } from '../../../shared/way-out';
import { appointments, manageLinkTokens, slots, teamMembers } from '../../db/schema';
import { createAdminBookingTestApp, nextAddress, paidBooking } from '../../test/booking-fixtures';
import { appointmentRow, auditOf, emailsAbout, staffBooking } from '../../test/staff-fixtures';
import type { AdminTestApp } from '../../test/test-app';
import { appointmentReminderJob } from './appointment-jobs';

let t: AdminTestApp;
beforeAll(async () => {
  t = await createAdminBookingTestApp();
});
afterAll(() => t.close());

const db = () => t.database.db;
const HOUR = 3_600_000;

const setLink = (id: number, payload: unknown) =>
  t.app.inject({
    method: 'PUT',
    url: `/api/admin/transactions/${id}/video_link`,
    headers: t.auth,
    payload: payload as object,
  });

const dashboard = async (): Promise<DashboardResponse> =>
  (await t.app.inject({ method: 'GET', url: '/api/admin/dashboard', headers: t.auth })).json();

async function linkOf(appointmentId: number) {
  for (const mail of await emailsAbout(db(), appointmentId)) {
    const found = /\/booking\/([0-9A-Z]+)#([\w-]{43})/.exec(mail.textBody);
    if (found?.[1] && found[2]) return { reference: found[1], token: found[2] };
  }
  throw new Error('no link');
}

const readBooking = (link: { reference: string; token: string }) =>
  t.app.inject({
    url: `/api/bookings/${link.reference}`,
    headers: { 'x-manage-token': link.token },
    remoteAddress: nextAddress(),
  });

let hourOffset = 0;
/** Puts the slot `hours` ahead of now, a few minutes apart from the others (slots of a kind may not overlap). */
async function startIn(slotId: number, hours: number) {
  hourOffset += 1;
  const startsAt = new Date(Date.now() + hours * HOUR + hourOffset * 40 * 60_000);
  await db()
    .update(slots)
    .set({ startsAt, endsAt: new Date(startsAt.getTime() + 30 * 60_000) })
    .where(eq(slots.id, slotId));
}

describe('video consultation links', () => {
  it('e-mails the link to the patient when set inside the 2-day reminder’s time, never earlier', async () => {
    const soon = await staffBooking(t.app, db(), t.auth, { slot: { isVideoCall: true } });
    await startIn(soon.slot.id, 20);
    expect((await setLink(soon.id, { video_link: 'https://meet.example.ie/soon-1' })).statusCode).toBe(200);
    const sent = (await emailsAbout(db(), soon.id)).filter((mail) =>
      mail.subject.startsWith('The link to join your video consultation'),
    );
    expect(sent).toHaveLength(1);
    expect(sent[0]?.textBody).toContain('https://meet.example.ie/soon-1');
    // The same link again sends nothing more.
    await setLink(soon.id, { video_link: 'https://meet.example.ie/soon-1' });
    expect(
      (await emailsAbout(db(), soon.id)).filter((mail) => mail.subject.startsWith('The link to join')),
    ).toHaveLength(1);

    const later = await staffBooking(t.app, db(), t.auth, { slot: { isVideoCall: true } });
    await startIn(later.slot.id, 100);
    expect((await setLink(later.id, { video_link: 'https://meet.example.ie/later-1' })).statusCode).toBe(200);
    expect(
      (await emailsAbout(db(), later.id)).filter((mail) => mail.subject.startsWith('The link to join')),
    ).toHaveLength(0);
  });

  it('staff set one per appointment (https only), the patient sees it from 24 hours before; the dashboard lists one without a link', async () => {
    const video = await staffBooking(t.app, db(), t.auth, { slot: { isVideoCall: true } });
    const link = await linkOf(video.id);
    await startIn(video.slot.id, 20);
    const todo = await dashboard();
    expect(todo.video_links_missing.map((row) => row.id)).toContain(video.id);

    for (const bad of [
      'http://meet.example.ie/room',
      'javascript:alert(1)',
      'meet.example.ie/room',
      'https://user:pw@meet.example.ie/',
      'https://meet example.ie',
      `https://meet.example.ie/${'a'.repeat(VIDEO_LINK_MAX)}`,
    ]) {
      const response = await setLink(video.id, { video_link: bad });
      expect(response.statusCode, bad).toBe(422);
      expect(response.json().errors.video_link, bad).toHaveLength(1);
    }
    expect((await setLink(video.id, { link: 'x' })).statusCode).toBe(422);
    expect((await setLink(video.id, {})).statusCode).toBe(422);

    const saved = await setLink(video.id, { video_link: ' https://meet.example.ie/room-42 ' });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().message).toBe(videoLinkTexts.saved);
    expect(saved.json().transaction).toMatchObject({ video_link: 'https://meet.example.ie/room-42' });
    expect((await appointmentRow(db(), video.id))?.videoLink).toBe('https://meet.example.ie/room-42');
    const [entry] = (await auditOf(db(), 'appointment', video.id)).filter(
      (audit) => (audit.details as Record<string, unknown> | null)?.video_link,
    );
    expect(entry?.details).toEqual({ video_link: { from: false, to: true } });
    expect(JSON.stringify(entry)).not.toContain('room-42');

    const shown = (await readBooking(link)).json().booking;
    expect(shown.video_link).toBe('https://meet.example.ie/room-42');
    expect((await dashboard()).video_links_missing.map((row) => row.id)).not.toContain(video.id);

    // More than 24 hours ahead, not yet.
    await startIn(video.slot.id, 30);
    const early = (await readBooking(link)).json().booking;
    expect(early.video_link).toBeNull();
    expect(early.video_link_from).toEqual(expect.any(String));

    const removed = await setLink(video.id, { video_link: '' });
    expect(removed.json().message).toBe(videoLinkTexts.removed);
    expect((await appointmentRow(db(), video.id))?.videoLink).toBeNull();
  });

  it("uses the consultant's standing link by default, and refuses a link for an allergy test", async () => {
    const [consultant] = await db()
      .insert(teamMembers)
      .values({ fullName: 'Dr Video', userType: 'Consultant', videoLink: 'https://meet.example.ie/dr-video' })
      .returning();
    const video = await staffBooking(t.app, db(), t.auth, { slot: { isVideoCall: true } });
    await db().update(slots).set({ consultantId: consultant?.id }).where(eq(slots.id, video.slot.id));
    await startIn(video.slot.id, 10);
    const link = await linkOf(video.id);
    expect((await readBooking(link)).json().booking.video_link).toBe('https://meet.example.ie/dr-video');
    expect((await dashboard()).video_links_missing.map((row) => row.id)).not.toContain(video.id);
    const detail = await t.app.inject({ url: `/api/admin/transactions/${video.id}`, headers: t.auth });
    expect(detail.json().transaction).toMatchObject({
      video_link: null,
      standing_video_link: 'https://meet.example.ie/dr-video',
    });
    // The public team list never shows it.
    const team = await t.app.inject({ url: '/api/team_members' });
    expect(team.body).not.toContain('dr-video');

    const test = await staffBooking(t.app, db(), t.auth);
    const refused = await setLink(test.id, { video_link: 'https://meet.example.ie/x' });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().code).toBe('not_video');
  });
});

describe('the 2-day reminder', () => {
  it("carries a video consultation's join link, and for an allergy test a working link to the page's way out; never the link in a calendar file", async () => {
    const video = await staffBooking(t.app, db(), t.auth, { slot: { isVideoCall: true } });
    await startIn(video.slot.id, 40);
    expect((await setLink(video.id, { video_link: 'https://meet.example.ie/remind' })).statusCode).toBe(200);
    const test = await paidBooking(t.app, db(), { form: { email: 'remind@example.ie' } });
    await startIn(test.slot.id, 41);
    // Booked long ago, so the reminder due before now is still sent.
    await db()
      .update(appointments)
      .set({ scheduledAt: new Date('2020-01-01T00:00:00Z') })
      .where(inArray(appointments.id, [video.id, test.appointmentId]));
    // A day on, whatever the hour now: each reminder (09:00 clinic time, two days before) is due, neither has started.
    await appointmentReminderJob(t.app.appointments).run(new Date(Date.now() + 24 * HOUR));

    const videoMails = await emailsAbout(db(), video.id);
    const videoReminder = videoMails.find((mail) => /^Reminder: your video/.test(mail.subject));
    expect(videoReminder?.textBody).toContain('https://meet.example.ie/remind');
    for (const mail of videoMails) {
      for (const attachment of (mail.attachments ?? []) as { content: string }[]) {
        expect(Buffer.from(attachment.content, 'base64').toString('utf8')).not.toContain('meet.example.ie');
      }
    }

    const reminder = (await emailsAbout(db(), test.appointmentId)).find((mail) =>
      /^Reminder: your allergy test on .* at /.test(mail.subject),
    );
    const found = new RegExp(`/booking/([0-9A-Z]+)#${WAY_OUT_SECTION_ID}:([\\w-]{43})`).exec(
      reminder?.textBody ?? '',
    );
    expect(found, reminder?.textBody).not.toBeNull();
    // A key of its own in each reminder that offers the way out: the two stop days' and the 2-day one.
    expect(
      await db()
        .select()
        .from(manageLinkTokens)
        .where(eq(manageLinkTokens.appointmentId, test.appointmentId)),
    ).toHaveLength(3);
    const opened = await readBooking({ reference: found?.[1] ?? '', token: found?.[2] ?? '' });
    expect(opened.statusCode, opened.body).toBe(200);
    expect(opened.json().booking.way_out).toMatchObject({ flag: null });
  });
});
