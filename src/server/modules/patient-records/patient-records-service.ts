import type { Readable } from 'node:stream';
import { appointmentStarts } from '../../../shared/appointment-states';
import {
  type PatientDetail,
  type PatientsQuery,
  type PatientsResponse,
  patientTexts,
} from '../../../shared/patients';
import { isKeeping, isUnsettled } from '../../../shared/payment-states';
import type { Db } from '../../db/database';
import { patients } from '../../db/schema';
import { conflict, notFound } from '../../domain-errors';
import type { CsvCell } from '../../http/csv-export';
import { appointmentRecordsOfPatient, deleteAppointments } from '../appointments/appointment-repository';
import { forgetBookers } from '../appointments/forget-bookers';
import {
  type Actor,
  type AdminActor,
  auditChange,
  auditExport,
  auditRead,
  auditReadOfRow,
} from '../audit/audit-log';
import { forgetVisitorAddresses } from '../audit/audit-repository';
import {
  deleteEmailsOfAppointments,
  deleteEmailsOfReferrals,
  emailsOfAppointments,
} from '../email/outbox-repository';
import { recipientKey } from '../email/recipient-key';
import {
  deleteIntakeFormsOfPatient,
  intakeFormsOfPatient,
  signedAppointmentIds,
} from '../intake/intake-repository';
import { findPatientWithFileNames, patientDetailOf } from '../patient-detail/patient-detail-repository';
import { deletePatients, lockPatient } from '../patients/patient-repository';
import { paymentsOfAppointments } from '../payments/payment-repository';
import { referralsOfPatient } from '../referrals/referral-repository';
import { releaseHolds } from '../slots/slot-repository';
import { deleteTextsOf, textsOfAppointments } from '../texts/text-outbox-repository';
import { deleteRepliesOf, repliesOfAppointments } from '../texts/text-replies';
import { findPrivateFile } from '../uploads/file-repository';
import { entriesOfEmail } from '../waitlist/waitlist-repository';
import { eraseWaitlistEntriesOf } from '../waitlist/waitlist-service';
import {
  countPatients,
  findFileOwner,
  listPatients,
  lockAppointmentsOfPatient,
  lockPaymentsOfAppointments,
  patientBatches,
} from './patient-records-repository';
import { type ExportedFile, patientCsvRow, patientExport, patientListItem } from './patient-records-view';
import { type ZipEntry, zipFileName, zipStream } from './patient-zip';
import { isStillToCome } from './still-to-come';

/**
 * Staff's reads, exports and erasure of patients' records (spec 2.6, DESIGN.md section 4). Every read of a
 * patient's data and every export is audited before anything is answered; audit entries name records by id and
 * hold counts, never a person's name, e-mail, phone or date of birth, nor the words searched for.
 */

const ENTITY = 'patient';

/** A page of patients; their names on it are personal data, so the read is audited (their ids). */
export async function listPatientsForStaff(
  db: Db,
  actor: AdminActor,
  query: PatientsQuery,
): Promise<PatientsResponse> {
  const { items, pages, count } = await listPatients(db, query);
  if (items.length > 0) {
    await auditRead(db, actor, ENTITY, null, {
      via: 'patients_list',
      patient_ids: items.map((row) => row.id),
    });
  }
  return { patients: items.map(patientListItem), pages, count };
}

/**
 * Patients.csv of the search, as rows read in batches. The export is audited first, with how many rows it
 * holds and whether a search narrowed it.
 */
export async function exportPatientsForStaff(
  db: Db,
  actor: AdminActor,
  search: string | undefined,
): Promise<AsyncIterable<CsvCell[]>> {
  const rows = await countPatients(db, search);
  await auditExport(db, actor, ENTITY, null, { format: 'csv', rows, searched: Boolean(search) });
  return (async function* () {
    for await (const batch of patientBatches(db, search)) yield* batch.map(patientCsvRow);
  })();
}

