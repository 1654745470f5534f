import { type AppointmentStatus, allowsMove } from '../../../../shared/appointment-states';
import { appointmentTexts } from '../../../../shared/appointments';
import { deskPaymentMethods, isUnderWay } from '../../../../shared/payment-states';
import type { AppConfig } from '../../../config';
import type { Db } from '../../../db/database';
import { DESK_PROVIDER, type Payment } from '../../../db/schema';
import { conflict, notFound, refused } from '../../../domain-errors';
import { type Actor, auditChange } from '../../audit/audit-log';
import { queueEmail } from '../../email/outbox-repository';
import { paymentsOfAppointment } from '../../payments/payment-repository';
import { freeBookedSlot, releaseHolds } from '../../slots/slot-repository';
import { type AppointmentRecord, lockAppointmentRecord, moveAppointment } from '../appointment-repository';
import { cancelledEmailOf, clinicChangeEmailOf } from '../emails/appointment-emails';
import { releaseMoveHolds } from '../move-holds';

/**
 * The money a cancelled appointment keeps: its card payment that succeeded, and what its payments taken at the desk
 * still hold (their amounts less what went back), with how they were taken.
 */
function keptPaymentsOf(payments: readonly Payment[]) {
  const standing = payments.filter((payment) => payment.status === 'succeeded');
  const online = standing.find((payment) => payment.provider !== DESK_PROVIDER);
  const desk = standing.filter((payment) => payment.provider === DESK_PROVIDER);
  const cents = desk.reduce((sum, payment) => sum + payment.amountCents - payment.refundedCents, 0);
  const methods = deskPaymentMethods.filter((method) => desk.some((payment) => payment.method === method));
  return {
    online,
    atClinic: cents > 0 ? { cents, methods, ids: desk.map((payment) => payment.id) } : undefined,
  };
}

/** Who cancels an appointment, and what else must hold. */
export interface CancelRequest {
  actor: Actor;
  /** Staff decided on the state they saw: a booking paid (or moved on) since is refused (409) for them to look again. */
  seenStatus?: AppointmentStatus;
  /** The caller's own rule, checked with the appointment's row locked, before anything changes: throws to refuse. */
  check?: (record: AppointmentRecord) => void;
  /** The patient cancels it from their booking link: the clinic is told too. */
  byPatient?: { settings: Pick<AppConfig, 'publicUrl' | 'clinicEmail'> };
}

/**
 * The `cancel` move, in one transaction: staff delete an appointment (it leaves the list and is kept as cancelled),
 * or its patient cancels a booking they did not pay online. A held one (a visitor's booking being made) has its
 * visitor's hold released; a booked or paid one frees its slot if the slot has not started, and its patient is
 * e-mailed (with the invite marked cancelled) if it had not started. A paid one keeps its payment: no money is
 * returned (the `refund` move returns it). Money taken at the desk cannot go back online: the patient is told what
 * becomes of it, and when they cancelled it themselves (in time) the clinic's notice says what to give back; staff
 * refund it from the cancelled appointment. Refused while a payment of it is being taken or given back (409).
 */
export async function cancelAppointment(
  db: Db,
  appointmentId: number,
  request: CancelRequest,
): Promise<void> {
  const { actor, seenStatus, byPatient } = request;
  await db.transaction(async (tx) => {
    const record = await lockAppointmentRecord(tx, appointmentId);
    if (!record) throw notFound(appointmentTexts.notFound);
    const { appointment, patient, slot } = record;
    if (seenStatus && appointment.status !== seenStatus) {
      throw conflict('appointment_changed', appointmentTexts.changedMeanwhile);
    }
    request.check?.(record);
    if (!allowsMove('cancel', appointment.status)) {
      throw refused('appointment_not_cancellable', appointmentTexts.notCancellable);
    }
    const payments = await paymentsOfAppointment(tx, appointmentId);
    if (payments.some((payment) => isUnderWay(payment.status))) {
      throw conflict('payment_in_progress', appointmentTexts.paymentInProgress);
    }
    const held = appointment.status === 'held';
    const tellsPatient = !held && slot !== null && slot.startsAt > new Date();
    // A booked or paid one's calendar invite is superseded by the cancelled one (a held one never had one).
    const moved = await moveAppointment(tx, appointmentId, 'cancel', { newInvite: !held });
    if (!moved) throw refused('appointment_not_cancellable', appointmentTexts.notCancellable);
    const released =
      held && appointment.slotId && appointment.holdTokenHash
        ? await releaseHolds(tx, appointment.holdTokenHash, { id: appointment.slotId })
        : [];
    const freed =
      !held && appointment.slotId ? await freeBookedSlot(tx, appointment.slotId, 'cancel') : undefined;
    // A time its patient held to move it to is let go with it (a held one has no booking link to hold one by).
    const moveHoldsReleased = held ? [] : await releaseMoveHolds(tx, appointmentId);
    const kept = keptPaymentsOf(payments);
    await auditChange(tx, actor, 'update', 'appointment', appointmentId, {
      status: { from: appointment.status, to: moved.status },
      slot_id: appointment.slotId,
      ...(held ? { hold_released: released.length > 0 } : { slot_freed: Boolean(freed) }),
      ...(moveHoldsReleased.length > 0 ? { move_holds_released: moveHoldsReleased } : {}),
      ...(kept.online ? { payment_kept: kept.online.id } : {}),
      ...(kept.atClinic
        ? { payments_kept: kept.atClinic.ids, held_at_clinic_cents: kept.atClinic.cents }
        : {}),
      ...(byPatient ? { by: 'patient' } : {}),
    });
    if (tellsPatient) {
      const email = await cancelledEmailOf(
        { appointment: moved, patient, slot },
        kept.online ? { online: kept.online } : kept.atClinic ? { atClinic: kept.atClinic } : undefined,
        Boolean(byPatient),
      );
      if (email) await queueEmail(tx, email);
    }
    if (byPatient) {
      const notice = clinicChangeEmailOf(
        { appointment: moved, patient, slot },
        { kind: 'cancelled', ...(kept.atClinic ? { heldAtClinic: kept.atClinic } : {}) },
        byPatient.settings,
      );
      if (notice) await queueEmail(tx, notice);
    }
  });
}
