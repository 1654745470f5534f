import { and, asc, gt, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { appointments, patients, referrals, slots } from '../../db/schema';

/**
 * The patients whose data is all older than `cutoff`, by id after `afterId`, `limit` at a time: the row made
 * before it, every appointment's time (or, without a time, its making) before it, every self-referral sent before
 * it. Read without locks: the erasure locks each one and checks the same again (its `olderThan`), so a row changed
 * meanwhile is never erased for being old.
 */
export async function patientsOlderThan(
  db: Db,
  cutoff: Date,
  afterId: number,
  limit: number,
): Promise<number[]> {
  const at = sql`${cutoff.toISOString()}::timestamptz`;
  const rows = await db
    .select({ id: patients.id })
    .from(patients)
    .where(
      and(
        lt(patients.createdAt, cutoff),
        gt(patients.id, afterId),
        sql`not exists (
          select 1 from ${appointments} left join ${slots} on ${slots.id} = ${appointments.slotId}
          where ${appointments.patientId} = ${patients.id}
            and coalesce(${slots.startsAt}, ${appointments.createdAt}) >= ${at})`,
        sql`not exists (
          select 1 from ${referrals}
          where ${referrals.patientId} = ${patients.id} and ${referrals.createdAt} >= ${at})`,
      ),
    )
    .orderBy(asc(patients.id))
    .limit(limit);
  return rows.map((row) => row.id);
}
