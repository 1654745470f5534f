import { allowsMove } from '../../../../shared/appointment-states';
import { appointmentTexts } from '../../../../shared/appointments';
import { bookingTexts } from '../../../../shared/booking';
import { patientTexts } from '../../../../shared/patients';
import { isUnderWay } from '../../../../shared/payment-states';
import { slotTexts } from '../../../../shared/slots';
import type { AppConfig } from '../../../config';
import type { Db } from '../../../db/database';
import type { Appointment, Patient, Slot } from '../../../db/schema';
import { conflict, notFound, refused } from '../../../domain-errors';
import { type Actor, auditChange } from '../../audit/audit-log';
import { queueEmail } from '../../email/outbox-repository';
import { paymentsOfAppointment } from '../../payments/payment-repository';
import {
  bookSlot,
  bookSlotForStaff,
  findHeldSlot,
  findSlot,
  freeBookedSlot,
} from '../../slots/slot-repository';
import { type AppointmentRecord, lockAppointmentRecord, moveAppointment } from '../appointment-repository';
import { queueAppointmentText } from '../appointment-texts';
import { clinicChangeEmailOf, movedEmailOf } from '../emails/appointment-emails';
import { isMoveHolder, moveHoldsOf } from '../move-holds';
import { kindOf, onNewTime, whyNotMovableTo } from './new-time';

export interface RescheduleRequest {
  actor: Actor;
  /** The new time. */
  slotId: number;
  /**
   * How the new time is taken: staff take one they may book (available, held by staff, or a visitor's lapsed hold);
   * a patient the one their hold token holds (as a visitor holds a time to book it).
   */
  taking: { by: 'staff' } | { by: 'hold'; holdTokenHash: string | undefined };
  /** The caller's own rule, checked first with the appointment's row locked: throws to refuse. */
  check?: (record: AppointmentRecord) => void;
  /** The caller's own rule about the new time, once it is known to be of the kind and not started (the price). */
  checkNewTime?: (appointment: Appointment, next: Slot) => void;
  /**
   * Done in the same transaction once the appointment is moved (staff's edits of the patient in the same save):
   * answers the patient as it is then, and what the audit entry names of the edits.
   */
  alongside?: (
    tx: Db,
    record: AppointmentRecord & { patient: Patient },
  ) => Promise<{
    patient: Patient;
    audit: Record<string, unknown>;
  }>;
  /** The patient moves it from their booking link: their e-mail carries the link again, and the clinic is told. */
  byPatient?: { manageUrl: string | undefined; settings: Pick<AppConfig, 'publicUrl' | 'clinicEmail'> };
  /** The site's address, for the link of the text of the new time (a patient who agreed to texts is texted too). */
  publicUrl?: string;
}

/**
 * The `reschedule` move, in one transaction: a booked or paid appointment (not while a payment of it is being taken
 * or given back, nor once its patient's data was erased) moves to another free future time of the same kind and age;
 * the new time is booked, the old one freed if it has not started, the calendar invite counted one version on, the
 * audit entry written, and the patient e-mailed the new time with the invite of the same UID and the new SEQUENCE,
 * so their calendar moves the event. Staff and the patient make it alike; each adds only their own rule.
 */
export async function rescheduleAppointment(
  db: Db,
  appointmentId: number,
  request: RescheduleRequest,
): Promise<void> {
  const { actor, taking, byPatient } = request;
  await db.transaction(async (tx) => {
    const record = await lockAppointmentRecord(tx, appointmentId);
    if (!record) throw notFound(appointmentTexts.notFound);
    const { appointment, patient } = record;
    request.check?.(record);
    if (!allowsMove('reschedule', appointment.status)) {
      throw onNewTime(refused, 'appointment_not_movable', appointmentTexts.notMovable);
    }
    if (!patient) throw conflict('patient_erased', patientTexts.erased);
    const next = await findSlot(tx, request.slotId);
    if (!next) throw onNewTime(refused, 'slot_not_found', slotTexts.notFound);
    const refusal = whyNotMovableTo(kindOf(record, patient), next, taking.by);
    if (refusal) throw refusal;
    request.checkNewTime?.(appointment, next);
    const holdTokenHash = taking.by === 'hold' ? taking.holdTokenHash : undefined;
    if (taking.by === 'hold') {
      const held = holdTokenHash ? await findHeldSlot(tx, next.id, holdTokenHash) : undefined;
      // A time held to move another booking is that booking's, not this one's.
      const othersMove =
        isMoveHolder(held?.holdClient ?? null) && held?.holdClient !== moveHoldsOf(appointmentId).key;
      if (!held || othersMove) throw onNewTime(conflict, 'hold_missing', bookingTexts.holdMissing);
    }
    const payments = await paymentsOfAppointment(tx, appointmentId);
    if (payments.some((payment) => isUnderWay(payment.status))) {
      throw conflict('payment_in_progress', appointmentTexts.paymentInProgress);
    }
    const booked = holdTokenHash
      ? await bookSlot(tx, next.id, holdTokenHash)
      : await bookSlotForStaff(tx, next.id);
    if (!booked) {
      throw taking.by === 'staff'
        ? onNewTime(conflict, 'slot_not_free', appointmentTexts.slotNotFree)
        : onNewTime(conflict, 'hold_missing', bookingTexts.holdMissing);
    }
    const freed = appointment.slotId ? await freeBookedSlot(tx, appointment.slotId, 'reschedule') : undefined;
    const moved = await moveAppointment(tx, appointmentId, 'reschedule', {
      slotId: booked.id,
      newInvite: true,
    });
    if (!moved) throw onNewTime(refused, 'appointment_not_movable', appointmentTexts.notMovable);
    const edits = await request.alongside?.(tx, { ...record, patient });
    await auditChange(tx, actor, 'update', 'appointment', appointmentId, {
      ...edits?.audit,
      slot_id: { from: appointment.slotId, to: booked.id },
      slot_freed: Boolean(freed),
      calendar_sequence: moved.calendarSequence,
      ...(byPatient ? { by: 'patient' } : {}),
    });
    const after = { appointment: moved, patient: edits?.patient ?? patient, slot: booked };
    const email = await movedEmailOf(after, record.slot, byPatient?.manageUrl);
    if (email) await queueEmail(tx, email);
    await queueAppointmentText(tx, 'time_changed', after, request.publicUrl ?? byPatient?.settings.publicUrl);
    if (byPatient) {
      const notice = clinicChangeEmailOf(after, { kind: 'moved', previous: record.slot }, byPatient.settings);
      if (notice) await queueEmail(tx, notice);
    }
  });
}
