import { and, eq, gte, lt, sum } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { clientUploads } from '../../db/schema';

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