/**
 * A patient's detail with their files and appointments; the read is audited before it is answered, the entry
 * written while the patient is read (and only if they are there).
 */
export async function patientDetailForStaff(db: Db, actor: AdminActor, id: number): Promise<PatientDetail> {
  const [detail] = await Promise.all([
    patientDetailOf(db, id),
    auditReadOfRow(db, actor, ENTITY, patients, id, { via: 'patient' }),
  ]);
  if (!detail) throw notFound(patientTexts.notFound);
  const signed = await signedAppointmentIds(
    db,
    detail.appointments.map((appointment) => appointment.id),
  );
  return {
    ...detail,
    appointments: detail.appointments.map((appointment) => ({
      ...appointment,
      intake_signed: signed.has(appointment.id),
    })),
  };
}

/** A patient's private file (result, referral letter, attachment) with its bytes; the read is audited. */
export async function patientFileForStaff(db: Db, actor: AdminActor, fileId: string) {
  const [file, patientId] = await Promise.all([findPrivateFile(db, fileId), findFileOwner(db, fileId)]);
  if (!file || patientId === undefined) throw notFound(patientTexts.fileNotFound);
  await auditRead(db, actor, ENTITY, patientId, { via: 'file', file_id: file.id });
  return file;
}

/**
 * A GDPR access request's zip: patient.json (see `patientExport`) and the patient's files under `files/`, each
 * read from the database when the zip reaches it. Audited as an export before the first byte.
 */
export async function patientZipForStaff(db: Db, actor: AdminActor, id: number): Promise<Readable> {
  const [found, records] = await Promise.all([
    findPatientWithFileNames(db, id),
    appointmentRecordsOfPatient(db, id),
  ]);
  if (!found) throw notFound(patientTexts.notFound);
  const { patient, fileNames } = found;
  const appointmentIds = records.map((record) => record.appointment.id);
  const referralRows = await referralsOfPatient(db, id);
  const [paymentRows, emails, intakeRows, textMessages, textReplyRows] = await Promise.all([
    paymentsOfAppointments(db, appointmentIds),
    emailsOfAppointments(
      db,
      appointmentIds,
      referralRows.map((referral) => referral.id),
    ),
    intakeFormsOfPatient(db, id),
    textsOfAppointments(db, appointmentIds),
    repliesOfAppointments(db, appointmentIds),
  ]);
  const waitlistRows = patient.email ? await entriesOfEmail(db, recipientKey(patient.email)) : [];
  const stored: [ExportedFile['field'], string | null][] = [
    ['result', patient.resultFileId],
    ['referral_letter', patient.referralLetterFileId],
    ['attachment', patient.attachmentFileId],
  ];
  const exported = stored.flatMap(([field, fileId]) => {
    const name = fileId ? fileNames.get(fileId) : undefined;
    // The field's name first keeps each path unique, whatever the files were called.
    return fileId && name !== undefined
      ? [{ field, fileId, name, path: `files/${field}-${zipFileName(name)}` }]
      : [];
  });
  await auditExport(db, actor, ENTITY, id, {
    format: 'zip',
    appointments: records.length,
    payments: paymentRows.length,
    referrals: referralRows.length,
    emails: emails.length,
    files: exported.length,
    intake_forms: intakeRows.length,
    texts: textMessages.length + textReplyRows.length,
    waitlist_entries: waitlistRows.length,
  });
  const json = patientExport(
    patient,
    records,
    paymentRows,
    emails,
    exported,
    referralRows,
    intakeRows,
    { messages: textMessages, replies: textReplyRows },
    waitlistRows,
  );
  const entries: ZipEntry[] = [
    { path: 'patient.json', bytes: Buffer.from(`${JSON.stringify(json, null, 2)}\n`), compress: true },
    ...exported.map((file) => ({
      path: file.path,
      compress: false,
      bytes: async () => {
        const row = await findPrivateFile(db, file.fileId);
        if (!row) throw new Error(`file ${file.fileId} went away while the zip was made`);
        return row.bytes;
      },
    })),
  ];
  return zipStream(entries);
}

