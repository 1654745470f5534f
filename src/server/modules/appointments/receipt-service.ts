import { appointmentTexts } from '../../../shared/appointments';
import { patientTexts } from '../../../shared/patients';
import { balanceDueCents } from '../../../shared/payment-states';
import { receiptNumberText, receiptTexts } from '../../../shared/receipts';
import type { Db } from '../../db/database';
import type { Appointment, Patient, Slot } from '../../db/schema';
import { conflict, notFound } from '../../domain-errors';
import { type Actor, auditExport, auditRead } from '../audit/audit-log';
import { findPatient } from '../patients/patient-repository';
import { clinicWallClock } from '../slots/clinic-time';
import {
  findAppointmentRecord,
  findAppointmentRecordByManageLink,
  lockAppointment,
} from './appointment-repository';
import { appointmentDetails } from './emails/booking-details';
import {
  type ReceiptDetails,
  type ReceiptPayment,
  receiptFileName,
  receiptPdf,
  type StatementLine,
  statementPdf,
} from './emails/receipt-pdf';
import {
  consultantOf,
  hasPaidVisit,
  issueReceiptNumber,
  paidPaymentOf,
  paidVisitsOfPatient,
  type ReceiptAmounts,
  type ReceiptPaymentRow,
  receiptAmountsOf,
  receiptPaymentsOf,
} from './receipt-repository';

/** A PDF to answer, with the name it is saved under. */
export interface PdfFile {
  fileName: string;
  pdf: Buffer;
}

const guardianOf = (patient: Patient) =>
  patient.guardianFirstName && patient.guardianLastName
    ? `${patient.guardianFirstName} ${patient.guardianLastName}`
    : undefined;

/** What the receipt says it was paid with, and ReceiptPaymentRow as it reads it. */
const receiptPaymentOf = (row: ReceiptPaymentRow): ReceiptPayment => {
  const paidAt = row.paidAt ?? new Date();
  return {
    method: row.method,
    paidOn: clinicWallClock(paidAt).data,
    amountCents: row.amountCents,
    reference: row.providerPaymentId ?? undefined,
    refundedCents: row.refundedCents,
  };
};

/**
 * What the receipt of a paid appointment says, from the appointment (its price as booked is the fee), its patient and
 * slot, with its payments and the amounts paid and refunded as they are now (`paid`, or read through their one
 * function): every payment charged, one line each (paid at the desk in parts: several). A balance is due while the
 * appointment takes or took its time and the payments that stand come to less than its price: a part paid at the
 * desk.
 */
export async function receiptDetailsOf(
  db: Db,
  appointment: Pick<Appointment, 'id' | 'priceCents' | 'status'>,
  patient: Patient,
  slot: Slot,
  number: string,
  paid?: { amounts: ReceiptAmounts; payments: readonly ReceiptPaymentRow[] },
): Promise<ReceiptDetails> {
  const details = appointmentDetails(appointment.id, patient, slot);
  const [{ paidCents, refundedCents, keptCents }, rows, consultant] = await Promise.all([
    paid?.amounts ?? receiptAmountsOf(db, appointment.id),
    paid?.payments ?? receiptPaymentsOf(db, appointment.id),
    consultantOf(db, slot),
  ]);
  let lastPaidAt: Date | undefined;
  for (const row of rows) if (row.paidAt && (!lastPaidAt || row.paidAt > lastPaidAt)) lastPaidAt = row.paidAt;
  return {
    number,
    patientName: details.patientName,
    guardianName: details.guardianName,
    date: details.date,
    time: details.time,
    service: details.service,
    where: details.where,
    consultant,
    feeCents: appointment.priceCents,
    paidCents,
    refundedCents,
    balanceDueCents: balanceDueCents(appointment, { keptCents }),
    paidAt: lastPaidAt ?? new Date(),
    payments: rows.map(receiptPaymentOf),
  };
}

