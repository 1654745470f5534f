import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MAX_SLOTS_PER_SAVE, slotTexts } from '../../../shared/slots';
import { clinicDayTime } from '../../lib/clinic-clock';
import { newRow, type SlotRow } from './slot-editor-rows';
import { generateDaySlots, generationTexts } from './slot-generation';
import {
  clinicInstant,
  defaultSlotTimes,
  FIRST_SLOT_MINUTES,
  LAST_TIME_MINUTES,
  nextQuarterHour,
  ROUNDING_MINUTES,
  SLOT_GAP_MINUTES,
  SLOT_MINUTES,
  slotRowErrors,
  TIME_STEP_MINUTES,
} from './slot-times';

/*
 * Properties of the slot editor's rules (spec sections 5 and 9: 30-minute slots, a 10-minute gap, the next
 * quarter hour, 5-minute steps, the first slot at 08:00), checked against small reference models written
 * here from the spec rather than from the code. The days are ordinary ones: the days the clocks change have
 * their own file (clinic-time.property.test.ts). A failure prints fast-check's seed and path; pass them to
 * `fc.assert(…, { seed, path })` to replay it.
 */

const RUNS = 200;
const DAY_MS = 86_400_000;

/** Days from 2026 to 2036 on which the clocks do not change (the last Sundays of March and October). */
const isChangeDay = (day: string) => {
  const date = new Date(`${day}T12:00:00Z`);
  const month = date.getUTCMonth();
  if (month !== 2 && month !== 9) return false;
  return date.getUTCDay() === 0 && date.getUTCDate() + 7 > 31;
};
const dayArb = fc
  .integer({ min: Date.UTC(2026, 0, 1) / DAY_MS, max: Date.UTC(2036, 11, 31) / DAY_MS })
  .map((n) => new Date(n * DAY_MS).toISOString().slice(0, 10))
  .filter((day) => !isChangeDay(day));
const nextDay = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + DAY_MS).toISOString().slice(0, 10);

/** A time the pickers offer: 00:00 to 23:55 in 5-minute steps. */
const pickerTime = fc.integer({ min: 0, max: LAST_TIME_MINUTES / TIME_STEP_MINUTES }).map((i) => i * 5);
/** Any minute of the day, on the step or not. */
const anyMinute = fc.integer({ min: 0, max: 24 * 60 - 1 });

/** An instant on `day` at `minutes` (and some seconds) clinic time: what a clock reads while staff edit. */
const nowOn = (day: string, minutes: number, seconds: number) =>
  new Date(Date.parse(clinicInstant(day, minutes)) + seconds * 1000);

/** The reference overlap: two slots share a minute (a slot holds the minutes from its start to before its end). */
function shareAMinute(a: { start: number; end: number }, b: { start: number; end: number }): boolean {
  for (let minute = a.start; minute < a.end; minute += 1) {
    if (minute >= b.start && minute < b.end) return true;
  }
  return false;
}

describe('the default times of a new slot (spec: first at 08:00, 30 minutes, 10 minutes after the last)', () => {
  it('on a day after today: 08:00 first, then 10 minutes after the last end, 30 minutes long, or none past 23:55', () => {
    fc.assert(
      fc.property(dayArb, fc.option(pickerTime, { nil: undefined }), (day, previousEnd) => {
        const now = nowOn('2025-12-31', 12 * 60, 0);
        const start = previousEnd === undefined ? FIRST_SLOT_MINUTES : previousEnd + SLOT_GAP_MINUTES;
        const expected =
          start + SLOT_MINUTES <= LAST_TIME_MINUTES ? { start, end: start + SLOT_MINUTES } : null;
        expect(defaultSlotTimes(day, previousEnd, now)).toEqual(expected);
      }),
      { numRuns: RUNS },
    );
  });

  it('today: never at or before now; the rule’s time while it is ahead, else the next quarter hour', () => {
    fc.assert(
      fc.property(
        dayArb,
        anyMinute,
        fc.integer({ min: 0, max: 59 }),
        fc.option(pickerTime, { nil: undefined }),
        (day, nowMinutes, seconds, previousEnd) => {
          const times = defaultSlotTimes(day, previousEnd, nowOn(day, nowMinutes, seconds));
          const ruled = previousEnd === undefined ? FIRST_SLOT_MINUTES : previousEnd + SLOT_GAP_MINUTES;
          const start = ruled > nowMinutes ? ruled : nextQuarterHour(nowMinutes);
          if (start + SLOT_MINUTES > LAST_TIME_MINUTES) {
            expect(times).toBeNull();
            return;
          }
          expect(times).toEqual({ start, end: start + SLOT_MINUTES });
          expect(start).toBeGreaterThan(nowMinutes);
          expect(start % TIME_STEP_MINUTES).toBe(0);
        },
      ),
      { numRuns: RUNS },
    );
  });

  it('on a day already over: none', () => {
    fc.assert(
      fc.property(
        dayArb,
        fc.option(pickerTime, { nil: undefined }),
        anyMinute,
        (day, previousEnd, minutes) => {
          expect(defaultSlotTimes(day, previousEnd, nowOn(nextDay(day), minutes, 0))).toBeNull();
        },
      ),
      { numRuns: RUNS },
    );
  });

  it('rounds up to the quarter hour strictly after any minute (spec: rounding 15 minutes)', () => {
    fc.assert(
      fc.property(anyMinute, (minutes) => {
        const rounded = nextQuarterHour(minutes);
        expect(rounded % ROUNDING_MINUTES).toBe(0);
        expect(rounded).toBeGreaterThan(minutes);
        expect(rounded - minutes).toBeLessThanOrEqual(ROUNDING_MINUTES);
      }),
    );
  });
});

