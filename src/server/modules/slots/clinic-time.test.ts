import { describe, expect, it } from 'vitest';
import { clinicDateTime, clinicMonthRange, clinicWallClock } from './clinic-time';

/** The clinic's wall clock as Intl reads it, every field looked up for the instant itself. */
const intlParts = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Europe/Dublin',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});
function expected(instant: Date) {
  const parts = intlParts.formatToParts(instant);
  const part = (type: string) => parts.find((p) => p.type === type)?.value;
  return `${part('day')}/${part('month')}/${part('year')} ${part('hour')}:${part('minute')}`;
}

describe('clinicWallClock', () => {
  it('reads Irish time on both sides of each daylight-saving change, to the minute', () => {
    // The changes of 2025 (30 March, 26 October, at 01:00 UTC), a minute at a time for two hours round each.
    for (const change of [Date.UTC(2025, 2, 30, 1), Date.UTC(2025, 9, 26, 1)]) {
      for (let ms = change - 3_600_000; ms <= change + 3_600_000; ms += 60_000) {
        expect(clinicDateTime(new Date(ms)), new Date(ms).toISOString()).toBe(expected(new Date(ms)));
      }
    }
    expect(clinicWallClock(new Date('2025-03-30T00:59:00Z'))).toEqual({
      isoDay: '2025-03-30',
      data: '30/03/2025',
      time: '00:59',
    });
    expect(clinicWallClock(new Date('2025-03-30T01:00:00Z')).time).toBe('02:00');
    expect(clinicWallClock(new Date('2025-10-26T00:59:00Z')).time).toBe('01:59');
    expect(clinicWallClock(new Date('2025-10-26T01:00:00Z')).time).toBe('01:00');
  });

  it('agrees with Intl over years of instants, before and after the day cache has them', () => {
    for (let pass = 0; pass < 2; pass++) {
      for (
        let ms = Date.UTC(2019, 0, 1, 0, 7);
        ms < Date.UTC(2027, 0, 1);
        ms += 7 * 3_600_000 + 13 * 60_000
      ) {
        expect(clinicDateTime(new Date(ms)), new Date(ms).toISOString()).toBe(expected(new Date(ms)));
      }
    }
  });
});

describe('clinicMonthRange', () => {
  it('runs from midnight of the first to midnight of the next first, in Irish time', () => {
    // October 2027 starts in summer time (UTC+1) and ends in winter time (UTC+0).
    expect(clinicMonthRange('2027-10-15')).toEqual({
      from: new Date('2027-09-30T23:00:00Z'),
      to: new Date('2027-11-01T00:00:00Z'),
    });
    expect(clinicMonthRange('2027-10-01', -1)).toEqual({
      from: new Date('2027-08-31T23:00:00Z'),
      to: new Date('2027-09-30T23:00:00Z'),
    });
    // Across a year: January's last month is December; March ends in summer time.
    expect(clinicMonthRange('2027-01-31', -1)).toEqual({
      from: new Date('2026-12-01T00:00:00Z'),
      to: new Date('2027-01-01T00:00:00Z'),
    });
    expect(clinicMonthRange('2027-02-28', 1)).toEqual({
      from: new Date('2027-03-01T00:00:00Z'),
      to: new Date('2027-03-31T23:00:00Z'),
    });
  });
});
