import { and, desc, eq, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { adminChallenges, adminPasskeys, adminRecoveryCodes, adminUsers } from '../../db/schema';

export type ChallengeRow = typeof adminChallenges.$inferSelect;
export type PasskeyRow = typeof adminPasskeys.$inferSelect;
type ChallengePurpose = ChallengeRow['purpose'];

export async function findAdminById(db: Db, id: number) {
  const [row] = await db.select().from(adminUsers).where(eq(adminUsers.id, id)).limit(1);
  return row;
}

/** Stores a new, unconfirmed app key: an app set up before is replaced only once this one is confirmed. */
export async function setPendingTotpSecret(db: Db, adminUserId: number, secret: string): Promise<void> {
  await db
    .update(adminUsers)
    .set({ totpSecret: secret, totpConfirmedAt: null, totpLastStep: null, updatedAt: new Date() })
    .where(and(eq(adminUsers.id, adminUserId), isNull(adminUsers.totpConfirmedAt)));
}

export async function confirmTotpSecret(
  db: Db,
  adminUserId: number,
  step: number,
  now: Date,
): Promise<boolean> {
  const rows = await db
    .update(adminUsers)
    .set({ totpConfirmedAt: now, totpLastStep: step, updatedAt: now })
    .where(and(eq(adminUsers.id, adminUserId), isNull(adminUsers.totpConfirmedAt)))
    .returning({ id: adminUsers.id });
  return rows.length > 0;
}

/**
 * Takes a 30-second step for the app's code: only when no code of this step or a later one was accepted, in one
 * statement, so a code is good once even when two requests race with it.
 */
export async function takeTotpStep(db: Db, adminUserId: number, step: number): Promise<boolean> {
  const rows = await db
    .update(adminUsers)
    .set({ totpLastStep: step })
    .where(
      and(
        eq(adminUsers.id, adminUserId),
        or(isNull(adminUsers.totpLastStep), lt(adminUsers.totpLastStep, step)),
      ),
    )
    .returning({ id: adminUsers.id });
  return rows.length > 0;
}

export async function clearTotp(db: Db, adminUserId: number): Promise<void> {
  await db
    .update(adminUsers)
    .set({ totpSecret: null, totpConfirmedAt: null, totpLastStep: null, updatedAt: new Date() })
    .where(eq(adminUsers.id, adminUserId));
  await db.delete(adminRecoveryCodes).where(eq(adminRecoveryCodes.adminUserId, adminUserId));
}

export async function replaceRecoveryCodes(db: Db, adminUserId: number, hashes: string[]): Promise<void> {
  await db.delete(adminRecoveryCodes).where(eq(adminRecoveryCodes.adminUserId, adminUserId));
  await db.insert(adminRecoveryCodes).values(hashes.map((codeHash) => ({ adminUserId, codeHash })));
}

/** Uses a recovery code, once: answers false when it is unknown or already used. */
/** Whether this recovery code of the staff member's was spent already (to say so rather than 'not right'). */
export async function isSpentRecoveryCode(db: Db, adminUserId: number, codeHash: string): Promise<boolean> {
  const [row] = await db
    .select({ id: adminRecoveryCodes.id })
    .from(adminRecoveryCodes)
    .where(
      and(
        eq(adminRecoveryCodes.adminUserId, adminUserId),
        eq(adminRecoveryCodes.codeHash, codeHash),
        isNotNull(adminRecoveryCodes.usedAt),
      ),
    )
    .limit(1);
  return row !== undefined;
}

export async function spendRecoveryCode(db: Db, adminUserId: number, codeHash: string, now: Date) {
  const rows = await db
    .update(adminRecoveryCodes)
    .set({ usedAt: now })
    .where(
      and(
        eq(adminRecoveryCodes.adminUserId, adminUserId),
        eq(adminRecoveryCodes.codeHash, codeHash),
        isNull(adminRecoveryCodes.usedAt),
      ),
    )
    .returning({ id: adminRecoveryCodes.id });
  return rows.length > 0;
}

export async function countRecoveryCodesLeft(db: Db, adminUserId: number): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)`.mapWith(Number) })
    .from(adminRecoveryCodes)
    .where(and(eq(adminRecoveryCodes.adminUserId, adminUserId), isNull(adminRecoveryCodes.usedAt)));
  return row?.count ?? 0;
}

export function passkeysOf(db: Db, adminUserId: number): Promise<PasskeyRow[]> {
  return db
    .select()
    .from(adminPasskeys)
    .where(eq(adminPasskeys.adminUserId, adminUserId))
    .orderBy(adminPasskeys.id);
}

export async function hasPasskey(db: Db, adminUserId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: adminPasskeys.id })
    .from(adminPasskeys)
    .where(eq(adminPasskeys.adminUserId, adminUserId))
    .limit(1);
  return row !== undefined;
}

export async function insertPasskey(
  db: Db,
  values: Pick<
    PasskeyRow,
    'adminUserId' | 'credentialId' | 'publicKey' | 'signCount' | 'transports' | 'name'
  >,
): Promise<PasskeyRow | undefined> {
  const [row] = await db
    .insert(adminPasskeys)
    .values(values)
    .onConflictDoNothing({ target: adminPasskeys.credentialId })
    .returning();
  return row;
}

export async function deletePasskey(db: Db, adminUserId: number, id: number): Promise<boolean> {
  const rows = await db
    .delete(adminPasskeys)
    .where(and(eq(adminPasskeys.id, id), eq(adminPasskeys.adminUserId, adminUserId)))
    .returning({ id: adminPasskeys.id });
  return rows.length > 0;
}

export async function deletePasskeysOf(db: Db, adminUserId: number): Promise<number> {
  const rows = await db
    .delete(adminPasskeys)
    .where(eq(adminPasskeys.adminUserId, adminUserId))
    .returning({ id: adminPasskeys.id });
  return rows.length;
}

/** Records a passkey's use: the authenticator's counter (a cloned key shows as a counter going back) and when. */
export async function recordPasskeyUse(db: Db, id: number, signCount: number, now: Date): Promise<void> {
  await db.update(adminPasskeys).set({ signCount, lastUsedAt: now }).where(eq(adminPasskeys.id, id));
}

export async function insertChallenge(
  db: Db,
  values: {
    purpose: ChallengePurpose;
    adminUserId: number;
    tokenHash: string;
    webauthnChallenge?: string;
    expiresAt: Date;
    ip?: string;
    userAgent?: string;
  },
): Promise<void> {
  await db.insert(adminChallenges).values({
    ...values,
    webauthnChallenge: values.webauthnChallenge ?? null,
    userAgent: values.userAgent?.slice(0, 500) ?? null,
  });
}

/** A challenge by its token's hash, not used or ended yet and not expired at `now`. */
export async function findLiveChallenge(
  db: Db,
  purpose: ChallengePurpose,
  tokenHash: string,
  now: Date,
): Promise<ChallengeRow | undefined> {
  const [row] = await db
    .select()
    .from(adminChallenges)
    .where(and(eq(adminChallenges.purpose, purpose), eq(adminChallenges.tokenHash, tokenHash)))
    .limit(1);
  return row && !row.usedAt && row.expiresAt > now ? row : undefined;
}

/** The newest live passkey-registration challenge of a staff member. */
export async function latestRegistrationChallenge(db: Db, adminUserId: number, now: Date) {
  const [row] = await db
    .select()
    .from(adminChallenges)
    .where(
      and(eq(adminChallenges.purpose, 'passkey_registration'), eq(adminChallenges.adminUserId, adminUserId)),
    )
    .orderBy(desc(adminChallenges.id))
    .limit(1);
  return row && !row.usedAt && row.expiresAt > now ? row : undefined;
}

/** Ends a challenge: used, or given up after too many wrong answers. Answers false when it had ended already. */
export async function endChallenge(db: Db, id: number, now: Date): Promise<boolean> {
  const rows = await db
    .update(adminChallenges)
    .set({ usedAt: now })
    .where(and(eq(adminChallenges.id, id), isNull(adminChallenges.usedAt)))
    .returning({ id: adminChallenges.id });
  return rows.length > 0;
}

/** Counts a wrong answer; answers the count so far. */
export async function countChallengeFailure(db: Db, id: number): Promise<number> {
  const [row] = await db
    .update(adminChallenges)
    .set({ failedAttempts: sql`${adminChallenges.failedAttempts} + 1` })
    .where(eq(adminChallenges.id, id))
    .returning({ failedAttempts: adminChallenges.failedAttempts });
  return row?.failedAttempts ?? 0;
}

/** Forgets the challenges that ended or expired a day ago, so the table does not grow. */
export async function deleteOldChallenges(db: Db, before: Date): Promise<void> {
  await db.delete(adminChallenges).where(lt(adminChallenges.expiresAt, before));
}

/** Ends every open challenge of a staff member (a sign-in halfway through, a passkey being added): disabled. */
export async function endChallengesOf(db: Db, adminUserId: number, now: Date): Promise<void> {
  await db
    .update(adminChallenges)
    .set({ usedAt: now })
    .where(and(eq(adminChallenges.adminUserId, adminUserId), isNull(adminChallenges.usedAt)));
}
