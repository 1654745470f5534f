import { and, eq, gte, lt, sql, sum } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { clientUploads } from '../../db/schema';

/**
 * Serialises the uploads of one address until the transaction ends, whatever form carries them (a referral and a
 * booking each lock only their own kind first), so two forms at once cannot both fit in what is left of the day's
 * allowance. Taken after each form's own locks, and only a booking's slot after it, which no transaction holding
 * the slot ever waits for this one to get: no circle of waits.
 */
export async function lockClientUploads(tx: Db, client: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`uploads-from:${client}`}, 0))`);
}

/** Bytes of files `client` sent with its bookings since `since`. */
export async function uploadedBytesSince(db: Db, client: string, since: Date): Promise<number> {
  const [row] = await db
    .select({ bytes: sum(clientUploads.bytes) })
    .from(clientUploads)
    .where(and(eq(clientUploads.client, client), gte(clientUploads.createdAt, since)));
  return Number(row?.bytes ?? 0);
}

export async function recordClientUpload(db: Db, client: string, bytes: number): Promise<void> {
  await db.insert(clientUploads).values({ client, bytes });
}

/** Forgets what was sent before `before` (the daily allowance no longer looks at it). */
export async function forgetClientUploadsBefore(db: Db, before: Date): Promise<void> {
  await db.delete(clientUploads).where(lt(clientUploads.createdAt, before));
}
