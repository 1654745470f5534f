import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appointmentCsvColumns } from '../../../shared/appointments';
import { deskDayCsvColumns } from '../../../shared/desk-day';
import { type StaffRole, staffRoles } from '../../../shared/staff-roles';
import {
  adminUsers,
  appointments,
  auditLog,
  blogArticles,
  emailOutbox,
  feeCategories,
  files,
  patients,
  slots,
  teamMembers,
} from '../../db/schema';
import {
  appointmentRow,
  putAppointment,
  staffBooking,
  staffForm,
  storedAppointment,
} from '../../test/staff-fixtures';
import { createTestApp, signInAsNewStaff, type TestApp } from '../../test/test-app';
import { clinicWallClock } from '../slots/clinic-time';
import { insertAdmin } from './admin-repository';
import { hashPassword } from './password-hashing';

// Issue 31's role table, copied here by hand on purpose: the expectations come from the issue, not from
// shared/staff-roles.ts, so a wrong permission in an endpoint's definition (or in that table) fails this test.
const A: StaffRole = 'administrator';
const C: StaffRole = 'clinician';
const R: StaffRole = 'reception';
const B: StaffRole = 'bookkeeper';
const issueTable = {
  'staff accounts, settings, Activity (audit log)': [A],
  'blog, team, FAQs, fees': [A, R],
  availability: [A, C, R],
  // "appointments: list, detail, create, edit, move, attendance": the bookkeeper reads only.
  'appointments: list, detail': [A, C, R, B],
  'appointments: create, edit, move, attendance': [A, C, R],
  refunds: [A, R, B],
  // Issue 32: money taken at the desk is recorded by those at the desk.
  'desk payments': [A, R],
  'health details: booking answers, results, referral letters and answers, referral triage': [A, C],
  'patients list and contact details': [A, C, R],
  'appointments CSV (payments in it)': [A, R, B],
  "patients CSV, a patient's GDPR export and erasure": [A],
  'takings report': [A, B],
  'e-mail outbox': [A, R],
  // Issue 34: the wait list's entries and offering them a time, by those who book.
  'wait list': [A, C, R],
  // Not a row of the issue's table: signing out and who one is, which every staff member needs.
  "one's own account": [A, C, R, B],
} as const satisfies Record<string, readonly StaffRole[]>;
type Row = keyof typeof issueTable;

const content: Row = 'blog, team, FAQs, fees';
const health: Row = 'health details: booking answers, results, referral letters and answers, referral triage';
const write: Row = 'appointments: create, edit, move, attendance';
const crud = (path: string): Record<string, Row> => ({
  [`GET ${path}`]: content,
  [`GET ${path}/:id`]: content,
  [`POST ${path}`]: content,
  [`PUT ${path}/:id`]: content,
  [`DELETE ${path}/:id`]: content,
});

