import {
  type AppointmentStatus,
  allowsMove,
  isEnded,
  isUpcoming,
  occupyingStatuses,
} from '../../../shared/appointment-states';
import {
  type AppointmentEmail,
  type AppointmentPayment,
  type AppointmentRefund,
  appointmentStatusLabels,
  type StaffAppointment,
  type StaffAppointmentDetail,
} from '../../../shared/appointments';
import type { AttendanceMark } from '../../../shared/attendance';
import {
  allowsPaymentMove,
  type DeskPaymentMethod,
  type PaymentMethod,
} from '../../../shared/payment-states';
import { ERASED_PATIENT } from '../../components/patient-details/patient-labels';
import type { StateTone } from '../../components/state-badge/state-badge';
import { formatAdminDate, formatAdminDateTime } from '../../lib/clinic-clock';

/**
 * How the back office reads an appointment: its kind, its time, its payment and its state, which actions it
 * allows, and where its screens are. Pure, so the list, the edit screen and the tests agree.
 */

/** The list of a kind of appointment: allergy tests at /admin, video consultations at /admin/video (spec 2.5). */
export const appointmentsListPath = (isVideoCall: boolean | null | undefined) =>
  isVideoCall ? '/admin/video' : '/admin';

/** The edit screen of an appointment. */
export const appointmentEditPath = (id: number) => `/admin/appointment/edit?id=${id}`;

/** 'Video consultation' or 'Allergy test'. */
export const appointmentKindLabel = (isVideoCall: boolean | null | undefined) =>
  isVideoCall ? 'Video consultation' : 'Allergy test';

/** 'Adult appointment' or 'Child appointment'. */
export const appointmentAgeLabel = (isAdult: boolean) =>
  isAdult ? 'Adult appointment' : 'Child appointment';

/** The patient's name, or that their personal data was erased. */
export const patientNameOf = (row: Pick<StaffAppointment, 'full_name' | 'patient_id'>) =>
  row.patient_id !== null && row.full_name ? row.full_name : ERASED_PATIENT;

/** 'DD/MM/YYYY' (the API's `data`) → the clinic day 'YYYY-MM-DD'; undefined if it is not one. */
export function clinicDayOf(data: string): string | undefined {
  const match = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(data);
  return match ? `${match[3]}-${match[2]}-${match[1]}` : undefined;
}

/** '09:00 – 09:30'. */
export const timeRange = (slot: { start_time: string; end_time: string }) =>
  `${slot.start_time} – ${slot.end_time}`;

/**
 * The availability screen at the day of a time, for its kind
 * (`/admin/availability?type=test&age=adult&month=2026-12&day=2026-12-08`), so staff land where they were.
 */
export function availabilityPathOf(slot?: {
  data: string;
  is_video_call: boolean;
  is_adult: boolean;
}): string {
  if (!slot) return '/admin/availability';
  const day = clinicDayOf(slot.data);
  const query = new URLSearchParams({
    type: slot.is_video_call ? 'video' : 'test',
    age: slot.is_adult ? 'adult' : 'child',
  });
  if (day) {
    query.set('month', day.slice(0, 7));
    query.set('day', day);
  }
  return `/admin/availability?${query}`;
}

/** The appointment's state as staff read it (spec: Booked, Attended, No-show, Cancelled, Refunded, Being booked). */
export const appointmentStatusLabel = (status: AppointmentStatus) => appointmentStatusLabels[status];

/** The look of a state's badge: booked is under way, attended done. */
export function statusTone(status: AppointmentStatus): StateTone {
  switch (status) {
    case 'booked':
    case 'paid':
      return 'active';
    case 'arrived':
    case 'attended':
      return 'done';
    case 'no_show':
      return 'missed';
    case 'cancelled':
    case 'refunded':
      return 'ended';
    default:
      return 'waiting';
  }
}

type Row = Pick<StaffAppointment, 'status' | 'appointment_status' | 'started'> &
  Partial<Pick<StaffAppointment, 'amount' | 'refunded_amount'>> & {
    session?: Pick<NonNullable<StaffAppointment['session']>, 'data'> | null;
  };

/**
 * A payment that succeeded can be given back (spec 4: 'succeeded displays as Paid and allows refund'), in part or
 * all that is left, once the appointment is booked: one that took place, or was cancelled keeping its payment, too.
 */
export const canRefund = (row: Row) =>
  allowsPaymentMove('startRefund', row.status) && row.appointment_status !== 'held';

const cents = (euro: number | null | undefined) => Math.round((euro ?? 0) * 100);

/** Cents of its payments not given back yet (all of them added up). */
export const refundableCents = (row: Row) => cents(row.amount) - cents(row.refunded_amount);

/** One of an appointment's payments that can be given back, in part or all that is left (newest last). */
export const refundablePayments = (payments: readonly AppointmentPayment[]) =>
  payments.filter(
    (payment) => allowsPaymentMove('startRefund', payment.status) && paymentLeftCents(payment) > 0,
  );

/** Cents of a payment not given back yet. */
export const paymentLeftCents = (payment: Pick<AppointmentPayment, 'amount' | 'refunded_amount'>) =>
  cents(payment.amount) - cents(payment.refunded_amount);

