import type { AdminUser } from '../../../shared/auth';
import { inviteStaffRequestSchema } from '../../../shared/staff';
import type { StaffRole } from '../../../shared/staff-roles';
import { texts } from '../../../shared/validation-texts';
import type { Db } from '../../db/database';
import { hashSecretToken, newSecretToken } from '../../security/secret-tokens';
import { type AdminActor, auditChange, visitorActor } from '../audit/audit-log';
import {
  type AdminUserRow,
  anyAdminExists,
  extendToken,
  findAdminByEmail,
  findUnrevokedToken,
  insertAdmin,
  insertAdminIfAbsent,
  insertAuthToken,
  normaliseEmail,
  recordSignIn,
  revokeAllTokensOf,
  revokeToken,
  updateAdminPassword,
} from './admin-repository';
import {
  clearLoginFailures,
  forgetLoginAttemptsOf,
  releaseLoginAttempt,
  reserveLoginAttempt,
} from './login-throttle';
import { getDecoyHash, hashPassword, verifyPassword } from './password-hashing';
import { passwordProblem } from './password-rules';
import {
  type SecondFactorContext,
  type SignInChallenge,
  secondFactorChallengeFor,
} from './second-factor-service';
import {
  defaultSessionTime,
  isUseWorthWriting,
  type SessionTime,
  sessionEndAfterUse,
  sessionEnded,
} from './session-limits';

/** An account as the sign-in answer and `GET /api/admin/me` give it. */
export function toAdminUser(row: AdminUserRow): AdminUser {
  return { id: row.id, email: row.email, name: row.name, role: row.role };
}

export type LoginOutcome =
  | { kind: 'ok'; admin: AdminUser; token: string }
  | { kind: 'second_factor'; challenge: SignInChallenge }
  | { kind: 'invalid' }
  | { kind: 'throttled'; retryAfterSeconds: number };

export async function login(
  db: Db,
  credentials: { email: string; password: string },
  client: { ip: string; userAgent?: string },
  secondFactor: SecondFactorContext,
  time: SessionTime = defaultSessionTime(),
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
  const challenge = await secondFactorChallengeFor(db, admin, client, secondFactor);
  if (challenge) {
    await releaseLoginAttempt(db, reservation.id);
    return { kind: 'second_factor', challenge };
  }
  const token = await db.transaction(async (tx) => {
    await clearLoginFailures(tx, email, client.ip);
    return startSession(tx, admin, client, time);
  });
  return { kind: 'ok', admin: toAdminUser(admin), token };
}

/**
 * Signs a staff member in, in the caller's transaction: a new bearer token (answered once, stored as its hash),
 * the last sign-in time and the audit entry. Every way in ends here: a password, a second factor, an invitation.
 * A route passes `sessionTimeOf(app)`, so the session starts by the app's clock and limits.
 */
export async function startSession(
  tx: Db,
  admin: AdminUserRow,
  client: { ip: string; userAgent?: string },
  time: SessionTime = defaultSessionTime(),
): Promise<string> {
  const { token, hash } = newSecretToken();
  const actor: AdminActor = { kind: 'admin', adminUserId: admin.id, ip: client.ip };
  const started = { createdAt: time.now, lastUsedAt: time.now };
  await insertAuthToken(tx, {
    adminUserId: admin.id,
    tokenHash: hash,
    createdAt: time.now,
    expiresAt: sessionEndAfterUse(started, time),
    ip: client.ip,
    userAgent: client.userAgent,
  });
  await recordSignIn(tx, admin.id);
  await auditChange(tx, actor, 'login', 'admin_user', admin.id);
  return token;
}

export type Authentication =
  | { kind: 'ok'; admin: AdminUserRow; sessionId: number }
  /** Unknown, revoked, or of a disabled account. */
  | { kind: 'unknown' }
  /** Past ADMIN_IDLE_MINUTES unused, or ADMIN_SESSION_HOURS since sign-in (`sessionEnded`). */
  | { kind: 'idle' | 'expired' };

/**
 * The signed-in admin for a bearer token, or why there is none. Runs on every admin call: one indexed read, and
 * a write of the use at most once a minute (`isUseWorthWriting`).
 */
export async function authenticate(db: Db, token: string, time: SessionTime): Promise<Authentication> {
  const found = await findUnrevokedToken(db, hashSecretToken(token));
  if (!found) return { kind: 'unknown' };
  const ended = sessionEnded(found.token, time);
  if (ended) return { kind: ended };
  if (isUseWorthWriting(found.token, time)) {
    await extendToken(db, found.token.id, time.now, sessionEndAfterUse(found.token, time));
  }
  return { kind: 'ok', admin: found.admin, sessionId: found.token.id };
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
  // The name's rule of the invite form (one line of visible characters, its lengths), for the command line too.
  const checkedName = name === undefined ? undefined : inviteStaffRequestSchema.shape.name.safeParse(name);
  if (checkedName && !checkedName.success)
    throw new Error(`The name: ${checkedName.error.issues[0]?.message ?? texts.notAllowedCharacters}`);
  const problem = await passwordProblem(password, { email });
  if (problem) throw new Error(problem);
  if (await findAdminByEmail(db, email))
    throw new Error(`An admin with the e-mail ${normaliseEmail(email)} exists.`);
  return toAdminUser(
    await insertAdmin(db, {
      email,
      passwordHash: await hashPassword(password),
      name: checkedName?.data,
      role,
    }),
  );
}

/** Sets a new password and signs the admin out everywhere. */
export async function resetAdminPassword(db: Db, email: string, password: string): Promise<void> {
  const problem = await passwordProblem(password, { email });
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
  const problem = await passwordProblem(password, { email });
  if (problem) throw new Error(`ADMIN_PASSWORD is not accepted: ${problem}`);
  // Several instances starting together on an empty database all get here: the first insert creates the admin.
  const created = await insertAdminIfAbsent(db, { email, passwordHash: await hashPassword(password) });
  return created ? 'created' : 'exists';
}