/** Every admin endpoint, by the table's row that says who may call it. */
const endpointRows: Record<string, Row> = {
  'GET /api/admin/transactions': 'appointments: list, detail',
  'GET /api/admin/transactions/:id': 'appointments: list, detail',
  // Everyone's day; its takings and referral counts are left out for the roles that may not see them.
  'GET /api/admin/dashboard': 'appointments: list, detail',
  'GET /api/admin/calendar': 'appointments: list, detail',
  // Receipts carry no health details: whoever reads appointments may hand one to a patient or their insurer.
  'GET /api/admin/transactions/:id/receipt': 'appointments: list, detail',
  'GET /api/admin/patients/:id/statement': 'appointments: list, detail',
  'GET /api/admin/day': 'appointments: list, detail',
  'GET /api/admin/export_day': 'appointments CSV (payments in it)',
  'PUT /api/admin/transactions/:id': write,
  'DELETE /api/admin/transactions/:id': write,
  'PUT /api/admin/transactions/:id/attendance': write,
  'PUT /api/admin/transactions/:id/video_link': write,
  'POST /api/admin/transactions/:id/flag_dealt_with': write,
  'POST /api/admin/text_replies/:id/dealt_with': write,
  'POST /api/admin/patients': write,
  'POST /api/admin/refunds': 'refunds',
  'POST /api/admin/transactions/:id/desk_payments': 'desk payments',
  'GET /api/admin/takings': 'takings report',
  'GET /api/admin/export_takings': 'takings report',
  'GET /api/admin/export_transactions': 'appointments CSV (payments in it)',
  'GET /api/admin/audit_log': 'staff accounts, settings, Activity (audit log)',
  'GET /api/admin/staff': 'staff accounts, settings, Activity (audit log)',
  'POST /api/admin/staff': 'staff accounts, settings, Activity (audit log)',
  'PUT /api/admin/staff/:id': 'staff accounts, settings, Activity (audit log)',
  'POST /api/admin/staff/:id/invitation': 'staff accounts, settings, Activity (audit log)',
  ...crud('/api/admin/blogs'),
  ...crud('/api/admin/fa_questions'),
  ...crud('/api/admin/fee_categories'),
  ...crud('/api/admin/services'),
  ...crud('/api/admin/team_members'),
  'GET /api/admin/emails': 'e-mail outbox',
  'POST /api/admin/emails/:id/resend': 'e-mail outbox',
  'GET /api/admin/patients': 'patients list and contact details',
  'GET /api/admin/patients/:id': 'patients list and contact details',
  'GET /api/admin/export_patients': "patients CSV, a patient's GDPR export and erasure",
  'GET /api/admin/patients/:id/export': "patients CSV, a patient's GDPR export and erasure",
  'DELETE /api/admin/patients/:id': "patients CSV, a patient's GDPR export and erasure",
  'GET /api/admin/upload_results/:id': health,
  'GET /api/admin/referrals': health,
  'GET /api/admin/referrals/awaiting': health,
  'GET /api/admin/referrals/:id': health,
  'PUT /api/admin/referrals/:id': health,
  'GET /api/admin/calendar_slots': 'availability',
  'GET /api/admin/sessions': 'availability',
  'POST /api/admin/sessions': 'availability',
  'GET /api/admin/sessions/:id': 'availability',
  'PUT /api/admin/sessions/:id': 'availability',
  'DELETE /api/admin/sessions/:id': 'availability',
  'GET /api/admin/closures': 'availability',
  'POST /api/admin/closures': 'availability',
  'DELETE /api/admin/closures/:id': 'availability',
  'PUT /api/admin/autorization/logout': "one's own account",
  'PUT /api/admin/autorization/logout_all': "one's own account",
  'GET /api/admin/me': "one's own account",
  'GET /api/admin/account/sessions': "one's own account",
  'DELETE /api/admin/account/sessions/:id': "one's own account",
  'GET /api/admin/account/second_factor': "one's own account",
  'POST /api/admin/account/totp': "one's own account",
  'POST /api/admin/account/totp/confirm': "one's own account",
  'DELETE /api/admin/account/totp': "one's own account",
  'POST /api/admin/account/passkeys/options': "one's own account",
  'POST /api/admin/account/passkeys': "one's own account",
  'DELETE /api/admin/account/passkeys/:id': "one's own account",
  'GET /api/admin/settings': 'staff accounts, settings, Activity (audit log)',
  'PUT /api/admin/settings': 'staff accounts, settings, Activity (audit log)',
  'GET /api/admin/waitlist': 'wait list',
  'POST /api/admin/waitlist/:id/offers': 'wait list',
};

const roles = [A, C, R, B] as const;
const password = 'Role-pw-123';
let t: TestApp;
let counter = 0;

/** A staff member of `role`, signed in. */
const staffOf = (role: StaffRole) => signInAsNewStaff(t, { role });

const call = (
  route: { method: string; url: string },
  auth: { authorization: string },
  id: number | string = 1,
) => {
  const url = route.url.replace(/:(\w+)/g, String(id));
  return t.app.inject({
    method: route.method as 'GET',
    url,
    headers: auth,
    payload: route.method === 'GET' || route.method === 'DELETE' ? undefined : {},
  });
};

/** The catch-alls that answer an unknown admin path 404 (after the token is checked): no endpoint of anyone's. */
const notFoundRoutes = ['/api/admin', '/api/admin/', '/api/admin/*'];
const guardedRoutes = () =>
  t.app.adminRoutes.filter((route) => !route.public && !notFoundRoutes.includes(route.url));
