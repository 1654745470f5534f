import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type AdminSlot, MAX_SLOTS_PER_SAVE } from '../../../shared/slots';
import {
  AUTUMN_DAYS,
  clinicWallAsUtc,
  DAY_MS,
  HOUR_MS,
  MINUTE_MS,
  SPRING_DAYS,
} from '../../../shared/summer-time-reference';
import { clinicDayTime } from '../../lib/clinic-clock';
import { planCopy } from './slot-copy';
import { existsOn, generateDaySlots } from './slot-generation';
import { clinicInstant } from './slot-times';

/*
 * Clinic time (Europe/Dublin) in the browser's slot arithmetic over every change of the clocks from 2026 to
 * 2036, against the EU rule's reference (shared/summer-time-reference.ts).
 * A failure prints fast-check's seed and path; pass them to `fc.assert(…, { seed, path })` to replay it.
 */

const CHANGE_DAYS = [...SPRING_DAYS, ...AUTUMN_DAYS];

/** The reference wall clock: UTC's fields of the instant moved by the offset. */
function referenceWallClock(ms: number): { date: string; minutes: number } {
  const local = clinicWallAsUtc(ms);
  return {
    date: local.toISOString().slice(0, 10),
    minutes: local.getUTCHours() * 60 + local.getUTCMinutes(),
  };
}
/** The instants (0, 1 or 2) whose reference wall clock is `minutes` on `day`. */
function referenceInstants(day: string, minutes: number): number[] {
  const asUtc = Date.parse(`${day}T00:00:00Z`) + minutes * MINUTE_MS;
  return [asUtc - HOUR_MS, asUtc].filter((ms) => {
    const clock = referenceWallClock(ms);
    return clock.date === day && clock.minutes === minutes;
  });
}

const changeDay = fc.constantFrom(...CHANGE_DAYS);
const springDay = fc.constantFrom(...SPRING_DAYS);
const autumnDay = fc.constantFrom(...AUTUMN_DAYS);
/** A change day or one of the days either side of it. */
const dayNearChange = fc
  .tuple(changeDay, fc.integer({ min: -1, max: 1 }))
  .map(([day, shift]) =>
    new Date(Date.parse(`${day}T00:00:00Z`) + shift * DAY_MS).toISOString().slice(0, 10),
  );
const anyMinute = fc.integer({ min: 0, max: 24 * 60 - 1 });
/** The night of the change, where slots cross it: 23:00 the evening before to 04:00. */
const nightMinute = fc.integer({ min: 0, max: 4 * 60 });
const onStep = (minutes: number) => Math.round(minutes / 5) * 5;

describe('the reference agrees with the runtime time-zone data (2026–2036)', () => {
  it('reads every instant around each change as the runtime does', () => {
    fc.assert(
      fc.property(changeDay, fc.integer({ min: -3 * 60, max: 3 * 60 }), (day, offset) => {
        const ms = Date.parse(`${day}T01:00:00Z`) + offset * MINUTE_MS;
        expect(clinicDayTime(new Date(ms))).toEqual(referenceWallClock(ms));
      }),
      { numRuns: 500 },
    );
  });
});

describe('wall clock → instant → wall clock', () => {
  it('round-trips every time that exists on the wall clock, on each change day and the days either side', () => {
    fc.assert(
      fc.property(dayNearChange, anyMinute, (day, minutes) => {
        const exists = referenceInstants(day, minutes).length > 0;
        expect(existsOn(day, minutes)).toBe(exists);
        if (exists) expect(clinicDayTime(clinicInstant(day, minutes))).toEqual({ date: day, minutes });
      }),
      { numRuns: 600 },
    );
  });

  it('reads a time the clocks skip in March as winter time: an hour later on the wall clock (existsOn is false)', () => {
    fc.assert(
      fc.property(springDay, fc.integer({ min: 60, max: 119 }), (day, minutes) => {
        expect(referenceInstants(day, minutes)).toEqual([]);
        expect(existsOn(day, minutes)).toBe(false);
        const instant = clinicInstant(day, minutes);
        expect(Date.parse(instant)).toBe(Date.parse(`${day}T00:00:00Z`) + minutes * MINUTE_MS);
        expect(clinicDayTime(instant)).toEqual({ date: day, minutes: minutes + 60 });
      }),
      { numRuns: 200 },
    );
  });

  it('reads a time that comes twice in October as its second coming, after the clocks go back', () => {
    fc.assert(
      fc.property(autumnDay, fc.integer({ min: 60, max: 119 }), (day, minutes) => {
        const [first, second] = referenceInstants(day, minutes);
        expect(second! - first!).toBe(HOUR_MS);
        expect(Date.parse(clinicInstant(day, minutes))).toBe(second);
        expect(existsOn(day, minutes)).toBe(true);
      }),
      { numRuns: 200 },
    );
  });
});