/** The appointment's receipt number, given now (the appointment's row locked) if it has none yet. */
async function receiptNumberOf(db: Db, appointmentId: number, paidAt: Date): Promise<string> {
  const { year, number } = await db.transaction(async (tx) => {
    await lockAppointment(tx, appointmentId);
    return issueReceiptNumber(tx, appointmentId, paidAt);
  });
  return receiptNumberText(year, number);
}

/**
 * The receipt of appointment `appointmentId`, refused when nothing was paid (with `notPaidText`, the staff's or the
 * patient's words) or its patient was erased.
 */
async function receiptOf(
  db: Db,
  appointmentId: number,
  notPaidText: string,
): Promise<PdfFile & { patientId: number }> {
  const record = await findAppointmentRecord(db, appointmentId);
  if (!record) throw notFound(appointmentTexts.notFound);
  const payment = await paidPaymentOf(db, appointmentId);
  if (!payment?.paidAt || !record.slot) throw conflict('receipt_not_paid', notPaidText);
  if (!record.patient) throw conflict('patient_erased', patientTexts.erased);
  const number = await receiptNumberOf(db, appointmentId, payment.paidAt);
  const details = await receiptDetailsOf(db, record.appointment, record.patient, record.slot, number);
  return { fileName: receiptFileName(number), pdf: await receiptPdf(details), patientId: record.patient.id };
}

/** Staff download an appointment's receipt (a read of the patient's data, audited). */
export async function receiptForStaff(db: Db, actor: Actor, appointmentId: number): Promise<PdfFile> {
  const receipt = await receiptOf(db, appointmentId, receiptTexts.notPaid);
  await auditRead(db, actor, 'patient', receipt.patientId, { via: 'receipt', appointment_id: appointmentId });
  return receipt;
}

/**
 * The patient downloads their receipt through their booking link (its reference and the token's hash); a wrong
 * token or reference is the 404 every booking link answers. Also after the visit, when insurers are claimed from.
 */
export async function receiptForPatient(
  db: Db,
  link: { reference: string; tokenHash: string | undefined },
  notFoundText: string,
): Promise<PdfFile> {
  const record = link.tokenHash
    ? await findAppointmentRecordByManageLink(db, link.reference, link.tokenHash)
    : undefined;
  if (!record?.patient) throw notFound(notFoundText);
  return receiptOf(db, record.appointment.id, receiptTexts.notPaidPatient);
}

/**
 * A patient's statement of the visits paid in clinic year `year` (a PDF): each with its receipt number (given now to
 * any that has none), date, service, paid and refunded, and the totals. A year without any says so. Audited as an
 * export of the patient's data.
 */
export async function statementForStaff(
  db: Db,
  actor: Actor,
  patientId: number,
  year: number,
): Promise<PdfFile> {
  const patient = await findPatient(db, patientId);
  // Whoever may ask for statements (a bookkeeper too) reads names only of people who paid for something.
  if (!patient || !(await hasPaidVisit(db, patientId))) throw notFound(receiptTexts.statementNobody);
  const visits = await paidVisitsOfPatient(db, patientId, year);
  const lines: StatementLine[] = [];
  for (const visit of visits) {
    const number = await receiptNumberOf(db, visit.appointmentId, visit.paidAt);
    const { paidCents, refundedCents } = visit;
    const details = visit.slot ? appointmentDetails(visit.appointmentId, patient, visit.slot) : undefined;
    lines.push({
      number,
      date: details?.date ?? clinicWallClock(visit.paidAt).data,
      service: details?.service ?? '-',
      paidCents,
      refundedCents,
    });
  }
  const pdf = await statementPdf({
    year,
    patientName: `${patient.firstName} ${patient.lastName}`,
    guardianName: guardianOf(patient),
    lines,
    issuedOn: clinicWallClock(new Date()).data,
  });
  await auditExport(db, actor, 'patient', patientId, { format: 'statement_pdf', year, rows: lines.length });
  return { fileName: `statement-${year}-patient-${patientId}.pdf`, pdf };
}
