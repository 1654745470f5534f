import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DashboardResponse } from '../../../shared/dashboard';
import type { StaffRole } from '../../../shared/staff-roles';
import { flagDealtWithTexts } from '../../../shared/way-out';
import { createAdminBookingTestApp, nextAddress, paidBooking } from '../../test/booking-fixtures';
import { clinicDayFromToday, clinicInstant } from '../../test/slot-fixtures';
import { appointmentRow, auditOf, emailsAbout, staffBooking } from '../../test/staff-fixtures';
import { type AdminTestApp, signInAsNewStaff } from '../../test/test-app';

/**
 * What staff see of a patient who prepared for their test (issue 33), by role: the antihistamines they said they
 * take (health details), a video consultation's join link (for those who run appointments), and a patient's flag
 * they mark dealt with.
 */

let t: AdminTestApp;
const auth: Partial<Record<StaffRole, { authorization: string }>> = {};
beforeAll(async () => {
  t = await createAdminBookingTestApp();
  for (const role of ['clinician', 'reception', 'bookkeeper'] as const) {
    auth[role] = (await signInAsNewStaff(t, { role, name: `A ${role}` })).auth;
  }
  auth.administrator = t.auth;
});
afterAll(() => t.close());

const db = () => t.database.db;
const as = (role: StaffRole) => auth[role]!;

const detail = async (id: number, role: StaffRole) => {
  const response = await t.app.inject({ url: `/api/admin/transactions/${id}`, headers: as(role) });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().transaction as Record<string, unknown>;
};

const dashboard = async (role: StaffRole = 'reception'): Promise<DashboardResponse> =>
  (await t.app.inject({ url: '/api/admin/dashboard', headers: as(role) })).json();

const dealtWith = (id: number, role: StaffRole, payload: unknown) =>
  t.app.inject({
    method: 'POST',
    url: `/api/admin/transactions/${id}/flag_dealt_with`,
    headers: as(role),
    payload: payload as object,
  });

