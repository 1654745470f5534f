import { describe, expect, it } from 'vitest';
import {
  addDays,
  addMonths,
  buildMonthGrid,
  calendarRange,
  daysInMonth,
  daysOfMonth,
  formatLongDate,
  formatShortDate,
  selectDaysOfMonth,
} from './month-grid';

describe('buildMonthGrid', () => {
  it('starts on Monday and fills the first and last weeks with the neighbouring months', () => {
    // December 2026 starts on a Tuesday and ends on a Thursday.
    const weeks = buildMonthGrid('2026-12');
    expect(weeks).toHaveLength(5);
    expect(weeks[0]?.[0]).toEqual({ date: '2026-11-30', day: 30, inMonth: false });
    expect(weeks[0]?.[1]).toEqual({ date: '2026-12-01', day: 1, inMonth: true });
    expect(weeks[4]?.[3]).toEqual({ date: '2026-12-31', day: 31, inMonth: true });
    expect(weeks[4]?.[6]).toEqual({ date: '2027-01-03', day: 3, inMonth: false });
    expect(weeks.every((week) => week.length === 7)).toBe(true);
  });

  it('needs four weeks for a February that starts on Monday and six for a long month starting on Sunday', () => {
    expect(buildMonthGrid('2027-02')).toHaveLength(4);
    expect(buildMonthGrid('2027-08')).toHaveLength(6);
    expect(
      buildMonthGrid('2027-02')
        .flat()
        .filter((day) => day.inMonth),
    ).toHaveLength(28);
  });

  it('keeps every day once across the daylight-saving changes of March and October', () => {
    for (const month of ['2027-03', '2027-10']) {
      const days = buildMonthGrid(month)
        .flat()
        .filter((day) => day.inMonth)
        .map((day) => day.day);
      expect(days).toEqual(Array.from({ length: 31 }, (_, index) => index + 1));
    }
  });
});

describe('month and day arithmetic', () => {
  it('adds days and months across year ends and leap years', () => {
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2028-03-01', -1)).toBe('2028-02-29');
    expect(addMonths('2026-12', 1)).toBe('2027-01');
    expect(addMonths('2027-01', -1)).toBe('2026-12');
    expect(daysInMonth('2028-02')).toBe(29);
  });

  it('asks the calendar for the month start to its end plus one day', () => {
    expect(calendarRange('2026-12')).toBe('2026/12/01 - 2027/01/01');
    expect(calendarRange('2027-02')).toBe('2027/02/01 - 2027/03/01');
  });

  it("keeps the next month's first day, which the range also asks for, out of the month's free days", () => {
    expect(daysOfMonth(['2026-12-01'], '2026-11')).toEqual([]);
    expect(daysOfMonth(['2026-11-05', '2026-11-30', '2026-12-01'], '2026-11')).toEqual([
      '2026-11-05',
      '2026-11-30',
    ]);
    // As each month calendar's read selects its answer, the other fields kept.
    expect(selectDaysOfMonth('2026-11')({ days: ['2026-11-30', '2026-12-01'], kind: 'test' })).toEqual({
      days: ['2026-11-30'],
      kind: 'test',
    });
  });

  it('writes dates as people read them', () => {
    expect(formatLongDate('2026-12-08')).toBe('Tuesday 8 December 2026');
    expect(formatShortDate('2026-12-08')).toBe('Tue 8 Dec');
  });
});
