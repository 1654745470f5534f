import { describe, expect, it } from 'vitest';
import { clock } from './hold-countdown';

describe("the hold's countdown", () => {
  it('counts minutes and seconds within the hour', () => {
    expect(clock(1800)).toBe('30:00');
    expect(clock(61)).toBe('1:01');
    expect(clock(0)).toBe('0:00');
  });

  it('counts hours and minutes from an hour (an offer made at night, held until the morning)', () => {
    expect(clock(3600)).toBe('1 h 0 min');
    expect(clock(328 * 60 + 48)).toBe('5 h 28 min');
  });
});
