import { describe, expect, it } from 'vitest';
import { isStillToCome } from './still-to-come';

const now = Date.UTC(2026, 11, 1, 12);
const later = new Date(now + 8 * 24 * 3_600_000);
const earlier = new Date(now - 3_600_000);

describe('isStillToCome (what keeps a patient from being erased)', () => {
  it('is a booked or paid appointment whose time has not started', () => {
    for (const status of ['booked', 'paid']) {
      expect(isStillToCome({ status, slotId: 7, startsAt: later }, now), status).toBe(true);
      expect(isStillToCome({ status, slotId: 7, startsAt: earlier }, now), status).toBe(false);
    }
  });

  it('is never one that will not take place, whatever its time', () => {
    for (const status of ['held', 'cancelled', 'refunded', 'attended', 'no_show']) {
      expect(isStillToCome({ status, slotId: 7, startsAt: later }, now), status).toBe(false);
      expect(isStillToCome({ status, slotId: 7, startsAt: null }, now), status).toBe(false);
    }
  });

  it('counts a booked or paid one whose slot is named but whose start could not be read as to come, not as past', () => {
    expect(isStillToCome({ status: 'paid', slotId: 7, startsAt: null }, now)).toBe(true);
    expect(isStillToCome({ status: 'booked', slotId: 7, startsAt: null }, now)).toBe(true);
  });

  it('is not one without a time (its slot deleted)', () => {
    expect(isStillToCome({ status: 'paid', slotId: null, startsAt: null }, now)).toBe(false);
  });
});
