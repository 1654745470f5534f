import { setSlotStatus } from '../../shared/api/slot-admin-endpoints';
import { callEndpoint } from './api-client';
import { readSessionValue, removeSessionValue, writeSessionValue } from './session-store';

/**
 * Which times this tab holds for booking on a patient's behalf, in the tab's session storage (`held:<slotId>`):
 * the booking screen gives back on leaving only a hold this tab made, never one another staff member (or another
 * tab) is holding. It survives a reload of the tab, which must keep (or hold again) its own time.
 */
const keyOf = (slotId: number) => `held:${slotId}`;

/** This tab has just held the time (before it opens the booking screen). */
function markHeldHere(slotId: number): void {
  writeSessionValue(keyOf(slotId), true);
}

export function isHeldHere(slotId: number): boolean {
  return readSessionValue(keyOf(slotId)) === true;
}

/** The hold is given back, or booked: no longer this tab's to keep. */
export function forgetHeldHere(slotId: number): void {
  removeSessionValue(keyOf(slotId));
}

/** Holds a free time for staff to book it for a patient (`status: pending`), marked as this tab's to give back. */
export async function holdForPatient(slotId: number) {
  const held = await callEndpoint(setSlotStatus, {
    params: { id: slotId },
    json: { session: { status: 'pending' } },
  });
  markHeldHere(slotId);
  return held;
}

/** Gives back a time staff held (`status: available`): no longer this tab's to keep. */
export async function releaseStaffHold(slotId: number) {
  const released = await callEndpoint(setSlotStatus, {
    params: { id: slotId },
    json: { session: { status: 'available' } },
  });
  forgetHeldHere(slotId);
  return released;
}
