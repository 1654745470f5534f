import type { AdminUser } from '../../../shared/auth';
import type { StaffRole } from '../../../shared/staff-roles';
import type { Db } from '../../db/database';
import { hashSecretToken, newSecretToken } from '../../security/secret-tokens';
import { type AdminActor, auditChange, visitorActor } from '../audit/audit-log';
import {
  type AdminUserRow,
  anyAdminExists,
  extendToken,
  findAdminByEmail,
  findLiveToken,
  insertAdmin,
  insertAdminIfAbsent,
  insertAuthToken,
  normaliseEmail,
  recordSignIn,
  revokeAllTokensOf,
  revokeToken,
  updateAdminPassword,
} from './admin-repository';
import { clearLoginFailures, forgetLoginAttemptsOf, reserveLoginAttempt } from './login-throttle';
import { getDecoyHash, hashPassword, verifyPassword } from './password-hashing';
import { passwordProblem } from './password-rules';

/** A token expires after 12 hours without use, */
const TOKEN_IDLE_MS = 12 * 60 * 60 * 1000;
/** and 7 days after sign-in however much it is used, so a stolen token does not live on. */
const TOKEN_MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000;
/** Sliding expiry is written at most once a minute per token, not on every request. */
const EXTEND_AFTER_MS = 60 * 1000;

/** An account as the sign-in answer and `GET /api/admin/me` give it. */
export function toAdminUser(row: AdminUserRow): AdminUser {
  return { id: row.id, email: row.email, name: row.name, role: row.role };
}

export type LoginOutcome =
  | { kind: 'ok'; admin: AdminUser; token: string }
  | { kind: 'invalid' }
  | { kind: 'throttled'; retryAfterSeconds: number };

export async function login(
  db: Db,
  credentials: { email: string; password: string },
  client: { ip: string; userAgent?: string },
): Promise<LoginOutcome> {
  const email = normaliseEmail(credentials.email);
  const reservation = await reserveLoginAttempt(db, email, client.ip);
  if (reservation.kind === 'throttled') return reservation;
  const admin = await findAdminByEmail(db, email);
  const valid = admin
    ? await verifyPassword(credentials.password, admin.passwordHash)
    : await verifyPassword(credentials.password, await getDecoyHash()).then(() => false);
  // A disabled account is told what a wrong password is told: the form says nothing about who has an account.
  if (!admin || !valid || admin.disabledAt) {
    await auditChange(db, visitorActor(client.ip), 'login_failed', 'admin_user', admin?.id ?? null, {
      email,
    });
    return { kind: 'invalid' };
  }
  const token = await db.transaction(async (tx) => {
    await clearLoginFailures(tx, email, client.ip);
    return startSession(tx, admin, client);
  });
  return { kind: 'ok', admin: toAdminUser(admin), token };
}

/**
 * Signs a staff member in, in the caller's transaction: a new bearer token (answered once, stored as its hash),
 * the last sign-in time and the audit entry. Every way in ends here: a password, a second factor, an invitation.
 */
export async function startSession(
  tx: Db,
  admin: AdminUserRow,
  client: { ip: string; userAgent?: string },
): Promise<string> {
  const { token, hash } = newSecretToken();
  const actor: AdminActor = { kind: 'admin', adminUserId: admin.id, ip: client.ip };
  await insertAuthToken(tx, {
    adminUserId: admin.id,
    tokenHash: hash,
    expiresAt: new Date(Date.now() + TOKEN_IDLE_MS),
    ip: client.ip,
    userAgent: client.userAgent,
  });
  await recordSignIn(tx, admin.id);
  await auditChange(tx, actor, 'login', 'admin_user', admin.id);
  return token;
}

/** The signed-in admin for a bearer token, or undefined when it is unknown, revoked or expired. */
export async function authenticate(db: Db, token: string): Promise<AdminUserRow | undefined> {
  const found = await findLiveToken(db, hashSecretToken(token), new Date(Date.now() - TOKEN_MAX_AGE_MS));
  if (!found) return undefined;
  const lastUsed = found.token.lastUsedAt?.getTime() ?? 0;
  if (Date.now() - lastUsed > EXTEND_AFTER_MS) {
    const end = Math.min(Date.now() + TOKEN_IDLE_MS, found.token.createdAt.getTime() + TOKEN_MAX_AGE_MS);
    await extendToken(db, found.token.id, new Date(end));
  }
  return found.admin;
}

/** Revokes the token `actor` signed in with, and records the sign-out with it. */
export async function logout(db: Db, actor: AdminActor, token: string): Promise<void> {
  await db.transaction(async (tx) => {
    await revokeToken(tx, hashSecretToken(token));
    await auditChange(tx, actor, 'logout', 'admin_user', actor.adminUserId);
  });
}

/** Revokes every token of `actor` (sign out everywhere), and records how many were not revoked yet. */
export async function logoutEverywhere(db: Db, actor: AdminActor): Promise<void> {
  await db.transaction(async (tx) => {
    const revoked = await revokeAllTokensOf(tx, actor.adminUserId);
    await auditChange(tx, actor, 'logout_all', 'admin_user', actor.adminUserId, { revoked_tokens: revoked });
  });
}

/** Creates a staff account (an administrator unless `role` says otherwise), or fails when the e-mail is taken or the password breaks the rules. */
export async function createAdmin(
  db: Db,
  email: string,
  password: string,
  name?: string,
  role: StaffRole = 'administrator',
): Promise<AdminUser> {
  const problem = await passwordProblem(password);
  if (problem) throw new Error(problem);
  if (await findAdminByEmail(db, email))
    throw new Error(`An admin with the e-mail ${normaliseEmail(email)} exists.`);
  return toAdminUser(
    await insertAdmin(db, { email, passwordHash: await hashPassword(password), name, role }),
  );
}

/** Sets a new password and signs the admin out everywhere. */
export async function resetAdminPassword(db: Db, email: string, password: string): Promise<void> {
  const problem = await passwordProblem(password);
  if (problem) throw new Error(problem);
  const admin = await findAdminByEmail(db, email);
  if (!admin) throw new Error(`No admin with the e-mail ${normaliseEmail(email)}.`);
  await updateAdminPassword(db, admin.id, await hashPassword(password));
  await revokeAllTokensOf(db, admin.id);
}

/** Clears the sign-in failures recorded for an e-mail (admin or not); answers how many there were. */
export async function unlockSignIn(db: Db, email: string): Promise<number> {
  return forgetLoginAttemptsOf(db, normaliseEmail(email));
}

/** What the server says at start while nobody can sign in to the back office; undefined once an admin exists. */
export async function noAdminWarning(db: Db): Promise<string | undefined> {
  if (await anyAdminExists(db)) return undefined;
  return 'no admin yet, so nobody can sign in to the back office: start once with ADMIN_EMAIL and ADMIN_PASSWORD set, or run npm run admin -- create --email you@example.ie';
}

/** ADMIN_EMAIL / ADMIN_PASSWORD at start: create that admin when it does not exist yet. */
export async function ensureAdmin(db: Db, email: string, password: string): Promise<'created' | 'exists'> {
  if (await findAdminByEmail(db, email)) return 'exists';
  const problem = await passwordProblem(password);
  if (problem) throw new Error(`ADMIN_PASSWORD is not accepted: ${problem}`);
  // Several instances starting together on an empty database all get here: the first insert creates the admin.
  const created = await insertAdminIfAbsent(db, { email, passwordHash: await hashPassword(password) });
  return created ? 'created' : 'exists';
}
