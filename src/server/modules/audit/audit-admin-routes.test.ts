import { desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminUsers, auditLog } from '../../db/schema';
import { insertTestPatient } from '../../test/patient-fixtures';
import { type AdminTestApp, createAdminTestApp, signInAsNewAdmin } from '../../test/test-app';
import { auditChange, auditTally, systemActor, visitorActor } from './audit-log';

let t: AdminTestApp;
beforeAll(async () => {
  t = await createAdminTestApp();
});
afterAll(() => t.close());

const get = (url: string, headers = t.auth) => t.app.inject({ url, headers });
const log = (query = '') => get(`/api/admin/audit_log${query}`);

interface Entry {
  id: number;
  created_at: string;
  actor: string;
  admin_email: string | null;
  action: string;
  entity: string;
  entity_id: string | null;
  fields: string[];
  context: string | null;
  purge: Record<string, number> | null;
  roles: { from: string | null; to: string } | null;
  email_tried: string | null;
  reason: string | null;
}

const entriesOf = (response: { json(): { audit_entries: Entry[] } }) => response.json().audit_entries;

/** Every entry's id, newest first, as the database orders them. */
async function allIdsNewestFirst() {
  const rows = await t.database.db
    .select({ id: auditLog.id })
    .from(auditLog)
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id));
  return rows.map((row) => row.id);
}

