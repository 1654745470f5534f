import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminInvitations, adminPasskeys, adminUsers, auditLog, emailOutbox } from '../../db/schema';
import { type AdminTestApp, createAdminTestApp } from '../../test/test-app';
import { createAdmin, ensureAdmin } from '../auth/auth-service';

let t: AdminTestApp;
let adminId: number;

beforeAll(async () => {
  t = await createAdminTestApp();
  const [me] = await t.database.db.select().from(adminUsers).where(eq(adminUsers.email, t.email));
  adminId = me!.id;
});
afterAll(() => t.close());

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

const invite = (payload: object, auth = t.auth) =>
  t.app.inject({ method: 'POST', url: '/api/admin/staff', headers: auth, payload });

const update = (id: number, payload: object, auth = t.auth) =>
  t.app.inject({ method: 'PUT', url: `/api/admin/staff/${id}`, headers: auth, payload });

let addressCounter = 0;
/**
 * Accepts an invitation from `from`, or from an address of its own: a link's failed tries count against their
 * address's sign-in limits, so the tests' many would otherwise throttle each other.
 */
const accept = (payload: object, from = `10.31.0.${++addressCounter}`) =>
  t.app.inject({ method: 'POST', url: '/api/admin/autorization/invitation', payload, remoteAddress: from });

const signIn = (email: string, password: string) =>
  t.app.inject({ method: 'POST', url: '/api/admin/autorization/login', payload: { email, password } });

const me = (token: string) => t.app.inject({ method: 'GET', url: '/api/admin/me', headers: bearer(token) });

let counter = 0;
const newEmail = () => `person${++counter}@clinic.test`;

