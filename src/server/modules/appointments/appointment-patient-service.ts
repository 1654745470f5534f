import { formatEuro } from '../../../shared/euro';
import {
  CANCELLATION_NOTICE_HOURS,
  type ManageActionResponse,
  type ManagedBooking,
  manageBookingTexts,
} from '../../../shared/manage-booking';
import { slotTexts } from '../../../shared/slots';
import type { Db } from '../../db/database';
import type { Appointment, Patient, PaymentStatus, Slot } from '../../db/schema';
import { conflict, DomainError, fieldError, notFound, providerFailure, refused } from '../../domain-errors';
import { type Actor, auditChange } from '../audit/audit-log';
import { queueEmail } from '../email/outbox-repository';
import { paymentsOfAppointment } from '../payments/payment-repository';
import { bookSlot, findHeldSlot, findSlot, freeBookedSlot } from '../slots/slot-repository';
import { sessionAnswer } from '../slots/slot-view';
import { refundAppointment } from './appointment-refunds';
import {
  type AppointmentRecord,
  findAppointmentByManageLink,
  findAppointmentRecord,
  lockAppointment,
  moveAppointment,
} from './appointment-repository';
import type { AppointmentContext } from './appointment-service';
import { cancelAppointment } from './appointment-staff-service';
import { allowsMove, upcomingStatuses } from './appointment-states';
import { clinicChangeEmailOf, movedEmailOf } from './emails/appointment-emails';
import { serviceName } from './emails/booking-details';
import { manageLinkUrl } from './manage-links';

/**
 * What a patient does with their own appointment from the link of their confirmation e-mail (issue 20), without an
 * account: read it, cancel it (a paid one is refunded in full) or move it to another time of the same kind and price,
 * up to CANCELLATION_NOTICE_HOURS before it starts. Each change is one of the appointment's moves, made by the same
 * code as staff's (cancel, refund, reschedule) with the notice checked once the appointment's row is locked, and
 * audited as the patient (a visitor from their address, `by: 'patient'`). A wrong or expired link is a 404 that says
 * neither; the link stops working once the appointment has ended.
 */

/** The patient's link as the request carries it: the reference in the path, the token in X-Manage-Token. */
export interface ManageLinkRequest {
  reference: string;
  /** The token itself (undefined when the header is not one of our tokens). */
  token: string | undefined;
  tokenHash: string | undefined;
}

const NOTICE_MS = CANCELLATION_NOTICE_HOURS * 3_600_000;

const linkNotFound = () => notFound(manageBookingTexts.notFound);

const upcoming = (status: Appointment['status']) => (upcomingStatuses as readonly string[]).includes(status);

/** Until when the appointment may be changed online: its start less the notice. */
const changeUntil = (slot: Slot) => new Date(slot.startsAt.getTime() - NOTICE_MS);

/** The appointment of the link, with its patient and slot, while the link works (until the appointment ends). */
async function linkedRecord(
  db: Db,
  link: ManageLinkRequest,
  now: Date,
): Promise<AppointmentRecord & { patient: Patient; slot: Slot }> {
  if (!link.tokenHash) throw linkNotFound();
  const appointment = await findAppointmentByManageLink(db, link.reference, link.tokenHash);
  const record = appointment ? await findAppointmentRecord(db, appointment.id) : undefined;
  const { patient, slot } = record ?? {};
  if (!record || !patient || !slot || slot.endsAt <= now || record.appointment.status === 'held') {
    throw linkNotFound();
  }
  return { ...record, patient, slot };
}

/** The booking as its page shows it, from the appointment as it is now. */
async function managedBookingOf(db: Db, appointmentId: number, now: Date): Promise<ManagedBooking> {
  const record = await findAppointmentRecord(db, appointmentId);
  if (!record?.patient || !record.slot) throw linkNotFound();
  const { appointment, patient, slot } = record;
  const payments = await paymentsOfAppointment(db, appointment.id);
  const statuses = new Set(payments.map((payment) => payment.status));
  const status = upcoming(appointment.status)
    ? slot.endsAt <= now
      ? 'over'
      : 'upcoming'
    : ['cancelled', 'refunded'].includes(appointment.status)
      ? 'cancelled'
      : 'over';
  const until = changeUntil(slot);
  const changeable = status === 'upcoming' && now < until;
  return {
    reference: appointment.reference ?? '',
    status,
    patient_name: `${patient.firstName} ${patient.lastName}`,
    service: serviceName(slot),
    session: sessionAnswer(slot),
    price: appointment.priceCents / 100,
    payment_status: statuses.has('refunded')
      ? 'refunded'
      : statuses.has('refunding')
        ? 'refunding'
        : statuses.has('succeeded')
          ? 'paid'
          : 'unpaid',
    change_until: changeable ? until.toISOString() : null,
    actions: changeable ? ['cancel', 'move'] : [],
  };
}

