import { and, desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import type { DatabaseHandle } from '../../db/database';
import { adminUsers, auditLog } from '../../db/schema';
import { testConfig } from '../../test/test-app';
import { createTestDatabase } from '../../test/test-database';
import { createAdmin } from './auth-service';

/** The instant the app's clock says it is; the tests move it instead of waiting. */
let now = new Date('2026-03-02T09:00:00Z');
const minutes = (count: number) => count * 60_000;
const later = (ms: number) => {
  now = new Date(now.getTime() + ms);
};

let database: DatabaseHandle;
let app: FastifyInstance;
/** The same database with ADMIN_IDLE_MINUTES=5 and ADMIN_SESSION_HOURS=1. */
let shortApp: FastifyInstance;

beforeAll(async () => {
  database = await createTestDatabase();
  app = await buildApp({ config: testConfig(), database, web: false, clock: () => now });
  shortApp = await buildApp({
    config: testConfig({ ADMIN_IDLE_MINUTES: '5', ADMIN_SESSION_HOURS: '1' }),
    database,
    web: false,
    clock: () => now,
  });
  await Promise.all([app.ready(), shortApp.ready()]);
});
afterAll(async () => {
  await app.close();
  await shortApp.close();
  await database.close();
});

const password = 'Secret-123';
let admins = 0;

async function newAdmin(): Promise<string> {
  admins += 1;
  const email = `sessions${admins}@clinic.test`;
  await createAdmin(database.db, email, password);
  return email;
}

/** Signs `email` in from a browser and an address; answers the `authorization` header. */
async function signIn(
  email: string,
  from: { address?: string; userAgent?: string; on?: FastifyInstance } = {},
): Promise<{ authorization: string }> {
  const response = await (from.on ?? app).inject({
    method: 'POST',
    url: '/api/admin/autorization/login',
    payload: { email, password },
    remoteAddress: from.address ?? '127.0.0.1',
    headers: from.userAgent ? { 'user-agent': from.userAgent } : {},
  });
  expect(response.statusCode, response.body).toBe(200);
  return { authorization: `Bearer ${response.json().data.token.auth_token}` };
}

const me = (auth: { authorization: string }, on = app) => on.inject({ url: '/api/admin/me', headers: auth });
const listSessions = (auth: { authorization: string }) =>
  app.inject({ url: '/api/admin/account/sessions', headers: auth });
const endSession = (auth: { authorization: string }, id: number | string) =>
  app.inject({ method: 'DELETE', url: `/api/admin/account/sessions/${id}`, headers: auth });

const firefoxOnWindows = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0';
const safariOnIphone =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

describe('a session', () => {
  it('ends after 30 minutes without use, answering 401 session_idle and why', async () => {
    const auth = await signIn(await newAdmin());
    later(minutes(30) - 1000);
    expect((await me(auth)).statusCode).toBe(200);
    later(minutes(30));
    const response = await me(auth);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({
      code: 'session_idle',
      error_messages: 'You were signed out after 30 minutes without activity.',
    });
    // It stays ended, with the same reason, however often it is tried.
    expect((await me(auth)).json().code).toBe('session_idle');
  });

  it('is kept alive by use, but ends 12 hours after sign-in however much it is used (401 session_expired)', async () => {
    const auth = await signIn(await newAdmin());
    for (let used = 0; used < 12 * 60 - 20; used += 20) {
      later(minutes(20));
      expect((await me(auth)).statusCode, `after ${used + 20} minutes`).toBe(200);
    }
    later(minutes(20));
    const response = await me(auth);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({
      code: 'session_expired',
      error_messages: 'Your session ended after 12 hours; please sign in again.',
    });
  });

  it('says idle when it went unused before its 12 hours were up, even when asked later', async () => {
    const auth = await signIn(await newAdmin());
    later(minutes(13 * 60));
    expect((await me(auth)).json().code).toBe('session_idle');
  });

  it('follows ADMIN_IDLE_MINUTES and ADMIN_SESSION_HOURS', async () => {
    const email = await newAdmin();
    const idle = await signIn(email, { on: shortApp });
    later(minutes(5));
    expect((await me(idle, shortApp)).json()).toEqual({
      code: 'session_idle',
      error_messages: 'You were signed out after 5 minutes without activity.',
    });

    const busy = await signIn(email, { on: shortApp });
    for (let used = 0; used < 56; used += 4) {
      later(minutes(4));
      expect((await me(busy, shortApp)).statusCode).toBe(200);
    }
    later(minutes(4));
    expect((await me(busy, shortApp)).json()).toEqual({
      code: 'session_expired',
      error_messages: 'Your session ended after 1 hour; please sign in again.',
    });
  });

  it('is not written to on every call: its last use is recorded at most once a minute', async () => {
    const auth = await signIn(await newAdmin());
    const lastUsed = async () => (await listSessions(auth)).json().sessions[0].last_used_at as string;
    const signedIn = now.toISOString();
    later(30_000);
    expect(await lastUsed()).toBe(signedIn);
    later(31_000);
    expect(await lastUsed()).toBe(now.toISOString());
  });
});

describe('GET /api/admin/account/sessions', () => {
  it("lists one's own live sessions, this one marked, with browser and address", async () => {
    const email = await newAdmin();
    const stale = await signIn(email);
    later(minutes(31));
    const phone = await signIn(email, { address: '192.0.2.7', userAgent: safariOnIphone });
    later(minutes(1));
    const desk = await signIn(email, { address: '198.51.100.4', userAgent: firefoxOnWindows });
    const deskStarted = now.toISOString();
    await signIn(await newAdmin());
    const revoked = await signIn(email);
    await app.inject({ method: 'PUT', url: '/api/admin/autorization/logout', headers: revoked });
    later(minutes(2));
    await me(phone);
    const phoneUsed = now.toISOString();
    later(minutes(1));

    const response = await listSessions(desk);
    expect(response.statusCode).toBe(200);
    const { sessions } = response.json();
    // The latest used first: this very call is a use of the desk's session.
    expect(sessions).toEqual([
      {
        id: expect.any(Number),
        started_at: deskStarted,
        last_used_at: now.toISOString(),
        browser: 'Firefox 128 on Windows',
        address: '198.51.100.4',
        current: true,
      },
      {
        id: expect.any(Number),
        started_at: new Date(Date.parse(deskStarted) - minutes(1)).toISOString(),
        last_used_at: phoneUsed,
        browser: 'Safari 17 on iPhone',
        address: '192.0.2.7',
        current: false,
      },
    ]);
    expect((await me(stale)).statusCode).toBe(401);
  });

  it("is open to every role: one's own sessions are part of one's account", async () => {
    for (const role of ['clinician', 'reception', 'bookkeeper'] as const) {
      const email = await newAdmin();
      await database.db.update(adminUsers).set({ role }).where(eq(adminUsers.email, email));
      const auth = await signIn(email);
      expect((await listSessions(auth)).statusCode, role).toBe(200);
      const [current] = (await listSessions(auth)).json().sessions;
      expect((await endSession(auth, current.id)).statusCode, role).toBe(204);
    }
  });
});

describe('DELETE /api/admin/account/sessions/:id', () => {
  it("ends one of one's own sessions, with an audit entry, and leaves the others", async () => {
    const email = await newAdmin();
    const phone = await signIn(email, { userAgent: safariOnIphone });
    const desk = await signIn(email, { userAgent: firefoxOnWindows });
    const phoneId = (await listSessions(desk))
      .json()
      .sessions.find((s: { current: boolean }) => !s.current).id;

    const response = await endSession(desk, phoneId);
    expect(response.statusCode).toBe(204);
    expect((await me(phone)).json().code).toBe('unauthorized');
    expect((await me(desk)).statusCode).toBe(200);
    expect((await listSessions(desk)).json().sessions).toHaveLength(1);

    const [admin] = await database.db.select().from(adminUsers).where(eq(adminUsers.email, email));
    const [audit] = await database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'session_ended'), eq(auditLog.adminUserId, admin!.id)))
      .orderBy(desc(auditLog.id));
    expect(audit).toMatchObject({
      entity: 'admin_user',
      entityId: String(admin!.id),
      details: { session_id: phoneId },
    });
    // Ended once: a second time there is nothing to end.
    expect((await endSession(desk, phoneId)).statusCode).toBe(404);
  });

  it('signs out when it ends the session it is called with', async () => {
    const auth = await signIn(await newAdmin());
    const [current] = (await listSessions(auth)).json().sessions;
    expect((await endSession(auth, current.id)).statusCode).toBe(204);
    expect((await me(auth)).statusCode).toBe(401);
  });

  it("answers 404 for another's session and leaves it live", async () => {
    const mine = await signIn(await newAdmin());
    const theirs = await signIn(await newAdmin());
    const [theirSession] = (await listSessions(theirs)).json().sessions;
    const response = await endSession(mine, theirSession.id);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ code: 'not_found', error_messages: 'Session not found' });
    expect((await me(theirs)).statusCode).toBe(200);
    const entries = await database.db.select().from(auditLog).where(eq(auditLog.action, 'session_ended'));
    expect(
      entries.some((entry) => (entry.details as { session_id?: number }).session_id === theirSession.id),
    ).toBe(false);
  });

  it.each(['0', 'abc', '99999999999', '2147483647'])('answers 404 for the id %j', async (id) => {
    const auth = await signIn(await newAdmin());
    expect((await endSession(auth, id)).statusCode).toBe(404);
  });

  it('needs a live session itself', async () => {
    const auth = await signIn(await newAdmin());
    const [current] = (await listSessions(auth)).json().sessions;
    later(minutes(31));
    const response = await endSession(auth, current.id);
    expect(response.statusCode).toBe(401);
    expect(response.json().code).toBe('session_idle');
  });
});
