import { describe, expect, it } from 'vitest';
import { MAX_SLOTS_PER_SAVE, slotTexts } from '../../../shared/slots';
import { texts } from '../../../shared/validation-texts';
import { type DayFill, generateDaySlots, generationTexts } from './slot-generation';
import { clinicInstant } from './slot-times';

/** An instant given by its clinic wall clock in winter (GMT = UTC). */
const now = new Date('2026-12-01T10:07:00Z');
const h = (hours: number, minutes = 0) => hours * 60 + minutes;
const fill = (fields: Partial<DayFill>): DayFill => ({
  date: '2026-12-08',
  from: h(9),
  to: h(12),
  length: 30,
  gap: 10,
  ...fields,
});
const times = (result: ReturnType<typeof generateDaySlots>) =>
  result.ok ? result.slots.map((slot) => [slot.start, slot.end]) : result;

describe('filling a day with slots', () => {
  it('makes slots of the length with the gap between them, the last ending by the end time', () => {
    expect(times(generateDaySlots(fill({}), MAX_SLOTS_PER_SAVE, now))).toEqual([
      [h(9), h(9, 30)],
      [h(9, 40), h(10, 10)],
      [h(10, 20), h(10, 50)],
      [h(11, 0), h(11, 30)],
    ]);
    // One that ends exactly at the end time is kept; no gap makes them back to back.
    expect(times(generateDaySlots(fill({ to: h(11, 30) }), MAX_SLOTS_PER_SAVE, now))).toHaveLength(4);
    expect(times(generateDaySlots(fill({ gap: 0, to: h(10) }), MAX_SLOTS_PER_SAVE, now))).toEqual([
      [h(9), h(9, 30)],
      [h(9, 30), h(10)],
    ]);
  });

  it('stops at the end of the day: the pickers’ last time is 23:55', () => {
    expect(times(generateDaySlots(fill({ from: h(23), to: h(23, 55) }), MAX_SLOTS_PER_SAVE, now))).toEqual([
      [h(23), h(23, 30)],
    ]);
    expect(generateDaySlots(fill({ from: h(23, 30), to: h(23, 55) }), MAX_SLOTS_PER_SAVE, now)).toEqual({
      ok: false,
      field: 'to',
      message: generationTexts.noneFit(30),
    });
  });

  it('keeps wall-clock times on the days the clocks change (Europe/Dublin)', () => {
    const spring = generateDaySlots(
      fill({ date: '2027-03-28', from: h(8), to: h(9) }),
      MAX_SLOTS_PER_SAVE,
      now,
    );
    expect(times(spring)).toEqual([[h(8), h(8, 30)]]);
    // 08:00 Irish Summer Time is 07:00 UTC that day; the Saturday before, 08:00 GMT.
    expect(clinicInstant('2027-03-28', h(8))).toBe('2027-03-28T07:00:00.000Z');
    expect(clinicInstant('2027-03-27', h(8))).toBe('2027-03-27T08:00:00.000Z');
    // The hour the clocks skip cannot hold a slot.
    expect(
      generateDaySlots(fill({ date: '2027-03-28', from: h(0, 30), to: h(3) }), MAX_SLOTS_PER_SAVE, now),
    ).toEqual({ ok: false, field: 'from', message: generationTexts.missingTime('01:00') });
    // Nor can a slot the clocks change in: 00:30–02:00 that day is 30 real minutes.
    expect(
      generateDaySlots(
        fill({ date: '2027-03-28', from: h(0, 30), to: h(3), length: 90 }),
        MAX_SLOTS_PER_SAVE,
        now,
      ),
    ).toEqual({ ok: false, field: 'from', message: generationTexts.spansChange('00:30', '02:00') });
    // In October the hour from 1:00 to 2:00 comes twice; slots in it and after it are made on the wall clock
    // (a time of it is its second coming), but one from before it would last an hour more than it says.
    expect(
      generateDaySlots(fill({ date: '2027-10-31', from: h(1), to: h(3) }), MAX_SLOTS_PER_SAVE, now).ok,
    ).toBe(true);
    expect(clinicInstant('2027-10-31', h(1, 10))).toBe('2027-10-31T01:10:00.000Z');
    expect(
      generateDaySlots(fill({ date: '2027-10-31', from: h(0, 30), to: h(3) }), MAX_SLOTS_PER_SAVE, now),
    ).toEqual({ ok: false, field: 'from', message: generationTexts.spansChange('00:30', '01:00') });
  });

  it('refuses more slots than one save takes, with a readable message', () => {
    const result = generateDaySlots(
      fill({ from: h(0), to: h(23, 55), length: 5, gap: 5 }),
      MAX_SLOTS_PER_SAVE,
      now,
    );
    expect(result).toEqual({
      ok: false,
      field: 'to',
      message: `That makes 144 slots, and one save takes at most ${MAX_SLOTS_PER_SAVE}. Choose a shorter time or longer slots.`,
    });
  });

  it('says which field is wrong: empty, off the 5-minute step, end before start, bad length or gap', () => {
    const fault = (fields: Partial<DayFill>) => {
      const result = generateDaySlots(fill(fields), MAX_SLOTS_PER_SAVE, now);
      return result.ok ? result : [result.field, result.message];
    };
    expect(fault({ from: Number.NaN })).toEqual(['from', texts.required]);
    expect(fault({ to: Number.NaN })).toEqual(['to', texts.required]);
    expect(fault({ from: h(9, 3) })).toEqual(['from', generationTexts.step]);
    expect(fault({ to: h(9) })).toEqual(['to', slotTexts.startAfterEnd]);
    expect(fault({ length: 0 })).toEqual(['length', generationTexts.length]);
    expect(fault({ length: 13 * 60 })).toEqual(['length', generationTexts.length]);
    expect(fault({ length: Number.NaN })).toEqual(['length', generationTexts.length]);
    expect(fault({ gap: -5 })).toEqual(['gap', generationTexts.gap]);
    expect(fault({ gap: 7 })).toEqual(['gap', generationTexts.gap]);
  });

  it('refuses a past day, and a first slot that has already started today', () => {
    expect(generateDaySlots(fill({ date: '2026-11-30' }), MAX_SLOTS_PER_SAVE, now)).toEqual({
      ok: false,
      field: 'from',
      message: generationTexts.dayOver,
    });
    expect(generateDaySlots(fill({ date: '2026-12-01', from: h(10) }), MAX_SLOTS_PER_SAVE, now)).toEqual({
      ok: false,
      field: 'from',
      message: generationTexts.startsInPast('10:10'),
    });
    expect(generateDaySlots(fill({ date: '2026-12-01', from: h(10, 15) }), MAX_SLOTS_PER_SAVE, now).ok).toBe(
      true,
    );
  });
});
