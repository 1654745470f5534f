import { appointmentTexts } from '../../../../shared/appointments';
import type { ErrorCode } from '../../../../shared/error-codes';
import type { Patient, Slot } from '../../../db/schema';
import { conflict, type DomainError, fieldError, refused } from '../../../domain-errors';
import { isBookableByStaff, type SlotKind } from '../../slots/slot-repository';
import type { AppointmentRecord } from '../appointment-repository';

/**
 * The rules of a time an appointment is booked into or moved to, shared by the `book` and `reschedule` moves and
 * their callers (who check them early, before a form's files are read; the moves check them again inside their
 * transactions).
 */

/** A refusal about the new time, on the form's `session_id`. */
export const onNewTime = (
  refusal: (code: ErrorCode, message: string, fields: Record<string, string[]>) => DomainError,
  code: ErrorCode,
  message: string,
) => refusal(code, message, fieldError('session_id', message));

/**
 * Why the time cannot be taken now: it has started (422), or, for staff, they may not book it (409: booked, or a
 * visitor holds it). A patient's time is taken through their hold, checked when it is booked.
 */
export function whyNotTakable(
  slot: Slot,
  takenBy: 'staff' | 'hold',
  now = new Date(),
): DomainError | undefined {
  if (slot.startsAt.getTime() <= now.getTime()) {
    return onNewTime(refused, 'slot_started', appointmentTexts.slotStarted);
  }
  if (takenBy === 'staff' && !isBookableByStaff(slot, now)) {
    return onNewTime(conflict, 'slot_not_free', appointmentTexts.slotNotFree);
  }
  return undefined;
}

/**
 * Why the appointment cannot move to `next` now, whoever asks: a time of another kind or age (422), or one that
 * cannot be taken (`whyNotTakable`). Checked before the transaction to refuse early, and again inside it.
 */
export function whyNotMovableTo(
  current: SlotKind,
  next: Slot,
  takenBy: 'staff' | 'hold',
  now = new Date(),
): DomainError | undefined {
  if (next.isAdult !== current.isAdult || next.isVideoCall !== current.isVideoCall) {
    return onNewTime(refused, 'slot_other_kind', appointmentTexts.otherKind);
  }
  return whyNotTakable(next, takenBy, now);
}

/** The kind the appointment keeps: its slot's, or (its slot deleted after a visitor's hold lapsed) an in-person test. */
export const kindOf = (
  record: Pick<AppointmentRecord, 'slot'>,
  patient: Pick<Patient, 'isAdult'>,
): SlotKind => record.slot ?? { isAdult: patient.isAdult, isVideoCall: false };
