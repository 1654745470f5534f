import { describe, expect, it } from 'vitest';
import { RefusedSenders } from './refused-senders';

describe('the senders refused today', () => {
  it('answers true once per sender in a clinic day, and again once the day turns', () => {
    let now = new Date('2031-03-10T10:00:00Z');
    const senders = new RefusedSenders(() => now);
    expect(senders.firstToday('10.0.0.1')).toBe(true);
    expect(senders.firstToday('10.0.0.1')).toBe(false);
    expect(senders.firstToday('10.0.0.2')).toBe(true);
    // 23:30 in Dublin (summer time, UTC+1) is still the same clinic day; 00:30 is the next.
    now = new Date('2031-07-10T22:30:00Z');
    expect(senders.firstToday('10.0.0.1')).toBe(true);
    now = new Date('2031-07-10T22:59:00Z');
    expect(senders.firstToday('10.0.0.1')).toBe(false);
    now = new Date('2031-07-10T23:30:00Z');
    expect(senders.firstToday('10.0.0.1')).toBe(true);
  });

  it('past its capacity in a day, counts each refusal rather than hide one', () => {
    const senders = new RefusedSenders(() => new Date('2031-03-10T10:00:00Z'), 2);
    expect(senders.firstToday('a')).toBe(true);
    expect(senders.firstToday('b')).toBe(true);
    expect(senders.firstToday('c')).toBe(true);
    expect(senders.firstToday('c')).toBe(true);
    expect(senders.firstToday('a')).toBe(false);
  });
});