/** YYYY-MM-DD `days` calendar days after `day`. */
function plusDays(day: string, days: number): string {
  const date = new Date(`${day}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

async function linkOf(appointmentId: number) {
  for (const mail of await emailsAbout(db(), appointmentId)) {
    const found = /\/booking\/([0-9A-Z]+)#([\w-]{43})/.exec(mail.textBody);
    if (found?.[1] && found[2]) return { reference: found[1], token: found[2] };
  }
  throw new Error(`no booking link was e-mailed about appointment ${appointmentId}`);
}

/** The patient flags their paid test from their booking link. */
async function flagFromLink(appointmentId: number, reason: 'could_not_stop' | 'unwell', message?: string) {
  const link = await linkOf(appointmentId);
  const response = await t.app.inject({
    method: 'POST',
    url: `/api/bookings/${link.reference}/flag`,
    headers: { 'x-manage-token': link.token },
    payload: { reason, ...(message ? { message } : {}) },
    remoteAddress: nextAddress(),
  });
  expect(response.statusCode, response.body).toBe(200);
}

describe("the patient's antihistamines on the staff appointment", () => {
  it('shows what they take and the day to stop each to the roles that see health details, and to no other', async () => {
    const day = clinicDayFromToday(20);
    const booking = await paidBooking(t.app, db(), {
      slot: { startsAt: clinicInstant(day, '10:00') },
      form: { antihistamines: 'tablets,nasal' },
    });
    const expected = {
      answered: true,
      taken: ['tablets', 'nasal'],
      stop_days: [
        { medicine: 'tablets', day: plusDays(day, -5), days_before: 5 },
        { medicine: 'nasal', day: plusDays(day, -3), days_before: 3 },
      ],
    };
    for (const role of ['administrator', 'clinician'] as const) {
      expect((await detail(booking.appointmentId, role)).antihistamines, role).toEqual(expected);
    }
    for (const role of ['reception', 'bookkeeper'] as const) {
      const shown = await detail(booking.appointmentId, role);
      expect(shown, role).not.toHaveProperty('antihistamines');
      expect(JSON.stringify(shown), role).not.toMatch(/tablets|nasal/);
    }
  });

  it('says when the patient was not asked (every kind is stopped), and is null for a video consultation', async () => {
    const day = clinicDayFromToday(21);
    const staffMade = await staffBooking(t.app, db(), t.auth, {
      slot: { startsAt: clinicInstant(day, '10:00') },
    });
    expect((await detail(staffMade.id, 'clinician')).antihistamines).toEqual({
      answered: false,
      taken: [],
      stop_days: [
        { medicine: 'tablets', day: plusDays(day, -5), days_before: 5 },
        { medicine: 'nasal', day: plusDays(day, -3), days_before: 3 },
      ],
    });
    const none = await paidBooking(t.app, db(), { form: { antihistamines: 'none' } });
    expect((await detail(none.appointmentId, 'clinician')).antihistamines).toEqual({
      answered: true,
      taken: ['none'],
      stop_days: [],
    });
    const video = await staffBooking(t.app, db(), t.auth, { slot: { isVideoCall: true } });
    expect((await detail(video.id, 'clinician')).antihistamines).toBeNull();
  });
});

describe("a video consultation's join link on the staff appointment", () => {
  it('is shown to the roles that run appointments and left out for the bookkeeper, who only reads them', async () => {
    const video = await staffBooking(t.app, db(), t.auth, { slot: { isVideoCall: true } });
    const saved = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/transactions/${video.id}/video_link`,
      headers: t.auth,
      payload: { video_link: 'https://meet.example.ie/room-77' },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    for (const role of ['administrator', 'clinician', 'reception'] as const) {
      expect((await detail(video.id, role)).video_link, role).toBe('https://meet.example.ie/room-77');
    }
    const bookkeeper = await detail(video.id, 'bookkeeper');
    expect(bookkeeper).not.toHaveProperty('video_link');
    expect(bookkeeper).not.toHaveProperty('standing_video_link');
    expect(JSON.stringify(bookkeeper)).not.toContain('room-77');
    // Nor may the bookkeeper set one.
    const refused = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/transactions/${video.id}/video_link`,
      headers: as('bookkeeper'),
      payload: { video_link: 'https://meet.example.ie/other' },
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('role_forbidden');
  });
});

describe("marking a patient's flag dealt with", () => {
  it('keeps the flag with who and when, audits it, and takes it off the dashboard until the patient flags again', async () => {
    const booking = await paidBooking(t.app, db(), { form: { antihistamines: 'tablets' } });
    await flagFromLink(booking.appointmentId, 'could_not_stop', 'Took one last night');
    expect((await dashboard()).flagged.map((row) => row.id)).toContain(booking.appointmentId);
    const flag = (await detail(booking.appointmentId, 'reception')).flag as Record<string, unknown>;
    expect(flag).toMatchObject({ reason: 'could_not_stop', dealt_with_at: null, dealt_with_by: null });

    const before = Date.now();
    const response = await dealtWith(booking.appointmentId, 'reception', { flagged_at: flag.flagged_at });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().message).toBe(flagDealtWithTexts.done);
    const after = response.json().transaction.flag;
    expect(after).toMatchObject({
      reason: 'could_not_stop',
      label: 'Could not stop antihistamines',
      flagged_at: flag.flagged_at,
      dealt_with_by: 'A reception',
    });
    // Reception does not see health details: the patient's words stay out.
    expect(after).not.toHaveProperty('message');
    expect(new Date(after.dealt_with_at).getTime()).toBeGreaterThanOrEqual(before - 1000);
    // The flag is kept, the patient's words with it, for a role that sees them.
    expect((await detail(booking.appointmentId, 'clinician')).flag).toMatchObject({
      message: 'Took one last night',
      dealt_with_by: 'A reception',
    });
    const row = await appointmentRow(db(), booking.appointmentId);
    expect(row).toMatchObject({ flagReason: 'could_not_stop', status: 'paid' });
    expect(row?.flagDealtAt).not.toBeNull();
    const [entry] = (await auditOf(db(), 'appointment', booking.appointmentId)).filter(
      (audit) => (audit.details as Record<string, unknown> | null)?.flag_dealt_with,
    );
    expect(entry).toMatchObject({
      action: 'update',
      actor: 'admin',
      details: { flag_dealt_with: 'could_not_stop' },
    });
    expect(JSON.stringify(entry)).not.toContain('last night');
    expect((await dashboard()).flagged.map((row) => row.id)).not.toContain(booking.appointmentId);

    // Again: nothing open (409 with its code), nothing changed.
    const again = await dealtWith(booking.appointmentId, 'reception', { flagged_at: flag.flagged_at });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'flag_not_open', error_messages: flagDealtWithTexts.notOpen });

    // The patient flags again: it is open, and back on the dashboard.
    await flagFromLink(booking.appointmentId, 'unwell');
    const reopened = (await detail(booking.appointmentId, 'reception')).flag as Record<string, unknown>;
    expect(reopened).toMatchObject({ reason: 'unwell', dealt_with_at: null, dealt_with_by: null });
    expect((await dashboard()).flagged.map((row) => row.id)).toContain(booking.appointmentId);
    // Marking the flag read before is refused: staff have not read the new one.
    const stale = await dealtWith(booking.appointmentId, 'clinician', { flagged_at: flag.flagged_at });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ code: 'flag_changed', error_messages: flagDealtWithTexts.changed });
    expect((await appointmentRow(db(), booking.appointmentId))?.flagDealtAt).toBeNull();
    const fresh = await dealtWith(booking.appointmentId, 'clinician', { flagged_at: reopened.flagged_at });
    expect(fresh.statusCode, fresh.body).toBe(200);
    expect(fresh.json().transaction.flag).toMatchObject({ reason: 'unwell', dealt_with_by: 'A clinician' });
  });

  it('is refused to the bookkeeper (403), without a flag (409), for bad input (4xx, never 500)', async () => {
    const booking = await paidBooking(t.app, db(), { form: { antihistamines: 'nasal' } });
    const none = await dealtWith(booking.appointmentId, 'reception', {
      flagged_at: new Date().toISOString(),
    });
    expect(none.statusCode).toBe(409);
    expect(none.json().code).toBe('flag_not_open');

    await flagFromLink(booking.appointmentId, 'unwell');
    const { flag } = (await detail(booking.appointmentId, 'reception')) as { flag: { flagged_at: string } };
    const bookkeeper = await dealtWith(booking.appointmentId, 'bookkeeper', { flagged_at: flag.flagged_at });
    expect(bookkeeper.statusCode).toBe(403);
    expect(bookkeeper.json().code).toBe('role_forbidden');

    for (const payload of [
      {},
      { flagged_at: 'yesterday' },
      { flagged_at: 5 },
      { flagged_at: flag.flagged_at, x: 1 },
    ]) {
      const response = await dealtWith(booking.appointmentId, 'reception', payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(422);
      expect(response.json().error_messages, JSON.stringify(payload)).toEqual(expect.any(String));
    }
    const missing = await dealtWith(999_999, 'reception', { flagged_at: flag.flagged_at });
    expect(missing.statusCode).toBe(404);
    expect((await appointmentRow(db(), booking.appointmentId))?.flagDealtAt).toBeNull();
  });
});
