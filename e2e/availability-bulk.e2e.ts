import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addDays,
  addMonths,
  formatLongDate,
  monthOf,
} from '../src/client/components/month-calendar/month-grid';
import { clinicToday } from '../src/client/lib/clinic-clock';
import { adminAuthorization, bookAndPay, createSlots } from './api';
import {
  axeViolations,
  fitsWidth,
  launchBrowser,
  notice,
  openAdminPage,
  saveOutsideOpeningHours,
  screenshot,
  viewports,
} from './browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

/*
 * Days of their own: the allergy test for adults in a month after those the availability, booking,
 * appointments and patients tests use. Each viewport's run takes its own day and the weeks after it.
 */
const month = addMonths(monthOf(addDays(clinicToday(), 29)), 9);
const dayOf = (date: number) => `${month}-${String(date).padStart(2, '0')}`;

async function openDay(page: Page, day: string): Promise<void> {
  await page.goto(`/admin/availability?type=test&age=adult&month=${monthOf(day)}&day=${day}`);
  await page.getByRole('heading', { level: 2, name: formatLongDate(day) }).waitFor();
}

const slotGroups = (page: Page) => page.getByRole('group', { name: /^Slot \d+/ });
const slotList = (page: Page) => page.getByRole('list', { name: 'Session slots' });

