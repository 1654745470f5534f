import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { auditLog } from '../../db/schema';

/**
 * Forgets the addresses visitors acted from on these records (a patient's erasure: the entries of their booking
 * and payments stay, without the address that could point to the person).
 */
export async function forgetVisitorAddresses(
  db: Db,
  entity: string,
  entityIds: readonly (string | number)[],
): Promise<void> {
  if (entityIds.length === 0) return;
  await db
    .update(auditLog)
    .set({ ip: null })
    .where(
      and(
        eq(auditLog.entity, entity),
        inArray(auditLog.entityId, entityIds.map(String)),
        eq(auditLog.actor, 'visitor'),
      ),
    );
}
