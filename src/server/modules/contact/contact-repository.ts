import { asc, inArray, lt } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { contactMessages } from '../../db/schema';

export type ContactMessageValues = Omit<typeof contactMessages.$inferInsert, 'id' | 'createdAt'>;

export async function insertContactMessage(db: Db, values: ContactMessageValues): Promise<void> {
  await db.insert(contactMessages).values(values);
}

/**
 * Deletes up to `limit` contact messages sent before `sentBefore`, oldest first, claimed with FOR UPDATE SKIP
 * LOCKED in the same statement, so several instances deleting at once never take the same message. Answers each
 * deleted message's outbox e-mail (its copy to the clinic, which holds the same words), for the caller to delete.
 */
export async function deleteContactMessagesBefore(
  db: Db,
  sentBefore: Date,
  limit: number,
): Promise<{ id: number; emailOutboxId: number | null }[]> {
  const due = db
    .select({ id: contactMessages.id })
    .from(contactMessages)
    .where(lt(contactMessages.createdAt, sentBefore))
    .orderBy(asc(contactMessages.createdAt), asc(contactMessages.id))
    .limit(limit)
    .for('update', { skipLocked: true });
  return db
    .delete(contactMessages)
    .where(inArray(contactMessages.id, due))
    .returning({ id: contactMessages.id, emailOutboxId: contactMessages.emailOutboxId });
}
