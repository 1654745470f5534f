import { and, desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { texts } from '../../../shared/validation-texts';
import { buildApp } from '../../app';
import { adminAuthTokens, auditLog, loginAttempts } from '../../db/schema';
import { createTestApp, signInAsNewAdmin, type TestApp, testConfig } from '../../test/test-app';
import { createTestDatabase } from '../../test/test-database';
import { insertAdmin } from './admin-repository';
import { createAdmin, ensureAdmin, noAdminWarning, resetAdminPassword, unlockSignIn } from './auth-service';
import { hashPassword } from './password-hashing';
import { passwordTexts } from './password-rules';

let t: TestApp;
const email = 'staff@clinic.test';
const password = 'Correct-pw1';

beforeAll(async () => {
  t = await createTestApp();
  await createAdmin(t.database.db, email, password, 'Staff');
});
afterAll(() => t.close());

/** `from` is the client's address (the socket's: the test app trusts no proxy). */
const login = (payload: unknown, from = '127.0.0.1', headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/api/admin/autorization/login',
    payload: payload as object,
    headers,
    remoteAddress: from,
  });

const wrongPassword = 'Wrong-pw1';
const waitFifteenMinutes = 'Too many failed sign-in attempts. Please wait 15 minutes and try again.';

/** Failed attempts written straight to the table, `minutesAgo` each. */
async function pastFailures(rows: { email: string; ip: string; minutesAgo: number }[]): Promise<void> {
  for (const row of rows) {
    await t.database.db.execute(
      sql`insert into login_attempts (email, ip, created_at)
        values (${row.email}, ${row.ip}, now() - make_interval(mins => ${row.minutesAgo}))`,
    );
  }
}

describe('POST /api/admin/autorization/login', () => {
  it('answers the admin user and a token', async () => {
    const response = await login({ email: 'Staff@Clinic.test ', password });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.data.admin_user).toEqual({
      id: expect.any(Number),
      email,
      name: 'Staff',
      role: 'administrator',
    });
    expect(body.data.token.auth_token).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('stores only a hash of the token', async () => {
    const token = (await login({ email, password })).json().data.token.auth_token as string;
    const rows = await t.database.db.select().from(adminAuthTokens);
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) expect(row.tokenHash).not.toBe(token);
  });

  it.each([
    ['a wrong password', { email, password: 'Wrong-pw1' }],
    ['an unknown e-mail', { email: 'nobody@clinic.test', password }],
  ])('refuses %s with 401 and the spec text', async (_name, payload) => {
    const response = await login(payload, '10.0.0.1');
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ code: 'sign_in_failed', error_messages: 'Invalid email or password' });
  });

  it.each([
    [{ email: 'not-an-email', password }, 'email', 'Invalid email'],
    [{ password }, 'email', 'Required'],
    [{ email }, 'password', 'Required'],
    [{ email, password: 'abc' }, 'password', 'Too Short!'],
    [{ email, password: 'a'.repeat(65) }, 'password', 'Too Long!'],
    [{ email: 42, password }, 'email', 'Required'],
    [{ email, password, role: 'root' }, 'role', 'Unknown field.'],
  ])('answers 422 for %j', async (payload, field, message) => {
    const response = await login(payload);
    expect(response.statusCode).toBe(422);
    const body = response.json();
    expect(body.errors[field]).toContain(message);
    expect(typeof body.error_messages).toBe('string');
  });

  it('answers 400 for malformed JSON', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/admin/autorization/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"email": ',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error_messages).toBe('The request body is not valid JSON.');
  });

  it('answers 413 for a body over the limit', async () => {
    const response = await login({ email, password: 'x'.repeat(2 * 1024 * 1024) });
    expect(response.statusCode).toBe(413);
    expect(response.json().error_messages).toBeTruthy();
  });

  it('answers 415 for an unsupported content type', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/admin/autorization/login',
      headers: { 'content-type': 'application/xml' },
      payload: '<email/>',
    });
    expect(response.statusCode).toBe(415);
    expect(response.json().error_messages).toBeTruthy();
  });
});

