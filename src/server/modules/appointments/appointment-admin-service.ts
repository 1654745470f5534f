import type { TransactionResponse, TransactionsResponse } from '../../../shared/appointments';
import { paymentTexts } from '../../../shared/payments';
import type { Db } from '../../db/database';
import { notFound } from '../../domain-errors';
import { type AdminActor, auditRead } from '../audit/audit-log';
import { fileInfos } from '../uploads/file-repository';
import {
  type AppointmentListQuery,
  findAppointmentRecord,
  listAppointmentRecords,
} from './appointment-repository';
import { adminPatientAnswer, transactionAnswer } from './appointment-view';

/** A page of the appointments list; the patients' names and e-mails on it are personal data: the read is audited. */
export async function listAppointmentsForStaff(
  db: Db,
  actor: AdminActor,
  query: AppointmentListQuery,
): Promise<TransactionsResponse> {
  const { items, pages, count } = await listAppointmentRecords(db, query);
  const patientIds = items.flatMap((record) => (record.patient ? [record.patient.id] : []));
  if (patientIds.length > 0) {
    await auditRead(db, actor, 'patient', null, { via: 'appointments_list', patient_ids: patientIds });
  }
  return { transactions: items.map(transactionAnswer), pages, count };
}

/** One appointment with its patient's details, for staff; the read is audited before it is answered. */
export async function appointmentForStaff(
  db: Db,
  actor: AdminActor,
  appointmentId: number,
): Promise<TransactionResponse> {
  const record = await findAppointmentRecord(db, appointmentId);
  if (!record) throw notFound(paymentTexts.transactionNotFound);
  const { patient } = record;
  await auditRead(db, actor, 'patient', patient?.id ?? null, {
    via: 'appointment',
    appointment_id: appointmentId,
  });
  const stored = patient
    ? await fileInfos(db, [patient.resultFileId, patient.referralLetterFileId, patient.attachmentFileId])
    : new Map<string, { name: string }>();
  const names = new Map([...stored].map(([id, info]) => [id, info.name]));
  return {
    transaction: {
      ...transactionAnswer(record),
      patient: patient ? adminPatientAnswer(patient, names) : null,
      booked_by_admin: record.appointment.bookedByAdmin,
      payment_type: record.appointment.paymentType,
      emails: [],
    },
  };
}