/** The patient reads their booking (`GET /api/bookings/:reference`); nothing is written. */
export async function readOwnAppointment(
  db: Db,
  link: ManageLinkRequest,
  now = new Date(),
): Promise<ManagedBooking> {
  const { appointment } = await linkedRecord(db, link, now);
  return managedBookingOf(db, appointment.id, now);
}

/**
 * The notice and the state, checked with the appointment's row locked (`now` as the request saw it): an appointment
 * that will take place, more than the notice before its start.
 */
const inTime = (now: Date) => async (tx: Db, appointment: Appointment) => {
  if (!upcoming(appointment.status)) throw conflict(manageBookingTexts.notChangeable);
  const slot = appointment.slotId ? await findSlot(tx, appointment.slotId) : undefined;
  if (!slot || now >= changeUntil(slot)) throw conflict(manageBookingTexts.noticePassed);
};

const ENDED: readonly Appointment['status'][] = ['cancelled', 'refunded'];

/**
 * The patient cancels their appointment (`POST /api/bookings/:reference/cancel`) more than the notice before its
 * start: a paid one is refunded in full through the provider (the refund's path: the time freed, the patient and the
 * clinic e-mailed); a booked one (booked by staff, paid at the clinic) is cancelled (the time freed, both e-mailed).
 * Cancelling again answers that it is already cancelled and does nothing more; of two at once, one refunds and the
 * other is told it is already cancelled, or that the cancellation is being made (while the provider refunds).
 */
export async function cancelOwnAppointment(
  context: AppointmentContext,
  link: ManageLinkRequest,
  actor: Actor,
  now = new Date(),
): Promise<ManageActionResponse> {
  const { db, settings } = context;
  const { appointment } = await linkedRecord(db, link, now);
  const answer = async (message: string) => ({
    booking: await managedBookingOf(db, appointment.id, now),
    message,
  });
  if (ENDED.includes(appointment.status)) return answer(manageBookingTexts.alreadyCancelled);
  const check = inTime(now);
  try {
    if (appointment.status === 'paid') {
      await refundAppointment(context, appointment.id, { actor, reason: 'patient', check });
      return answer(manageBookingTexts.cancelledRefunded);
    }
    await cancelAppointment(db, appointment.id, { actor, check, byPatient: { settings } });
    return answer(manageBookingTexts.cancelled);
  } catch (error) {
    if (!(error instanceof DomainError) || error.message === manageBookingTexts.noticePassed) throw error;
    if (error.kind === 'provider_failure') throw providerFailure(manageBookingTexts.refundFailed);
    // Refused for the state it was in by then: another cancel of it came first, or a payment is under way.
    const record = await findAppointmentRecord(db, appointment.id);
    if (record && ENDED.includes(record.appointment.status)) {
      return answer(manageBookingTexts.alreadyCancelled);
    }
    const payments = await paymentsOfAppointment(db, appointment.id);
    if (payments.some((payment) => payment.status === 'refunding')) {
      throw conflict(manageBookingTexts.cancelInProgress);
    }
    if (payments.some((payment) => PAYMENT_UNDER_WAY.includes(payment.status))) {
      throw conflict(manageBookingTexts.paymentInProgress);
    }
    throw error.message === manageBookingTexts.notChangeable
      ? error
      : conflict(manageBookingTexts.notChangeable);
  }
}

/** Payments being taken or given back: the appointment is not changed meanwhile. */
const PAYMENT_UNDER_WAY: readonly PaymentStatus[] = ['processing', 'requires_action', 'refunding'];

const onSession = (message: string) => fieldError('session_id', message);

