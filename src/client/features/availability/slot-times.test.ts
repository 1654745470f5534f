import { describe, expect, it } from 'vitest';
import { clinicDayTime, clinicToday, formatTime12, formatTime24 } from '../../lib/clinic-clock';
import { clinicInstant, defaultSlotTimes, nextQuarterHour, slotRowErrors } from './slot-times';

/** An instant given by its clinic wall clock in winter (GMT = UTC). */
const winter = (iso: string) => new Date(`${iso}Z`);

describe('times of day', () => {
  it('formats any minute of the day in 24 hours for the back office', () => {
    expect(formatTime24(0)).toBe('00:00');
    expect(formatTime24(545)).toBe('09:05');
    expect(formatTime24(720)).toBe('12:00');
    expect(formatTime24(23 * 60 + 5)).toBe('23:05');
    // A slot ending at midnight.
    expect(formatTime24(24 * 60)).toBe('00:00');
  });

  it('formats any minute of the day in 12 hours for the public pages', () => {
    expect(formatTime12(0)).toBe('12:00 AM');
    expect(formatTime12(545)).toBe('9:05 AM');
    expect(formatTime12(720)).toBe('12:00 PM');
    expect(formatTime12(8 * 60)).toBe('8:00 AM');
    expect(formatTime12(23 * 60 + 5)).toBe('11:05 PM');
  });
});

describe('default times of a new slot', () => {
  const now = winter('2026-12-01T10:07:00');

  it('starts the first slot of a future day at 08:00, 30 minutes long', () => {
    expect(defaultSlotTimes('2026-12-08', undefined, now)).toEqual({ start: 480, end: 510 });
  });

  it('starts a later slot 10 minutes after the previous one ends', () => {
    expect(defaultSlotTimes('2026-12-08', 510, now)).toEqual({ start: 520, end: 550 });
  });

  it('starts the first slot of today at the next quarter hour once 08:00 has passed', () => {
    expect(defaultSlotTimes('2026-12-01', undefined, now)).toEqual({ start: 615, end: 645 });
    // Exactly on a quarter hour: the next one, never now.
    expect(defaultSlotTimes('2026-12-01', undefined, winter('2026-12-01T10:15:00'))).toEqual({
      start: 630,
      end: 660,
    });
  });

  it('keeps 08:00 for today while 08:00 is still ahead', () => {
    expect(defaultSlotTimes('2026-12-01', undefined, winter('2026-12-01T06:40:00'))).toEqual({
      start: 480,
      end: 510,
    });
  });

  it('moves a later slot of today to the next quarter hour when 10 minutes after the previous has passed', () => {
    expect(defaultSlotTimes('2026-12-01', 540, now)).toEqual({ start: 615, end: 645 });
    // Still ahead: 10 minutes after the previous end.
    expect(defaultSlotTimes('2026-12-01', 630, now)).toEqual({ start: 640, end: 670 });
  });

  it('offers nothing for a past day or when no slot fits before midnight', () => {
    expect(defaultSlotTimes('2026-11-30', undefined, now)).toBeNull();
    expect(defaultSlotTimes('2026-12-08', 23 * 60 + 20, now)).toBeNull();
    expect(defaultSlotTimes('2026-12-01', undefined, winter('2026-12-01T23:40:00'))).toBeNull();
  });

  it('uses the clinic day, not UTC, for today in summer', () => {
    // 23:30 UTC on 30 June is 00:30 on 1 July in Dublin.
    const summerNight = new Date('2027-06-30T23:30:00Z');
    expect(clinicToday(summerNight)).toBe('2027-07-01');
    expect(defaultSlotTimes('2027-07-01', undefined, summerNight)).toEqual({ start: 480, end: 510 });
  });

  it('rounds to the next quarter hour', () => {
    expect(nextQuarterHour(600)).toBe(615);
    expect(nextQuarterHour(601)).toBe(615);
    expect(nextQuarterHour(614)).toBe(615);
  });
});

describe('clinic time and ISO instants across daylight-saving changes (2027)', () => {
  it('28 March 2027 (clocks go forward at 01:00 UTC): 00:30 is GMT, 09:00 is IST', () => {
    expect(clinicInstant('2027-03-28', 30)).toBe('2027-03-28T00:30:00.000Z');
    expect(clinicInstant('2027-03-28', 9 * 60)).toBe('2027-03-28T08:00:00.000Z');
    expect(clinicInstant('2027-03-27', 9 * 60)).toBe('2027-03-27T09:00:00.000Z');
    expect(clinicDayTime('2027-03-28T08:00:00.000Z')).toEqual({ date: '2027-03-28', minutes: 540 });
    expect(clinicDayTime('2027-03-28T00:59:00.000Z')).toEqual({ date: '2027-03-28', minutes: 59 });
    expect(clinicDayTime('2027-03-28T01:00:00.000Z')).toEqual({ date: '2027-03-28', minutes: 120 });
  });

  it('31 October 2027 (clocks go back at 01:00 UTC): 00:30 is IST, 09:00 is GMT', () => {
    expect(clinicInstant('2027-10-31', 30)).toBe('2027-10-30T23:30:00.000Z');
    expect(clinicInstant('2027-10-31', 9 * 60)).toBe('2027-10-31T09:00:00.000Z');
    expect(clinicInstant('2027-10-30', 9 * 60)).toBe('2027-10-30T08:00:00.000Z');
    expect(clinicDayTime('2027-10-31T09:00:00.000Z')).toEqual({ date: '2027-10-31', minutes: 540 });
    expect(clinicDayTime('2027-10-30T23:30:00.000Z')).toEqual({ date: '2027-10-31', minutes: 30 });
  });

  it('round-trips every picker time of both change days that exists on the wall clock', () => {
    for (const date of ['2027-03-28', '2027-10-31']) {
      for (let value = 0; value < 24 * 60; value += 5) {
        if (date === '2027-03-28' && value >= 60 && value < 120) continue; // 01:00–01:59 does not exist
        expect(clinicDayTime(clinicInstant(date, value))).toEqual({ date, minutes: value });
      }
    }
  });
});

describe('slot editor checks', () => {
  const texts = { startAfterEnd: 'after', occupied: 'occupied' };

  it('refuses an end at or before the start', () => {
    expect(slotRowErrors([{ start: 600, end: 600 }], texts)).toEqual(['after']);
    expect(slotRowErrors([{ start: 600, end: 570 }], texts)).toEqual(['after']);
  });

  it('marks both overlapping slots and lets touching ones be', () => {
    expect(
      slotRowErrors(
        [
          { start: 480, end: 510 },
          { start: 500, end: 530 },
          { start: 530, end: 560 },
        ],
        texts,
      ),
    ).toEqual(['occupied', 'occupied', undefined]);
  });
});

describe('time inputs', () => {
  it('reads and writes the HH:mm of <input type="time">, empty as NaN', async () => {
    const { parseTimeValue, timeValue } = await import('./slot-times');
    expect(timeValue(9 * 60 + 5)).toBe('09:05');
    expect(timeValue(Number.NaN)).toBe('');
    expect(parseTimeValue('13:40')).toBe(13 * 60 + 40);
    expect(parseTimeValue('13:40:00')).toBe(13 * 60 + 40);
    expect(parseTimeValue('')).toBeNaN();
  });
});
