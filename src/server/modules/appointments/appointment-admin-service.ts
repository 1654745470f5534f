import {
  type AppointmentFilter,
  appointmentTexts,
  type StaffAppointmentDetail,
  type StaffAppointmentResponse,
  type StaffAppointmentsResponse,
} from '../../../shared/appointments';
import type { Db } from '../../db/database';
import { notFound } from '../../domain-errors';
import type { CsvCell } from '../../http/csv-export';
import { type AdminActor, auditChange, auditRead } from '../audit/audit-log';
import { staffNameOf } from '../auth/admin-repository';
import { emailsOfAppointment } from '../email/outbox-repository';
import { signedAppointmentIds } from '../intake/intake-repository';
import { intakeForStaff } from '../intake/intake-service';
import { paymentsOfAppointmentWithRecorder } from '../payments/payment-repository';
import { refundsOfAppointment } from '../payments/refund-repository';
import { fileInfos } from '../uploads/file-repository';
import {
  type AppointmentFilterQuery,
  type AppointmentListQuery,
  type AppointmentRecord,
  appointmentCsvBatches,
  countAppointmentRecords,
  findAppointmentRecord,
  listAppointmentRecords,
} from './appointment-repository';
import { appointmentTextsOf } from './appointment-texts-view';
import { appointmentCsvRow, staffAppointmentAnswer, staffAppointmentDetailAnswer } from './appointment-view';
import { standingLinkOf } from './video-links';

/** A page of the appointments list; the patients' names and e-mails on it are personal data: the read is audited. */
export async function listAppointmentsForStaff(
  db: Db,
  actor: AdminActor,
  query: AppointmentListQuery,
): Promise<StaffAppointmentsResponse> {
  const { items, pages, count } = await listAppointmentRecords(db, query);
  const patientIds = items.flatMap((record) => (record.patient ? [record.patient.id] : []));
  if (patientIds.length > 0) {
    await auditRead(db, actor, 'patient', null, { via: 'appointments_list', patient_ids: patientIds });
  }
  const signed = await signedAppointmentIds(
    db,
    items.map((record) => record.appointment.id),
  );
  return {
    transactions: items.map((record) => staffAppointmentAnswer(record, signed.has(record.appointment.id))),
    pages,
    count,
  };
}

/**
 * An appointment's detail as staff see it (its files' names, its payments with who recorded those taken at the desk,
 * its refunds and its e-mails read here); nothing is audited.
 */
async function appointmentDetail(
  db: Db,
  record: AppointmentRecord,
  textsSetUp: boolean,
): Promise<StaffAppointmentDetail> {
  const { patient } = record;
  const dealtBy = record.appointment.flagDealtBy;
  const [stored, emails, payments, refunds, standingVideoLink, intake, flagDealtByName, texts] =
    await Promise.all([
      patient
        ? fileInfos(db, [patient.resultFileId, patient.referralLetterFileId, patient.attachmentFileId])
        : new Map<string, { name: string }>(),
      emailsOfAppointment(db, record.appointment.id),
      paymentsOfAppointmentWithRecorder(db, record.appointment.id),
      refundsOfAppointment(db, record.appointment.id),
      record.slot?.isVideoCall ? standingLinkOf(db, record.slot) : null,
      // With its answers: the routes leave them out for a role that may not see health details.
      intakeForStaff(db, record.appointment.id, true),
      dealtBy === null ? null : staffNameOf(db, dealtBy),
      appointmentTextsOf(db, record.appointment.id, patient, textsSetUp),
    ]);
  const fileNames = new Map([...stored].map(([id, info]) => [id, info.name]));
  return staffAppointmentDetailAnswer(record, {
    fileNames,
    emails,
    payments,
    refunds,
    standingVideoLink,
    intake,
    flagDealtByName,
    texts,
  });
}

/** The detail of an appointment a change has just made or changed (the change's own audit entry covers it). */
export async function changedAppointmentDetail(
  db: Db,
  appointmentId: number,
  textsSetUp = false,
): Promise<StaffAppointmentDetail> {
  const record = await findAppointmentRecord(db, appointmentId);
  if (!record) throw notFound(appointmentTexts.notFound);
  return appointmentDetail(db, record, textsSetUp);
}

/** One appointment with its patient's details, for staff; the read is audited before it is answered. */
export async function appointmentForStaff(
  db: Db,
  actor: AdminActor,
  appointmentId: number,
  textsSetUp = false,
): Promise<StaffAppointmentResponse> {
  const record = await findAppointmentRecord(db, appointmentId);
  if (!record) throw notFound(appointmentTexts.notFound);
  await auditRead(db, actor, 'patient', record.patient?.id ?? null, {
    via: 'appointment',
    appointment_id: appointmentId,
  });
  return { transaction: await appointmentDetail(db, record, textsSetUp) };
}

/**
 * Appointments.csv: every appointment of the list's filter, newest first, read in batches as the download is
 * written. The export is audited once before the first byte, with how many rows it holds and its filter (whether
 * a search was made, not the text searched: it may be a name).
 */
export async function exportAppointmentsForStaff(
  db: Db,
  actor: AdminActor,
  filter: AppointmentFilter & Pick<AppointmentFilterQuery, 'search_names_only'>,
): Promise<AsyncIterable<CsvCell[]>> {
  const rows = await countAppointmentRecords(db, filter);
  await auditChange(db, actor, 'export', 'appointment', null, {
    format: 'csv',
    rows,
    filter: {
      is_video_call: filter.is_video_call ?? null,
      include_cancelled: filter.include_cancelled ?? false,
      include_held: filter.include_held ?? false,
      searched: Boolean(filter.search_transaction),
    },
  });
  return (async function* () {
    for await (const batch of appointmentCsvBatches(db, filter)) {
      for (const record of batch) yield appointmentCsvRow(record);
    }
  })();
}
