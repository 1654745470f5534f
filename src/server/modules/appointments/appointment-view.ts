import { stopDays } from '../../../shared/antihistamines';
import {
  type AppointmentEmail,
  type AppointmentPayment,
  type AppointmentRefund,
  type AppointmentTexts,
  appointmentStatusLabels,
  type StaffAppointment,
  type StaffAppointmentDetail,
} from '../../../shared/appointments';
import type { VisitorAppointment } from '../../../shared/booking';
import type { CalendarPayment } from '../../../shared/calendar';
import { clinic, formatAddress } from '../../../shared/clinic';
import { euroText } from '../../../shared/euro';
import type { StaffIntake } from '../../../shared/intake-schemas';
import { staffFileUrl } from '../../../shared/patients';
import {
  BOOKED_BY_STAFF_LABEL,
  balanceDueCents,
  deskLimitCents,
  type PaymentMethod,
} from '../../../shared/payment-states';
import { flagLabels } from '../../../shared/way-out';
import type { Appointment, EmailStatus, Patient, Slot } from '../../db/schema';
import type { CsvCell } from '../../http/csv-export';
import { fullName } from '../patients/patient-name';
import type { AppointmentPaymentRow } from '../payments/payment-repository';
import type { AppointmentRefundRow } from '../payments/refund-repository';
import { clinicDateTime, clinicWallClock } from '../slots/clinic-time';
import { publicSlotAnswer, slotTimes } from '../slots/slot-view';
import type { AppointmentCsvRecord, AppointmentRecord, LabelledPayments } from './appointment-repository';
import { inviteUid } from './emails/calendar-invite';

/** The appointment's own rows a label reads beside its payments. */
type LabelledAppointment = Pick<Appointment, 'status' | 'bookedByAdmin' | 'priceCents'>;

/** How money that stands was taken, in a label: 'Paid in cash', 'Paid by card terminal', 'Paid' (by card online). */
const paidHow: Record<PaymentMethod, string> = {
  card: 'by card',
  cash: 'in cash',
  card_terminal: 'by card terminal',
};

function paidLabel(methods: readonly PaymentMethod[]): string {
  if (methods.length === 1 && methods[0] === 'card') return 'Paid';
  return `Paid ${methods.map((method) => paidHow[method]).join(' and ')}`;
}

/**
 * How staff read an appointment's payment information (spec 2.6, read over all its payments: decision 0023): while
 * money stands, 'Partly paid' with a balance due (a part paid at the desk), else 'Partly refunded' once a part of it
 * went back, else 'Paid' ('Paid in cash', 'Paid by card terminal', both for parts taken each way); 'Refunding' while a
 * card refund is asked; 'Booked by admin' for one staff booked without a payment; else its leading payment's status
 * capitalised ('Failed', 'Refunded'), or without any the appointment's own state ('Being booked').
 */