/**
 * The patient moves their appointment (`POST /api/bookings/:reference/move`) more than the notice before its start,
 * to a free future time of the same kind, age and price that they hold (X-Hold-Token, as a visitor holds a time to
 * book it). In one transaction: the new time booked (only while their hold has it, or no one else does), the old one
 * freed, the appointment moved with its calendar invite one version on, the audit entry, the patient's new
 * confirmation (the same UID, a higher SEQUENCE, and their link again) and the clinic's notice. Moving to the time it
 * already has answers so and changes nothing.
 */
export async function moveOwnAppointment(
  context: AppointmentContext,
  link: ManageLinkRequest,
  target: { sessionId: number; holdTokenHash: string | undefined },
  actor: Actor,
  now = new Date(),
): Promise<ManageActionResponse> {
  const { db, settings } = context;
  const { appointment, slot: current } = await linkedRecord(db, link, now);
  const answer = async (message: string) => ({
    booking: await managedBookingOf(db, appointment.id, now),
    message,
  });
  if (appointment.slotId === target.sessionId && upcoming(appointment.status)) {
    return answer(manageBookingTexts.alreadyThere);
  }
  await inTime(now)(db, appointment);
  const next = await findSlot(db, target.sessionId);
  if (!next) throw refused(slotTexts.notFound, onSession(slotTexts.notFound));
  checkNewTime({ appointment, current }, next, now);
  if (!target.holdTokenHash || !(await findHeldSlot(db, next.id, target.holdTokenHash))) {
    throw conflict(manageBookingTexts.holdMissing, onSession(manageBookingTexts.holdMissing));
  }
  const holdTokenHash = target.holdTokenHash;

  await db.transaction(async (tx) => {
    const locked = await lockAppointment(tx, appointment.id);
    if (!locked) throw linkNotFound();
    await inTime(now)(tx, locked);
    if (!allowsMove('reschedule', locked.status)) throw conflict(manageBookingTexts.notChangeable);
    const payments = await paymentsOfAppointment(tx, locked.id);
    if (payments.some((payment) => PAYMENT_UNDER_WAY.includes(payment.status))) {
      throw conflict(manageBookingTexts.paymentInProgress);
    }
    const record = await findAppointmentRecord(tx, locked.id);
    const booked = await bookSlot(tx, next.id, holdTokenHash);
    if (!booked) throw conflict(manageBookingTexts.holdMissing, onSession(manageBookingTexts.holdMissing));
    checkNewTime({ appointment: locked, current: record?.slot ?? current }, booked, now);
    const freed = locked.slotId ? await freeBookedSlot(tx, locked.slotId) : undefined;
    const moved = await moveAppointment(tx, locked.id, 'reschedule', { slotId: booked.id, newInvite: true });
    if (!moved) throw conflict(manageBookingTexts.notChangeable);
    await auditChange(tx, actor, 'update', 'appointment', locked.id, {
      slot_id: { from: locked.slotId, to: booked.id },
      slot_freed: Boolean(freed),
      calendar_sequence: moved.calendarSequence,
      by: 'patient',
    });
    const after = { appointment: moved, patient: record?.patient ?? null, slot: booked };
    const previous = record?.slot ?? null;
    const url =
      link.token && manageLinkUrl(settings.publicUrl, { reference: link.reference, token: link.token });
    const email = await movedEmailOf(after, previous, url);
    if (email) await queueEmail(tx, email);
    const notice = clinicChangeEmailOf(after, { kind: 'moved', previous }, settings);
    if (notice) await queueEmail(tx, notice);
  });
  return answer(manageBookingTexts.moved);
}

/**
 * The new time must be of the appointment's kind and age (as its current time), not started, and cost what the
 * appointment cost.
 */
function checkNewTime(was: { appointment: Appointment; current: Slot }, next: Slot, now: Date): void {
  const { appointment, current } = was;
  if (next.isVideoCall !== current.isVideoCall || next.isAdult !== current.isAdult) {
    throw refused(manageBookingTexts.otherKind, onSession(manageBookingTexts.otherKind));
  }
  if (next.startsAt <= now) throw refused(manageBookingTexts.started, onSession(manageBookingTexts.started));
  if (next.priceCents !== appointment.priceCents) {
    const message = manageBookingTexts.otherPrice(
      formatEuro(next.priceCents / 100),
      formatEuro(appointment.priceCents / 100),
    );
    throw conflict(message, onSession(message));
  }
}
