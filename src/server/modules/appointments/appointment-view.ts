import {
  type AppointmentEmail,
  type AppointmentRefund,
  appointmentStatusLabels,
  type StaffAppointment,
  type StaffAppointmentDetail,
} from '../../../shared/appointments';
import type { VisitorAppointment } from '../../../shared/booking';
import type { CalendarPayment } from '../../../shared/calendar';
import { clinic, formatAddress } from '../../../shared/clinic';
import { euroText } from '../../../shared/euro';
import { staffFileUrl } from '../../../shared/patients';
import { BOOKED_BY_STAFF_LABEL } from '../../../shared/payment-states';
import type { Appointment, EmailStatus, Patient, Payment, Slot } from '../../db/schema';
import type { CsvCell } from '../../http/csv-export';
import { fullName } from '../patients/patient-name';
import type { AppointmentRefundRow } from '../payments/refund-repository';
import { clinicDateTime, clinicWallClock } from '../slots/clinic-time';
import { publicSlotAnswer, slotTimes } from '../slots/slot-view';
import type { AppointmentCsvRecord, AppointmentRecord } from './appointment-repository';
import { inviteUid } from './emails/calendar-invite';

/** What a label reads of a payment: its state and amount, and (when read) how it was taken and what went back. */
type LabelledPayment = Pick<Payment, 'status' | 'amountCents'> &
  Partial<Pick<Payment, 'method' | 'refundedCents'>>;

/** 'Paid' for money taken at the desk, by how. */
const paidAtDesk: Record<string, string> = { cash: 'Paid in cash', card_terminal: 'Paid by card terminal' };

/**
 * 'Paid' for succeeded (spec 2.6; 'Paid in cash', 'Paid by card terminal' for money taken at the desk; 'Partly
 * refunded' once a part of it was given back), 'Booked by admin' without an amount, else the capitalised status.
 */
