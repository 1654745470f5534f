import { eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { PatientDetail } from '../../../shared/patients';
import type { Db } from '../../db/database';
import { files, type Patient, patients } from '../../db/schema';
import { appointmentRecordsOfPatient } from '../appointments/appointment-repository';
import { patientDetail } from './patient-detail-view';

/**
 * A patient's detail as staff read it (spec 2.6): on the patient's page (patient records) and on a self-referral's
 * (referrals), both of which sit above this module.
 */

const resultFile = alias(files, 'result_file');
const letterFile = alias(files, 'referral_letter_file');
const attachmentFile = alias(files, 'attachment_file');

/** A patient with their files' names (never the files' bytes). */
export async function findPatientWithFileNames(
  db: Db,
  id: number,
): Promise<{ patient: Patient; fileNames: Map<string, string> } | undefined> {
  const [row] = await db
    .select({
      patient: patients,
      result: { id: resultFile.id, name: resultFile.originalName },
      letter: { id: letterFile.id, name: letterFile.originalName },
      attachment: { id: attachmentFile.id, name: attachmentFile.originalName },
    })
    .from(patients)
    .leftJoin(resultFile, eq(resultFile.id, patients.resultFileId))
    .leftJoin(letterFile, eq(letterFile.id, patients.referralLetterFileId))
    .leftJoin(attachmentFile, eq(attachmentFile.id, patients.attachmentFileId))
    .where(eq(patients.id, id))
    .limit(1);
  if (!row) return undefined;
  const fileNames = new Map<string, string>();
  for (const file of [row.result, row.letter, row.attachment]) {
    if (file) fileNames.set(file.id, file.name);
  }
  return { patient: row.patient, fileNames };
}

/**
 * A patient's detail with their files and appointments, not audited: for a caller that audits the read itself
 * (a referral's page), or whose change has just been audited.
 */
export async function patientDetailOf(db: Db, id: number): Promise<PatientDetail | undefined> {
  const [found, records] = await Promise.all([
    findPatientWithFileNames(db, id),
    appointmentRecordsOfPatient(db, id),
  ]);
  return found ? patientDetail(found.patient, found.fileNames, records) : undefined;
}