const rowArb = fc.record({
  start: pickerTime,
  end: pickerTime,
  price: fc.constantFrom('85', '95.5', '180'),
  location: fc.constantFrom('adult_1' as const, 'adult_2' as const, 'child' as const),
  consultant: fc.constantFrom('', '3'),
  locked: fc.boolean(),
});
const rowsArb = fc
  .array(rowArb, { maxLength: 12 })
  .map((rows) => rows.map((row, index): SlotRow => ({ ...row, id: index % 2 === 0 ? index + 1 : null })));
const kindArb = fc.record({ isAdult: fc.boolean(), isVideoCall: fc.boolean() });

describe("'Add another session slot'", () => {
  it('never overlaps a row of the day, in any order, locked or not; 30 minutes on the step, by 23:55', () => {
    fc.assert(
      fc.property(
        kindArb,
        dayArb,
        rowsArb,
        fc.option(anyMinute, { nil: undefined }),
        (kind, day, rows, nowMinutes) => {
          // Today at `nowMinutes`, or a day after today.
          const now = nowMinutes === undefined ? nowOn('2025-12-31', 0, 0) : nowOn(day, nowMinutes, 30);
          const row = newRow(kind, day, rows, now);
          const lastEnd = Math.max(...rows.map((other) => other.end));
          if (row === null) {
            // Nothing fits: 10 minutes after the last end (or the next quarter hour) there is no room left.
            const earliest = rows.length === 0 ? FIRST_SLOT_MINUTES : lastEnd + SLOT_GAP_MINUTES;
            const start =
              nowMinutes !== undefined && earliest <= nowMinutes ? nextQuarterHour(nowMinutes) : earliest;
            expect(start + SLOT_MINUTES).toBeGreaterThan(LAST_TIME_MINUTES);
            return;
          }
          expect(row.end - row.start).toBe(SLOT_MINUTES);
          expect(row.start % TIME_STEP_MINUTES).toBe(0);
          expect(row.end).toBeLessThanOrEqual(LAST_TIME_MINUTES);
          if (nowMinutes !== undefined) expect(row.start).toBeGreaterThan(nowMinutes);
          for (const other of rows) {
            expect(shareAMinute(row, other), JSON.stringify(other)).toBe(false);
            expect(row.start - other.end).toBeGreaterThanOrEqual(SLOT_GAP_MINUTES);
          }
          expect(row).toMatchObject({ id: null, locked: false });
          expect(slotRowErrors([...rows, row], { startAfterEnd: 'after', occupied: 'occupied' }).at(-1)).toBe(
            undefined,
          );
        },
      ),
      { numRuns: RUNS },
    );
  });

  it("takes the address and price of the day's last slot, or the kind's defaults", () => {
    fc.assert(
      fc.property(kindArb, dayArb, rowsArb, (kind, day, rows) => {
        const row = newRow(kind, day, rows, nowOn('2025-12-31', 0, 0));
        fc.pre(row !== null);
        const lastEnd = Math.max(...rows.map((other) => other.end));
        const lasts = rows.filter((other) => other.end === lastEnd);
        if (rows.length === 0) {
          expect(row?.price).toBe(kind.isVideoCall ? '85' : '180');
        } else {
          expect(lasts.map((other) => other.price)).toContain(row?.price);
        }
        if (kind.isVideoCall) expect(row?.location).toBe('');
        else if (rows.length > 0) expect(lasts.map((other) => other.location)).toContain(row?.location);
        else expect(row?.location).toBe(kind.isAdult ? 'adult_1' : 'child');
      }),
      { numRuns: RUNS },
    );
  });
});

describe("the slot editor's row checks", () => {
  const texts = { startAfterEnd: slotTexts.startAfterEnd, occupied: slotTexts.occupied };

  it('refuse exactly the rows that end by their start, and those sharing a minute with another row', () => {
    fc.assert(
      fc.property(fc.array(fc.record({ start: pickerTime, end: pickerTime }), { maxLength: 10 }), (rows) => {
        const errors = slotRowErrors(rows, texts);
        rows.forEach((row, index) => {
          const expected =
            row.start >= row.end
              ? texts.startAfterEnd
              : rows.some((other, otherIndex) => otherIndex !== index && shareAMinute(row, other))
                ? texts.occupied
                : undefined;
          expect(errors[index], JSON.stringify({ index, rows })).toBe(expected);
        });
      }),
      { numRuns: RUNS },
    );
  });

  it("flag at least what the spec's words flag: a start or an end strictly inside another slot", () => {
    fc.assert(
      fc.property(fc.array(fc.record({ start: pickerTime, end: pickerTime }), { maxLength: 10 }), (rows) => {
        const errors = slotRowErrors(rows, texts);
        const inside = (time: number, other: { start: number; end: number }) =>
          other.start < time && time < other.end;
        rows.forEach((row, index) => {
          const specOccupied = rows.some(
            (other, otherIndex) =>
              otherIndex !== index && (inside(row.start, other) || inside(row.end, other)),
          );
          if (specOccupied && row.start < row.end) expect(errors[index]).toBe(texts.occupied);
        });
      }),
      { numRuns: RUNS },
    );
  });
});