function statusLabel(payment: LabelledPayment | null): string {
  if (payment === null) return BOOKED_BY_STAFF_LABEL;
  if (payment.status === 'succeeded') {
    if ((payment.refundedCents ?? 0) > 0) return 'Partly refunded';
    return paidAtDesk[payment.method ?? 'card'] ?? 'Paid';
  }
  const text = payment.status.replace(/_/g, ' ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/**
 * How staff read an appointment's payment information: its latest payment's ('Paid', or the capitalised status),
 * 'Booked by admin' for one staff booked without a payment, else the appointment's own state ('Being booked').
 */
export function paymentInformationLabel({
  appointment,
  payment,
}: {
  appointment: Pick<Appointment, 'status' | 'bookedByAdmin'>;
  payment: LabelledPayment | null;
}) {
  if (payment) return statusLabel(payment);
  if (appointment.bookedByAdmin) return statusLabel(null);
  return appointmentStatusLabels[appointment.status];
}

/**
 * How the calendar reads an appointment's payment, as the list's label does: paid when its latest payment succeeded,
 * booked by staff when staff booked it without one, else pending (a card payment not settled, failed or none yet).
 */
export function calendarPaymentOf({
  appointment,
  payment,
}: {
  appointment: Pick<Appointment, 'bookedByAdmin'>;
  payment: Pick<Payment, 'status'> | null;
}): CalendarPayment {
  if (payment) return payment.status === 'succeeded' ? 'paid' : 'pending';
  return appointment.bookedByAdmin ? 'booked_by_staff' : 'pending';
}
/** How a payment's method is written in the CSVs. */
const paymentMethodLabels: Record<string, string> = {
  card: 'Card (online)',
  cash: 'Cash',
  card_terminal: 'Card terminal',
};

/** 'Adult' or 'Child', as staff read a patient's or an appointment's age group. */
export const ageLabel = (isAdult: boolean) => (isAdult ? 'Adult' : 'Child');

/** What a slot is for, as staff read it. */
export const kindLabel = (slot: Pick<Slot, 'isVideoCall'>) =>
  slot.isVideoCall ? 'Video consultation' : 'Allergy test';

/** Who a patient is: what the booker and staff both read (the spec's patient entity's first fields). */
export function patientIdentity(
  patient: Pick<
    Patient,
    | 'id'
    | 'firstName'
    | 'lastName'
    | 'email'
    | 'phone'
    | 'dob'
    | 'isAdult'
    | 'guardianFirstName'
    | 'guardianLastName'
  >,
) {
  return {
    id: patient.id,
    first_name: patient.firstName,
    last_name: patient.lastName,
    full_name: fullName(patient),
    email: patient.email,
    phone: patient.phone,
    dob: patient.dob,
    is_adult: patient.isAdult,
    guardian_first_name: patient.guardianFirstName,
    guardian_last_name: patient.guardianLastName,
  };
}

/** A booking appointment as staff see it in the list: the spec's "transaction" (the appointment's id). */
export function staffAppointmentAnswer({
  appointment,
  patient,
  slot,
  payment,
}: AppointmentRecord): StaffAppointment {
  const paid = payment?.paidAt ? clinicWallClock(payment.paidAt) : undefined;
  const location = slot && !slot.isVideoCall && slot.location ? clinic.locations[slot.location] : undefined;
  const amountCents = payment?.amountCents ?? null;
  return {
    id: appointment.id,
    transaction_id: payment?.providerPaymentId ?? null,
    amount: amountCents === null ? null : amountCents / 100,
    status: payment?.status ?? (appointment.bookedByAdmin ? 'booked' : 'unpaid'),
    status_label: paymentInformationLabel({ appointment, payment }),
    appointment_status: appointment.status,
    provider: payment?.provider ?? null,
    payment_method: payment?.method ?? null,
    refunded_amount: payment ? payment.refundedCents / 100 : null,
    data_payment: paid?.data ?? null,
    time_payment: paid?.time ?? null,
    paid_at: payment?.paidAt?.toISOString() ?? null,
    refunded_at: payment?.refundedAt?.toISOString() ?? null,
    created_at: appointment.createdAt.toISOString(),
    arrived_at: appointment.arrivedAt?.toISOString() ?? null,
    full_name: patient ? fullName(patient) : '',
    appointment_type: ageLabel(patient?.isAdult ?? slot?.isAdult ?? true),
    is_video_call: slot?.isVideoCall ?? null,
    patient_id: appointment.patientId,
    started: slot ? slot.startsAt.getTime() <= Date.now() : false,
    session: slot
      ? {
          id: slot.id,
          ...slotTimes(slot),
          starts_at: slot.startsAt.toISOString(),
          status: slot.status,
          is_video_call: slot.isVideoCall,
          is_adult: slot.isAdult,
          price: slot.priceCents / 100,
          address: location ? formatAddress(location) : null,
        }
      : null,
  };
}

/** The patient as staff read them; `fileNames` are the stored files' original names, by id. */
export function adminPatientAnswer(patient: Patient, fileNames: ReadonlyMap<string, string> = new Map()) {
  const file = (id: string | null) =>
    id ? { id, name: fileNames.get(id) ?? 'file', url: staffFileUrl(id) } : null;
  return {
    ...patientIdentity(patient),
    consultant_name: patient.consultantName,
    consultant_addres: patient.consultantAddress,
    consultant_email: patient.consultantEmail,
    allergens: patient.allergens,
    result: file(patient.resultFileId),
    referral_letter: file(patient.referralLetterFileId),
    attachment: file(patient.attachmentFileId),
  };
}

/** A booking as its booker reads it back: their own patient, the slot, the price and the payment's status. */
export function visitorAppointmentAnswer(
  appointment: Appointment,
  patient: Patient,
  slot: Slot | undefined,
  paymentStatus: string,
): VisitorAppointment {
  return {
    ...patientIdentity(patient),
    session_id: appointment.slotId,
    price: (slot?.priceCents ?? appointment.priceCents) / 100,
    session: slot ? publicSlotAnswer(slot, appointment.holdTokenHash ?? undefined) : null,
    payment_status: paymentStatus,
    reference: appointment.reference,
    calendar: appointment.reference
      ? { uid: inviteUid(appointment.id), sequence: appointment.calendarSequence }
      : null,
  };
}

/** How staff read an outbox message's delivery: waiting or being retried, sent, or given up. */
export const emailStatusOf: Record<EmailStatus, AppointmentEmail['status']> = {
  pending: 'queued',
  sending: 'queued',
  sent: 'sent',
  failed: 'failed',
};

/** An e-mail about an appointment, as the outbox has it. */
interface AppointmentEmailRow {
  id: number;
  toAddress: string;
  subject: string;
  status: EmailStatus;
  attempts: number;
  lastError: string | null;
  createdAt: Date;
  sentAt: Date | null;
}

function appointmentEmailAnswer(row: AppointmentEmailRow): AppointmentEmail {
  return {
    id: row.id,
    to: row.toAddress,
    subject: row.subject,
    status: emailStatusOf[row.status],
    attempts: row.attempts,
    last_error: row.lastError,
    created_at: row.createdAt.toISOString(),
    sent_at: row.sentAt?.toISOString() ?? null,
  };
}

/** A refund of an appointment's payment, as staff read it. */
export function appointmentRefundAnswer({
  refund,
  method,
  staffName,
}: AppointmentRefundRow): AppointmentRefund {
  return {
    id: refund.id,
    amount: refund.amountCents / 100,
    reason: refund.reason,
    requested_by: refund.requestedBy,
    refunded_by: refund.requestedBy === 'staff' ? staffName : null,
    method,
    status: refund.status,
    provider_refund_id: refund.providerRefundId,
    created_at: refund.createdAt.toISOString(),
    refunded_at: refund.refundedAt?.toISOString() ?? null,
  };
}

/** What an appointment's staff screen shows beside the list's row. */
export interface AppointmentDetailParts {
  fileNames: ReadonlyMap<string, string>;
  emails: readonly AppointmentEmailRow[];
  refunds: readonly AppointmentRefundRow[];
  /** Who recorded the money taken at the desk. */
  recordedBy: string | null;
}

/** One appointment as its staff screen shows it: the list's row, the patient and their files, refunds, e-mails. */
export function staffAppointmentDetailAnswer(
  record: AppointmentRecord,
  { fileNames, emails, refunds, recordedBy }: AppointmentDetailParts,
): StaffAppointmentDetail {
  return {
    ...staffAppointmentAnswer(record),
    patient: record.patient ? adminPatientAnswer(record.patient, fileNames) : null,
    booked_by_admin: record.appointment.bookedByAdmin,
    price: record.appointment.priceCents / 100,
    payment_type: record.appointment.paymentType,
    payment_recorded_by: recordedBy,
    refunds: refunds.map(appointmentRefundAnswer),
    emails: emails.map(appointmentEmailAnswer),
  };
}

/**
 * A row of Appointments.csv, in the order of `appointmentCsvColumns`: the list's cells (as `staffAppointmentAnswer`
 * reads them) and the contact details, from only what the row shows.
 */
export function appointmentCsvRow({ appointment, patient, slot, payment }: AppointmentCsvRecord): CsvCell[] {
  const amountCents = payment?.amountCents ?? null;
  const start = slot ? clinicWallClock(slot.startsAt) : undefined;
  return [
    patient ? fullName(patient) : '',
    ageLabel(patient?.isAdult ?? slot?.isAdult ?? true),
    paymentInformationLabel({ appointment, payment }),
    appointmentStatusLabels[appointment.status],
    clinicDateTime(appointment.createdAt),
    start?.data,
    start?.time,
    slot ? kindLabel(slot) : '',
    patient?.email,
    { phone: patient?.phone },
    amountCents === null ? '' : euroText(amountCents),
    // What went back (all of it, or a part), so a column of takings can be summed without counting it.
    payment && payment.refundedCents > 0 ? euroText(payment.refundedCents) : '',
    payment ? paymentMethodLabels[payment.method] : '',
  ];
}
