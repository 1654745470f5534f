import { and, eq, gt, isNotNull, lt, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { adminUsers, type attemptKinds, auditLog, loginAttempts } from '../../db/schema';
import { clientAddressKey as addressKey } from '../../http/client-address';

type Scope = 'email-and-address' | 'address' | 'email';

/** What an attempt tries: each kind is counted apart, so one kind's failures never refuse the other. */
export type AttemptKind = (typeof attemptKinds)[number];

interface LoginLimit {
  scope: Scope;
  /** Failed (or still running) attempts allowed within the window; the next one is refused. */
  max: number;
  minutes: number;
}

/**
 * Failed sign-ins allowed before further attempts are refused (docs/security.md, "Sign-in limits"). The tight limits are
 * per e-mail and client address, so a guesser locks out only itself; the per-e-mail ceiling across all
 * addresses is ten times higher and only matters for guessing from many addresses. It does not apply at a
 * known address (`KNOWN_ADDRESS_DAYS`), so guessers cannot use it to keep the real admin out. Longer windows
 * with higher counts make the wait grow: 15 minutes, then up to an hour, then up to a day.
 */
const LOGIN_LIMITS: readonly LoginLimit[] = [
  { scope: 'email-and-address', max: 5, minutes: 15 },
  { scope: 'email-and-address', max: 10, minutes: 60 },
  { scope: 'email-and-address', max: 20, minutes: 24 * 60 },
  { scope: 'address', max: 20, minutes: 15 },
  { scope: 'address', max: 100, minutes: 24 * 60 },
  { scope: 'email', max: 50, minutes: 60 },
  { scope: 'email', max: 200, minutes: 24 * 60 },
];

/**
 * An address (by `addressKey`) the e-mail's admin signed in from within this many days is known: the
 * per-e-mail ceiling does not refuse it. The successful sign-ins are read from the audit log ('login' entries
 * with the admin's id and address), which is kept longer than this, so no second record of them is needed.
 */
const KNOWN_ADDRESS_DAYS = 90;

/** Whether the admin with `email` signed in successfully from `key`'s address (or /64) lately. */
async function isKnownAddress(db: Db, email: string, key: string): Promise<boolean> {
  const rows = await db
    .selectDistinct({ ip: auditLog.ip })
    .from(auditLog)
    .innerJoin(adminUsers, eq(adminUsers.id, auditLog.adminUserId))
    .where(
      and(
        eq(adminUsers.email, email),
        eq(auditLog.action, 'login'),
        isNotNull(auditLog.ip),
        gt(auditLog.createdAt, sql`now() - make_interval(days => ${sql.raw(String(KNOWN_ADDRESS_DAYS))})`),
      ),
    );
  return rows.some((row) => row.ip !== null && addressKey(row.ip) === key);
}

const LONGEST_WINDOW_MINUTES = Math.max(...LOGIN_LIMITS.map((limit) => limit.minutes));

/**
 * What an invitation link's tries are counted under in `login_attempts`, in place of an e-mail: no e-mail address
 * holds a space, so a sign-in's never meets it. Counted per address only (`acrossAddresses: false`): every invitee
 * shares it, so a ceiling across addresses would let anyone lock them all out.
 */
export const INVITATION_LINK_ATTEMPTS = 'invitation link';

export type LoginReservation =
  | { kind: 'reserved'; id: number }
  | { kind: 'throttled'; retryAfterSeconds: number };

function inScope(scope: Scope, kind: AttemptKind, email: string, ip: string): SQL {
  if (scope === 'address') return sql`${loginAttempts.ip} = ${ip} and ${loginAttempts.kind} = ${kind}`;
  if (scope === 'email') return sql`${loginAttempts.email} = ${email}`;
  return sql`${loginAttempts.email} = ${email} and ${loginAttempts.ip} = ${ip}`;
}

/**
 * For one limit: how long until one more attempt would be within it, as an interval (null when it is). With
 * `max` attempts in the window, the next is allowed once the `max`-th newest of them has left the window.
 */
function waitFor(limit: LoginLimit, kind: AttemptKind, email: string, ip: string): SQL {
  const window = sql.raw(`make_interval(mins => ${limit.minutes})`);
  return sql`(select ${loginAttempts.createdAt} + ${window} - now() from ${loginAttempts}
    where ${inScope(limit.scope, kind, email, ip)} and ${loginAttempts.createdAt} > now() - ${window}
    order by ${loginAttempts.createdAt} desc offset ${sql.raw(String(limit.max - 1))} limit 1)`;
}

/** Distinct advisory-lock namespaces, so an e-mail and an address never share a lock. */
const EMAIL_LOCK = 72_410_918;
const ADDRESS_LOCK = 72_410_919;

/**
 * Reserves a sign-in attempt before the password is checked: under a transaction lock on the e-mail and on the
 * address, the attempts so far are counted against every limit and, when within them, this attempt's row is
 * written. The next attempt for that e-mail or address waits for the lock and counts this row, so concurrent
 * guesses, also from several app instances on one database, get no more checks than the limit. Every attempt
 * takes the e-mail lock before the address lock, so two attempts never wait for each other in a circle.
 * `login_attempts.ip` holds the address as `addressKey` gives it (an IPv6 address's /64). At a known address
 * the per-e-mail limits are skipped; its attempts still count towards them for every other address. Without
 * `acrossAddresses` they are skipped everywhere (`INVITATION_LINK_ATTEMPTS`). The per-address limits count only
 * attempts of the same `kind`: a patient's wrong dates of birth at an intake form (`intake`, keyed by booking in
 * place of an e-mail) never refuse a receptionist's sign-in behind the same address, nor the reverse.
 */
export async function reserveLoginAttempt(
  db: Db,
  email: string,
  clientAddress: string,
  { acrossAddresses = true, kind = 'sign_in' }: { acrossAddresses?: boolean; kind?: AttemptKind } = {},
): Promise<LoginReservation> {
  const ip = addressKey(clientAddress);
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${EMAIL_LOCK}, hashtext(${email}))`);
    await tx.execute(sql`select pg_advisory_xact_lock(${ADDRESS_LOCK}, hashtext(${ip}))`);
    const ceiling = acrossAddresses && !(await isKnownAddress(tx, email, ip));
    const limits = LOGIN_LIMITS.filter((limit) => ceiling || limit.scope !== 'email');
    const waits = sql.join(
      limits.map((limit) => waitFor(limit, kind, email, ip)),
      sql`, `,
    );
    const [row] = await tx
      .select({ seconds: sql<number | null>`extract(epoch from greatest(${waits}))`.mapWith(Number) })
      .from(sql`(select 1) as one`);
    const seconds = row?.seconds ?? 0;
    if (seconds > 0) return { kind: 'throttled', retryAfterSeconds: Math.ceil(seconds) } as const;
    const [reserved] = await tx
      .insert(loginAttempts)
      .values({ email, ip, kind })
      .returning({ id: loginAttempts.id });
    if (!reserved) throw new Error('The sign-in attempt was not recorded');
    return { kind: 'reserved', id: reserved.id } as const;
  });
}

/**
 * A password that matched for a staff member with a second factor: this attempt is no failure, but the earlier
 * failures stay counted until the second step succeeds, so a known password does not reset the limits on codes.
 */
export async function releaseLoginAttempt(db: Db, id: number): Promise<void> {
  await db.delete(loginAttempts).where(eq(loginAttempts.id, id));
}

/** After a successful sign-in: forget that e-mail and address's failures, and every attempt older than a day. */
export async function clearLoginFailures(db: Db, email: string, clientAddress: string): Promise<void> {
  const ip = addressKey(clientAddress);
  await db
    .delete(loginAttempts)
    .where(
      or(
        and(eq(loginAttempts.email, email), eq(loginAttempts.ip, ip)),
        lt(
          loginAttempts.createdAt,
          sql`now() - make_interval(mins => ${sql.raw(String(LONGEST_WINDOW_MINUTES))})`,
        ),
      ),
    );
}

/**
 * Staff's way out (`npm run admin -- unlock`): forgets every recorded attempt at `email`, from every address,
 * so no limit refuses it until new failures pile up. Answers how many were forgotten.
 */
export async function forgetLoginAttemptsOf(db: Db, email: string): Promise<number> {
  const deleted = await db
    .delete(loginAttempts)
    .where(eq(loginAttempts.email, email))
    .returning({ id: loginAttempts.id });
  return deleted.length;
}

/** "15 minutes", "1 minute", "3 hours": the wait in the sign-in refusal. */
export function describeWait(seconds: number): string {
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  if (minutes <= 90) return minutes === 1 ? '1 minute' : `${minutes} minutes`;
  return `${Math.ceil(minutes / 60)} hours`;
}