const keyOf = (route: { method: string; url: string }) => `${route.method} ${route.url}`;
const isAccountRoute = (route: { url: string }) => route.url.startsWith('/api/admin/autorization/');

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('the role table', () => {
  it('names every registered admin endpoint, and no other', () => {
    expect(guardedRoutes().map(keyOf).sort()).toEqual(Object.keys(endpointRows).sort());
  });

  it.each(roles)('answers %s 403 exactly where the issue leaves the role out', async (role) => {
    const staff = await staffOf(role);
    const outcomes: string[] = [];
    const expected: string[] = [];
    for (const route of guardedRoutes()) {
      const row = endpointRows[keyOf(route)];
      if (!row) throw new Error(`${keyOf(route)} is not in the table`);
      // Signing out ends the token: those two each get a token of their own.
      const auth = isAccountRoute(route) ? (await staffOf(role)).auth : staff.auth;
      const response = await call(route, auth);
      expect(response.statusCode, `${keyOf(route)}: ${response.body}`).toBeLessThan(500);
      const allowed = (issueTable[row] as readonly StaffRole[]).includes(role);
      outcomes.push(`${keyOf(route)} ${response.statusCode === 403 ? 'refused' : 'allowed'}`);
      expected.push(`${keyOf(route)} ${allowed ? 'allowed' : 'refused'}`);
      if (response.statusCode === 403) {
        expect(response.json()).toEqual({
          code: 'role_forbidden',
          error_messages: 'Your role cannot do this.',
        });
      }
    }
    expect(outcomes).toEqual(expected);
  });

  it('answers the role in the sign-in answer and in /api/admin/me', async () => {
    for (const role of roles) {
      const staff = await staffOf(role);
      const me = await t.app.inject({ url: '/api/admin/me', headers: staff.auth });
      expect(me.json().admin_user).toMatchObject({ id: staff.id, role });
    }
    counter += 1;
    const email = `login${counter}@clinic.test`;
    const row = await insertAdmin(t.database.db, { email, passwordHash: await hashPassword(password) });
    await t.database.db.update(adminUsers).set({ role: 'clinician' }).where(eq(adminUsers.id, row.id));
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/admin/autorization/login',
      payload: { email, password },
    });
    expect(login.json().data.admin_user).toEqual({ id: row.id, email, name: null, role: 'clinician' });
  });
});

describe('a role changed while its token is in use', () => {
  it('applies on the next call, either way', async () => {
    const staff = await staffOf(R);
    const activity = () => t.app.inject({ url: '/api/admin/audit_log', headers: staff.auth });
    expect((await activity()).statusCode).toBe(403);
    await t.database.db.update(adminUsers).set({ role: A }).where(eq(adminUsers.id, staff.id));
    expect((await activity()).statusCode).toBe(200);
    await t.database.db.update(adminUsers).set({ role: B }).where(eq(adminUsers.id, staff.id));
    expect((await activity()).statusCode).toBe(403);
  });
});

describe('a reception token calling every administrator endpoint', () => {
  it('is refused each time, and nothing changes', async () => {
    const { patientId } = await storedAppointment(t.database.db, { status: 'paid' });
    const snapshot = async () => ({
      adminUsers: await t.database.db.select().from(adminUsers).orderBy(adminUsers.id),
      patients: await t.database.db.select().from(patients).orderBy(patients.id),
      appointments: await t.database.db.select().from(appointments).orderBy(appointments.id),
      slots: await t.database.db.select().from(slots).orderBy(slots.id),
      files: await t.database.db.select({ id: files.id }).from(files).orderBy(files.id),
      outbox: await t.database.db.select().from(emailOutbox).orderBy(emailOutbox.id),
      audit: await t.database.db.select().from(auditLog).orderBy(auditLog.id),
      content: [
        await t.database.db.select().from(blogArticles),
        await t.database.db.select().from(teamMembers),
        await t.database.db.select().from(feeCategories),
      ],
    });
    const reception = await staffOf(R);
    const before = await snapshot();
    const adminOnly = guardedRoutes().filter((route) => {
      const row = endpointRows[keyOf(route)];
      return row !== undefined && issueTable[row].length === 1;
    });
    expect(adminOnly.map(keyOf).sort()).toEqual([
      'DELETE /api/admin/patients/:id',
      'GET /api/admin/audit_log',
      'GET /api/admin/export_patients',
      'GET /api/admin/patients/:id/export',
      'GET /api/admin/settings',
      'GET /api/admin/staff',
      'POST /api/admin/staff',
      'POST /api/admin/staff/:id/invitation',
      'PUT /api/admin/settings',
      'PUT /api/admin/staff/:id',
    ]);
    for (const route of adminOnly) {
      expect((await call(route, reception.auth, patientId)).statusCode, keyOf(route)).toBe(403);
    }
    expect(await snapshot()).toEqual(before);
  });
});