/** The newest e-mail to `to`, and the invitation token in its link. */
async function invitationTo(to: string) {
  const [email] = await t.database.db
    .select()
    .from(emailOutbox)
    .where(eq(emailOutbox.toAddress, to))
    .orderBy(desc(emailOutbox.id))
    .limit(1);
  const token = email?.textBody.match(/http:\/\/clinic\.test\/login\/invite#([A-Za-z0-9_-]+)/)?.[1];
  return { email, token: token ?? '' };
}

/** Invites a person in `role`; answers their account and the link's token. */
async function invited(role = 'reception', email = newEmail()) {
  const response = await invite({ name: `Person ${counter}`, email, role });
  expect(response.statusCode).toBe(201);
  const member = response.json().staff_member as { id: number; email: string };
  return { ...member, token: (await invitationTo(email)).token };
}

/** An account that accepted its invitation and is signed in: its id and bearer token. */
async function activeStaff(role = 'reception') {
  const person = await invited(role);
  const response = await accept({ token: person.token, password: 'Long-enough-1' });
  expect(response.statusCode).toBe(200);
  return { id: person.id, email: person.email, token: response.json().data.token.auth_token as string };
}

const auditOf = (id: number) =>
  t.database.db
    .select()
    .from(auditLog)
    .where(eq(auditLog.entityId, String(id)))
    .orderBy(auditLog.id);

describe('invitations', () => {
  it('makes the account, e-mails the link through the outbox, and the link signs the invitee in once', async () => {
    const email = newEmail();
    const response = await invite({
      name: 'Niamh Walsh',
      email: ` ${email.toUpperCase()} `,
      role: 'clinician',
    });
    expect(response.statusCode).toBe(201);
    const member = response.json().staff_member;
    expect(member).toMatchObject({
      name: 'Niamh Walsh',
      email,
      role: 'clinician',
      second_factor: false,
      last_sign_in_at: null,
      disabled: false,
      invitation: { status: 'pending' },
    });
    const expiresIn = Date.parse(member.invitation.expires_at) - Date.now();
    expect(expiresIn).toBeGreaterThan(71.9 * 3600_000);
    expect(expiresIn).toBeLessThanOrEqual(72 * 3600_000);

    const { email: sent, token } = await invitationTo(email);
    expect(sent?.subject).toMatch(/Your account at/);
    expect(sent?.htmlBody).toContain(`/login/invite#${token}`);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const [stored] = await t.database.db
      .select()
      .from(adminInvitations)
      .where(eq(adminInvitations.adminUserId, member.id));
    expect(stored?.tokenHash).not.toContain(token);
    expect(stored?.invitedBy).toBe(adminId);

    // Before accepting, no password signs the account in.
    expect((await signIn(email, 'Long-enough-1')).statusCode).toBe(401);

    const accepted = await accept({ token, password: 'Long-enough-1' });
    expect(accepted.statusCode).toBe(200);
    expect(accepted.headers['cache-control']).toBe('no-store');
    const data = accepted.json().data;
    expect(data.admin_user).toEqual({ id: member.id, email, name: 'Niamh Walsh', role: 'clinician' });
    expect((await me(data.token.auth_token)).statusCode).toBe(200);
    expect((await signIn(email, 'Long-enough-1')).statusCode).toBe(200);

    const again = await accept({ token, password: 'Another-pass-2' });
    expect(again.statusCode).toBe(422);
    expect(again.json().code).toBe('invitation_invalid');
    expect((await signIn(email, 'Another-pass-2')).statusCode).toBe(401);

    const listed = await t.app.inject({
      method: 'GET',
      url: '/api/admin/staff?search=niamh',
      headers: t.auth,
    });
    expect(listed.json().staff).toEqual([
      expect.objectContaining({ id: member.id, invitation: null, last_sign_in_at: expect.any(String) }),
    ]);
    const actions = (await auditOf(member.id)).map((row) => row.action);
    expect(actions.filter((action) => action !== 'login_failed')).toEqual([
      'staff_invited',
      'invitation_accepted',
      'login',
      'login',
      // The link tried again once used.
      'invitation_failed',
    ]);
  });

  it('refuses a guessed, malformed or expired token with a 4xx and changes nothing', async () => {
    const person = await invited();
    for (const token of ['A'.repeat(43), 'not a token', '']) {
      const response = await accept({ token, password: 'Long-enough-1' });
      expect(response.statusCode).toBe(422);
    }
    await t.database.db
      .update(adminInvitations)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(adminInvitations.adminUserId, person.id));
    const expired = await accept({ token: person.token, password: 'Long-enough-1' });
    expect(expired.statusCode).toBe(422);
    expect(expired.json()).toMatchObject({ code: 'invitation_expired' });
    expect(expired.json().error_messages).toMatch(/expired/);
    expect((await signIn(person.email, 'Long-enough-1')).statusCode).toBe(401);
    const listed = await t.app.inject({ method: 'GET', url: '/api/admin/staff', headers: t.auth });
    const row = listed.json().staff.find((member: { id: number }) => member.id === person.id);
    expect(row.invitation.status).toBe('expired');
  });

  it('sends a new link to someone who has not accepted, and the old one stops working', async () => {
    const person = await invited();
    const resent = await t.app.inject({
      method: 'POST',
      url: `/api/admin/staff/${person.id}/invitation`,
      headers: t.auth,
    });
    expect(resent.statusCode).toBe(200);
    expect(resent.json().staff_member.invitation.status).toBe('pending');
    const { token } = await invitationTo(person.email);
    expect(token).not.toBe(person.token);
    expect((await accept({ token: person.token, password: 'Long-enough-1' })).json().code).toBe(
      'invitation_invalid',
    );
    expect((await accept({ token, password: 'Long-enough-1' })).statusCode).toBe(200);
    const late = await t.app.inject({
      method: 'POST',
      url: `/api/admin/staff/${person.id}/invitation`,
      headers: t.auth,
    });
    expect(late.statusCode).toBe(409);
    expect(late.json().code).toBe('invitation_not_pending');
  });

  it('refuses a password that breaks the rules, keeping the link good', async () => {
    const person = await invited();
    const cases: [string, RegExp][] = [
      ['short', /At least 8/],
      ['a'.repeat(65), /At most 64/],
      ['password1', /commonly used/],
      [`${person.email}!`, /must not contain your e-mail address/],
      [`${person.email.split('@')[0]}-is-me`, /must not contain your e-mail address/],
      ['dublinallergyclinic', /must not contain the clinic’s name/],
      ['My-AllergyClinic-pw', /must not contain the clinic’s name/],
      ['abcdefgh', /run or a repeat/],
      ['12341234', /run or a repeat/],
      ['abababab', /run or a repeat/],
      ['11111112', /run or a repeat/],
    ];
    for (const [password, message] of cases) {
      const response = await accept({ token: person.token, password });
      expect(response.statusCode).toBe(422);
      expect(response.json().errors.password[0]).toMatch(message);
    }
    const passphrase = 'a passphrase of four words and then some more to reach sixty4';
    expect(passphrase.length).toBeLessThanOrEqual(64);
    expect((await accept({ token: person.token, password: passphrase })).statusCode).toBe(200);
  });

  it('refuses an e-mail that has an account, and bad input, with readable answers', async () => {
    const taken = await invite({ name: 'Again', email: t.email, role: 'reception' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({
      code: 'staff_email_taken',
      errors: { email: [expect.any(String)] },
    });
    const pending = await invited();
    const twice = await invite({ name: 'Twice', email: pending.email, role: 'reception' });
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toMatchObject({
      code: 'staff_email_taken',
      error_messages: expect.stringMatching(/Send invitation again/),
    });
    const nameErrors = async (name: string) =>
      (await invite({ name, email: 'x@example.ie', role: 'reception' })).json().errors;
    expect(await nameErrors('M')).toEqual({ name: ['Text is too short.'] });
    expect(await nameErrors('M'.repeat(71))).toEqual({ name: ['Text is too long.'] });
    const longName = `${'M'.repeat(34)} ${'B'.repeat(35)}`;
    const long = await invite({ name: longName, email: 'long-name@example.ie', role: 'reception' });
    expect(long.statusCode, long.body).toBe(201);
    expect(long.json().staff_member.name).toBe(longName);
    const bad = await invite({ name: '', email: 'nope', role: 'root' });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['email', 'name', 'role']);
  });

  it('refuses the link of a disabled account', async () => {
    const person = await invited();
    expect((await update(person.id, { disabled: true })).statusCode).toBe(200);
    const response = await accept({ token: person.token, password: 'Long-enough-1' });
    expect(response.statusCode).toBe(422);
    expect(response.json().code).toBe('invitation_invalid');
  });

  it('records each refused link (why, never the token) as a failed sign-in is, and limits an address', async () => {
    const person = await invited();
    const from = '10.32.0.1';
    const failures = () =>
      t.database.db
        .select()
        .from(auditLog)
        .where(eq(auditLog.action, 'invitation_failed'))
        .then((rows) => rows.filter((row) => row.ip === from));
    // A guessed token, the link used, replaced and expired.
    expect((await accept({ token: 'B'.repeat(43), password: 'Long-enough-1' }, from)).statusCode).toBe(422);
    expect((await accept({ token: person.token, password: 'Long-enough-1' }, '10.32.0.2')).statusCode).toBe(
      200,
    );
    expect((await accept({ token: person.token, password: 'Long-enough-1' }, from)).statusCode).toBe(422);
    const other = await invited();
    await t.app.inject({ method: 'POST', url: `/api/admin/staff/${other.id}/invitation`, headers: t.auth });
    expect((await accept({ token: other.token, password: 'Long-enough-1' }, from)).statusCode).toBe(422);
    const late = await invited();
    await t.database.db
      .update(adminInvitations)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(adminInvitations.adminUserId, late.id));
    expect((await accept({ token: late.token, password: 'Long-enough-1' }, from)).statusCode).toBe(422);
    const recorded = await failures();
    expect(recorded.map((row) => [row.actor, row.adminUserId, row.entityId, row.details])).toEqual([
      ['visitor', null, null, { reason: 'unknown' }],
      ['visitor', null, String(person.id), { reason: 'used' }],
      ['visitor', null, String(other.id), { reason: 'replaced' }],
      ['visitor', null, String(late.id), { reason: 'expired' }],
    ]);
    for (const row of recorded) expect(JSON.stringify(row)).not.toContain(person.token.slice(0, 12));

    // The fifth failure in 15 minutes from one address is the last checked: then 429, nothing more recorded.
    expect((await accept({ token: 'C'.repeat(43), password: 'Long-enough-1' }, from)).statusCode).toBe(422);
    const throttled = await accept({ token: 'D'.repeat(43), password: 'Long-enough-1' }, from);
    expect(throttled.statusCode).toBe(429);
    expect(throttled.headers['retry-after']).toEqual(expect.any(String));
    expect(throttled.json()).toEqual({
      code: 'sign_in_throttled',
      error_messages: expect.stringMatching(
        /^Too many invitation links that did not work were tried from here/,
      ),
    });
    expect(await failures()).toHaveLength(5);
    // Another address, and a good link from the same one after a wait, are not held by it; nor is a sign-in's
    // e-mail ceiling: the limit is this address's alone.
    const fresh = await invited();
    expect((await accept({ token: fresh.token, password: 'Long-enough-1' }, '10.32.0.3')).statusCode).toBe(
      200,
    );
  });

  it('counts no failure for a good link whose password breaks the rules', async () => {
    const person = await invited();
    const from = '10.33.0.1';
    for (let i = 0; i < 6; i += 1)
      expect((await accept({ token: person.token, password: 'password1' }, from)).statusCode).toBe(422);
    expect((await accept({ token: person.token, password: 'Long-enough-1' }, from)).statusCode).toBe(200);
  });

  it('sends no new link to a disabled account: 409, saying to enable it first, and nothing queued', async () => {
    const person = await invited();
    expect((await update(person.id, { disabled: true })).statusCode).toBe(200);
    const before = await invitationTo(person.email);
    const resent = await t.app.inject({
      method: 'POST',
      url: `/api/admin/staff/${person.id}/invitation`,
      headers: t.auth,
    });
    expect(resent.statusCode).toBe(409);
    expect(resent.json()).toEqual({
      code: 'staff_disabled',
      error_messages:
        'This account is disabled, so its invitation link would not work: enable the account first, then send the invitation again.',
    });
    expect((await invitationTo(person.email)).email?.id).toBe(before.email?.id);
    const entries = (await auditOf(person.id)).filter((row) => row.action === 'staff_invited');
    expect(entries).toHaveLength(1);
    // Enabled again, the account gets its new link.
    expect((await update(person.id, { disabled: false })).statusCode).toBe(200);
    const again = await t.app.inject({
      method: 'POST',
      url: `/api/admin/staff/${person.id}/invitation`,
      headers: t.auth,
    });
    expect(again.statusCode).toBe(200);
    expect((await invitationTo(person.email)).token).not.toBe(person.token);
  });
});

