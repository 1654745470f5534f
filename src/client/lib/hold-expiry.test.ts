import { describe, expect, it } from 'vitest';
import { holdMsLeft, holdSecondsLeft } from './hold-expiry';

describe('the time left on a hold', () => {
  const end = '2026-11-23T19:15:00.000Z';
  const at = (iso: string) => Date.parse(iso);

  it('counts the milliseconds to its end, and 0 after it', () => {
    expect(holdMsLeft(end, at('2026-11-23T19:00:00.000Z'))).toBe(15 * 60_000);
    expect(holdMsLeft(end, at('2026-11-23T19:15:00.000Z'))).toBe(0);
    expect(holdMsLeft(end, at('2026-11-23T19:20:00.000Z'))).toBe(0);
  });

  it('rounds the seconds up, so the last fraction of a second still shows', () => {
    expect(holdSecondsLeft(end, at('2026-11-23T19:14:59.800Z'))).toBe(1);
    expect(holdSecondsLeft(end, at('2026-11-23T19:13:59.000Z'))).toBe(61);
    expect(holdSecondsLeft(end, at('2026-11-23T19:15:00.000Z'))).toBe(0);
    expect(holdSecondsLeft(end, at('2026-11-23T19:16:00.000Z'))).toBe(0);
  });
});
