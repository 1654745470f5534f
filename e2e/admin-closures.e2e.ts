import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addDays,
  addMonths,
  formatLongDate,
  formatMonth,
  monthOf,
} from '../src/client/components/month-calendar/month-grid';
import { clinicToday } from '../src/client/lib/clinic-clock';
import { closureTexts } from '../src/shared/closures';
import { adminAuthorization, bookAndPay, createSlots, runSurname } from './api';
import {
  axeViolations,
  fitsWidth,
  launchBrowser,
  notice,
  openAdminPage,
  openPage,
  screenshot,
  viewports,
  waitForHydration,
} from './browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

/*
 * Days of their own: a month no other browser test makes slots in (the server runs with PUBLIC_HOLIDAYS=false, so
 * no public holiday closes them either).
 */
const month = addMonths(monthOf(addDays(clinicToday(), 29)), 6);
const day = `${month}-12`;
const dayLabel = formatLongDate(day);
const adultTest = { isAdult: true, isVideoCall: false };
const surname = runSurname('Closed');

/** The public booking calendar of the adults' allergy test on the closure's month, at the day's button. */
async function publicDay(page: Page) {
  await page.goto('/sessions_availability/booking_test');
  await waitForHydration(page);
  await page.getByRole('radio', { name: 'Adult' }).check();
  await page.getByLabel('Go to month').fill(month);
  await page.getByRole('heading', { level: 2, name: formatMonth(month) }).waitFor();
}

const closuresSection = (page: Page) => page.getByRole('region', { name: 'Closures' });
const addForm = (page: Page) => page.getByRole('form', { name: 'Add closure' });