export function paymentInformationLabel({
  appointment,
  payment,
}: {
  appointment: LabelledAppointment;
  payment: LabelledPayments | null;
}): string {
  if (payment === null) {
    return appointment.bookedByAdmin ? BOOKED_BY_STAFF_LABEL : appointmentStatusLabels[appointment.status];
  }
  if (payment.status === 'refunding') return 'Refunding';
  if (payment.standingMethods.length > 0) {
    if (balanceDueCents(appointment, payment) > 0) return 'Partly paid';
    if (payment.keptRefundedCents > 0) return 'Partly refunded';
    return paidLabel(payment.standingMethods);
  }
  const text = payment.status.replace(/_/g, ' ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/**
 * How the calendar reads an appointment's payments, as the list's label does: paid when they pay its price in full,
 * partly paid with a balance due, booked by staff when staff booked it and nothing stands, else pending (a card
 * payment not settled, failed or none yet).
 */
export function calendarPaymentOf({
  appointment,
  payment,
}: {
  appointment: LabelledAppointment;
  payment: Pick<LabelledPayments, 'standingMethods' | 'keptCents'> | null;
}): CalendarPayment {
  if (payment && payment.standingMethods.length > 0) {
    return balanceDueCents(appointment, payment) > 0 ? 'part_paid' : 'paid';
  }
  return appointment.bookedByAdmin ? 'booked_by_staff' : 'pending';
}

/** How a payment's method is written in the CSVs. */
const paymentMethodLabels: Record<PaymentMethod, string> = {
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
export function staffAppointmentAnswer(
  { appointment, patient, slot, payment }: AppointmentRecord,
  intakeSigned = false,
): StaffAppointment {
  const paid = payment?.paidAt ? clinicWallClock(payment.paidAt) : undefined;
  const location = slot && !slot.isVideoCall && slot.location ? clinic.locations[slot.location] : undefined;
  const amountCents = payment ? (payment.takenCount > 0 ? payment.paidCents : payment.amountCents) : null;
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
    balance_due: balanceDueCents(appointment, payment ?? { keptCents: 0 }) / 100,
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
    intake_signed: intakeSigned,
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
    antihistamines: appointment.antihistamines,
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
    payment_id: refund.paymentId,
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

/** One of an appointment's payments, as its staff screen lists it. */
function appointmentPaymentAnswer({ payment, recordedByName }: AppointmentPaymentRow): AppointmentPayment {
  return {
    id: payment.id,
    method: payment.method,
    provider: payment.provider,
    status: payment.status,
    amount: payment.amountCents / 100,
    refunded_amount: payment.refundedCents / 100,
    paid_at: payment.paidAt?.toISOString() ?? null,
    recorded_by: recordedByName,
    provider_payment_id: payment.providerPaymentId,
  };
}

/** What an appointment's staff screen shows beside the list's row. */
export interface AppointmentDetailParts {
  fileNames: ReadonlyMap<string, string>;
  emails: readonly AppointmentEmailRow[];
  /** Its payments, oldest first, with who recorded those taken at the desk. */
  payments: readonly AppointmentPaymentRow[];
  refunds: readonly AppointmentRefundRow[];
  /** The standing link of the consultant of a video appointment's slot (or the default one). */
  standingVideoLink: string | null;
  intake: StaffIntake | null;
  /** Who marked the patient's flag dealt with (name or e-mail); null while open, or their account is gone. */
  flagDealtByName: string | null;
  texts: AppointmentTexts;
}

/**
 * One appointment as its staff screen shows it: the list's row, the patient and their files, each payment and
 * refund, what the desk may still take, and the e-mails.
 */
export function staffAppointmentDetailAnswer(
  record: AppointmentRecord,
  {
    fileNames,
    emails,
    payments,
    refunds,
    standingVideoLink,
    intake,
    flagDealtByName,
    texts,
  }: AppointmentDetailParts,
): StaffAppointmentDetail {
  const { appointment, payment } = record;
  return {
    ...staffAppointmentAnswer(record, intake?.status === 'signed'),
    patient: record.patient ? adminPatientAnswer(record.patient, fileNames) : null,
    booked_by_admin: appointment.bookedByAdmin,
    price: appointment.priceCents / 100,
    payment_type: appointment.paymentType,
    left_to_pay: deskLimitCents(appointment.priceCents, payment ?? { paidCents: 0, refundedCents: 0 }) / 100,
    payments: payments.map(appointmentPaymentAnswer),
    refunds: refunds.map(appointmentRefundAnswer),
    emails: emails.map(appointmentEmailAnswer),
    texts,
    flag:
      appointment.flagReason && appointment.flaggedAt
        ? {
            reason: appointment.flagReason,
            label: flagLabels[appointment.flagReason],
            message: appointment.flagMessage,
            flagged_at: appointment.flaggedAt.toISOString(),
            free_move_used_at: appointment.freeMoveUsedAt?.toISOString() ?? null,
            dealt_with_at: appointment.flagDealtAt?.toISOString() ?? null,
            dealt_with_by: appointment.flagDealtAt ? flagDealtByName : null,
          }
        : null,
    antihistamines:
      record.slot && !record.slot.isVideoCall
        ? {
            answered: appointment.antihistamines !== null,
            taken: appointment.antihistamines ?? [],
            stop_days: stopDays(clinicWallClock(record.slot.startsAt).isoDay, appointment.antihistamines).map(
              (stop) => ({ medicine: stop.medicine, day: stop.day, days_before: stop.daysBefore }),
            ),
          }
        : null,
    video_link: record.slot?.isVideoCall ? appointment.videoLink : null,
    standing_video_link: record.slot?.isVideoCall ? standingVideoLink : null,
    intake,
  };
}

/**
 * A row of Appointments.csv, in the order of `appointmentCsvColumns`: the list's cells (as `staffAppointmentAnswer`
 * reads them) and the contact details, from only what the row shows.
 */
export function appointmentCsvRow({ appointment, patient, slot, payment }: AppointmentCsvRecord): CsvCell[] {
  const amountCents = payment ? (payment.takenCount > 0 ? payment.paidCents : payment.amountCents) : null;
  // Each way money came in ('Cash, Card terminal' for parts taken each way at the desk).
  const methods = payment ? (payment.takenCount > 0 ? payment.takenMethods : [payment.method]) : [];
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
    methods.map((method) => paymentMethodLabels[method]).join(', '),
  ];
}
