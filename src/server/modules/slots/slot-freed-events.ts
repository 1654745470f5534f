import { sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { slotFreedEvents } from '../../db/schema';

/** Why a time became free, for the logs (nothing branches on it). */
export type SlotFreedReason = 'refund' | 'cancel' | 'reschedule' | 'added' | 'reopened' | 'offer_ended';

/**
 * Records, in the caller's transaction, that these slots became free: the outbox the wait list's job reads
 * (`claimFreedSlots`), so a freed time is offered once whichever instance or restart reads it.
 */
export async function noteSlotsFreed(
  db: Db,
  slotIds: readonly number[],
  reason: SlotFreedReason,
): Promise<void> {
  if (slotIds.length === 0) return;
  await db.insert(slotFreedEvents).values(slotIds.map((slotId) => ({ slotId, reason })));
}

/**
 * Claims up to `limit` freed-time messages, oldest first, deleting them (one statement, `for update skip locked`):
 * inside the caller's transaction, so a message is consumed only if what it led to commits, and two runners never
 * take the same one. Answers the slots' ids, each once.
 */
export async function claimFreedSlots(db: Db, limit: number): Promise<number[]> {
  // node-postgres and PGlite both answer a raw query as { rows }.
  const { rows } = (await db.execute(sql`
    delete from ${slotFreedEvents} where id in (
      select id from ${slotFreedEvents} order by created_at, id limit ${limit} for update skip locked
    ) returning slot_id`)) as unknown as { rows: { slot_id: number }[] };
  return [...new Set(rows.map((row) => Number(row.slot_id)))];
}
