import { clinic, formatAddress } from '../../../shared/clinic';
import type { AdminSlot, HeldSlot, PublicSlot, SlotAnswer } from '../../../shared/slots';
import type { Slot } from '../../db/schema';
import { clinicWallClock } from './clinic-time';
import type { SlotAppointment } from './slot-repository';

/** A slot's day (DD/MM/YYYY) and its start and end (HH:mm), in clinic time, as the API names them. */
export function slotTimes(slot: Pick<Slot, 'startsAt' | 'endsAt'>) {
  const start = clinicWallClock(slot.startsAt);
  return { data: start.data, start_time: start.time, end_time: clinicWallClock(slot.endsAt).time };
}

/** A slot as the API answers it (a "session"). */
export function slotAnswer(row: Slot): SlotAnswer {
  const location = row.isVideoCall ? null : (row.location ?? null);
  return {
    id: row.id,
    ...slotTimes(row),
    starts_at: row.startsAt.toISOString(),
    ends_at: row.endsAt.toISOString(),
    age: row.isAdult ? 'adult' : 'child',
    price: row.priceCents / 100,
    status: row.status,
    is_adult: row.isAdult,
    is_video_call: row.isVideoCall,
    location,
    address: location ? formatAddress(clinic.locations[location]) : null,
  };
}

/** A slot as the back office's booking screen reads it: who holds a pending one, and until when. */
export function heldSlotAnswer(row: Slot): HeldSlot {
  const held = row.status === 'pending';
  return {
    ...slotAnswer(row),
    held_by: held ? (row.holdTokenHash ? 'visitor' : 'staff') : null,
    hold_expires_at: held ? (row.holdExpiresAt?.toISOString() ?? null) : null,
  };
}

/**
 * A slot as a visitor sees it: booked, held by them, or available (someone else's hold is not shown as
 * such, and a lapsed hold not yet released by the job already counts as available).
 */
export function publicSlotAnswer(row: Slot, holdTokenHash?: string): PublicSlot {
  const heldByYou = row.status === 'pending' && !!holdTokenHash && row.holdTokenHash === holdTokenHash;
  const status = row.status === 'booked' ? 'booked' : heldByYou ? 'pending' : 'available';
  return { ...slotAnswer(row), status, held_by_you: heldByYou };
}

/**
 * A slot as staff see it in the day list: a pending one held by a visitor (their hold token) or by staff (none),
 * a booked one with its appointment and patient.
 */
export function adminSlotAnswer(
  row: Slot,
  booking: SlotAppointment | undefined,
  closureReason: string | undefined,
): AdminSlot {
  const name = [booking?.firstName, booking?.lastName].filter(Boolean).join(' ');
  return {
    ...slotAnswer(row),
    held_by: row.status !== 'pending' ? null : row.holdTokenHash ? 'visitor' : 'staff',
    appointment_id: row.status === 'booked' ? (booking?.appointmentId ?? null) : null,
    patient_name: row.status === 'booked' && name ? name : null,
    closure_reason: closureReason ?? null,
    consultant_id: row.consultantId,
  };
}
