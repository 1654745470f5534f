import { eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { type NewPatient, type Patient, patients } from '../../db/schema';
import { deleteFiles } from '../uploads/file-repository';

export async function insertPatient(db: Db, values: NewPatient): Promise<Patient> {
  const [row] = await db.insert(patients).values(values).returning();
  if (!row) throw new Error('patient insert returned no row');
  return row;
}

export async function findPatient(db: Db, id: number): Promise<Patient | undefined> {
  const [row] = await db.select().from(patients).where(eq(patients.id, id)).limit(1);
  return row;
}

/**
 * The patient, their row locked until the transaction ends: an erasure waits for a booking made for them, and a
 * booking for an erased patient finds no row.
 */
export async function lockPatient(db: Db, id: number): Promise<Patient | undefined> {
  const [row] = await db.select().from(patients).where(eq(patients.id, id)).for('update').limit(1);
  return row;
}

/** Changes a patient's fields; answers the changed row. */
export async function updatePatient(
  db: Db,
  id: number,
  values: Partial<NewPatient>,
): Promise<Patient | undefined> {
  const [row] = await db
    .update(patients)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(patients.id, id))
    .returning();
  return row;
}

/** Deletes patients and their private files (letters, results); answers the ids deleted. */
export async function deletePatients(db: Db, ids: readonly (number | null)[]): Promise<number[]> {
  const known = ids.filter((id): id is number => id !== null);
  if (known.length === 0) return [];
  const deleted = await db.delete(patients).where(inArray(patients.id, known)).returning({
    id: patients.id,
    resultFileId: patients.resultFileId,
    referralLetterFileId: patients.referralLetterFileId,
    attachmentFileId: patients.attachmentFileId,
  });
  await deleteFiles(
    db,
    deleted.flatMap((row) => [row.resultFileId, row.referralLetterFileId, row.attachmentFileId]),
  );
  return deleted.map((row) => row.id);
}
