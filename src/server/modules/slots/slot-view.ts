import { clinic, formatAddress } from '../../../shared/clinic';
import type { PublicSession, Session } from '../../../shared/slots';
import type { Slot } from '../../db/schema';
import { clinicWallClock } from './clinic-time';

/** A slot as the API answers it (a "session"). */
export function sessionAnswer(row: Slot): Session {
  const start = clinicWallClock(row.startsAt);
  const location = row.isVideoCall ? null : (row.location ?? null);
  return {
    id: row.id,
    data: start.data,
    start_time: start.time,
    end_time: clinicWallClock(row.endsAt).time,
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

/**
 * A slot as a visitor sees it: booked, held by them, or available (someone else's hold is not shown as
 * such, and a lapsed hold not yet released by the job already counts as available).
 */
export function publicSessionAnswer(row: Slot, holdTokenHash?: string): PublicSession {
  const heldByYou = row.status === 'pending' && !!holdTokenHash && row.holdTokenHash === holdTokenHash;
  const status = row.status === 'booked' ? 'booked' : heldByYou ? 'pending' : 'available';
  return { ...sessionAnswer(row), status, held_by_you: heldByYou };
}