describe('health details', () => {
  let appointmentId: number;
  let patientId: number;
  let slotId: number;
  let staff: Record<StaffRole, { authorization: string }>;
  const healthFields = ['consultant_name', 'consultant_addres', 'consultant_email', 'allergens', 'result'];

  beforeAll(async () => {
    const administrator = (await staffOf(A)).auth;
    const booked = await staffBooking(t.app, t.database.db, administrator, {
      form: { allergens: 'Peanuts: hives after eating them.' },
    });
    appointmentId = booked.id;
    patientId = booked.patientId;
    slotId = booked.slot.id;
    staff = {
      administrator,
      clinician: (await staffOf(C)).auth,
      reception: (await staffOf(R)).auth,
      bookkeeper: (await staffOf(B)).auth,
    };
  });

  it.each([
    [C, true],
    [A, true],
    [R, false],
    [B, false],
  ] as const)("are in an appointment's answer for %s: %s", async (role, sees) => {
    const response = await t.app.inject({
      url: `/api/admin/transactions/${appointmentId}`,
      headers: staff[role],
    });
    expect(response.statusCode).toBe(200);
    const patient = response.json().transaction.patient;
    expect(patient.full_name).toBeTruthy();
    for (const field of healthFields) expect(Object.hasOwn(patient, field), field).toBe(sees);
  });

  it("are left out of a patient's detail for reception, and kept for the clinician", async () => {
    const read = (role: StaffRole) =>
      t.app.inject({ url: `/api/admin/patients/${patientId}`, headers: staff[role] });
    const clinician = (await read(C)).json().patient;
    const reception = (await read(R)).json().patient;
    expect(clinician.allergens).toEqual(expect.any(String));
    for (const field of [...healthFields, 'gp_details', 'concerns', 'known_allergies_description']) {
      expect(Object.hasOwn(reception, field), field).toBe(false);
    }
    expect(reception).toMatchObject({ id: patientId, phone: clinician.phone, email: clinician.email });
  });

  it('leave the takings and referral counts out of the dashboard for the roles that may not see them', async () => {
    const dashboard = async (role: StaffRole) =>
      (await t.app.inject({ url: '/api/admin/dashboard', headers: staff[role] })).json();
    const present = async (role: StaffRole) => {
      const answer = await dashboard(role);
      return [Object.hasOwn(answer, 'takings'), Object.hasOwn(answer, 'referrals_awaiting')];
    };
    expect(await present(A)).toEqual([true, true]);
    expect(await present(C)).toEqual([false, true]);
    expect(await present(R)).toEqual([false, false]);
    expect(await present(B)).toEqual([true, false]);
  });

  it("keep the stored ones when reception edits the appointment, and refuse reception's own", async () => {
    const withoutHealth = staffForm(slotId, {
      phone: '087 123 4567',
      consultant_name: undefined,
      consultant_addres: undefined,
      consultant_email: undefined,
      allergens: undefined,
    });
    const stored = (await t.database.db.select().from(patients).where(eq(patients.id, patientId)))[0];
    const edit = await putAppointment(t.app, staff.reception, appointmentId, withoutHealth);
    expect(edit.statusCode, edit.body).toBe(200);
    expect(Object.hasOwn(edit.json().transaction.patient, 'allergens')).toBe(false);
    const after = (await t.database.db.select().from(patients).where(eq(patients.id, patientId)))[0];
    expect(after).toMatchObject({
      phone: '087 123 4567',
      allergens: stored?.allergens,
      consultantName: stored?.consultantName,
      consultantAddress: stored?.consultantAddress,
    });

    const sneaked = await putAppointment(t.app, staff.reception, appointmentId, {
      ...withoutHealth,
      allergens: 'Changed by reception, unseen.',
    });
    expect(sneaked.statusCode).toBe(403);
    expect((await t.database.db.select().from(patients).where(eq(patients.id, patientId)))[0]).toEqual(after);
    expect((await appointmentRow(t.database.db, appointmentId))?.status).toBe('booked');

    // The medicines are a health detail too: reception never sees them, so may not replace them.
    const medicinesBefore = (await appointmentRow(t.database.db, appointmentId))?.antihistamines;
    const medicines = await putAppointment(t.app, staff.reception, appointmentId, {
      ...withoutHealth,
      antihistamines: 'none',
    });
    expect(medicines.statusCode).toBe(403);
    expect((await appointmentRow(t.database.db, appointmentId))?.antihistamines).toEqual(medicinesBefore);
  });
});

