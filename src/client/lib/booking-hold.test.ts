import { afterEach, describe, expect, it, vi } from 'vitest';
import { onLocalClock, readHold, type StoredHold, writeHold } from './booking-hold';

describe('onLocalClock', () => {
  it("moves the server's instant by the difference of the two clocks", () => {
    const serverNow = 'Mon, 23 Nov 2026 19:00:00 GMT';
    const localNow = Date.parse('2026-11-23T19:20:00Z'); // this computer is 20 minutes fast
    expect(onLocalClock('2026-11-23T19:15:00.000Z', serverNow, localNow)).toBe('2026-11-23T19:35:00.000Z');
  });

  it("keeps the server's instant without a usable Date header", () => {
    expect(onLocalClock('2026-11-23T19:15:00.000Z', null)).toBe('2026-11-23T19:15:00.000Z');
    expect(onLocalClock('2026-11-23T19:15:00.000Z', 'soon')).toBe('2026-11-23T19:15:00.000Z');
  });
});

describe('readHold', () => {
  const items = new Map<string, string>();
  const hold: StoredHold = {
    token: 'secret',
    slotId: 7,
    expiresAt: '2026-11-23T19:15:00.000Z',
    isVideoCall: false,
    isAdult: true,
    date: '2026-11-23',
    startTime: '19:00',
    endTime: '19:30',
    address: '1 Main Street',
    price: 180,
  };
  const stub = () =>
    vi.stubGlobal('window', {
      sessionStorage: {
        getItem: (key: string) => items.get(key) ?? null,
        setItem: (key: string, value: string) => items.set(key, value),
        removeItem: (key: string) => items.delete(key),
      },
    });
  afterEach(() => {
    items.clear();
    vi.unstubAllGlobals();
  });

  it('gives the stored hold until it lapses, then forgets it', () => {
    stub();
    writeHold(hold);
    expect(readHold(new Date('2026-11-23T19:14:59.999Z'))).toEqual(hold);
    expect(readHold(new Date('2026-11-23T19:15:00.000Z'))).toBeUndefined();
    expect(items.size).toBe(0);
  });

  it('forgets a stored value that is not a hold', () => {
    stub();
    items.set('booking_hold', 'null');
    expect(readHold()).toBeUndefined();
    expect(items.size).toBe(0);
  });
});
