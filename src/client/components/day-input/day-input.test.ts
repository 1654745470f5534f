import { describe, expect, it } from 'vitest';
import { isSettledDay } from './day-input';

describe('isSettledDay', () => {
  it('settles on a four-digit year only, not on one being typed', () => {
    expect(isSettledDay('2026-11-30')).toBe(true);
    for (const passing of ['0002-11-30', '0020-11-30', '0202-11-30', ''])
      expect(isSettledDay(passing)).toBe(false);
  });
});