describe('instant → wall clock → instant', () => {
  it('gives back every minute of 2026–2036 but the first coming of the repeated October hour', () => {
    const start = Date.UTC(2026, 0, 1) / MINUTE_MS;
    const end = Date.UTC(2037, 0, 1) / MINUTE_MS - 1;
    // Half the runs near a change, where it matters; half anywhere.
    const nearChange = fc
      .tuple(changeDay, fc.integer({ min: -3 * 60, max: 3 * 60 }))
      .map(([day, offset]) => Date.parse(`${day}T01:00:00Z`) + offset * MINUTE_MS);
    const anywhere = fc.integer({ min: start, max: end }).map((minute) => minute * MINUTE_MS);
    fc.assert(
      fc.property(fc.oneof(nearChange, anywhere), (ms) => {
        const clock = clinicDayTime(new Date(ms));
        const instants = referenceInstants(clock.date, clock.minutes);
        const back = Date.parse(clinicInstant(clock.date, clock.minutes));
        expect(back).toBe(instants.at(-1));
        if (instants.length === 1) expect(back).toBe(ms);
      }),
      { numRuns: 600 },
    );
  });
});

describe('a clinic day', () => {
  it('lasts 23 hours on the March change day, 25 on the October one and 24 on any other', () => {
    const anyDay = fc
      .integer({ min: Date.UTC(2026, 0, 1) / DAY_MS, max: Date.UTC(2036, 11, 31) / DAY_MS })
      .map((n) => new Date(n * DAY_MS).toISOString().slice(0, 10));
    fc.assert(
      fc.property(fc.oneof(anyDay, changeDay), (day) => {
        const next = new Date(Date.parse(`${day}T00:00:00Z`) + DAY_MS).toISOString().slice(0, 10);
        const hours = (Date.parse(clinicInstant(next, 0)) - Date.parse(clinicInstant(day, 0))) / HOUR_MS;
        expect(hours).toBe(SPRING_DAYS.includes(day) ? 23 : AUTUMN_DAYS.includes(day) ? 25 : 24);
        // Minute 24 × 60 of a day is the next day's midnight.
        expect(clinicInstant(day, 24 * 60)).toBe(clinicInstant(next, 0));
      }),
      { numRuns: 500 },
    );
  });
});

describe('slots on the days the clocks change', () => {
  const now = new Date('2025-12-31T12:00:00Z');

  it("'Fill the day' makes slots that last their length in real minutes, or refuses", () => {
    fc.assert(
      fc.property(
        changeDay,
        nightMinute.map(onStep),
        nightMinute.map(onStep),
        fc.integer({ min: 1, max: 24 }).map((steps) => steps * 5),
        fc.integer({ min: 0, max: 12 }).map((steps) => steps * 5),
        (date, from, to, length, gap) => {
          const result = generateDaySlots({ date, from, to, length, gap }, MAX_SLOTS_PER_SAVE, now);
          if (!result.ok) return;
          for (const slot of result.slots) {
            const real =
              Date.parse(clinicInstant(date, slot.end)) - Date.parse(clinicInstant(date, slot.start));
            expect(real, JSON.stringify({ date, slot })).toBe(length * MINUTE_MS);
            expect(clinicDayTime(clinicInstant(date, slot.start))).toEqual({ date, minutes: slot.start });
            expect(clinicDayTime(clinicInstant(date, slot.end))).toEqual({ date, minutes: slot.end });
          }
        },
      ),
      { numRuns: 500 },
    );
  });

  it('copies a slot to a change day only where it lasts as long as the original', () => {
    const sourceDay = '2026-01-14';
    fc.assert(
      fc.property(
        changeDay,
        nightMinute.map(onStep),
        fc.integer({ min: 1, max: 24 }).map((steps) => steps * 5),
        (day, start, length) => {
          const slot = {
            id: 1,
            starts_at: clinicInstant(sourceDay, start),
            ends_at: clinicInstant(sourceDay, start + length),
            price: 180,
            location: 'adult_1',
            consultant_id: null,
          } as AdminSlot;
          const plan = planCopy([slot], sourceDay, [day], { isAdult: true, isVideoCall: false }, 100, now);
          if (!plan.ok) return;
          const [copy] = plan.body.sessions_create;
          expect(Date.parse(copy!.end_date) - Date.parse(copy!.start_date)).toBe(length * MINUTE_MS);
          expect(clinicDayTime(copy!.start_date)).toEqual({ date: day, minutes: start });
        },
      ),
      { numRuns: 500 },
    );
  });

  it('keeps a daytime slot of a change day at its wall-clock time and length', () => {
    fc.assert(
      fc.property(
        changeDay,
        fc.integer({ min: 6 * 12, max: 20 * 12 }).map((step) => step * 5),
        (date, from) => {
          const result = generateDaySlots(
            { date, from, to: Math.min(from + 120, 23 * 60 + 55), length: 30, gap: 10 },
            MAX_SLOTS_PER_SAVE,
            now,
          );
          if (!result.ok) throw new Error(result.message);
          for (const slot of result.slots) {
            const starts = Date.parse(clinicInstant(date, slot.start));
            expect(starts).toBe(referenceInstants(date, slot.start)[0]);
            expect(Date.parse(clinicInstant(date, slot.end)) - starts).toBe(30 * MINUTE_MS);
          }
        },
      ),
      { numRuns: 300 },
    );
  });
});