describe("'Fill the day'", () => {
  const onStepMinutes = (max: number) => fc.integer({ min: 1, max: max / 5 }).map((i) => i * 5);
  const fillArb = fc.record({
    date: dayArb,
    from: pickerTime,
    to: pickerTime,
    length: onStepMinutes(12 * 60),
    gap: fc.oneof(fc.constant(0), onStepMinutes(12 * 60)),
  });
  const now = nowOn('2025-12-31', 12 * 60, 0);

  it('makes the slots a reference model counts: each its length, on the step, within from–to, none overlapping', () => {
    fc.assert(
      fc.property(fillArb, fc.integer({ min: 1, max: MAX_SLOTS_PER_SAVE }), (fill, maxSlots) => {
        const result = generateDaySlots(fill, maxSlots, now);
        if (fill.from >= fill.to) {
          expect(result).toEqual({ ok: false, field: 'to', message: slotTexts.startAfterEnd });
          return;
        }
        const count = Math.floor((fill.to - fill.from + fill.gap) / (fill.length + fill.gap));
        if (count === 0) {
          expect(result).toEqual({ ok: false, field: 'to', message: generationTexts.noneFit(fill.length) });
          return;
        }
        if (count > maxSlots) {
          expect(result).toEqual({
            ok: false,
            field: 'to',
            message: generationTexts.tooMany(count, maxSlots),
          });
          return;
        }
        if (!result.ok) throw new Error(`refused: ${result.message}`);
        expect(result.slots).toHaveLength(count);
        result.slots.forEach((slot, index) => {
          expect(slot.end - slot.start).toBe(fill.length);
          expect(slot.start % TIME_STEP_MINUTES).toBe(0);
          expect(slot.start).toBeGreaterThanOrEqual(fill.from);
          expect(slot.end).toBeLessThanOrEqual(fill.to);
          const next = result.slots[index + 1];
          if (next) expect(next.start - slot.end).toBe(fill.gap);
          for (const other of result.slots.slice(index + 1)) expect(shareAMinute(slot, other)).toBe(false);
          // On an ordinary day a slot lasts its length in real time too.
          const real =
            Date.parse(clinicInstant(fill.date, slot.end)) - Date.parse(clinicInstant(fill.date, slot.start));
          expect(real).toBe(fill.length * 60_000);
        });
        // As many as fit: one more would end after `to`.
        const last = result.slots.at(-1)!;
        expect(last.end + fill.gap + fill.length).toBeGreaterThan(fill.to);
      }),
      { numRuns: RUNS },
    );
  });

  it('refuses off-step times, lengths and gaps on the field at fault', () => {
    const offStep = fc.integer({ min: 0, max: 24 * 60 - 1 }).filter((minutes) => minutes % 5 !== 0);
    fc.assert(
      fc.property(fillArb, fc.constantFrom('from', 'to', 'length', 'gap'), offStep, (fill, field, value) => {
        const result = generateDaySlots({ ...fill, [field]: value }, MAX_SLOTS_PER_SAVE, now);
        expect(result.ok).toBe(false);
        if (!result.ok) expect(result.field).toBe(field);
      }),
      { numRuns: RUNS },
    );
  });

  it('never starts a slot of today at or before now', () => {
    fc.assert(
      fc.property(fillArb, anyMinute, (fill, nowMinutes) => {
        const result = generateDaySlots(fill, MAX_SLOTS_PER_SAVE, nowOn(fill.date, nowMinutes, 0));
        if (result.ok) {
          for (const slot of result.slots) expect(slot.start).toBeGreaterThan(nowMinutes);
        } else if (fill.from < fill.to && fill.from <= nowMinutes) {
          expect(result.field).toBe('from');
        }
      }),
      { numRuns: RUNS },
    );
  });

  it('reads its days in clinic time: a slot made for a day is on that day', () => {
    fc.assert(
      fc.property(fillArb, (fill) => {
        const result = generateDaySlots(fill, MAX_SLOTS_PER_SAVE, now);
        fc.pre(result.ok);
        if (!result.ok) return;
        for (const slot of result.slots) {
          expect(clinicDayTime(clinicInstant(fill.date, slot.start))).toEqual({
            date: fill.date,
            minutes: slot.start,
          });
        }
      }),
      { numRuns: 100 },
    );
  });
});