describe('sign-in limits', () => {
  it('lets only 5 of 19 concurrent wrong passwords be checked; the rest answer 429', async () => {
    const target = 'parallel@clinic.test';
    await createAdmin(t.database.db, target, password);
    const responses = await Promise.all(
      Array.from({ length: 19 }, () => login({ email: target, password: wrongPassword }, '192.0.2.19')),
    );
    const statuses = responses.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 401)).toHaveLength(5);
    expect(statuses.filter((status) => status === 429)).toHaveLength(14);
  });

  it('locks one address out of an e-mail after 5 failures, while another address still signs in', async () => {
    const target = 'lockout@clinic.test';
    await createAdmin(t.database.db, target, password);
    for (let attempt = 0; attempt < 5; attempt++) {
      const response = await login({ email: target, password: wrongPassword }, '198.51.100.1');
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({
        code: 'sign_in_failed',
        error_messages: 'Invalid email or password',
      });
    }
    const blocked = await login({ email: target, password }, '198.51.100.1');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual({ code: 'sign_in_throttled', error_messages: waitFifteenMinutes });
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(14 * 60);

    expect((await login({ email: target, password }, '198.51.100.2')).statusCode).toBe(200);
  });

  it('forgets the failures of an address for an e-mail once it signs in', async () => {
    const target = 'forgiven@clinic.test';
    await createAdmin(t.database.db, target, password);
    for (let attempt = 0; attempt < 4; attempt++)
      expect((await login({ email: target, password: wrongPassword }, '198.51.100.3')).statusCode).toBe(401);
    expect((await login({ email: target, password }, '198.51.100.3')).statusCode).toBe(200);
    for (let attempt = 0; attempt < 5; attempt++)
      expect((await login({ email: target, password: wrongPassword }, '198.51.100.3')).statusCode).toBe(401);
    expect((await login({ email: target, password }, '198.51.100.3')).statusCode).toBe(429);
  });

  it('makes the wait grow: 10 failures in an hour, or 20 in a day, lock that address for longer', async () => {
    const hourly = 'hourly@clinic.test';
    const daily = 'daily@clinic.test';
    await createAdmin(t.database.db, hourly, password);
    await createAdmin(t.database.db, daily, password);
    await pastFailures(
      Array.from({ length: 10 }, (_, index) => ({
        email: hourly,
        ip: '198.51.100.4',
        minutesAgo: 20 + index * 3,
      })),
    );
    await pastFailures(
      Array.from({ length: 20 }, (_, index) => ({
        email: daily,
        ip: '198.51.100.4',
        minutesAgo: 120 + index * 60,
      })),
    );
    const hourLock = await login({ email: hourly, password }, '198.51.100.4');
    expect(hourLock.statusCode).toBe(429);
    expect(hourLock.json().error_messages).toBe(
      'Too many failed sign-in attempts. Please wait 13 minutes and try again.',
    );
    const dayLock = await login({ email: daily, password }, '198.51.100.4');
    expect(dayLock.statusCode).toBe(429);
    expect(dayLock.json().error_messages).toBe(
      'Too many failed sign-in attempts. Please wait 3 hours and try again.',
    );
    expect((await login({ email: daily, password }, '198.51.100.5')).statusCode).toBe(200);
  });

  it('refuses an address after 20 failures across e-mails, even with a correct password', async () => {
    const target = 'per-address@clinic.test';
    await createAdmin(t.database.db, target, password);
    for (let attempt = 0; attempt < 20; attempt++) {
      const response = await login(
        { email: `guess${attempt}@clinic.test`, password: wrongPassword },
        '203.0.113.20',
      );
      expect(response.statusCode).toBe(401);
    }
    const blocked = await login({ email: target, password }, '203.0.113.20');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual({ code: 'sign_in_throttled', error_messages: waitFifteenMinutes });
    expect((await login({ email: target, password }, '203.0.113.21')).statusCode).toBe(200);
  });

  it('counts IPv6 addresses by their /64, so rotating addresses inside it escapes no limit', async () => {
    const target = 'ipv6@clinic.test';
    await createAdmin(t.database.db, target, password);
    for (let attempt = 1; attempt <= 5; attempt++)
      expect(
        (await login({ email: target, password: wrongPassword }, `2001:db8:64::${attempt}`)).statusCode,
      ).toBe(401);
    const blocked = await login({ email: target, password }, '2001:db8:64:0:ffff::2');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual({ code: 'sign_in_throttled', error_messages: waitFifteenMinutes });
    expect((await login({ email: target, password }, '2001:db8:64:1::1')).statusCode).toBe(200);

    for (let attempt = 1; attempt <= 20; attempt++)
      expect(
        (
          await login(
            { email: `v6-${attempt}@clinic.test`, password: wrongPassword },
            `2001:db8:99::${attempt}`,
          )
        ).statusCode,
      ).toBe(401);
    const addressBlocked = await login({ email: target, password }, '2001:db8:99::abcd');
    expect(addressBlocked.statusCode).toBe(429);
    expect(addressBlocked.json()).toEqual({ code: 'sign_in_throttled', error_messages: waitFifteenMinutes });
  });

  it('counts an IPv4-mapped IPv6 address as the IPv4 address', async () => {
    const target = 'mapped@clinic.test';
    await createAdmin(t.database.db, target, password);
    for (let attempt = 0; attempt < 5; attempt++)
      expect(
        (await login({ email: target, password: wrongPassword }, '::ffff:198.51.100.90')).statusCode,
      ).toBe(401);
    const blocked = await login({ email: target, password }, '198.51.100.90');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual({ code: 'sign_in_throttled', error_messages: waitFifteenMinutes });
  });

  it('keeps the per-e-mail ceiling off addresses the admin signed in from, which still have their own limits', async () => {
    const target = 'known@clinic.test';
    const known = '198.51.100.120';
    await createAdmin(t.database.db, target, password);
    expect((await login({ email: target, password }, known)).statusCode).toBe(200);
    expect((await login({ email: target, password }, '2001:db8:77::1')).statusCode).toBe(200);
    for (let address = 1; address <= 10; address++)
      for (let attempt = 0; attempt < 5; attempt++)
        expect(
          (await login({ email: target, password: wrongPassword }, `100.64.0.${address}`)).statusCode,
        ).toBe(401);

    const unknown = await login({ email: target, password }, '100.64.1.1');
    expect(unknown.statusCode).toBe(429);
    expect(unknown.json()).toEqual({
      code: 'sign_in_throttled',
      error_messages: 'Too many failed sign-in attempts. Please wait 60 minutes and try again.',
    });
    expect(Number(unknown.headers['retry-after'])).toBeGreaterThan(59 * 60);
    expect((await login({ email: target, password }, known)).statusCode).toBe(200);
    expect((await login({ email: target, password }, '2001:db8:77::beef')).statusCode).toBe(200);

    for (let attempt = 0; attempt < 5; attempt++)
      expect((await login({ email: target, password: wrongPassword }, known)).statusCode).toBe(401);
    const knownButGuessing = await login({ email: target, password }, known);
    expect(knownButGuessing.statusCode).toBe(429);
    expect(knownButGuessing.json()).toEqual({
      code: 'sign_in_throttled',
      error_messages: waitFifteenMinutes,
    });
  }, 120_000);

  it('counts a sign-in only of that e-mail, and only within 90 days, as knowing the address', async () => {
    const target = 'forgotten@clinic.test';
    const other = 'colleague@clinic.test';
    await createAdmin(t.database.db, target, password);
    await createAdmin(t.database.db, other, password);
    expect((await login({ email: target, password }, '100.65.0.1')).statusCode).toBe(200);
    await t.database.db.execute(
      sql`update audit_log set created_at = now() - interval '91 days' where action = 'login' and ip = '100.65.0.1'`,
    );
    expect((await login({ email: other, password }, '100.65.0.2')).statusCode).toBe(200);
    await pastFailures(
      Array.from({ length: 50 }, (_, index) => ({ email: target, ip: `10.65.0.${index}`, minutesAgo: 10 })),
    );
    expect((await login({ email: target, password }, '100.65.0.1')).statusCode).toBe(429);
    expect((await login({ email: target, password }, '100.65.0.2')).statusCode).toBe(429);
  });

  it('lets staff unlock an e-mail (npm run admin -- unlock), forgetting its failures from every address', async () => {
    const target = 'unlocked@clinic.test';
    await createAdmin(t.database.db, target, password);
    await pastFailures([
      ...Array.from({ length: 50 }, (_, index) => ({
        email: target,
        ip: `10.66.0.${index}`,
        minutesAgo: 10,
      })),
      ...Array.from({ length: 5 }, () => ({ email: target, ip: '100.66.0.1', minutesAgo: 5 })),
      ...Array.from({ length: 3 }, () => ({
        email: 'bystander@clinic.test',
        ip: '100.66.0.1',
        minutesAgo: 5,
      })),
    ]);
    expect((await login({ email: target, password }, '100.66.0.1')).statusCode).toBe(429);
    expect((await login({ email: target, password }, '100.66.0.2')).statusCode).toBe(429);
    expect(await unlockSignIn(t.database.db, ' Unlocked@Clinic.test')).toBe(55);
    expect((await login({ email: target, password }, '100.66.0.1')).statusCode).toBe(200);
    expect((await login({ email: target, password }, '100.66.0.2')).statusCode).toBe(200);
    const left = await t.database.db
      .select({ count: sql<number>`count(*)::int` })
      .from(loginAttempts)
      .where(eq(loginAttempts.email, 'bystander@clinic.test'));
    expect(left).toEqual([{ count: 3 }]);
  });

  it('refuses an e-mail from every address after 50 failures in an hour from many addresses', async () => {
    const target = 'ceiling@clinic.test';
    await createAdmin(t.database.db, target, password);
    await pastFailures(
      Array.from({ length: 49 }, (_, index) => ({ email: target, ip: `10.50.0.${index}`, minutesAgo: 10 })),
    );
    expect((await login({ email: target, password: wrongPassword }, '10.50.1.1')).statusCode).toBe(401);
    const blocked = await login({ email: target, password }, '10.50.1.2');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual({
      code: 'sign_in_throttled',
      error_messages: 'Too many failed sign-in attempts. Please wait 50 minutes and try again.',
    });
  });
});

