import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { StaffRole } from '../../../shared/staff-roles';
import type { Db } from '../../db/database';
import { adminAuthTokens, adminUsers } from '../../db/schema';

export type AdminUserRow = typeof adminUsers.$inferSelect;

export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

export async function findAdminByEmail(db: Db, email: string): Promise<AdminUserRow | undefined> {
  const [row] = await db
    .select()
    .from(adminUsers)
    .where(eq(adminUsers.email, normaliseEmail(email)))
    .limit(1);
  return row;
}

/** How staff screens name a staff member: their name, else their e-mail; null for an account no longer there. */
export async function staffNameOf(db: Db, id: number): Promise<string | null> {
  const [row] = await db
    .select({ name: sql<string>`coalesce(${adminUsers.name}, ${adminUsers.email})` })
    .from(adminUsers)
    .where(eq(adminUsers.id, id))
    .limit(1);
  return row?.name ?? null;
}

export async function anyAdminExists(db: Db): Promise<boolean> {
  const [row] = await db.select({ id: adminUsers.id }).from(adminUsers).limit(1);
  return row !== undefined;
}

/**
 * Inserts an admin unless one with that e-mail exists, in one atomic statement; answers the new row, or undefined
 * when the e-mail was taken (by another instance starting at the same moment, say).
 */
export async function insertAdminIfAbsent(
  db: Db,
  values: { email: string; passwordHash: string },
): Promise<AdminUserRow | undefined> {
  const [row] = await db
    .insert(adminUsers)
    .values({ email: normaliseEmail(values.email), passwordHash: values.passwordHash })
    .onConflictDoNothing({ target: adminUsers.email })
    .returning();
  return row;
}

export async function insertAdmin(
  db: Db,
  values: { email: string; passwordHash: string; name?: string | null; role?: StaffRole },
): Promise<AdminUserRow> {
  const [row] = await db
    .insert(adminUsers)
    .values({
      email: normaliseEmail(values.email),
      passwordHash: values.passwordHash,
      name: values.name ?? null,
      role: values.role ?? 'administrator',
    })
    .returning();
  if (!row) throw new Error('Admin was not created');
  return row;
}

export async function updateAdminPassword(db: Db, adminUserId: number, passwordHash: string): Promise<void> {
  await db
    .update(adminUsers)
    .set({ passwordHash, updatedAt: new Date() })
    .where(eq(adminUsers.id, adminUserId));
}

export async function recordSignIn(db: Db, adminUserId: number): Promise<void> {
  await db.update(adminUsers).set({ lastSignInAt: new Date() }).where(eq(adminUsers.id, adminUserId));
}

export async function insertAuthToken(
  db: Db,
  values: {
    adminUserId: number;
    tokenHash: string;
    createdAt: Date;
    expiresAt: Date;
    ip?: string;
    userAgent?: string;
  },
): Promise<void> {
  await db.insert(adminAuthTokens).values({
    adminUserId: values.adminUserId,
    tokenHash: values.tokenHash,
    createdAt: values.createdAt,
    expiresAt: values.expiresAt,
    lastUsedAt: values.createdAt,
    ip: values.ip ?? null,
    userAgent: values.userAgent?.slice(0, 500) ?? null,
  });
}

/**
 * A token that is not revoked, of an account not disabled, with its admin; whether it has outlived its limits
 * is the caller's to tell (and to say which).
 */
export async function findUnrevokedToken(db: Db, tokenHash: string) {
  const [row] = await db
    .select({ token: adminAuthTokens, admin: adminUsers })
    .from(adminAuthTokens)
    .innerJoin(adminUsers, eq(adminUsers.id, adminAuthTokens.adminUserId))
    .where(
      and(
        eq(adminAuthTokens.tokenHash, tokenHash),
        isNull(adminAuthTokens.revokedAt),
        isNull(adminUsers.disabledAt),
      ),
    )
    .limit(1);
  return row;
}

export async function extendToken(db: Db, tokenId: number, usedAt: Date, expiresAt: Date): Promise<void> {
  await db
    .update(adminAuthTokens)
    .set({ lastUsedAt: usedAt, expiresAt })
    .where(eq(adminAuthTokens.id, tokenId));
}

/** The condition of an admin's tokens that are neither revoked nor past either limit at `now`. */
function liveTokensOf(adminUserId: number, startedAfter: Date, usedAfter: Date) {
  return and(
    eq(adminAuthTokens.adminUserId, adminUserId),
    isNull(adminAuthTokens.revokedAt),
    gt(adminAuthTokens.createdAt, startedAfter),
    gt(sql`coalesce(${adminAuthTokens.lastUsedAt}, ${adminAuthTokens.createdAt})`, usedAfter),
  );
}

/** An admin's live tokens (started after `startedAfter`, used after `usedAfter`), the latest used first. */
export function listLiveTokensOf(db: Db, adminUserId: number, startedAfter: Date, usedAfter: Date) {
  return db
    .select()
    .from(adminAuthTokens)
    .where(liveTokensOf(adminUserId, startedAfter, usedAfter))
    .orderBy(desc(adminAuthTokens.lastUsedAt), desc(adminAuthTokens.id));
}

/** Revokes one live token of an admin; answers whether there was one (another's id revokes nothing). */
export async function revokeLiveTokenOf(
  db: Db,
  adminUserId: number,
  tokenId: number,
  live: { startedAfter: Date; usedAfter: Date; now: Date },
): Promise<boolean> {
  const revoked = await db
    .update(adminAuthTokens)
    .set({ revokedAt: live.now })
    .where(and(eq(adminAuthTokens.id, tokenId), liveTokensOf(adminUserId, live.startedAfter, live.usedAfter)))
    .returning({ id: adminAuthTokens.id });
  return revoked.length > 0;
}

export async function revokeToken(db: Db, tokenHash: string): Promise<void> {
  await db
    .update(adminAuthTokens)
    .set({ revokedAt: new Date() })
    .where(and(eq(adminAuthTokens.tokenHash, tokenHash), isNull(adminAuthTokens.revokedAt)));
}

/** Revokes every token of an admin not revoked yet; answers how many. */
export async function revokeAllTokensOf(db: Db, adminUserId: number): Promise<number> {
  const revoked = await db
    .update(adminAuthTokens)
    .set({ revokedAt: new Date() })
    .where(and(eq(adminAuthTokens.adminUserId, adminUserId), isNull(adminAuthTokens.revokedAt)))
    .returning({ id: adminAuthTokens.id });
  return revoked.length;
}