describe('GET /api/admin/audit_log', () => {
  it("lists staff's reads, exports and erasures newest first, with the admin's e-mail and the fields, never their values", async () => {
    const patient = await insertTestPatient(t.database.db, { firstName: 'Tadhg', lastName: 'Brennan' });
    expect((await get('/api/admin/patients?search_transaction=brennan')).statusCode).toBe(200);
    expect((await get(`/api/admin/patients/${patient.id}`)).statusCode).toBe(200);
    expect((await get('/api/admin/export_patients')).statusCode).toBe(200);
    expect((await get(`/api/admin/patients/${patient.id}/export`)).statusCode).toBe(200);
    expect(
      (await t.app.inject({ method: 'DELETE', url: `/api/admin/patients/${patient.id}`, headers: t.auth }))
        .statusCode,
    ).toBe(204);

    const response = await log();
    expect(response.statusCode, response.body).toBe(200);
    const entries = entriesOf(response);
    expect(
      entries
        .slice(0, 5)
        .map((entry) => [entry.action, entry.entity, entry.entity_id, entry.fields, entry.context]),
    ).toEqual([
      [
        'erase',
        'patient',
        String(patient.id),
        [
          'appointment_ids',
          'appointments',
          'emails',
          'files',
          'intake_forms',
          'payments',
          'texts',
          'waitlist_entries',
        ],
        null,
      ],
      [
        'export',
        'patient',
        String(patient.id),
        [
          'appointments',
          'emails',
          'files',
          'intake_forms',
          'payments',
          'referrals',
          'texts',
          'waitlist_entries',
        ],
        'zip',
      ],
      ['export', 'patient', null, [], 'csv'],
      ['read', 'patient', String(patient.id), [], 'patient'],
      ['read', 'patient', null, [], 'patients_list'],
    ]);
    expect(entries[0]).toMatchObject({ actor: 'admin', admin_email: t.email });
    expect(Date.parse(entries[0]!.created_at)).not.toBeNaN();
    expect(entries[0]).toMatchObject({ roles: null, email_tried: null, reason: null });
    expect(Object.keys(entries[0]!).sort()).toEqual(
      [
        'action',
        'actor',
        'admin_email',
        'context',
        'created_at',
        'entity',
        'entity_id',
        'fields',
        'id',
        'purge',
        'roles',
        'email_tried',
        'reason',
      ].sort(),
    );
    // Sign-in is there too, and nothing of any entry's values reaches the answer.
    expect(entries.some((entry) => entry.action === 'login' && entry.entity === 'admin_user')).toBe(true);
    expect(response.body).not.toContain('Brennan');
    expect(response.json()).toMatchObject({ count: entries.length, pages: 1 });
  });

  it('names the fields a change lists (an FAQ edited) rather than the list itself', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/admin/fa_questions',
      headers: t.auth,
      payload: { title: 'Do you test children?', answer: 'Yes, from six months.' },
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().fa_question.id;
    const updated = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/fa_questions/${id}`,
      headers: t.auth,
      payload: { title: 'Do you test babies?', answer: 'Yes, from six months.' },
    });
    expect(updated.statusCode, updated.body).toBe(200);
    const [update, create] = entriesOf(await log('?search=fa_question'));
    expect(update).toMatchObject({ action: 'update', entity_id: String(id), fields: ['title'] });
    expect(create).toMatchObject({ action: 'create', fields: ['answer', 'asHtml', 'title'] });
    await auditChange(t.database.db, systemActor, 'update', 'appointment', 79, {
      fields: ['email', 'phone'],
      slot_id: { from: 1, to: 2 },
    });
    expect(entriesOf(await log())[0]?.fields).toEqual(['email', 'phone', 'slot_id']);
  });

  it('shows entries of visitors, the system and removed admins without an e-mail, and entries without details with no fields', async () => {
    await auditChange(t.database.db, visitorActor('10.1.2.3'), 'create', 'appointment', 77, {
      status: 'held',
      secret_value: 'kept out of the answer',
    });
    await auditChange(t.database.db, systemActor, 'delete', 'appointment', 78);
    const [first, second] = entriesOf(await log());
    expect(first).toMatchObject({
      actor: 'system',
      admin_email: null,
      action: 'delete',
      entity_id: '78',
      fields: [],
    });
    expect(second).toMatchObject({ actor: 'visitor', admin_email: null, fields: ['secret_value', 'status'] });
    expect((await log()).body).not.toContain('kept out of the answer');
    expect((await log()).body).not.toContain('10.1.2.3');

    const leaving = await signInAsNewAdmin(t);
    await t.database.db.delete(adminUsers).where(eq(adminUsers.email, leaving.email));
    const [login] = entriesOf(await log('?search=login'));
    expect(login).toMatchObject({ actor: 'admin', admin_email: null, action: 'login' });
  });

  it("shows a retention run's one entry by the system with its counts, added to by each of the run's transactions", async () => {
    const tally = auditTally(systemActor, 'retention_purge', 'retention', { older_than_days: 90 });
    await t.database.db.transaction((tx) => tally.add(tx, { contact_messages: 0, bookings: 0 }));
    expect(entriesOf(await log('?search=retention'))).toEqual([]);
    await t.database.db.transaction((tx) => tally.add(tx, { contact_messages: 3, bookings: 0 }));
    // A transaction that fails takes its counts with it, the entry too when it wrote it.
    await expect(
      t.database.db.transaction(async (tx) => {
        await tally.add(tx, { contact_messages: 50, bookings: 50 });
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    await t.database.db.transaction((tx) => tally.add(tx, { bookings: 2, files: 4 }));
    const entries = entriesOf(await log('?search=retention'));
    expect(entries).toEqual([
      {
        id: expect.any(Number),
        created_at: expect.any(String),
        actor: 'system',
        admin_email: null,
        action: 'retention_purge',
        entity: 'retention',
        entity_id: null,
        fields: [],
        context: null,
        purge: {
          older_than_days: 90,
          contact_messages: 3,
          referrals: 0,
          bookings: 2,
          patients: 0,
          files: 4,
          emails: 0,
          intake_forms: 0,
          waitlist_entries: 0,
          texts: 0,
        },
        roles: null,
        email_tried: null,
        reason: null,
      },
    ]);

    const firstRolledBack = auditTally(systemActor, 'retention_purge', 'retention', { older_than_days: 30 });
    await expect(
      t.database.db.transaction(async (tx) => {
        await firstRolledBack.add(tx, { referrals: 7 });
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    await t.database.db.transaction((tx) => firstRolledBack.add(tx, { referrals: 1 }));
    const [latest] = entriesOf(await log('?search=retention'));
    expect(latest?.purge).toMatchObject({ older_than_days: 30, referrals: 1 });
    // Every other entry has no counts.
    const logins = entriesOf(await log('?search=login'));
    expect(logins.length).toBeGreaterThan(0);
    expect(logins.every((entry) => entry.purge === null)).toBe(true);
  });

  it("shows a role change's roles, the e-mail a failed sign-in tried and why a link was refused, as values", async () => {
    const staff = await t.app.inject({
      method: 'POST',
      url: '/api/admin/staff',
      headers: t.auth,
      payload: { name: 'Orla Kane', email: 'orla.kane@clinic.test', role: 'reception' },
    });
    const id = staff.json().staff_member.id as number;
    const changed = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/staff/${id}`,
      headers: t.auth,
      payload: { role: 'administrator' },
    });
    expect(changed.statusCode).toBe(200);
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/admin/autorization/login',
      payload: { email: 'Nobody.Here@Example.ie', password: 'Wrong-pw-123' },
      remoteAddress: '10.41.0.1',
    });
    expect(signIn.statusCode).toBe(401);
    const link = await t.app.inject({
      method: 'POST',
      url: '/api/admin/autorization/invitation',
      payload: { token: 'Z'.repeat(43), password: 'Long-enough-1' },
      remoteAddress: '10.41.0.2',
    });
    expect(link.statusCode).toBe(422);

    const none = { roles: null, email_tried: null, reason: null };
    expect(entriesOf(await log('?search=role_changed'))[0]).toMatchObject({
      ...none,
      entity_id: String(id),
      fields: [],
      roles: { from: 'reception', to: 'administrator' },
    });
    expect(entriesOf(await log('?search=staff_invited'))[0]).toMatchObject({
      ...none,
      fields: [],
      roles: { from: null, to: 'reception' },
    });
    expect(entriesOf(await log('?search=login_failed'))[0]).toMatchObject({
      ...none,
      actor: 'visitor',
      entity_id: null,
      fields: [],
      email_tried: 'nobody.here@example.ie',
    });
    expect(entriesOf(await log('?search=invitation_failed'))[0]).toMatchObject({
      ...none,
      actor: 'visitor',
      fields: [],
      reason: 'unknown',
    });
  });

  it("searches the admin's e-mail, the action and the record type in part, and the record id whole, ignoring case", async () => {
    const other = await signInAsNewAdmin(t);
    const otherAuth = { authorization: `Bearer ${other.token}` };
    const patient = await insertTestPatient(t.database.db);
    expect((await get(`/api/admin/patients/${patient.id}`, otherAuth)).statusCode).toBe(200);
    expect((await get('/api/admin/export_patients', otherAuth)).statusCode).toBe(200);
    await auditChange(t.database.db, systemActor, 'update', 'fee_category', 4321);
    await auditChange(t.database.db, systemActor, 'update', 'fee_category', 54321);

    const found = async (search: string) => entriesOf(await log(`?search=${encodeURIComponent(search)}`));
    const byEmail = await found(other.email.slice(0, -4).toUpperCase());
    expect(byEmail.length).toBeGreaterThan(0);
    expect(byEmail.every((entry) => entry.admin_email === other.email)).toBe(true);
    expect(byEmail.map((entry) => [entry.action, entry.entity_id])).toEqual([
      ['export', null],
      ['read', String(patient.id)],
      ['login', expect.any(String)],
    ]);

    const exports = await found('XPOR');
    expect(exports.length).toBeGreaterThan(0);
    expect(exports.every((entry) => entry.action === 'export')).toBe(true);

    const fees = await found('fee_cat');
    expect(fees.map((entry) => entry.entity_id)).toEqual(['54321', '4321']);
    expect((await found('4321')).map((entry) => entry.entity_id)).toEqual(['4321']);
    expect((await found(String(patient.id))).map((entry) => [entry.action, entry.entity_id])).toContainEqual([
      'read',
      String(patient.id),
    ]);

    // '%' and '_' are themselves: no action, record type or e-mail holds them.
    expect(await found('%')).toEqual([]);
    expect(await found('fee%cat')).toEqual([]);
    expect(await found('no-such-thing')).toEqual([]);
    expect((await log('?search=no-such-thing')).json()).toEqual({ audit_entries: [], pages: 1, count: 0 });
  });

  it('pages 25 entries by default, and any page near the start or past the middle as the whole log has it', async () => {
    await t.database.db.execute(sql`
      insert into audit_log (actor, action, entity, entity_id, details, created_at)
      select 'system', 'update', 'slot', i::text, null,
             timestamptz '2025-06-01 09:00:00+00' + (i / 4) * interval '1 second'
      from generate_series(1, 1100) i`);
    const expected = await allIdsNewestFirst();
    const first = await log();
    expect(entriesOf(first).map((entry) => entry.id)).toEqual(expected.slice(0, 25));
    expect(first.json()).toMatchObject({ count: expected.length, pages: Math.ceil(expected.length / 25) });
    const pages = Math.ceil(expected.length / 25);
    for (const page of [2, Math.floor(pages / 2), pages - 3, pages]) {
      const response = await log(`?page=${page}`);
      expect(
        entriesOf(response).map((entry) => entry.id),
        `page ${page}`,
      ).toEqual(expected.slice((page - 1) * 25, page * 25));
    }
    const bySlot = await log('?search=slot&per_page=100&page=11');
    expect(bySlot.json()).toMatchObject({ count: 1100, pages: 11 });
    expect(entriesOf(bySlot)).toHaveLength(100);
    expect(entriesOf(bySlot).at(-1)?.entity_id).toBe('1');
    expect(entriesOf(await log(`?page=${pages + 1}`))).toEqual([]);
  });

  it('answers 422 to a bad page, page size or search, never a 500, and 401 without a token', async () => {
    for (const query of [
      'per_page=0',
      'per_page=101',
      'page=-1',
      'page=0',
      'page=1e309',
      'page=99999999999999999999',
      'page=1&page=2',
      `search=${'x'.repeat(201)}`,
      'search[]=x',
      'search=a&search=b',
      '__proto__=1',
      'search[__proto__]=x',
      'unknown=1',
    ]) {
      const response = await log(`?${query}`);
      expect(response.statusCode, query).toBe(422);
    }
    expect((await log(`?search=${'x'.repeat(200)}`)).statusCode).toBe(200);
    expect((await log(`?search=${encodeURIComponent("'); drop table audit_log; --")}`)).statusCode).toBe(200);
    expect((await t.app.inject({ url: '/api/admin/audit_log' })).statusCode).toBe(401);
  });
});