describe('changing and disabling accounts', () => {
  it('changes a role, which the next call of a token in use obeys, and audits it', async () => {
    const person = await activeStaff('administrator');
    const list = () =>
      t.app.inject({ method: 'GET', url: '/api/admin/staff', headers: bearer(person.token) });
    expect((await list()).statusCode).toBe(200);
    const changed = await update(person.id, { role: 'bookkeeper' });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().staff_member.role).toBe('bookkeeper');
    const refused = await list();
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('role_forbidden');
    // A non-administrator cannot give themselves a role back.
    const escalate = await update(person.id, { role: 'administrator' }, bearer(person.token));
    expect(escalate.statusCode).toBe(403);
    const [row] = await t.database.db.select().from(adminUsers).where(eq(adminUsers.id, person.id));
    expect(row?.role).toBe('bookkeeper');
    const entry = (await auditOf(person.id)).find((audit) => audit.action === 'role_changed');
    expect(entry).toMatchObject({
      adminUserId: adminId,
      details: { from: 'administrator', to: 'bookkeeper' },
    });
  });

  it('disabling ends every session at once and refuses sign-in; enabling lets them sign in again', async () => {
    const person = await activeStaff();
    const second = (await signIn(person.email, 'Long-enough-1')).json().data.token.auth_token as string;
    const disabled = await update(person.id, { disabled: true });
    expect(disabled.statusCode).toBe(200);
    expect(disabled.json().staff_member.disabled).toBe(true);
    for (const token of [person.token, second]) expect((await me(token)).statusCode).toBe(401);
    const refused = await signIn(person.email, 'Long-enough-1');
    expect(refused.statusCode).toBe(401);
    expect(refused.json().error_messages).toBe('Invalid email or password');

    const enabled = await update(person.id, { disabled: false });
    expect(enabled.json().staff_member.disabled).toBe(false);
    // The old sessions stay ended; a new sign-in works.
    expect((await me(person.token)).statusCode).toBe(401);
    expect((await signIn(person.email, 'Long-enough-1')).statusCode).toBe(200);
    const actions = (await auditOf(person.id)).map((row) => row.action);
    expect(actions).toContain('account_disabled');
    expect(actions).toContain('account_enabled');
  });

  it('keeps the last enabled administrator: neither disabled nor demoted, by anyone, with 409', async () => {
    const demoted: number[] = [];
    // Leave only the signed-in administrator of this file (a pending invitee does not count).
    const pending = await invited('administrator');
    const others = await t.app.inject({
      method: 'GET',
      url: '/api/admin/staff?per_page=100',
      headers: t.auth,
    });
    for (const member of others.json().staff as { id: number; role: string; disabled: boolean }[]) {
      if (member.id !== adminId && member.role === 'administrator' && !member.disabled) {
        if (member.id === pending.id) continue;
        expect((await update(member.id, { role: 'reception' })).statusCode).toBe(200);
        demoted.push(member.id);
      }
    }
    for (const payload of [
      { role: 'clinician' },
      { disabled: true },
      { role: 'reception', disabled: true },
    ]) {
      const response = await update(adminId, payload);
      expect(response.statusCode).toBe(409);
      expect(response.json()).toMatchObject({
        code: 'last_administrator',
        error_messages: expect.stringMatching(/last administrator/),
      });
    }
    const [row] = await t.database.db.select().from(adminUsers).where(eq(adminUsers.id, adminId));
    expect(row).toMatchObject({ role: 'administrator', disabledAt: null });
    // Unchanged role and state are no change at all.
    expect((await update(adminId, { role: 'administrator', disabled: false })).statusCode).toBe(200);

    // With a second administrator, one may step down.
    const colleague = await activeStaff('administrator');
    const self = await update(colleague.id, { role: 'reception' }, bearer(colleague.token));
    expect(self.statusCode).toBe(200);
    for (const id of demoted) await update(id, { role: 'administrator' });
  });

  it('keeps one of two administrators who demote each other at the same moment', async () => {
    const first = await activeStaff('administrator');
    const second = await activeStaff('administrator');
    // Leave these two as the only administrators.
    expect((await update(adminId, { role: 'reception' })).statusCode).toBe(200);
    const answers = await Promise.all([
      update(second.id, { disabled: true }, bearer(first.token)),
      update(first.id, { disabled: true }, bearer(second.token)),
    ]);
    // The loser is refused as the last administrator, or, when the winner's change landed before its own
    // call was let in, as signed out (disabling ends every session at once). Either way one stays.
    const codes = answers.map((answer) => answer.statusCode);
    expect(codes.filter((code) => code === 200)).toHaveLength(1);
    expect(codes.find((code) => code !== 200)).toBeOneOf([401, 409]);
    const winner = answers[0]?.statusCode === 200 ? first : second;
    expect((await update(adminId, { role: 'administrator' }, bearer(winner.token))).statusCode).toBe(200);
    for (const person of [first, second]) await update(person.id, { role: 'reception', disabled: false });
  });

  it('lists staff with their second factor and answers 404 for an unknown account', async () => {
    const person = await activeStaff('clinician');
    await t.database.db.insert(adminPasskeys).values({
      adminUserId: person.id,
      credentialId: `cred-${person.id}`,
      publicKey: Buffer.from([1, 2, 3]),
      name: 'Laptop',
    });
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/admin/staff?search=${encodeURIComponent(person.email)}`,
      headers: t.auth,
    });
    expect(response.json()).toEqual({
      staff: [expect.objectContaining({ id: person.id, second_factor: true, role: 'clinician' })],
      pages: 1,
      count: 1,
    });
    expect((await update(999999, { disabled: true })).statusCode).toBe(404);
    expect((await update(person.id, { role: 'owner' })).statusCode).toBe(422);
  });

  it('answers 401 without a token and 403 to a role other than administrator', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/staff' })).statusCode).toBe(401);
    const reception = await activeStaff('reception');
    const calls = [
      t.app.inject({ method: 'GET', url: '/api/admin/staff', headers: bearer(reception.token) }),
      invite({ name: 'X', email: newEmail(), role: 'administrator' }, bearer(reception.token)),
      update(reception.id, { role: 'administrator' }, bearer(reception.token)),
    ];
    for (const response of await Promise.all(calls)) expect(response.statusCode).toBe(403);
  });
});

describe('accounts made at start and from the command line', () => {
  it('makes ADMIN_EMAIL an administrator, and createAdmin takes a role', async () => {
    await ensureAdmin(t.database.db, 'start@clinic.test', 'Opening-pw-12');
    await createAdmin(t.database.db, 'books@clinic.test', 'Ledger-pw-12', 'Books', 'bookkeeper');
    const rows = await t.database.db
      .select({ email: adminUsers.email, role: adminUsers.role })
      .from(adminUsers);
    expect(rows).toEqual(
      expect.arrayContaining([
        { email: 'start@clinic.test', role: 'administrator' },
        { email: 'books@clinic.test', role: 'bookkeeper' },
      ]),
    );
  });
});
