import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addDays,
  addMonths,
  formatLongDate,
  formatMonth,
  formatShortDate,
  monthOf,
} from '../src/client/components/month-calendar/month-grid';
import { clinicToday } from '../src/client/lib/clinic-clock';
import { adminAuthorization, bookAndPay, createSlots, setSlotStatus } from './api';
import {
  axeViolations,
  baseUrl,
  fitsWidth,
  launchBrowser,
  openAdminPage,
  openPage,
  saveOutsideOpeningHours,
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
 * The demonstration seed has weekday slots for the four weeks after today. The test works after them: an
 * empty month (`emptyMonth`), then the 10th of the month after it (`day`), where the admin builds slots
 * of the allergy test for adults and a visitor finds them through 'Next available'.
 */
const today = clinicToday();
const emptyMonth = addMonths(monthOf(addDays(today, 29)), 1);
const day = `${addMonths(emptyMonth, 1)}-10`;
const dayLabel = formatLongDate(day);

/** A time typed into a time field, as HH:mm (the field shows it in the browser's clock). */
const pick = (field: Locator, time: string) => field.fill(time);
const itemOf = (list: Locator, times: string) => list.getByRole('listitem').filter({ hasText: times });
const slotGroup = (page: Page, number: number) =>
  page.getByRole('group', { name: new RegExp(`^Slot ${number}`) });

async function chooseAdminKind(page: Page): Promise<void> {
  await page.goto('/admin/availability');
  await page.getByRole('heading', { level: 1, name: 'Availability settings' }).waitFor();
  await page.getByRole('radio', { name: 'Allergy test' }).check();
  await page.getByRole('radio', { name: 'Adult' }).check();
  await page.getByLabel('Go to month').fill(monthOf(day));
  await page.getByRole('heading', { level: 2, name: formatMonth(monthOf(day)) }).waitFor();
}

describe('availability settings (back office)', () => {
  it('creates, edits and deletes slots of a future day; spec errors; a booked slot is refused; the day is bold', async () => {
    const { page, errors } = await openAdminPage(browser, { viewport: viewports.desktop });
    await chooseAdminKind(page);

    const emptyDay = page.getByRole('button', { name: `${dayLabel}, no slots` });
    await emptyDay.click();
    await page.getByRole('heading', { level: 2, name: dayLabel }).waitFor();
    await page.getByText('There are no session slots on this day.').waitFor();
    await page.getByRole('button', { name: 'Add new session slots' }).click();

    // The first slot of a future day: 08:00 to 08:30, the test's price, an address.
    const first = slotGroup(page, 1);
    expect(await first.getByLabel('Start time').inputValue()).toBe('08:00');
    expect(await first.getByLabel('End time').inputValue()).toBe('08:30');
    expect(await first.getByLabel('Price (€)').inputValue()).toBe('180');
    await first.getByLabel('Address').selectOption({
      label: (await first.getByLabel('Address').locator('option').nth(2).textContent()) ?? '',
    });

    // The next one starts 10 minutes after the first ends.
    await page.getByRole('button', { name: 'Add another session slot' }).click();
    const second = slotGroup(page, 2);
    expect(await second.getByLabel('Start time').inputValue()).toBe('08:40');
    expect(await second.getByLabel('End time').inputValue()).toBe('09:10');

    // One price list: the seed has the kind cost the fees page's skin prick test; another price is warned of.
    await page.getByText('From the price list: Skin prick test — €180', { exact: true }).first().waitFor();
    const warning = second.getByText(
      'Not the price list’s €180 (Skin prick test). Patients pay the slot’s price.',
    );
    await second.getByLabel('Price (€)').fill('175');
    await warning.waitFor();
    await second.getByLabel('Price (€)').fill('180');
    await warning.waitFor({ state: 'detached' });

    // Spec errors, next to the slot and announced.
    await pick(second.getByLabel('End time'), '08:30');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await second.getByRole('alert').filter({ hasText: 'Start time can`t be after end time' }).waitFor();
    await pick(second.getByLabel('End time'), '09:10');
    await pick(second.getByLabel('Start time'), '08:20');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await second.getByRole('alert').filter({ hasText: 'That time range is occupied' }).waitFor();
    await pick(second.getByLabel('Start time'), '08:40');
    await screenshot(page, 'admin-availability-editor-1280');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    // 8:00 is before any place opens: the editor warns, and saves once told to.
    const outside = page.getByRole('dialog', { name: 'Save slots outside the opening hours?' });
    await outside.getByText(/^Slot 1, 08:00 to 08:30: Suite 23, Blackrock \(adults\) is /).waitFor();
    expect(await axeViolations(page, 'opening hours warning')).toEqual([]);
    await saveOutsideOpeningHours(page);
    await page.getByText('You have successfully created new available Appointments on this day.').waitFor();

    const list = page.getByRole('list', { name: 'Session slots' });
    await list.getByText('08:00 – 08:30').waitFor();
    await list.getByText('08:40 – 09:10').waitFor();
    expect(await list.getByText('€180').count()).toBe(2);
    expect(await list.getByText('Available', { exact: true }).count()).toBe(2);

    // The day is bold now.
    const boldDay = page.getByRole('button', { name: `${dayLabel}, has slots` });
    await boldDay.waitFor();
    expect(
      await boldDay.evaluate((button) => Number(getComputedStyle(button).fontWeight)),
    ).toBeGreaterThanOrEqual(700);

    // Edit: the second slot ends at 9:00.
    await page.getByRole('button', { name: 'Edit', exact: true }).click();
    await pick(slotGroup(page, 2).getByLabel('End time'), '09:00');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await saveOutsideOpeningHours(page);
    await page.getByText('You have successfully updated an available Appointments on this day.').waitFor();
    await list.getByText('08:40 – 09:00').waitFor();

    // Delete the second slot, after the spec's confirmation.
    await page.getByRole('button', { name: 'Edit', exact: true }).click();
    await slotGroup(page, 2)
      .getByRole('button', { name: /^Delete slot 2/ })
      .click();
    const dialog = page.getByRole('dialog', { name: 'Delete available booking time ?' });
    await dialog.getByText('Users cannot book an appointment at this time.').waitFor();
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await page.getByText('You have successfully deleted selected available appointment.').waitFor();
    expect(await slotGroup(page, 2).count()).toBe(0);

    // A slot a visitor books while the editor is open is refused by the server when the admin deletes it.
    const auth = await adminAuthorization();
    const adultTest = { isAdult: true, isVideoCall: false };
    const [booked] = await createSlots(auth, day, adultTest, [11 * 60]);
    await page.reload();
    await chooseAdminKind(page);
    await page.getByRole('button', { name: `${dayLabel}, has slots` }).click();
    await list.getByText('11:00 – 11:30').waitFor();
    await page.getByRole('button', { name: 'Edit', exact: true }).click();
    const bookedGroup = slotGroup(page, 2);
    expect(await bookedGroup.getByLabel('Start time').inputValue()).toBe('11:00');
    await bookAndPay(booked ?? 0, {
      is_adult: true,
      is_video_call: false,
      first_name: 'Aoife',
      last_name: 'Byrne',
      email: 'aoife.byrne@example.ie',
      phone: '087 123 4567',
      dob: '1990-04-12',
      consultant_name: 'Dr Walsh',
      consultant_addres: '12 Harcourt Street, Dublin 2',
      antihistamine: true,
      agreement: true,
    });
    await bookedGroup.getByRole('button', { name: /^Delete slot 2/ }).click();
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await page.getByText('You can not delete a booked appointment.').waitFor();
    await page.getByRole('button', { name: 'Cancel', exact: true }).click();
    await list.getByText('08:00 – 08:30').waitFor();
    await list.getByText('11:00 – 11:30').waitFor();
    expect(await list.getByRole('listitem').count()).toBe(2);

    // A slot that is not available (held for booking) shows Unavailable and is disabled in the editor.
    const [heldId = 0] = await createSlots(auth, day, adultTest, [10 * 60]);
    expect((await setSlotStatus(auth, heldId, 'pending')).status).toBe(200);
    // The session type, appointment type, month and open day are kept in the URL, so a reload returns there.
    await page.reload();
    await waitForHydration(page);
    await page.getByRole('heading', { level: 2, name: dayLabel }).waitFor();
    expect(await page.getByRole('radio', { name: 'Allergy test' }).isChecked()).toBe(true);
    expect(await page.getByRole('radio', { name: 'Adult' }).isChecked()).toBe(true);
    expect(new URL(page.url()).search).toBe(`?type=test&age=adult&month=${monthOf(day)}&day=${day}`);
    await itemOf(list, '10:00 – 10:30').getByText('Unavailable', { exact: true }).waitFor();
    await itemOf(list, '10:00 – 10:30').getByText('Held by staff').waitFor();
    // The booked slot too, once the day is read again.
    await itemOf(list, '11:00 – 11:30').getByText('Unavailable', { exact: true }).waitFor();
    // Who booked it, with a link to the appointment.
    const patientLink = itemOf(list, '11:00 – 11:30').getByRole('link', { name: 'Aoife Byrne' });
    expect(await patientLink.getAttribute('href')).toMatch(/^\/admin\/appointment\/edit\?id=\d+$/);
    await page.getByRole('button', { name: 'Edit', exact: true }).click();
    const locked = slotGroup(page, 2);
    expect(await locked.getByLabel('Start time').isDisabled()).toBe(true);
    // A locked price reads as locked: a dashed border on a darker fill, not an empty-looking input.
    expect(
      await locked.getByLabel('Price (€)').evaluate((input) => {
        const style = getComputedStyle(input);
        return [style.borderStyle, style.backgroundColor, style.cursor];
      }),
    ).toEqual(['dashed', 'rgb(223, 228, 233)', 'not-allowed']);
    expect(await locked.getByRole('button', { name: /^Delete slot 2/ }).isDisabled()).toBe(true);
    await page.getByRole('button', { name: 'Cancel', exact: true }).click();
    // A staff hold left behind (a closed tab) is released from the day's list, after a confirmation, for the
    // visitors' test below.
    await itemOf(list, '10:00 – 10:30').getByRole('button', { name: 'Release the hold on 10:00' }).click();
    const releasing = page.getByRole('dialog', { name: 'Release this time?' });
    await releasing.waitFor();
    await screenshot(page, 'admin-availability-release-1280');
    await releasing.getByRole('button', { name: 'Release' }).click();
    await page.getByText('10:00 is free to book again.').waitFor();
    await itemOf(list, '10:00 – 10:30').getByText('Available', { exact: true }).waitFor();
    expect(await itemOf(list, '10:00 – 10:30').getByText('Held by staff').count()).toBe(0);

    // Clicking the chosen day again closes it.
    await page.getByRole('button', { name: `${dayLabel}, has slots` }).click();
    await page.getByRole('heading', { level: 2, name: dayLabel }).waitFor({ state: 'detached' });
    // The one failed request is the server's refusal (422) of the booked slot's delete.
    expect(errors.filter((error) => !error.includes('422'))).toEqual([]);
  });

  it('fits 360 px, works by keyboard and has no axe findings', async () => {
    const { page, errors } = await openAdminPage(browser, { viewport: viewports.phone });
    await chooseAdminKind(page);
    // Arrow keys move between days; Enter opens one.
    await page.getByRole('button', { name: `${formatLongDate(`${monthOf(day)}-09`)}, no slots` }).focus();
    await page.keyboard.press('ArrowRight');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-date'))).toBe(day);
    await page.keyboard.press('Enter');
    await page.getByRole('list', { name: 'Session slots' }).getByText('08:00 – 08:30').waitFor();
    expect(await fitsWidth(page)).toBe(true);
    await screenshot(page, 'admin-availability-360');
    await page.getByRole('button', { name: 'Edit', exact: true }).click();
    await slotGroup(page, 1).waitFor();
    expect(await fitsWidth(page)).toBe(true);
    expect(await axeViolations(page, 'admin availability 360')).toEqual([]);
    await screenshot(page, 'admin-availability-editor-360');
    await page.setViewportSize(viewports.desktop);
    await page.getByRole('button', { name: 'Cancel', exact: true }).click();
    await screenshot(page, 'admin-availability-1280');
    expect(errors).toEqual([]);
  });
});

describe('booking a slot (public)', () => {
  it('takes up a choice tapped before the page’s scripts ran (a slow phone)', async () => {
    const { page, context } = await openPage(browser, { viewport: viewports.phone });
    // The scripts arrive only once the visitor has tapped.
    let tapped: () => void = () => {};
    const afterTap = new Promise<void>((resolve) => {
      tapped = resolve;
    });
    await page.route('**/*.js', async (route) => {
      await afterTap;
      await route.continue();
    });
    await page.goto('/sessions_availability/booking_test', { waitUntil: 'domcontentloaded' });
    await page.getByRole('radio', { name: 'Adult' }).check();
    tapped();
    await waitForHydration(page);
    await page.getByRole('heading', { level: 2, name: formatMonth(monthOf(today)) }).waitFor();
    expect(await page.getByRole('radio', { name: 'Adult' }).isChecked()).toBe(true);
    await context.close();
  });

  it('finds the next free day, holds a slot that a second visitor can no longer take, and keeps the hold on return', async () => {
    const first = await openPage(browser, { viewport: viewports.phone });
    const second = await openPage(browser, { viewport: viewports.desktop });
    const page = first.page;

    // Server-rendered shell: the title and the choice, no slot data in the page.
    const html = await (await fetch(`${baseUrl()}/sessions_availability/booking_test`)).text();
    expect(html).toContain('Book an Allergy Test');
    expect(html).toContain('Who is the appointment for?');
    expect(html).not.toContain('/api/calendar_slots');

    await page.goto('/sessions_availability/booking_test');

    await waitForHydration(page);
    await page.getByRole('heading', { level: 1, name: 'Book an Allergy Test' }).waitFor();
    await page.getByRole('radio', { name: 'Adult' }).check();
    await page.getByLabel('Go to month').fill(emptyMonth);
    await page.getByText(`No free times in ${formatMonth(emptyMonth)}.`).waitFor();
    await page.getByRole('button', { name: `Next available: ${formatShortDate(day)}` }).click();
    await page.getByRole('heading', { level: 2, name: dayLabel }).waitFor();
    const slot = page.getByRole('button', { name: /8:00 AM – 8:30 AM/ });
    await slot.waitFor();
    expect(await fitsWidth(page)).toBe(true);
    expect(await axeViolations(page, 'booking 360')).toEqual([]);
    await screenshot(page, 'booking-test-360');

    // The second visitor sees the same slot.
    await second.page.goto('/sessions_availability/booking_test');
    await waitForHydration(second.page);
    await second.page.getByRole('radio', { name: 'Adult' }).check();
    await second.page.getByLabel('Go to month').fill(monthOf(day));
    await second.page.getByRole('button', { name: `${dayLabel}, slots available` }).click();
    const secondSlot = second.page.getByRole('button', { name: /8:00 AM – 8:30 AM/ });
    await secondSlot.waitFor();
    await screenshot(second.page, 'booking-test-1280');

    // The first visitor holds it and moves on to the request form.
    await slot.click();
    await page.waitForURL('**/confirm');
    await page.getByRole('heading', { level: 2, name: 'Your appointment' }).waitFor();
    await page.getByText(/held for you until \d\d:\d\d/).waitFor();
    const stored = await page.evaluate(() => window.sessionStorage.getItem('booking_hold'));
    expect(JSON.parse(stored ?? '{}').token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(page.url()).not.toContain(JSON.parse(stored ?? '{}').token);
    expect(await fitsWidth(page)).toBe(true);
    await screenshot(page, 'booking-held-360');

    // The second visitor can no longer take it: a clear message, and the day refreshed.
    await secondSlot.click();
    await second.page
      .getByRole('alert')
      .filter({ hasText: 'Sorry, this time has just been taken. Please choose another.' })
      .waitFor();
    await second.page.getByRole('button', { name: /8:00 AM – 8:30 AM/ }).waitFor({ state: 'detached' });
    // Said where the time was chosen, and focused (so in sight on a phone and read first).
    await expect
      .poll(() => second.page.evaluate(() => document.activeElement?.closest('.availability-day') !== null))
      .toBe(true);
    expect(await second.page.evaluate(() => document.activeElement?.textContent)).toContain(
      'just been taken',
    );

    // Back to the calendar: the first visitor's slot is still theirs, also after a reload.
    await page.getByRole('link', { name: 'Choose another time' }).click();
    await page.getByRole('button', { name: /8:00 AM – 8:30 AM.*Held for you/ }).waitFor();
    await page.reload();
    await page.getByText(/You are holding/).waitFor();
    await page.getByRole('button', { name: /8:00 AM – 8:30 AM.*Held for you/ }).waitFor();
    await page.getByRole('button', { name: 'Continue with this time' }).click();
    await page.waitForURL('**/confirm');

    // Cancelling the booking lets it go: the second visitor can take it now.
    await page.getByRole('button', { name: 'Cancel booking' }).click();
    await page.waitForURL('**/sessions_availability/booking_test');
    await page.getByRole('radio', { name: 'Adult' }).waitFor();
    expect(await page.evaluate(() => window.sessionStorage.getItem('booking_hold'))).toBeNull();
    await second.page.reload();
    await second.page.getByRole('radio', { name: 'Adult' }).check();
    await second.page.getByLabel('Go to month').fill(monthOf(day));
    await second.page.getByRole('button', { name: `${dayLabel}, slots available` }).click();
    await second.page.getByRole('button', { name: /8:00 AM – 8:30 AM/ }).click();
    await second.page.getByRole('heading', { level: 2, name: 'Your appointment' }).waitFor();
    await screenshot(second.page, 'booking-held-1280');

    // The video booking page: the same flow's shell.
    await page.goto('/sessions_availability/booking_video');
    await waitForHydration(page);
    await page.getByRole('heading', { level: 1, name: 'Book A Video Consultation' }).waitFor();
    await page.getByRole('radio', { name: 'Child' }).check();
    await page.getByRole('heading', { level: 2, name: formatMonth(monthOf(today)) }).waitFor();
    expect(await fitsWidth(page)).toBe(true);
    await screenshot(page, 'booking-video-360');

    expect(first.errors.filter((error) => !error.includes('409'))).toEqual([]);
    expect(second.errors.filter((error) => !error.includes('409'))).toEqual([]);
  });
});
