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
      '2027-01-01',
      '2027-02-01',
      '2027-03-17',
    ]);
    expect(holidays[0]?.name).toBe('Christmas Day');
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
    const [slot] = await t.database.db.select().from(slots);
    expect(slot).toMatchObject({ id: slotId, status: 'withdrawn' });

    expect(await job.run()).toBe(0);
  });
});
