import type { Db } from '../../db/database';
import { contactMessages } from '../../db/schema';

export type ContactMessageValues = Omit<typeof contactMessages.$inferInsert, 'id' | 'createdAt'>;

export async function insertContactMessage(db: Db, values: ContactMessageValues): Promise<void> {
  await db.insert(contactMessages).values(values);
}
