import { describe, expect, it } from 'vitest';
import { timeAgo } from './time-ago';

const now = new Date('2026-11-25T12:00:00Z');
const agoIso = (milliseconds: number) => new Date(now.getTime() - milliseconds).toISOString();
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

describe('how long ago', () => {
  it('says minutes, hours and days as a person does, one or many', () => {
    expect(timeAgo(agoIso(20_000), now)).toBe('just now');
    expect(timeAgo(agoIso(MINUTE), now)).toBe('1 minute ago');
    expect(timeAgo(agoIso(59 * MINUTE), now)).toBe('59 minutes ago');
    expect(timeAgo(agoIso(HOUR), now)).toBe('1 hour ago');
    expect(timeAgo(agoIso(23 * HOUR + 59 * MINUTE), now)).toBe('23 hours ago');
    expect(timeAgo(agoIso(DAY), now)).toBe('1 day ago');
    expect(timeAgo(agoIso(3 * DAY + 5 * HOUR), now)).toBe('3 days ago');
    expect(timeAgo(agoIso(13 * DAY), now)).toBe('13 days ago');
  });

  it('says weeks, months and years for older ones', () => {
    expect(timeAgo(agoIso(14 * DAY), now)).toBe('2 weeks ago');
    expect(timeAgo(agoIso(59 * DAY), now)).toBe('8 weeks ago');
    expect(timeAgo(agoIso(60 * DAY), now)).toBe('2 months ago');
    expect(timeAgo(agoIso(364 * DAY), now)).toBe('12 months ago');
    expect(timeAgo(agoIso(365 * DAY), now)).toBe('1 year ago');
    expect(timeAgo(agoIso(800 * DAY), now)).toBe('2 years ago');
  });

  it('says just now for a clock a little ahead, and nothing for no date', () => {
    expect(timeAgo(agoIso(-5 * MINUTE), now)).toBe('just now');
    expect(timeAgo('not a date', now)).toBe('');
  });
});