describe('the Authorization header', () => {
  it('refuses, on the command line as in the invite form, a name that is not one line of visible characters', async () => {
    for (const name of ['Cli\u2028Name', 'Cli\u200bName', 'Cli\tName'])
      await expect(
        createAdmin(t.database.db, 'named@clinic.test', 'Harbour-Lantern-Quiet-47', name),
        name,
      ).rejects.toThrow(texts.notAllowedCharacters);
    const admin = await createAdmin(
      t.database.db,
      'named@clinic.test',
      'Harbour-Lantern-Quiet-47',
      '  Róisín Ní Bhriain ',
    );
    expect(admin.name).toBe('Róisín Ní Bhriain');
  });
  it('takes the Bearer scheme in any case and with extra spaces (RFC 9110: the scheme is case-insensitive)', async () => {
    const token = (await login({ email, password }, '192.0.2.60')).json().data.token.auth_token as string;
    const call = (authorization: string) =>
      t.app.inject({ url: '/api/admin/blogs', headers: { authorization } });
    for (const authorization of [
      `Bearer ${token}`,
      `bearer ${token}`,
      `BEARER ${token}`,
      `bEaReR ${token}`,
      `Bearer   ${token}`,
      `Bearer \t${token} `,
    ]) {
      expect((await call(authorization)).statusCode, authorization).toBe(200);
    }
    for (const authorization of [
      `Basic ${token}`,
      `Token ${token}`,
      `Bearer${token}`,
      token,
      `Bearer ${token} extra`,
      `Bearer ${token}x`,
      'Bearer',
    ]) {
      const response = await call(authorization);
      expect(response.statusCode, authorization).toBe(401);
      expect(response.json()).toEqual({ code: 'unauthorized', error_messages: 'You need to sign in' });
    }
  });
});

