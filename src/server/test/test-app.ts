import type { FastifyInstance } from 'fastify';
import type { StaffRole } from '../../shared/staff-roles';
import { buildApp } from '../app';
import { readConfig } from '../config';
import type { DatabaseHandle } from '../db/database';
import { createAdmin } from '../modules/auth/auth-service';
import { createTestDatabase } from './test-database';

export interface TestApp {
  app: FastifyInstance;
  database: DatabaseHandle;
  close(): Promise<void>;
}

/**
 * The configuration of the test app; `env` adds or overrides variables. http://clinic.test is not a local
 * address, so test mode is asked for by name (PAYMENTS=test), unless `env` brings Stripe keys.
 */
export function testConfig(env: Record<string, string> = {}) {
  return readConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    PUBLIC_URL: 'http://clinic.test',
    PAYMENTS: env.STRIPE_SECRET_KEY ? 'stripe' : 'test',
    ...env,
  });
}

/** The API on a fresh database (PGlite, or PostgreSQL when TEST_DATABASE_URL is set); one per test file. */
export async function createTestApp(options: { clock?: () => Date } = {}): Promise<TestApp> {
  const database = await createTestDatabase();
  const app = await buildApp({ config: testConfig(), database, web: false, clock: options.clock });
  await app.ready();
  return {
    app,
    database,
    async close() {
      await app.close();
      await database.close();
    },
  };
}

let staffCounter = 0;
/** The password of every staff account the tests sign in. */
export const STAFF_PASSWORD = 'Secret-123';

/**
 * Creates a staff account (an administrator unless `role` says otherwise) and signs it in with its password;
 * answers its id, e-mail, bearer token and `authorization` header.
 */
export async function signInAsNewStaff(
  testApp: Pick<TestApp, 'app' | 'database'>,
  options: { role?: StaffRole; name?: string } = {},
): Promise<{ id: number; email: string; token: string; auth: { authorization: string } }> {
  staffCounter += 1;
  const email = `${options.role ?? 'admin'}${staffCounter}-${Date.now()}@clinic.test`;
  const admin = await createAdmin(testApp.database.db, email, STAFF_PASSWORD, options.name, options.role);
  const response = await testApp.app.inject({
    method: 'POST',
    url: '/api/admin/autorization/login',
    payload: { email, password: STAFF_PASSWORD },
  });
  if (response.statusCode !== 200) throw new Error(`sign-in failed: ${response.body}`);
  const token: string = response.json().data.token.auth_token;
  return { id: admin.id, email, token, auth: { authorization: `Bearer ${token}` } };
}

/** Creates an administrator and signs in; answers the bearer token. */
export async function signInAsNewAdmin(testApp: TestApp): Promise<{ token: string; email: string }> {
  const { token, email } = await signInAsNewStaff(testApp);
  return { token, email };
}

export interface AdminTestApp extends TestApp {
  /** The `authorization` header of a signed-in admin. */
  auth: { authorization: string };
  email: string;
}

/** The API on a fresh database with an admin signed in: what every back-office test file starts from. */
export async function createAdminTestApp(options: { clock?: () => Date } = {}): Promise<AdminTestApp> {
  return withSignedInAdmin(await createTestApp(options));
}

/** `testApp` with a new admin signed in. */
export async function withSignedInAdmin(testApp: TestApp): Promise<AdminTestApp> {
  const { token, email } = await signInAsNewAdmin(testApp);
  return { ...testApp, auth: { authorization: `Bearer ${token}` }, email };
}
