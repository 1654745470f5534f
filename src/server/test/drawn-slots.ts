import fc from 'fast-check';
import type { SlotValues } from '../modules/slots/slot-repository';

/**
 * Slots drawn by fast-check for the overlap properties (slot-overlap*.property.test.ts), and the reference they are
 * held to: two slots of the same kind (adult or child, video or not) overlap when they share a minute, a slot
 * holding the minutes from its start to before its end. Times are drawn in a few hours of one day, so overlaps,
 * touching slots and equal ones all come up.
 */

export const MINUTE_MS = 60_000;
export const WINDOW_START = Date.parse('2031-05-14T08:00:00Z');

export interface DrawnSlot {
  /** Minutes after WINDOW_START. */
  start: number;
  length: number;
  isAdult: boolean;
  isVideoCall: boolean;
}

export const slotArb: fc.Arbitrary<DrawnSlot> = fc.record({
  start: fc.integer({ min: 0, max: 48 }).map((step) => step * 5),
  length: fc.integer({ min: 1, max: 18 }).map((step) => step * 5),
  isAdult: fc.boolean(),
  isVideoCall: fc.boolean(),
});

export const valuesOf = (slot: DrawnSlot): SlotValues => ({
  startsAt: new Date(WINDOW_START + slot.start * MINUTE_MS),
  endsAt: new Date(WINDOW_START + (slot.start + slot.length) * MINUTE_MS),
  priceCents: 18_000,
  isAdult: slot.isAdult,
  isVideoCall: slot.isVideoCall,
  location: slot.isVideoCall ? null : 'adult_1',
});

/** The reference: the same kind, and a minute both hold. */
export function overlap(a: DrawnSlot, b: DrawnSlot): boolean {
  if (a.isAdult !== b.isAdult || a.isVideoCall !== b.isVideoCall) return false;
  const minutes = new Set(Array.from({ length: a.length }, (_, index) => a.start + index));
  return Array.from({ length: b.length }, (_, index) => b.start + index).some((minute) =>
    minutes.has(minute),
  );
}