describe('setting a password', () => {
  const common =
    'This password is one of the most commonly used passwords, which are guessed first. Please choose another.';

  it.each([
    ['password', common, '192.0.2.40'],
    ['Sunshine1', common, '192.0.2.140'],
    ['aaaaaaaa', 'The password must not be one character repeated.', '192.0.2.141'],
    ['12345678', passwordTexts.pattern, '192.0.2.142'],
    ['abcd1234', passwordTexts.pattern, '192.0.2.143'],
    ['DublinAllergyClinic-1', passwordTexts.clinic, '192.0.2.144'],
  ])('refuses %j for a new admin, an ADMIN_PASSWORD admin and a reset', async (weak, message, from) => {
    await expect(createAdmin(t.database.db, 'weak@clinic.test', weak)).rejects.toThrow(message);
    await expect(ensureAdmin(t.database.db, 'weak@clinic.test', weak)).rejects.toThrow(
      `ADMIN_PASSWORD is not accepted: ${message}`,
    );
    await expect(resetAdminPassword(t.database.db, email, weak)).rejects.toThrow(message);
    // An address of each case's own: the failed sign-ins of one do not throttle the next.
    const refused = await login({ email: 'weak@clinic.test', password: weak }, from);
    expect(refused.statusCode).toBe(401);
  });

  it("refuses a password holding the admin's own e-mail address, or its part before the @", async () => {
    for (const weak of ['Weak-pw-123', 'weak@clinic.test!']) {
      await expect(createAdmin(t.database.db, 'weak@clinic.test', weak)).rejects.toThrow(passwordTexts.email);
      await expect(ensureAdmin(t.database.db, 'weak@clinic.test', weak)).rejects.toThrow(passwordTexts.email);
    }
    await expect(resetAdminPassword(t.database.db, email, 'Staff-member-9')).rejects.toThrow(
      passwordTexts.email,
    );
    expect(
      (await login({ email: 'weak@clinic.test', password: 'Weak-pw-123' }, '192.0.2.41')).statusCode,
    ).toBe(401);
  });

  it('says at a start without ADMIN_EMAIL how to make the first admin, until there is one', async () => {
    const empty = await createTestDatabase();
    try {
      expect(await noAdminWarning(empty.db)).toMatch(
        /^no admin yet, .*ADMIN_EMAIL and ADMIN_PASSWORD.*npm run admin -- create/,
      );
      await ensureAdmin(empty.db, 'first@clinic.test', 'Start-pw12');
      expect(await noAdminWarning(empty.db)).toBeUndefined();
    } finally {
      await empty.close();
    }
  });

  it('creates the ADMIN_EMAIL admin once when several instances start together on an empty database', async () => {
    const starting = 'starting@clinic.test';
    const outcomes = await Promise.all(
      [1, 2, 3].map(() => ensureAdmin(t.database.db, starting, 'Start-pw12')),
    );
    expect(outcomes.sort()).toEqual(['created', 'exists', 'exists']);
    expect((await login({ email: starting, password: 'Start-pw12' }, '192.0.2.42')).statusCode).toBe(200);
  });

  it('does not apply at sign-in, which accepts 5 to 64 characters', async () => {
    const legacy = 'legacy@clinic.test';
    await insertAdmin(t.database.db, { email: legacy, passwordHash: await hashPassword('password') });
    expect((await login({ email: legacy, password: 'password' }, '192.0.2.41')).statusCode).toBe(200);
  });

  it('takes a passphrase of 64 characters, there and at sign-in', async () => {
    const passphrase = 'sixty four characters make a long passphrase that fits: 12345678';
    expect([...passphrase]).toHaveLength(64);
    await createAdmin(t.database.db, 'words@clinic.test', passphrase);
    const response = await login({ email: 'words@clinic.test', password: passphrase }, '192.0.2.43');
    expect(response.statusCode).toBe(200);
  });
});

