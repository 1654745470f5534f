import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminPasskeys, auditLog } from '../../db/schema';
import { softwarePasskey } from '../../test/software-authenticator';
import {
  createTestApp,
  STAFF_PASSWORD as password,
  signInAsNewStaff,
  type TestApp,
} from '../../test/test-app';

/** The test app's PUBLIC_URL: the passkeys' relying party. */
const origin = 'http://clinic.test';
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const login = (email: string) =>
  t.app.inject({ method: 'POST', url: '/api/admin/autorization/login', payload: { email, password } });
const secondStep = (payload: object) =>
  t.app.inject({ method: 'POST', url: '/api/admin/autorization/second_factor', payload });
const call = (method: 'GET' | 'POST' | 'DELETE', url: string, token: string, payload?: object) =>
  t.app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${token}` },
    ...(payload ? { payload } : {}),
  });

const newStaff = () => signInAsNewStaff(t);

/** Adds a software passkey to a signed-in staff member's account. */
async function withPasskey(token: string, name?: string) {
  const passkey = softwarePasskey(origin);
  const { options } = (await call('POST', '/api/admin/account/passkeys/options', token)).json();
  expect(options.rp).toEqual({ id: 'clinic.test', name: 'Dublin Allergy Clinic' });
  const added = await call('POST', '/api/admin/account/passkeys', token, {
    name,
    response: passkey.register(options),
  });
  expect(added.statusCode).toBe(201);
  return { passkey, added: added.json().passkey };
}

describe('passkeys', () => {
  it('are added, listed and used as the second factor', async () => {
    const staff = await newStaff();
    const { passkey, added } = await withPasskey(staff.token, 'Work laptop');
    expect(added).toMatchObject({ name: 'Work laptop', last_used_at: null });
    const status = (await call('GET', '/api/admin/account/second_factor', staff.token)).json();
    expect(status.passkeys.map((each: { name: string }) => each.name)).toEqual(['Work laptop']);

    const { second_factor } = (await login(staff.email)).json().data;
    expect(second_factor.methods).toEqual(['passkey']);
    expect(second_factor.passkey.allowCredentials).toEqual([
      expect.objectContaining({ id: passkey.id, type: 'public-key' }),
    ]);
    const signedIn = await secondStep({
      challenge: second_factor.challenge,
      passkey: passkey.authenticate(second_factor.passkey),
    });
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json().data.admin_user.email).toBe(staff.email);
    const [row] = await t.database.db
      .select()
      .from(adminPasskeys)
      .where(eq(adminPasskeys.adminUserId, staff.id));
    expect(row?.signCount).toBe(1);
    expect(row?.lastUsedAt).not.toBeNull();
  });

  it("refuses an assertion for another challenge, from another origin, or of another person's passkey", async () => {
    const staff = await newStaff();
    const { passkey } = await withPasskey(staff.token);
    const other = await newStaff();
    const { passkey: othersPasskey } = await withPasskey(other.token);
    const first = (await login(staff.email)).json().data.second_factor;
    const second = (await login(staff.email)).json().data.second_factor;
    for (const assertion of [
      passkey.authenticate(first.passkey),
      passkey.authenticate(second.passkey, 'http://evil.test'),
      othersPasskey.authenticate(second.passkey),
    ]) {
      const response = await secondStep({ challenge: second.challenge, passkey: assertion });
      expect(response.statusCode).toBe(401);
      expect(response.json().code).toBe('second_factor_wrong');
    }
    const failed = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'second_factor_failed'));
    expect(failed.filter((entry) => entry.entityId === String(staff.id))).toHaveLength(3);
  });

  it('refuses a registration for options not asked for, and a second use of them', async () => {
    const staff = await newStaff();
    const passkey = softwarePasskey(origin);
    const stale = await call('POST', '/api/admin/account/passkeys', staff.token, {
      response: passkey.register({ challenge: 'bm90LWFza2Vk' }),
    });
    expect(stale.statusCode).toBe(422);
    expect(stale.json().code).toBe('passkey_failed');
    const { options } = (await call('POST', '/api/admin/account/passkeys/options', staff.token)).json();
    const response = passkey.register(options);
    expect((await call('POST', '/api/admin/account/passkeys', staff.token, { response })).statusCode).toBe(
      201,
    );
    expect((await call('POST', '/api/admin/account/passkeys', staff.token, { response })).statusCode).toBe(
      422,
    );
  });

  it('are removed by their owner only, with the password, and without one the password alone signs in', async () => {
    const staff = await newStaff();
    const { added } = await withPasskey(staff.token);
    const other = await newStaff();
    const remove = (token: string, payload: object) =>
      call('DELETE', `/api/admin/account/passkeys/${added.id}`, token, payload);
    expect((await remove(other.token, { password })).statusCode).toBe(404);
    // A session alone does not remove it: the password (or a code) is asked for, as removing the app asks.
    const bare = await t.app.inject({
      method: 'DELETE',
      url: `/api/admin/account/passkeys/${added.id}`,
      headers: { authorization: `Bearer ${staff.token}` },
    });
    expect(bare.statusCode).toBe(422);
    const none = await remove(staff.token, {});
    expect(none.statusCode).toBe(422);
    expect(none.json()).toEqual({
      code: 'second_factor_wrong',
      error_messages: 'Enter your password, or a code from your authenticator app, to remove it.',
      errors: { password: ['Enter your password, or a code from your authenticator app, to remove it.'] },
    });
    const wrong = await remove(staff.token, { password: 'Wrong-guess-1' });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors).toEqual({
      password: ['That password is not right. Check it and try again.'],
    });
    // No app: no code proves it.
    expect((await remove(staff.token, { code: '123456' })).json().errors).toEqual({
      code: ['That code is not right. Check it and try again.'],
    });
    const failed = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'second_factor_failed'));
    expect(
      failed.filter((entry) => entry.entityId === String(staff.id)).map((entry) => entry.details),
    ).toEqual([{ while: 'removing a passkey' }, { while: 'removing a passkey' }]);
    expect((await call('GET', '/api/admin/account/second_factor', staff.token)).json().passkeys).toHaveLength(
      1,
    );
    expect((await remove(staff.token, { password })).statusCode).toBe(204);
    expect((await login(staff.email)).json().data.token.auth_token).toEqual(expect.any(String));
    const removed = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'second_factor_removed'));
    expect(removed.some((entry) => entry.entityId === String(staff.id))).toBe(true);
  });
});
