import { and, eq } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminRecoveryCodes, adminUsers, auditLog } from '../../db/schema';
import {
  createTestApp,
  STAFF_PASSWORD as password,
  signInAsNewStaff,
  type TestApp,
} from '../../test/test-app';
import { resetSecondFactor } from './second-factor-service';

/** The app's clock runs this far ahead of the real one: the test moves it on instead of waiting. */
let offsetMs = 0;
const now = () => new Date(Date.now() + offsetMs);
/** Each accepted app code uses up its 30-second step, so the next sign-in moves on to a later one. */
const nextStep = () => {
  offsetMs += 30_000;
};

let t: TestApp;
let addressCounter = 0;
/** A client address of its own per test, so one test's failures never throttle another's. */
const newAddress = () => `10.9.0.${++addressCounter}`;

beforeAll(async () => {
  t = await createTestApp({ clock: now });
});
afterAll(() => t.close());

const login = (email: string, from = '127.0.0.1') =>
  t.app.inject({
    method: 'POST',
    url: '/api/admin/autorization/login',
    payload: { email, password },
    remoteAddress: from,
  });

const secondStep = (payload: object, from = '127.0.0.1') =>
  t.app.inject({
    method: 'POST',
    url: '/api/admin/autorization/second_factor',
    payload,
    remoteAddress: from,
  });

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token: string, payload?: object) =>
  t.app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${token}` },
    ...(payload ? { payload } : {}),
  });

/** A new staff member, signed in with the password: their e-mail and token. */
const newStaff = () => signInAsNewStaff(t, { name: 'Staff member' });

const codeAt = (secret: string, at = now()) =>
  new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 }).generate({
    timestamp: at.getTime(),
  });

/** Sets up the app for a signed-in staff member; answers its key and the recovery codes. */
async function withApp(token: string): Promise<{ secret: string; recoveryCodes: string[] }> {
  const setup = await call('POST', '/api/admin/account/totp', token);
  expect(setup.statusCode).toBe(200);
  const { secret } = setup.json();
  const confirmed = await call('POST', '/api/admin/account/totp/confirm', token, { code: codeAt(secret) });
  expect(confirmed.statusCode).toBe(200);
  nextStep();
  return { secret, recoveryCodes: confirmed.json().recovery_codes };
}

/** The password step for a staff member with a second factor: answers the challenge. */
async function challengeOf(email: string, from?: string): Promise<{ challenge: string; methods: string[] }> {
  const response = await login(email, from);
  expect(response.statusCode).toBe(200);
  const { data } = response.json();
  expect(data.token).toBeUndefined();
  return data.second_factor;
}

describe('setting up the authenticator app', () => {
  it('answers a key and its address, then ten recovery codes for a right code, stored hashed', async () => {
    const staff = await newStaff();
    const setup = await call('POST', '/api/admin/account/totp', staff.token);
    expect(setup.statusCode).toBe(200);
    const { secret, otpauth_url } = setup.json();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(otpauth_url).toMatch(/^otpauth:\/\/totp\/.*secret=/);
    expect(otpauth_url).toContain(encodeURIComponent(staff.email));

    const wrong = await call('POST', '/api/admin/account/totp/confirm', staff.token, { code: '000000' });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().code).toBe('second_factor_wrong');
    const [unconfirmed] = await t.database.db.select().from(adminUsers).where(eq(adminUsers.id, staff.id));
    expect(unconfirmed?.totpSecret).toBe(secret);
    expect(unconfirmed?.totpConfirmedAt).toBeNull();

    const confirmed = await call('POST', '/api/admin/account/totp/confirm', staff.token, {
      code: codeAt(secret),
    });
    expect(confirmed.statusCode).toBe(200);
    const codes: string[] = confirmed.json().recovery_codes;
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    const stored = await t.database.db
      .select()
      .from(adminRecoveryCodes)
      .where(eq(adminRecoveryCodes.adminUserId, staff.id));
    expect(stored).toHaveLength(10);
    for (const row of stored) expect(codes).not.toContain(row.codeHash);

    const status = await call('GET', '/api/admin/account/second_factor', staff.token);
    expect(status.json()).toEqual({ totp: true, recovery_codes_left: 10, passkeys: [] });
    const again = await call('POST', '/api/admin/account/totp', staff.token);
    expect(again.statusCode).toBe(409);
    const audit = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'second_factor_added'));
    expect(audit.some((row) => row.entityId === String(staff.id))).toBe(true);
    nextStep();
  });

  it('refuses a code before a key was asked for', async () => {
    const staff = await newStaff();
    const response = await call('POST', '/api/admin/account/totp/confirm', staff.token, { code: '123456' });
    expect(response.statusCode).toBe(409);
    expect(response.json().code).toBe('second_factor_missing');
  });
});

describe('signing in with a second factor', () => {
  it('answers a challenge and no token, then signs in with an app code, once', async () => {
    const staff = await newStaff();
    const { secret } = await withApp(staff.token);
    const first = await challengeOf(staff.email);
    expect(first.methods).toEqual(['totp', 'recovery_code']);
    const code = codeAt(secret);
    const signedIn = await secondStep({ challenge: first.challenge, code });
    expect(signedIn.statusCode).toBe(200);
    const token = signedIn.json().data.token.auth_token;
    expect(signedIn.json().data.admin_user.email).toBe(staff.email);
    expect((await call('GET', '/api/admin/me', token)).statusCode).toBe(200);

    // The same code again, on a new challenge: refused, it was used.
    const second = await challengeOf(staff.email);
    const replayed = await secondStep({ challenge: second.challenge, code });
    expect(replayed.statusCode).toBe(401);
    expect(replayed.json()).toEqual({
      code: 'second_factor_wrong',
      error_messages:
        'That code was used already. Enter the next code your app shows, or a recovery code you have not used.',
    });
    // A used challenge cannot sign in again.
    nextStep();
    const reused = await secondStep({ challenge: first.challenge, code: codeAt(secret) });
    expect(reused.statusCode).toBe(401);
    expect(reused.json().code).toBe('second_factor_challenge_ended');
    nextStep();
  });

  it('ends a sign-in halfway through when the account is disabled, for good', async () => {
    const administrator = await newStaff();
    const staff = await newStaff();
    const { secret } = await withApp(staff.token);
    const halfway = await challengeOf(staff.email);
    for (const disabled of [true, false]) {
      const changed = await call('PUT', `/api/admin/staff/${staff.id}`, administrator.token, { disabled });
      expect(changed.statusCode).toBe(200);
    }
    const late = await secondStep({ challenge: halfway.challenge, code: codeAt(secret) });
    expect(late.statusCode).toBe(401);
    expect(late.json().code).toBe('second_factor_challenge_ended');
    nextStep();
  });

  it('accepts the code of the step before or after, not two steps away', async () => {
    const staff = await newStaff();
    const { secret } = await withApp(staff.token);
    nextStep(); // the step before is then not the one the set-up used
    const { challenge } = await challengeOf(staff.email);
    const tooOld = codeAt(secret, new Date(now().getTime() - 61_000));
    expect((await secondStep({ challenge, code: tooOld })).statusCode).toBe(401);
    const previous = codeAt(secret, new Date(now().getTime() - 30_000));
    expect((await secondStep({ challenge, code: previous })).statusCode).toBe(200);
    nextStep();
    nextStep();
  });

  it('takes each recovery code once, in any case and spacing, and records its use', async () => {
    const staff = await newStaff();
    const { recoveryCodes } = await withApp(staff.token);
    const code = recoveryCodes[0] as string;
    const first = await challengeOf(staff.email);
    const typed = ` ${code.toUpperCase().replace('-', ' ')} `;
    const signedIn = await secondStep({ challenge: first.challenge, code: typed });
    expect(signedIn.statusCode).toBe(200);
    const second = await challengeOf(staff.email);
    const again = await secondStep({ challenge: second.challenge, code });
    expect(again.statusCode).toBe(401);
    expect(again.json().error_messages).toMatch(/^That code was used already/);
    const neverIssued = await secondStep({ challenge: second.challenge, code: 'abcde-fghjk' });
    expect(neverIssued.json().error_messages).toBe('That code is not right. Check it and try again.');
    const used = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'recovery_code_used'));
    expect(used.find((row) => row.entityId === String(staff.id))?.details).toEqual({
      recovery_codes_left: 9,
    });
    const status = await call(
      'GET',
      '/api/admin/account/second_factor',
      signedIn.json().data.token.auth_token,
    );
    expect(status.json().recovery_codes_left).toBe(9);
  });

  it('ends the challenge after five wrong codes, recording each', async () => {
    const staff = await newStaff();
    const { secret } = await withApp(staff.token);
    const from = newAddress();
    const { challenge } = await challengeOf(staff.email, from);
    for (let attempt = 0; attempt < 4; attempt += 1) {
      const response = await secondStep({ challenge, code: attempt % 2 ? '111111' : 'wrong-code' }, from);
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({
        code: 'second_factor_wrong',
        error_messages: 'That code is not right. Check it and try again.',
      });
    }
    // The fifth says the sign-in has ended, not to try again.
    const fifth = await secondStep({ challenge, code: '222222' }, from);
    expect(fifth.statusCode).toBe(401);
    expect(fifth.json()).toEqual({
      code: 'second_factor_challenge_ended',
      error_messages:
        'That code is not right either, and that was the fifth wrong try: this sign-in has ended. Please sign in again with your password.',
    });
    const right = await secondStep({ challenge, code: codeAt(secret) }, from);
    expect(right.statusCode).toBe(401);
    expect(right.json()).toEqual({
      code: 'second_factor_challenge_ended',
      error_messages: 'This sign-in has ended. Please sign in again.',
    });
    const failed = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'second_factor_failed'));
    expect(failed.filter((row) => row.entityId === String(staff.id))).toHaveLength(5);
    // The sign-in limiter counted them: the password is refused from that address for now.
    const again = await login(staff.email, from);
    expect(again.statusCode).toBe(429);
  });

  it('ends the challenge after 5 minutes', async () => {
    const staff = await newStaff();
    const { secret } = await withApp(staff.token);
    const { challenge } = await challengeOf(staff.email);
    offsetMs += 5 * 60_000 + 1_000;
    const late = await secondStep({ challenge, code: codeAt(secret) });
    expect(late.statusCode).toBe(401);
    expect(late.json().code).toBe('second_factor_challenge_ended');
    nextStep();
  });

  it("refuses a code sent for another person's challenge", async () => {
    const victim = await newStaff();
    await withApp(victim.token);
    const other = await newStaff();
    const { secret: otherSecret } = await withApp(other.token);
    const { challenge } = await challengeOf(victim.email);
    const response = await secondStep({ challenge, code: codeAt(otherSecret) });
    expect(response.statusCode).toBe(401);
    expect(response.json().code).toBe('second_factor_wrong');
  });

  it('refuses an unknown challenge, and a body without a code or a passkey', async () => {
    const unknown = await secondStep({ challenge: 'x'.repeat(43), code: '123456' });
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json().code).toBe('second_factor_challenge_ended');
    expect((await secondStep({ challenge: 'x'.repeat(43) })).statusCode).toBe(422);
    expect((await secondStep({ challenge: 'x'.repeat(43), code: 7 })).statusCode).toBe(422);
  });

  it("answers malformed calls with each field's plain message, never the validator's words", async () => {
    const ended = 'This sign-in has ended. Please sign in again.';
    const enterCode = 'Enter the code from your authenticator app, or one of your recovery codes.';
    const unreadable = 'The passkey’s answer could not be read. Please try again.';
    const challenge = 'x'.repeat(43);
    const cases: [object, Record<string, string[]>][] = [
      [{ code: '123456' }, { challenge: [ended] }],
      [{ challenge: 12, code: '123456' }, { challenge: [ended] }],
      [{ challenge: 'short', code: '123456' }, { challenge: [ended] }],
      [{ challenge }, { code: [enterCode] }],
      [{ challenge, code: 123456 }, { code: [enterCode] }],
      [{ challenge, code: '   ' }, { code: [enterCode] }],
      [{ challenge, code: '1'.repeat(41) }, { code: [expect.stringMatching(/^A code has at most 40/)] }],
      [{ challenge, passkey: 'no' }, { passkey: [unreadable] }],
    ];
    for (const [payload, errors] of cases) {
      const response = await secondStep(payload, newAddress());
      expect(response.statusCode).toBe(422);
      expect(response.json()).toEqual({
        code: 'invalid_input',
        error_messages: Object.values(errors)[0]?.[0],
        errors,
      });
    }
    const junk = await secondStep({ challenge, passkey: { rawId: 7, type: 'other' } }, newAddress());
    expect(junk.statusCode).toBe(422);
    expect(junk.json().error_messages).toBe(unreadable);
    for (const messages of Object.values(junk.json().errors as Record<string, string[]>))
      expect(messages).toEqual([unreadable]);
    // The account page's calls say the same.
    const staff = await newStaff();
    const confirm = await call('POST', '/api/admin/account/totp/confirm', staff.token, {});
    expect(confirm.json().errors).toEqual({ code: [enterCode] });
    const removal = await call('DELETE', '/api/admin/account/totp', staff.token, { password: 5 });
    expect(removal.json().errors).toEqual({
      password: ['Enter your password, or a code from your authenticator app, to remove it.'],
    });
  });

  it('signs in with the password alone once the app is removed, which asks for the password or a code', async () => {
    const staff = await newStaff();
    const { secret } = await withApp(staff.token);
    const wrong = await call('DELETE', '/api/admin/account/totp', staff.token, { password: 'Wrong-1234' });
    expect(wrong.statusCode).toBe(422);
    const none = await call('DELETE', '/api/admin/account/totp', staff.token, {});
    expect(none.statusCode).toBe(422);
    const removed = await call('DELETE', '/api/admin/account/totp', staff.token, { code: codeAt(secret) });
    expect(removed.statusCode).toBe(204);
    expect((await login(staff.email)).json().data.token.auth_token).toEqual(expect.any(String));
    const left = await t.database.db
      .select()
      .from(adminRecoveryCodes)
      .where(eq(adminRecoveryCodes.adminUserId, staff.id));
    expect(left).toHaveLength(0);
    nextStep();
  });

  it('counts wrong passwords or codes given to remove the app against the sign-in limits, recorded', async () => {
    const staff = await newStaff();
    const { secret } = await withApp(staff.token);
    const from = newAddress();
    const remove = (payload: object) =>
      t.app.inject({
        method: 'DELETE',
        url: '/api/admin/account/totp',
        headers: { authorization: `Bearer ${staff.token}` },
        remoteAddress: from,
        payload,
      });
    for (let i = 0; i < 5; i++) {
      const wrong = await remove(i % 2 ? { code: '000000' } : { password: `Wrong-guess-${i}` });
      expect(wrong.statusCode).toBe(422);
      expect(wrong.json().errors).toEqual(
        i % 2
          ? { code: [expect.stringContaining('code')] }
          : { password: [expect.stringContaining('password')] },
      );
    }
    const throttled = await remove({ password });
    expect(throttled.statusCode).toBe(429);
    expect(throttled.json().code).toBe('sign_in_throttled');
    const failures = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'second_factor_failed'), eq(auditLog.entityId, String(staff.id))));
    expect(failures).toHaveLength(5);
    // Still set up: the right password, from another address, removes it.
    const removed = await call('DELETE', '/api/admin/account/totp', staff.token, { code: codeAt(secret) });
    expect(removed.statusCode).toBe(204);
    nextStep();
  });

  it('is reset from the command line for a locked-out staff member', async () => {
    const staff = await newStaff();
    await withApp(staff.token);
    expect(await resetSecondFactor(t.database.db, staff.email)).toEqual({ app: true, passkeys: 0 });
    expect((await login(staff.email)).json().data.token.auth_token).toEqual(expect.any(String));
    await expect(resetSecondFactor(t.database.db, 'nobody@clinic.test')).rejects.toThrow('No admin');
  });
});

/** The kinds' price lines (one price list), none chosen here. */
const noPriceLines = {
  adult_test_price_id: null,
  child_test_price_id: null,
  adult_video_price_id: null,
  child_video_price_id: null,
};

describe('requiring a second factor clinic-wide', () => {
  it('reads false until set, and is changed by administrators only, recorded', async () => {
    const admin = await newStaff();
    const read = await call('GET', '/api/admin/settings', admin.token);
    expect(read.json()).toEqual({
      settings: { require_second_factor: false, default_consultant_id: null, ...noPriceLines },
    });
    const reception = await newStaff();
    await t.database.db.update(adminUsers).set({ role: 'reception' }).where(eq(adminUsers.id, reception.id));
    const refused = await call('PUT', '/api/admin/settings', reception.token, {
      require_second_factor: true,
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('role_forbidden');
    const bad = await call('PUT', '/api/admin/settings', admin.token, { require_second_factor: 'yes' });
    expect(bad.statusCode).toBe(422);
    const audit = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'settings_changed'));
    expect(audit).toHaveLength(0);
  });

  it('leaves one without a second factor only me, sign-out and setting one up, at once', async () => {
    const admin = await newStaff();
    await withApp(admin.token);
    const staff = await newStaff();
    const on = await call('PUT', '/api/admin/settings', admin.token, { require_second_factor: true });
    expect(on.statusCode).toBe(200);
    expect(on.json()).toEqual({
      settings: { require_second_factor: true, default_consultant_id: null, ...noPriceLines },
    });
    try {
      const refused = await call('GET', '/api/admin/fa_questions', staff.token);
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toEqual({
        code: 'second_factor_required',
        error_messages: 'Set up two-step sign-in to continue.',
      });
      const me = await call('GET', '/api/admin/me', staff.token);
      expect(me.statusCode).toBe(200);
      expect(me.json().second_factor).toEqual({ enabled: false, required: true });
      // Their own sessions stay theirs to see and end beside the set-up.
      expect((await call('GET', '/api/admin/account/sessions', staff.token)).statusCode).toBe(200);
      // One with a second factor goes on as before.
      expect((await call('GET', '/api/admin/fa_questions', admin.token)).statusCode).toBe(200);

      const { secret } = await withApp(staff.token);
      expect(secret).toBeTruthy();
      expect((await call('GET', '/api/admin/fa_questions', staff.token)).statusCode).toBe(200);
      expect((await call('GET', '/api/admin/me', staff.token)).json().second_factor).toEqual({
        enabled: true,
        required: true,
      });
      const audit = await t.database.db
        .select()
        .from(auditLog)
        .where(eq(auditLog.action, 'settings_changed'));
      expect(audit.at(-1)?.details).toEqual({ require_second_factor: true });
    } finally {
      await call('PUT', '/api/admin/settings', admin.token, { require_second_factor: false });
    }
    const other = await newStaff();
    expect((await call('GET', '/api/admin/fa_questions', other.token)).statusCode).toBe(200);
  });
});