describe('behind one trusted proxy (TRUST_PROXY=1)', () => {
  const proxy = '10.0.0.5';
  const client = '198.51.100.77';
  const viaProxy = async (payload: object, claimed: string) => {
    const proxied = await buildApp({
      config: testConfig({ TRUST_PROXY: '1' }),
      database: t.database,
      web: false,
    });
    try {
      return await proxied.inject({
        method: 'POST',
        url: '/api/admin/autorization/login',
        payload,
        remoteAddress: proxy,
        // The client sent its own X-Forwarded-For; the proxy appended the address it saw.
        headers: { 'x-forwarded-for': `${claimed}, ${client}` },
      });
    } finally {
      await proxied.close();
    }
  };

  it('takes the address the proxy saw, not one the client put in X-Forwarded-For', async () => {
    const target = 'proxied@clinic.test';
    await createAdmin(t.database.db, target, password);
    expect((await viaProxy({ email: target, password }, '203.0.113.66')).statusCode).toBe(200);
    const [audit] = await t.database.db
      .select({ ip: auditLog.ip })
      .from(auditLog)
      .where(and(eq(auditLog.action, 'login'), eq(auditLog.entity, 'admin_user')))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(audit?.ip).toBe(client);
  });

  it('keeps counting failures against the real address when the client varies X-Forwarded-For', async () => {
    const target = 'spoofer@clinic.test';
    await createAdmin(t.database.db, target, password);
    for (let attempt = 0; attempt < 5; attempt++)
      expect(
        (await viaProxy({ email: target, password: wrongPassword }, `203.0.113.${attempt}`)).statusCode,
      ).toBe(401);
    const blocked = await viaProxy({ email: target, password }, '203.0.113.99');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual({ code: 'sign_in_throttled', error_messages: waitFifteenMinutes });
  });
});