/** Why an erasure asked to keep what is newer than a cut-off (`olderThan`) did not happen. */
export const NEWER_THAN_CUTOFF = 'The patient has data newer than the cut-off.';

/** What one erasure deleted or emptied, in counts (and the appointments' ids, which name no one). */
export interface ErasedRecords {
  /** The patient's appointments: kept, without the person, but for those in `deletedAppointmentIds`. */
  appointments: number;
  appointmentIds: number[];
  /** Their bookings still being made (held, no money taken), deleted with them. */
  deletedAppointmentIds: number[];
  /** Their payments: kept with amounts, states and dates, without the customer's e-mail. */
  payments: number;
  /** Their self-referrals, deleted with them. */
  referrals: number;
  /** Their stored files (result, referral letter, attachment), deleted. */
  files: number;
  /** The outbox e-mails about their appointments and referrals, deleted. */
  emails: number;
  /** The texts about their appointments or to them, and their replies, deleted. */
  texts: number;
  /** Their intake and consent forms (every revision), deleted. */
  intakeForms: number;
  /** Their wait-list entries (by e-mail address), deleted with their offers (staff's erasure only). */
  waitlistEntries: number;
}

export interface ErasureOptions {
  /** The time the erasure happens at (an appointment after it is still to come); now unless given (tests). */
  now?: Date;
  /**
   * Erase only a person all of whose data is older than this (the retention job's cut-off): the patient's row, the
   * time of each appointment (its making, when it has no time) and each self-referral; otherwise refused (conflict,
   * `NEWER_THAN_CUTOFF`). Checked with the rows locked, so nothing newer is erased, whatever happens meanwhile.
   */
  olderThan?: Date;
  /**
   * Audits the erasure in its transaction instead of its own entry (the retention job adds its counts to its run's
   * one entry).
   */
  audit?: (tx: Db, erased: ErasedRecords) => Promise<void>;
}

/**
 * GDPR erasure, in one transaction: the patient's row and files, their self-referrals, the outbox e-mails of their
 * appointments and referrals (they hold the address and name) are deleted; their appointments stay, without the
 * person (`patient_id` null, no booking address, token hashes or booking link), and so do their payments, with
 * amounts, states and dates but without the customer's e-mail; the addresses visitors acted from on them (the
 * appointments, payments and referrals) are dropped from the audit log; one audit entry with counts. A booking
 * still being made (held, with no money taken or being taken) is no booking yet: it is deleted, as the
 * abandoned-booking job would a day after it was made, and the visitor's hold on its time released. Refused while a
 * booked or paid appointment is still to come (staff delete or refund it first) or a payment is not settled with
 * the provider yet (a held booking being paid for included). The appointments are locked before their states are
 * read, so a payment that books one meanwhile is either seen (and refused) or waits, and then finds it gone. Staff
 * erase a patient (`DELETE /api/admin/patients/:id`); the retention job erases those whose data is all older than
 * its cut-off (`olderThan`). Answers what was erased.
 */
