import { describe, expect, it } from 'vitest';
import { onLocalClock } from './booking-hold';

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