describe('tokens', () => {
  it('reach /api/admin/me until logout revokes them', async () => {
    const { token } = await signInAsNewAdmin(t);
    const auth = { authorization: `Bearer ${token}` };
    expect((await t.app.inject({ url: '/api/admin/me', headers: auth })).statusCode).toBe(200);
    const logout = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/autorization/logout',
      headers: auth,
    });
    expect(logout.statusCode).toBe(204);
    const after = await t.app.inject({ url: '/api/admin/me', headers: auth });
    expect(after.statusCode).toBe(401);
    expect(after.json().error_messages).toBeTruthy();
  });

  it('stay valid when the audit of a sign-out fails, since the revocation rolls back with it', async () => {
    const { token } = await signInAsNewAdmin(t);
    const auth = { authorization: `Bearer ${token}` };
    await t.database.db.execute(
      sql.raw(`create function fail_audit() returns trigger as $$
        begin raise exception 'audit down'; end $$ language plpgsql`),
    );
    await t.database.db.execute(
      sql.raw(
        'create trigger fail_audit before insert on audit_log for each row execute function fail_audit()',
      ),
    );
    try {
      for (const url of ['/api/admin/autorization/logout', '/api/admin/autorization/logout_all']) {
        const response = await t.app.inject({ method: 'PUT', url, headers: auth });
        expect(response.statusCode).toBe(500);
      }
    } finally {
      await t.database.db.execute(sql.raw('drop trigger fail_audit on audit_log'));
      await t.database.db.execute(sql.raw('drop function fail_audit()'));
    }
    expect((await t.app.inject({ url: '/api/admin/me', headers: auth })).statusCode).toBe(200);
  });

  it('are all revoked by PUT /api/admin/autorization/logout_all, for that admin only', async () => {
    const { token: first, email: adminEmail } = await signInAsNewAdmin(t);
    const second = (await login({ email: adminEmail, password: 'Secret-123' }, '192.0.2.50')).json().data
      .token.auth_token as string;
    const { token: otherAdmin } = await signInAsNewAdmin(t);
    const me = (token: string) =>
      t.app.inject({ url: '/api/admin/me', headers: { authorization: `Bearer ${token}` } });
    expect((await me(second)).statusCode).toBe(200);

    const response = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/autorization/logout_all',
      headers: { authorization: `Bearer ${first}` },
    });
    expect(response.statusCode).toBe(204);
    expect((await me(first)).statusCode).toBe(401);
    expect((await me(second)).statusCode).toBe(401);
    expect((await me(otherAdmin)).statusCode).toBe(200);

    const [audit] = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'logout_all'))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(audit).toMatchObject({ entity: 'admin_user', details: { revoked_tokens: 2 } });
    expect(audit?.adminUserId).toBe(Number(audit?.entityId));
  });

  it.each([
    '',
    'Bearer',
    'Bearer nonsense',
    'Basic abc',
    `Bearer ${'a'.repeat(43)}`,
  ])('refuses the authorization header %j', async (header) => {
    const response = await t.app.inject({
      url: '/api/admin/me',
      headers: header ? { authorization: header } : {},
    });
    expect(response.statusCode).toBe(401);
  });
});

describe('every admin route', () => {
  it('answers 401 without a valid token, except sign-in, its second step and accepting an invitation', async () => {
    const routes = t.app.adminRoutes.filter((route) => !route.public);
    expect(routes.length).toBeGreaterThan(1);
    for (const route of routes) {
      const url = route.url.replace(/:(\w+)/g, '1');
      const response = await t.app.inject({
        method: route.method as 'GET',
        url,
        payload: route.method === 'GET' ? undefined : {},
      });
      expect({ route: `${route.method} ${url}`, status: response.statusCode }).toEqual({
        route: `${route.method} ${url}`,
        status: 401,
      });
    }
    expect(t.app.adminRoutes.filter((route) => route.public).map((route) => route.url)).toEqual([
      '/api/admin/autorization/login',
      '/api/admin/autorization/second_factor',
      '/api/admin/autorization/invitation',
    ]);
  });
});