describe('availability: a day in one go, copied and repeated', () => {
  for (const [name, viewport, first, copyTo] of [
    ['1280', viewports.desktop, 5, 8],
    ['360', viewports.phone, 6, 9],
  ] as const) {
    it(`fills a day, copies it to a day and weekly, and says which time overlaps, at ${name} px`, async () => {
      const { page, errors } = await openAdminPage(browser, { viewport });
      const day = dayOf(first);
      await openDay(page, day);
      await page.getByRole('button', { name: 'Add new session slots' }).click();

      // Fill the day: 9:00 to 11:00, the spec's 30-minute slots 10 minutes apart; the preview replaces the
      // editor's first new row.
      const fill = page.getByRole('group', { name: 'Fill the day' });
      await fill.getByLabel('From').fill('09:00');
      await fill.getByLabel('To').fill('11:00');
      expect(await fill.getByLabel('Length (minutes)').inputValue()).toBe('30');
      expect(await fill.getByLabel('Gap (minutes)').inputValue()).toBe('10');
      // An end before the start is said on the field.
      await fill.getByLabel('To').fill('08:00');
      await fill.getByRole('button', { name: 'Preview slots' }).click();
      await fill.getByRole('alert').filter({ hasText: 'Start time can`t be after end time' }).waitFor();
      expect(await fill.getByLabel('To').getAttribute('aria-invalid')).toBe('true');
      await fill.getByLabel('To').fill('11:00');
      await fill.getByRole('button', { name: 'Preview slots' }).click();
      await fill
        .getByRole('status')
        .filter({ hasText: '3 new slots, 09:00 to 10:50, are in the list below.' })
        .waitFor();
      await expect.poll(() => slotGroups(page).count()).toBe(3);
      expect(await slotGroups(page).nth(2).getByLabel('Start time').inputValue()).toBe('10:20');
      expect(await slotGroups(page).nth(2).getByLabel('End time').inputValue()).toBe('10:50');
      expect(await fitsWidth(page)).toBe(true);
      expect(await axeViolations(page, `fill the day ${name}`)).toEqual([]);
      await screenshot(page, `admin-availability-fill-${name}`);
      await page.getByRole('button', { name: 'Save', exact: true }).click();
      // Sandyford's adults' suite is closed on Sundays: the editor warns first.
      if (new Date(`${day}T12:00:00Z`).getUTCDay() === 0) await saveOutsideOpeningHours(page);
      await notice(page, 'You have successfully created new available Appointments on this day.');
      await slotList(page).getByText('10:20 – 10:50').waitFor();
      expect(await slotList(page).getByRole('listitem').count()).toBe(3);

      // Copy to another day.
      const copy = page.getByRole('form', { name: 'Copy this day' });
      await copy.getByLabel('Day', { exact: true }).fill(dayOf(copyTo));
      await copy.getByText(`3 new slots on ${formatLongDate(dayOf(copyTo))}.`).waitFor();
      await copy.getByRole('button', { name: 'Copy slots' }).click();
      await notice(page, '3 slots were copied to 1 day.');

      // Repeat weekly for two weeks.
      await copy.getByRole('radio', { name: 'The same weekday, every week' }).check();
      // A number of weeks out of bounds is named at once, before Copy is pressed.
      await copy.getByLabel('Number of weeks').fill('0');
      await copy.locator('.copy-day__preview', { hasText: 'Repeat for 1 to 52 weeks.' }).waitFor();
      // Pressed anyway: said once, as the field's error, not again underneath.
      await copy.getByRole('button', { name: 'Copy slots' }).click();
      await copy.locator('.field__error', { hasText: 'Repeat for 1 to 52 weeks.' }).waitFor();
      expect(await copy.getByText('Repeat for 1 to 52 weeks.').count()).toBe(1);
      await copy.getByLabel('Number of weeks').fill('2');
      const weekly = [addDays(day, 7), addDays(day, 14)];
      await copy.getByText(`6 new slots on ${weekly.map(formatLongDate).join(', ')}.`).waitFor();
      await copy.getByRole('button', { name: 'Copy slots' }).click();
      await notice(page, '6 slots were copied to 2 days.');

      // Copying again overlaps: nothing is copied, and each day and time at fault is named.
      await copy.getByRole('radio', { name: 'Days I choose' }).check();
      await copy.getByLabel('Day', { exact: true }).fill(dayOf(copyTo));
      await copy.getByRole('button', { name: 'Copy slots' }).click();
      const refusal = copy.getByRole('alert').filter({ hasText: 'Nothing was copied.' });
      await refusal.waitFor();
      await refusal
        .getByText(`${formatLongDate(dayOf(copyTo))}, 09:00 – 09:30: That time range is occupied`)
        .waitFor();
      expect(await refusal.getByRole('listitem').count()).toBe(3);
      await expect.poll(() => refusal.evaluate((element) => element === document.activeElement)).toBe(true);
      expect(await fitsWidth(page)).toBe(true);
      expect(await axeViolations(page, `copy refused ${name}`)).toEqual([]);
      await screenshot(page, `admin-availability-copy-${name}`);

      // The copies are there, at the same clinic times.
      for (const copied of [dayOf(copyTo), ...weekly]) {
        await openDay(page, copied);
        await slotList(page).getByText('09:00 – 09:30').waitFor();
        expect(await slotList(page).getByRole('listitem').count()).toBe(3);
      }
      // The one failed request is the refused copy (422).
      expect(errors.filter((error) => !error.includes('422'))).toEqual([]);
    });
  }

  it('names the patient who booked a time, linking to the appointment', async () => {
    const day = dayOf(22);
    const auth = await adminAuthorization();
    const [slotId = 0] = await createSlots(auth, day, { isAdult: true, isVideoCall: false }, [12 * 60]);
    await bookAndPay(slotId, {
      is_adult: true,
      is_video_call: false,
      first_name: 'Niamh',
      last_name: 'Kelleher',
      email: 'niamh.kelleher@example.ie',
      phone: '087 765 4321',
      dob: '1985-09-30',
      consultant_name: 'Dr Walsh',
      consultant_addres: '12 Harcourt Street, Dublin 2',
      antihistamine: true,
      agreement: true,
    });
    const { page, errors } = await openAdminPage(browser, { viewport: viewports.phone });
    await openDay(page, day);
    const item = slotList(page).getByRole('listitem').filter({ hasText: '12:00 – 12:30' });
    await item.getByText('Unavailable', { exact: true }).waitFor();
    await item.getByText('Booked by').waitFor();
    await item.getByRole('link', { name: 'Niamh Kelleher' }).click();
    await page.waitForURL((url) => url.pathname === '/admin/appointment/edit' && url.searchParams.has('id'));
    await page.getByText('Niamh Kelleher').first().waitFor();
    expect(errors).toEqual([]);
  });
});
