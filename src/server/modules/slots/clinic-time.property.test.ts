import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  AUTUMN_DAYS,
  clinicWallAsUtc,
  DAY_MS,
  HOUR_MS,
  isSummerTime,
  MINUTE_MS,
  SPRING_DAYS,
} from '../../../shared/summer-time-reference';
import { clinicDayRange, clinicMidnight, clinicMonthRange, clinicWallClock } from './clinic-time';

/*
 * The server's clinic time (Europe/Dublin) over every change of the clocks from 2026 to 2036, against the EU
 * rule's reference (shared/summer-time-reference.ts). Instants are drawn in any order,
 * so `clinicWallClock`'s cache of each day's offset is read cold and warm. A failure prints fast-check's seed
 * and path; pass them to `fc.assert(…, { seed, path })` to replay it.
 */

const CHANGES = [...SPRING_DAYS, ...AUTUMN_DAYS].map((day) => Date.parse(`${day}T01:00:00Z`));

const pad = (value: number) => String(value).padStart(2, '0');
function referenceClock(ms: number) {
  const local = clinicWallAsUtc(ms);
  const isoDay = local.toISOString().slice(0, 10);
  return {
    isoDay,
    data: isoDay.split('-').reverse().join('/'),
    time: `${pad(local.getUTCHours())}:${pad(local.getUTCMinutes())}`,
  };
}

const nearChange = fc
  .tuple(
    fc.constantFrom(...CHANGES),
    fc.integer({ min: -26 * 60, max: 26 * 60 }),
    fc.integer({ min: 0, max: 59 }),
  )
  .map(([change, minutes, seconds]) => change + minutes * MINUTE_MS + seconds * 1000);
const anyInstant = fc.integer({ min: Date.UTC(2026, 0, 1), max: Date.UTC(2037, 0, 1) - 1 });
const anyDay = fc
  .integer({ min: Date.UTC(2026, 0, 1) / DAY_MS, max: Date.UTC(2036, 11, 31) / DAY_MS })
  .map((n) => new Date(n * DAY_MS).toISOString().slice(0, 10));
const changeDay = fc.constantFrom(...SPRING_DAYS, ...AUTUMN_DAYS);

describe("an instant's clinic wall clock", () => {
  it('is the reference’s, near every change and anywhere, in any order', () => {
    fc.assert(
      fc.property(fc.array(fc.oneof(nearChange, anyInstant), { minLength: 1, maxLength: 20 }), (instants) => {
        for (const ms of instants) {
          expect(clinicWallClock(new Date(ms)), new Date(ms).toISOString()).toEqual(referenceClock(ms));
        }
      }),
      { numRuns: 300 },
    );
  });
});

describe('a clinic day', () => {
  it('starts at its own midnight on the wall clock and lasts 23, 24 or 25 hours', () => {
    fc.assert(
      fc.property(fc.oneof(anyDay, changeDay), (day) => {
        const { from, to } = clinicDayRange(day);
        expect(clinicWallClock(from)).toMatchObject({ isoDay: day, time: '00:00' });
        expect(clinicWallClock(new Date(from.getTime() - MINUTE_MS)).isoDay < day).toBe(true);
        expect(to).toEqual(clinicMidnight(day, 1));
        expect(clinicWallClock(to).time).toBe('00:00');
        const hours = (to.getTime() - from.getTime()) / HOUR_MS;
        expect(hours).toBe(SPRING_DAYS.includes(day) ? 23 : AUTUMN_DAYS.includes(day) ? 25 : 24);
        // Every minute of the range is on that day, and none outside it.
        const inside =
          from.getTime() + Math.floor(((to.getTime() - from.getTime()) * 0.999) / MINUTE_MS) * MINUTE_MS;
        expect(clinicWallClock(new Date(inside)).isoDay).toBe(day);
        expect(clinicWallClock(to).isoDay > day).toBe(true);
      }),
      { numRuns: 500 },
    );
  });

  it('range of several days is its first midnight to the midnight after its last', () => {
    fc.assert(
      fc.property(anyDay, fc.integer({ min: 0, max: 62 }), (day, days) => {
        const last = new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
        const range = clinicDayRange(day, last);
        expect(range.from).toEqual(clinicMidnight(day));
        expect(range.to).toEqual(clinicMidnight(last, 1));
        const changesInside = CHANGES.filter((ms) => ms >= range.from.getTime() && ms < range.to.getTime());
        const extraHours = changesInside.reduce((sum, ms) => sum + (isSummerTime(ms) ? -1 : 1), 0);
        expect(range.to.getTime() - range.from.getTime()).toBe((days + 1) * DAY_MS + extraHours * HOUR_MS);
      }),
      { numRuns: 300 },
    );
  });
});

describe('a clinic month', () => {
  it('runs from midnight of its first day to midnight of the next month’s first day', () => {
    fc.assert(
      fc.property(anyDay, fc.integer({ min: -13, max: 13 }), (day, addMonths) => {
        const { from, to } = clinicMonthRange(day, addMonths);
        const [year, month] = day.split('-').map(Number) as [number, number];
        const first = new Date(Date.UTC(year, month - 1 + addMonths, 1)).toISOString().slice(0, 10);
        const next = new Date(Date.UTC(year, month + addMonths, 1)).toISOString().slice(0, 10);
        expect(from).toEqual(clinicMidnight(first));
        expect(to).toEqual(clinicMidnight(next));
        expect(clinicWallClock(from)).toMatchObject({ isoDay: first, time: '00:00' });
      }),
      { numRuns: 300 },
    );
  });
});