describe('closures of the clinic (back office)', () => {
  it('closes a day: its free slots leave the booking calendar, its booking is listed to move; deleted, they return', async () => {
    const auth = await adminAuthorization();
    const [, , booked = 0] = await createSlots(auth, day, adultTest, [9 * 60, 10 * 60, 11 * 60]);
    const other = `${month}-13`;
    await createSlots(auth, other, adultTest, [9 * 60]);
    await bookAndPay(booked, {
      is_adult: true,
      is_video_call: false,
      first_name: 'Orla',
      last_name: surname,
      email: 'orla.closed@example.ie',
      phone: '087 222 3344',
      dob: '1988-02-03',
      consultant_name: 'Dr Walsh',
      consultant_addres: '12 Main Street, Dundrum, Dublin 14',
      consultant_email: 'gp@example.ie',
      allergens: 'Hay fever every June',
      antihistamine: true,
      agreement: true,
    });

    // A visitor sees the day's free times.
    const visitor = await openPage(browser, { viewport: viewports.desktop });
    await publicDay(visitor.page);
    await visitor.page.getByRole('button', { name: `${dayLabel}, slots available` }).waitFor();

    const { page, errors } = await openAdminPage(browser, { viewport: viewports.desktop });
    await page.goto('/admin/availability');
    await page.getByRole('heading', { level: 1, name: 'Availability settings' }).waitFor();
    const section = closuresSection(page);
    await section.getByRole('heading', { level: 2, name: 'Closures' }).waitFor();
    const form = addForm(page);

    // Nothing filled in: the summary names each field, takes the focus, and links to the field.
    await form.getByRole('button', { name: 'Add closure' }).click();
    const summary = form.locator('.error-summary');
    await summary.getByText('There is a problem').waitFor();
    await expect.poll(() => summary.evaluate((element) => element === document.activeElement)).toBe(true);
    await summary.getByRole('link', { name: 'First day: This field is required, please fill in.' }).waitFor();
    // A last day left empty is the first: not said again.
    expect(await summary.getByRole('link', { name: /^Last day/ }).count()).toBe(0);
    await summary.getByRole('link', { name: 'Reason: This field is required, please fill in.' }).click();
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-invalid')))
      .toBe('true');
    expect(await axeViolations(page, 'closure form errors 1280')).toEqual([]);

    // Part of the day, its end before its start: said on the field.
    await form.getByLabel('First day').fill(day);
    await form.getByRole('radio', { name: 'Part of each day' }).check();
    await form.getByLabel('Closed from').fill('14:00');
    await form.getByLabel('Closed until').fill('13:00');
    await form.getByLabel('Reason').fill('Staff training');
    await form.getByRole('button', { name: 'Add closure' }).click();
    await summary
      .getByRole('link', { name: 'Closed until: The closure must end after it starts.' })
      .waitFor();

    // The whole day, at every place.
    await form.getByRole('radio', { name: 'All day' }).check();
    await form.getByRole('button', { name: 'Add closure' }).click();
    const added = section.getByRole('status').filter({ hasText: 'Closure added: Staff training' });
    await added.waitFor();
    await expect.poll(() => added.evaluate((element) => element === document.activeElement)).toBe(true);
    await added.getByText('2 free slots were taken off offer.').waitFor();
    await added.getByText(/^1 booked appointment falls inside it/).waitFor();
    const link = added.getByRole('link', { name: `Orla ${surname}` });
    expect(await link.getAttribute('href')).toMatch(/^\/admin\/appointment\/edit\?id=\d+$/);
    const listed = section.getByRole('listitem').filter({ hasText: 'Staff training' });
    await listed.getByText('2 slots withdrawn').waitFor();
    await listed.getByRole('link', { name: `Orla ${surname}` }).waitFor();
    expect(await fitsWidth(page)).toBe(true);
    expect(await axeViolations(page, 'closure added 1280')).toEqual([]);
    await screenshot(page, 'admin-closures-1280');

    // The calendar says why the day is closed, at every place, beside the booking left to move.
    await page.goto(`/admin/calendar?date=${day}`);
    const notes = page.locator('.calendar-place .calendar-closure');
    await expect
      .poll(() => notes.allTextContents(), { timeout: 20_000 })
      .toEqual(Array(4).fill('Closed: Staff training'));
    // The booking left inside it is marked, seen and heard, for staff to move.
    const orla = page
      .locator('[data-appointment]')
      .filter({ hasText: `Orla ${surname}` })
      .first();
    await orla.waitFor();
    expect(await orla.getAttribute('title')).toContain('Inside a closure: to move');
    expect(await orla.locator('.calendar-symbol--closed').textContent()).toBe('⚠, Inside a closure: to move');
    expect(await axeViolations(page, 'calendar closed day 1280')).toEqual([]);
    await screenshot(page, 'admin-calendar-closed-1280');
    await page.goto('/admin/availability');
    await section.getByRole('heading', { level: 2, name: 'Closures' }).waitFor();

    // A second closure over it is refused, on the field.
    await form.getByLabel('First day').fill(day);
    await form.getByLabel('Reason').fill('Again');
    await form.getByRole('button', { name: 'Add closure' }).click();
    await summary.getByText(/^First day: This overlaps the closure “Staff training”/).waitFor();

    // 'Copy this day' onto the closed day and another, skipping what clashes: the other day gets its copy.
    await page.goto(`/admin/availability?type=test&age=adult&month=${month}&day=${other}`);
    const copy = page.getByRole('form', { name: 'Copy this day' });
    await copy.getByLabel('Day', { exact: true }).fill(day);
    await copy.getByRole('button', { name: 'Add another day' }).click();
    await copy.getByLabel('Day', { exact: true }).fill(`${month}-14`);
    await copy.getByLabel('Skip the times that are taken or closed, and copy the rest').check();
    await copy.getByRole('button', { name: 'Copy slots' }).click();
    await notice(page, '1 slot was copied to 1 day.');
    const skipped = copy
      .getByRole('status')
      .filter({ hasText: '1 slot was not copied, because it clashes:' });
    await skipped
      .getByText(
        `${dayLabel}, 09:00 – 09:30: This time falls in the closure “Staff training” (${day.split('-').reverse().join('/')}).`,
      )
      .waitFor();
    await expect.poll(() => skipped.evaluate((element) => element === document.activeElement)).toBe(true);
    expect(await axeViolations(page, 'copy skipped 1280')).toEqual([]);
    await screenshot(page, 'admin-closures-copy-skipped-1280');

    // The day's list says the slots are closed.
    await page.goto(`/admin/availability?type=test&age=adult&month=${month}&day=${day}`);
    const slots = page.getByRole('list', { name: 'Session slots' });
    await slots.getByText('Closure: Staff training').first().waitFor();
    expect(await slots.getByText('Closed', { exact: true }).count()).toBe(2);
    await slots.getByText('Inside the closure: Staff training').waitFor();

    // The visitor's calendar has no free time that day any more.
    await publicDay(visitor.page);
    await visitor.page.getByRole('button', { name: `${dayLabel}, no free times` }).waitFor();

    // Deleted after its confirmation: the slots are offered again.
    await closuresSection(page)
      .getByRole('listitem')
      .filter({ hasText: 'Staff training' })
      .getByRole('button', { name: 'Delete the closure Staff training' })
      .click();
    const dialog = page.getByRole('dialog', { name: 'Delete the closure “Staff training”?' });
    await dialog.getByText('Its slots that have not started are offered to patients again.').waitFor();
    expect(await axeViolations(page, 'closure delete dialog')).toEqual([]);
    await dialog.getByRole('button', { name: 'Delete closure' }).click();
    await notice(page, 'The closure is deleted. 2 slots are offered again.');
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.textContent))
      .toBe('The clinic’s closures, the next first');
    expect(
      await closuresSection(page).getByRole('listitem').filter({ hasText: 'Staff training' }).count(),
    ).toBe(0);
    await slots.getByText('Available', { exact: true }).first().waitFor();

    await publicDay(visitor.page);
    await visitor.page.getByRole('button', { name: `${dayLabel}, slots available` }).waitFor();
    // The refused closures (422, 409) are the only failed requests.
    expect(errors.filter((error) => !/\b(422|409)\b/.test(error))).toEqual([]);
  });

  it('fits a phone: the form, its errors and a closure of part of the days of one place', async () => {
    const { page, errors } = await openAdminPage(browser, { viewport: viewports.phone });
    await page.goto('/admin/availability');
    const form = addForm(page);
    await form.getByRole('button', { name: 'Add closure' }).click();
    await form.locator('.error-summary').getByText('There is a problem').waitFor();
    expect(await fitsWidth(page)).toBe(true);
    expect(await axeViolations(page, 'closure form errors 360')).toEqual([]);
    await screenshot(page, 'admin-closures-errors-360');

    // A day over already is said at once, on the one day filled in.
    await form.getByLabel('First day').fill(addDays(clinicToday(), -1));
    await form.getByLabel('Reason').fill('Forgotten yesterday');
    await form.getByRole('button', { name: 'Add closure' }).click();
    await form.locator('.error-summary').getByText(closureTexts.ended).waitFor();
    await screenshot(page, 'admin-closures-ended-360');
    await page.setViewportSize(viewports.desktop);
    await screenshot(page, 'admin-closures-ended-1280');
    await page.setViewportSize(viewports.phone);

    const first = `${month}-20`;
    await form.getByLabel('First day').fill(first);
    await form.getByLabel('Last day').fill(`${month}-21`);
    await form.getByRole('radio', { name: 'Part of each day' }).check();
    await form.getByLabel('Closed from').fill('13:00');
    await form.getByLabel('Closed until').fill('17:00');
    await form.getByLabel('Place').selectOption({ label: 'Video consultations' });
    await form.getByLabel('Reason').fill('Consultant at a conference');
    await form.getByRole('button', { name: 'Add closure' }).click();
    const added = closuresSection(page).getByRole('status').filter({ hasText: 'Closure added' });
    await added.getByText('No booked appointment falls inside it.').waitFor();
    await added.getByText(/each day 13:00 to 17:00: Video consultations\./).waitFor();
    expect(await fitsWidth(page)).toBe(true);
    expect(await axeViolations(page, 'closure added 360')).toEqual([]);
    await screenshot(page, 'admin-closures-360');
    await added.getByRole('button', { name: 'Done' }).click();
    expect(errors.filter((error) => !error.includes('422'))).toEqual([]);
  });
});
