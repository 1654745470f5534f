import { isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closures, slots } from '../../db/schema';
import { clinicInstant, insertSlot } from '../../test/slot-fixtures';
import { type AdminTestApp, createAdminTestApp } from '../../test/test-app';
import { addCalendarDays, clinicWallClock } from './clinic-time';
import { publicHolidayJob } from './public-holiday-job';
import { irishPublicHolidays } from './public-holidays';

let t: AdminTestApp;
const logger = { info: () => {}, warn: () => {}, error: () => {} };

beforeAll(async () => {
  t = await createAdminTestApp();
});
afterAll(() => t.close());

describe('irishPublicHolidays', () => {
  it("answers Ireland's public holidays of the range, by date", async () => {
    const holidays = await irishPublicHolidays('2026-12-01', '2027-03-20');
    expect(holidays.map((holiday) => holiday.date)).toEqual([
      '2026-12-25',
      '2026-12-26',
      '2026-12-28',
      '2027-01-01',
      '2027-02-01',
      '2027-03-17',
    ]);
    expect(holidays[0]?.name).toBe('Christmas Day');
  });

  it('takes the next free weekday off for a holiday on a weekend (2026 to 2028), named as its substitute', async () => {
    const holidays = await irishPublicHolidays('2026-01-01', '2028-12-31');
    const substitutes = holidays.filter((holiday) => holiday.name.endsWith('(substitute)'));
    expect(substitutes).toEqual([
      // St Stephen's Day on Saturday 26 December 2026.
      { date: '2026-12-28', name: 'St. Stephen’s Day (substitute)' },
      // Christmas Day on Saturday 25 December 2027, St Stephen's Day on the Sunday: Monday, then Tuesday.
      { date: '2027-12-27', name: 'Christmas Day (substitute)' },
      { date: '2027-12-28', name: 'St. Stephen’s Day (substitute)' },
      // New Year's Day on Saturday 1 January 2028.
      { date: '2028-01-03', name: "New Year's Day (substitute)" },
    ]);
    // Each date once, in order, the holidays themselves kept on their own days.
    const dates = holidays.map((holiday) => holiday.date);
    expect(dates).toEqual([...new Set(dates)].sort());
    expect(dates).toEqual(expect.arrayContaining(['2026-12-26', '2027-12-25', '2027-12-26', '2028-01-01']));
    expect(holidays).toHaveLength(30 + substitutes.length);
  });

  it("takes Monday off for St Patrick's Day on a Saturday (2029) or a Sunday (2030)", async () => {
    const march = async (year: number) =>
      (await irishPublicHolidays(`${year}-03-01`, `${year}-03-31`)).map((holiday) => holiday.date);
    expect(await march(2029)).toEqual(['2029-03-17', '2029-03-19']);
    expect(await march(2030)).toEqual(['2030-03-17', '2030-03-18']);
  });
});

describe('publicHolidayJob', () => {
  it('adds the coming two years of public holidays as closures of every place once, withdrawing their slots', async () => {
    const today = clinicWallClock(new Date()).isoDay;
    const [next] = await irishPublicHolidays(addCalendarDays(today, 1), addCalendarDays(today, 400));
    if (!next) throw new Error('no public holiday in the coming year');
    const slotId = await insertSlot(t.database.db, {
      startsAt: clinicInstant(next.date, '10:00'),
      isVideoCall: true,
    });

    const job = publicHolidayJob({ db: t.database.db, logger });
    const added = await job.run();
    expect(added).toBeGreaterThanOrEqual(18);
    const rows = await t.database.db.select().from(closures).where(isNotNull(closures.holidayDate));
    expect(rows).toHaveLength(added);
    expect(
      rows.every((row) => row.location === null && row.fromMinute === null && row.firstDay === row.lastDay),
    ).toBe(true);
    expect(
      rows.every((row) => row.firstDay >= today && row.firstDay <= addCalendarDays(today, 2 * 366)),
    ).toBe(true);
    // The weekday off for a holiday on a weekend is a closure too, named after it.
    const coming = await irishPublicHolidays(today, addCalendarDays(today, 2 * 366));
    expect(
      rows
        .map((row) => ({ date: row.firstDay, name: row.reason }))
        .sort((a, b) => a.date.localeCompare(b.date)),
    ).toEqual(coming);
    const [slot] = await t.database.db.select().from(slots);
    expect(slot).toMatchObject({ id: slotId, status: 'withdrawn' });

    expect(await job.run()).toBe(0);
  });
});
