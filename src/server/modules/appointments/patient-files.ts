import type { FormFile } from '../../../shared/api/common-schemas';
import type { Db } from '../../db/database';
import type { Patient } from '../../db/schema';
import { storeUpload } from '../uploads/file-repository';
import { type PreparedUpload, prepareUpload } from '../uploads/upload-checks';

/** A patient's files: the form's field, its removal tick on the staff form, and the patient's column. */
export const PATIENT_FILES = [
  { field: 'result', remove: 'remove_result', column: 'resultFileId' },
  { field: 'referral_letter', remove: 'remove_referral_letter', column: 'referralLetterFileId' },
  { field: 'attachment', remove: 'remove_attachment', column: 'attachmentFileId' },
] as const;

export type PatientFileField = (typeof PATIENT_FILES)[number]['field'];
type FileColumn = (typeof PATIENT_FILES)[number]['column'];
export type PreparedFiles = Partial<Record<PatientFileField, PreparedUpload>>;

/** The form's files checked from their bytes: slow work, done before any transaction opens. */
export async function preparedFiles(
  form: Partial<Record<PatientFileField, FormFile>>,
): Promise<PreparedFiles> {
  const prepared = await Promise.all(
    PATIENT_FILES.map(async ({ field }) => {
      const file = form[field];
      return [field, file ? await prepareUpload(file, 'document', field) : undefined] as const;
    }),
  );
  return Object.fromEntries(prepared.filter(([, upload]) => upload !== undefined));
}

/** Bytes the prepared files hold. */
export const preparedBytes = (files: PreparedFiles) =>
  Object.values(files).reduce((bytes, file) => bytes + (file?.bytes.length ?? 0), 0);

/** Stores a new patient's files (private) in the transaction; answers the patient's file columns and the fields stored. */
export async function storeNewFiles(tx: Db, files: PreparedFiles) {
  const columns: Pick<Patient, FileColumn> = {
    resultFileId: null,
    referralLetterFileId: null,
    attachmentFileId: null,
  };
  const fields: PatientFileField[] = [];
  for (const { field, column } of PATIENT_FILES) {
    const upload = files[field];
    if (!upload) continue;
    columns[column] = await storeUpload(tx, upload, 'private');
    fields.push(field);
  }
  return { columns, fields };
}

/**
 * The patient's files as a staff edit changes them, in the edit's transaction: a new file stored (private) in place
 * of the old one, a ticked `remove_*` clearing it. Answers the patient's columns to set, the old files to delete and
 * the fields changed.
 */
export async function storeFileChanges(
  tx: Db,
  patient: Patient,
  files: PreparedFiles,
  removals: Partial<Record<(typeof PATIENT_FILES)[number]['remove'], boolean>>,
) {
  const columns: Partial<Record<FileColumn, string | null>> = {};
  const replaced: string[] = [];
  const fields: PatientFileField[] = [];
  for (const { field, remove, column } of PATIENT_FILES) {
    const upload = files[field];
    const stored = patient[column];
    if (!upload && !(removals[remove] && stored)) continue;
    columns[column] = upload ? await storeUpload(tx, upload, 'private') : null;
    if (stored) replaced.push(stored);
    fields.push(field);
  }
  return { columns, replaced, fields };
}