export async function erasePatientRecords(
  db: Db,
  actor: Actor,
  id: number,
  options: ErasureOptions = {},
): Promise<ErasedRecords> {
  return db.transaction(async (tx) => {
    // The appointments first, then the patient and the payments: the appointments module's order of locks.
    await lockAppointmentsOfPatient(tx, id);
    const patient = await lockPatient(tx, id);
    if (!patient) throw notFound(patientTexts.notFound);
    // Read again with the patient locked: an appointment staff booked for them meanwhile (such a booking locks the
    // patient before adding it, after this read) is seen here, and never left behind without its patient.
    const appointmentRows = await lockAppointmentsOfPatient(tx, id);
    const referralRows = await referralsOfPatient(tx, id);
    const now = (options.now ?? new Date()).getTime();
    // Still to come: erasing its patient would leave the clinic expecting someone it can no longer name or reach.
    if (appointmentRows.some((row) => isStillToCome(row, now))) {
      throw conflict('erase_upcoming', patientTexts.eraseUpcoming);
    }
    const { olderThan } = options;
    if (
      olderThan &&
      [
        patient.createdAt,
        ...appointmentRows.map((row) => row.startsAt ?? row.createdAt),
        ...referralRows.map((row) => row.createdAt),
      ].some((at) => at.getTime() >= olderThan.getTime())
    ) {
      throw conflict('erase_newer_than_cutoff', NEWER_THAN_CUTOFF);
    }
    const appointmentIds = appointmentRows.map((row) => row.id);
    const paymentRows = await lockPaymentsOfAppointments(tx, appointmentIds);
    if (paymentRows.some((row) => isUnsettled(row.status))) {
      throw conflict('erase_payment_in_progress', patientTexts.erasePaymentInProgress);
    }
    const moneyMoved = new Set(
      paymentRows.filter((row) => isKeeping(row.status)).map((row) => row.appointmentId),
    );
    const beingMade = appointmentRows.filter(
      (row) => row.status === appointmentStarts.visitor && !moneyMoved.has(row.id),
    );
    const referralIds = referralRows.map((row) => row.id);
    const emails =
      (await deleteEmailsOfAppointments(tx, appointmentIds)) +
      (await deleteEmailsOfReferrals(tx, referralIds));
    // Texts and replies hold the phone number and, a reply, the person's own words.
    const texts =
      (await deleteTextsOf(tx, appointmentIds, [id])) + (await deleteRepliesOf(tx, appointmentIds, [id]));
    for (const row of beingMade) {
      // Before its hold token is forgotten below: the time is free for others at once.
      if (row.slotId && row.holdTokenHash) await releaseHolds(tx, row.holdTokenHash, { id: row.slotId });
    }
    await forgetBookers(
      tx,
      appointmentIds,
      paymentRows.map((row) => row.id),
    );
    await forgetVisitorAddresses(tx, 'referral', referralIds);
    // The intake forms hold health answers and a signature: deleted, and the addresses they were filled from with them.
    const intakeFormIds = await deleteIntakeFormsOfPatient(tx, id);
    await forgetVisitorAddresses(tx, 'intake_form', intakeFormIds);
    // Staff's erasure takes the person's wait-list entries too; the retention job ends and deletes those on its own.
    const waitlistEntries =
      !olderThan && patient.email ? await eraseWaitlistEntriesOf(tx, recipientKey(patient.email)) : 0;
    const deletedAppointmentIds = beingMade.map((row) => row.id);
    await deleteAppointments(tx, deletedAppointmentIds);
    const files = [patient.resultFileId, patient.referralLetterFileId, patient.attachmentFileId].filter(
      Boolean,
    ).length;
    // The referrals go with the patient (the foreign key's cascade).
    await deletePatients(tx, [id]);
    const erased: ErasedRecords = {
      appointments: appointmentIds.length,
      appointmentIds,
      deletedAppointmentIds,
      payments: paymentRows.length,
      referrals: referralRows.length,
      files,
      emails,
      texts,
      intakeForms: intakeFormIds.length,
      waitlistEntries,
    };
    if (options.audit) {
      await options.audit(tx, erased);
    } else {
      await auditChange(tx, actor, 'erase', ENTITY, id, {
        appointments: erased.appointments,
        appointment_ids: appointmentIds,
        ...(deletedAppointmentIds.length > 0 ? { deleted_appointment_ids: deletedAppointmentIds } : {}),
        payments: erased.payments,
        files,
        emails,
        texts,
        intake_forms: erased.intakeForms,
        waitlist_entries: waitlistEntries,
      });
    }
    return erased;
  });
}