describe("patients' contact details (e-mail, phone)", () => {
  const phone = '087 555 0142';
  const email = 'contact.details@example.ie';
  let appointmentId: number;
  let day: { iso: string; data: string };
  let staff: Record<StaffRole, { authorization: string }>;
  const sees = { administrator: true, clinician: true, reception: true, bookkeeper: false } as const;

  beforeAll(async () => {
    const administrator = (await staffOf(A)).auth;
    const booked = await staffBooking(t.app, t.database.db, administrator, { form: { phone, email } });
    appointmentId = booked.id;
    const { isoDay, data } = clinicWallClock(new Date(booked.slot.startsAt));
    day = { iso: isoDay, data };
    staff = {
      administrator,
      clinician: (await staffOf(C)).auth,
      reception: (await staffOf(R)).auth,
      bookkeeper: (await staffOf(B)).auth,
    };
  });

  const read = (role: StaffRole, url: string) => t.app.inject({ url, headers: staff[role] });
  /** Nothing of them anywhere in the answer (a field of another name, a CSV cell) for a role that may not see them. */
  const expectNone = (body: string) => {
    expect(body).not.toContain(email);
    expect(body).not.toContain('555 0142');
    expect(body).not.toContain('5550142');
  };

  it.each(
    staffRoles,
  )("are in an appointment's detail, its e-mails' addresses included, for %s as the table says", async (role) => {
    const response = await read(role, `/api/admin/transactions/${appointmentId}`);
    expect(response.statusCode).toBe(200);
    const { patient, emails } = response.json().transaction;
    expect(patient.full_name).toBeTruthy();
    expect(emails.length).toBeGreaterThan(0);
    if (sees[role]) {
      expect(patient).toMatchObject({ email, phone });
      expect(emails.every((sent: { to?: string }) => sent.to === email)).toBe(true);
    } else {
      // Left out, never null: "none given" and "not yours to see" differ.
      expect(Object.hasOwn(patient, 'email')).toBe(false);
      expect(Object.hasOwn(patient, 'phone')).toBe(false);
      expect(emails.some((sent: object) => Object.hasOwn(sent, 'to'))).toBe(false);
      expectNone(response.body);
    }
  });

  it.each(staffRoles)('are in the calendar and the desk day for %s as the table says', async (role) => {
    const calendar = await read(role, `/api/admin/calendar?from=${day.iso}&to=${day.iso}`);
    expect(calendar.statusCode, calendar.body).toBe(200);
    const shown = calendar.json().appointments.find((row: { id: number }) => row.id === appointmentId);
    expect(shown.patient_name).toBeTruthy();
    const desk = await read(role, `/api/admin/day?date=${day.data}`);
    expect(desk.statusCode, desk.body).toBe(200);
    const row = desk.json().appointments.find((each: { id: number }) => each.id === appointmentId);
    expect(row.full_name).toBeTruthy();
    if (sees[role]) {
      expect(shown.patient_phone).toBe(phone);
      expect(row.phone).toBe(phone);
    } else {
      expect(Object.hasOwn(shown, 'patient_phone')).toBe(false);
      expect(Object.hasOwn(row, 'phone')).toBe(false);
      expectNone(calendar.body);
      expectNone(desk.body);
    }
  });

  it.each([
    A,
    R,
    B,
  ])('are columns of Appointments.csv and the day’s CSV for %s as the table says', async (role) => {
    const appointmentsCsv = await read(role, '/api/admin/export_transactions');
    const dayCsv = await read(role, `/api/admin/export_day?date=${day.data}`);
    for (const csv of [appointmentsCsv, dayCsv]) expect(csv.statusCode, csv.body).toBe(200);
    const header = (csv: { body: string }) =>
      csv.body
        .replace(/^\uFEFF/, '')
        .split('\n')[0]
        ?.split(',');
    if (sees[role]) {
      expect(header(appointmentsCsv)).toEqual([...appointmentCsvColumns]);
      expect(header(dayCsv)).toEqual([...deskDayCsvColumns]);
      expect(appointmentsCsv.body).toContain(email);
      expect(dayCsv.body).toContain('087 555 0142');
    } else {
      // The columns are left out, not blanked: every row as long as the header.
      expect(header(appointmentsCsv)).toEqual(
        appointmentCsvColumns.filter((name) => name !== 'E-mail' && name !== 'Phone'),
      );
      expect(header(dayCsv)).toEqual(deskDayCsvColumns.filter((name) => name !== 'Phone'));
      for (const csv of [appointmentsCsv, dayCsv]) {
        expectNone(csv.body);
        const rows = csv.body.trim().split('\n').slice(1);
        expect(rows.length).toBeGreaterThan(0);
      }
      const ours = dayCsv.body.split('\n').find((line) => line.includes(day.data));
      // Its cells, a quoted one ("Suite 12, Sandyford (adults)") counted once.
      expect(ours?.replace(/"[^"]*"/g, '').split(',')).toHaveLength(deskDayCsvColumns.length - 1);
    }
  });
});