/** 'Cash, 12/03/2031 10:02' : a payment as a choice of what to give back from. */
export const paymentChoiceLabel = (payment: AppointmentPayment) =>
  `${paymentMethodLabels[payment.method]}${payment.paid_at ? `, ${formatAdminDateTime(payment.paid_at)}` : ''}`;

/**
 * Giving back `amountCents` of it cancels the appointment: all that is left of a paid appointment's payment (the
 * `refund` move: spec 4, 'This appointment will be deleted'); a part, or another appointment's, leaves it as it is.
 */
export const refundCancels = (row: Row, amountCents: number) =>
  allowsMove('refund', row.appointment_status) && amountCents === refundableCents(row);

/** How a payment was taken, as staff read it. */
export const paymentMethodLabels: Record<PaymentMethod, string> = {
  card: 'Card (online)',
  cash: 'Cash',
  card_terminal: 'Card terminal',
};

/** Where a refund of a payment taken so goes. */
export const refundDestinations: Record<PaymentMethod, string> = {
  card: 'goes back to the card it was paid with',
  cash: 'is handed back in cash at the desk',
  card_terminal: 'is refunded on the card terminal at the desk',
};

/** A refund's state as staff read it; null when made (nothing to say). */
export function refundStatusNote(refund: Pick<AppointmentRefund, 'status'>): string | null {
  switch (refund.status) {
    case 'requested':
      return 'Not confirmed by the card provider: refund the same amount again to finish it.';
    case 'pending':
      return 'On its way to the card.';
    case 'failed':
      return 'Refused by the card provider: nothing was given back.';
    default:
      return null;
  }
}

/** Who made a refund, as staff read it. */
export function refundedByLabel(refund: Pick<AppointmentRefund, 'requested_by' | 'refunded_by'>): string {
  if (refund.requested_by === 'patient') return 'The patient (cancelled online)';
  if (refund.requested_by === 'system') return 'Automatically';
  return refund.refunded_by ?? 'A former staff member';
}

/**
 * Money taken at the desk can be recorded for an appointment staff booked that takes or took its time (booked,
 * attended, no-show) while a balance is due: nothing paid yet, or a part (decision 0023). Paid in full, a part given
 * back since (a discount) owes nothing more, though the server would take up to what went back.
 */
export const canRecordDeskPayment = (
  row: Pick<StaffAppointmentDetail, 'booked_by_admin' | 'appointment_status' | 'balance_due' | 'left_to_pay'>,
) =>
  row.booked_by_admin &&
  (occupyingStatuses as readonly string[]).includes(row.appointment_status) &&
  row.balance_due > 0 &&
  row.left_to_pay > 0;

/**
 * The desk method the booking's payment type points to ('Cash' → cash, 'Card at the clinic' → the card terminal);
 * undefined for another (health insurance, a bank transfer) or none.
 */
export function deskMethodOf(paymentType: string | null | undefined): DeskPaymentMethod | undefined {
  if (!paymentType) return undefined;
  if (/cash/i.test(paymentType)) return 'cash';
  if (/card|terminal/i.test(paymentType)) return 'card_terminal';
  return undefined;
}

/**
 * Staff delete (cancel) a held, booked or paid appointment (a paid one keeps its payment; a held one is a
 * visitor's booking not paid yet): the `cancel` move. One that has ended or taken place is not offered.
 */
export const canDelete = (row: Row) => allowsMove('cancel', row.appointment_status);

/** A booked or paid appointment can move to another free time of its kind: the `reschedule` move. */
export const canMove = (row: Row) => allowsMove('reschedule', row.appointment_status);

/** Once cancelled or refunded, nothing about an appointment changes any more. */
export const isClosed = (row: Row) => isEnded(row.appointment_status);

/**
 * The marks an appointment can take now: on its day, arrived (the `arrive` move) or that undone; after its start,
 * the `attend` and `miss` moves it allows.
 */
export function attendanceMoves(row: Row, today = formatAdminDate(new Date())): AttendanceMark[] {
  const onItsDay = row.session?.data === today;
  return [
    ...(onItsDay && allowsMove('arrive', row.appointment_status) ? (['arrived'] as const) : []),
    ...(onItsDay && row.appointment_status === 'arrived' ? (['not_arrived'] as const) : []),
    ...(row.started && allowsMove('attend', row.appointment_status) ? (['attended'] as const) : []),
    ...(row.started && allowsMove('miss', row.appointment_status) ? (['no_show'] as const) : []),
  ];
}

/** A time not started yet that will take place: it can be marked attended or missed once it starts. */
export const waitsForStart = (row: Row) => !row.started && isUpcoming(row.appointment_status);

/** An e-mail's delivery: 'Queued', 'Sent' or 'Failed'. */
export const emailStatusLabel = (status: AppointmentEmail['status']) =>
  ({ queued: 'Queued', sent: 'Sent', failed: 'Failed' })[status];

/**
 * The address of the other kind's list, keeping what staff searched and filtered (the page starts again):
 * `/admin/video?search=byrne&include_cancelled=true`.
 */
export function kindSwitchPath(isVideoCall: boolean, current: URLSearchParams): string {
  const next = new URLSearchParams();
  for (const key of ['search', 'per_page', 'include_cancelled', 'include_held']) {
    const value = current.get(key);
    if (value) next.set(key, value);
  }
  const query = next.toString();
  return `${appointmentsListPath(isVideoCall)}${query ? `?${query}` : ''}`;
}
