import { mkdir } from 'node:fs/promises';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clinicDayTime, clinicToday } from '../src/client/lib/clinic-clock';
import type { DashboardResponse } from '../src/shared/dashboard';
import { adminAuthorization, bookAndPay, runSurname, slotsFromNow } from './api';
import {
  axeViolations,
  baseUrl,
  downloadOf,
  fitsWidth,
  launchBrowser,
  notice,
  openAdminPage,
  screenshot,
  viewportSweep,
  waitForSettled,
} from './browser';

let browser: Browser;
let auth: { authorization: string };

const SHOTS = '/tmp/shots';
const runName = runSurname('Dk');
const firstNames = ['Ronan', 'Sorcha'];

/** A visitor's booking of an adult allergy test, as the booking form sends it. */
const bookingFields = (first: string) => ({
  first_name: first,
  last_name: runName,
  email: `${first.toLowerCase()}@example.ie`,
  phone: '087 765 4321',
  dob: '1988-03-02',
  is_adult: true,
  is_video_call: false,
  consultant_name: 'Dr Walsh',
  consultant_addres: '12 Harcourt Street, Dublin 2',
  antihistamine: true,
  agreement: true,
});

async function dashboard(): Promise<DashboardResponse> {
  const response = await fetch(`${baseUrl()}/api/admin/dashboard`, { headers: auth });
  expect(response.status).toBe(200);
  return (await response.json()) as DashboardResponse;
}

const row = (page: Page, name: string) => page.getByRole('row').filter({ hasText: name });

beforeAll(async () => {
  browser = await launchBrowser();
  auth = await adminAuthorization();
  await mkdir(SHOTS, { recursive: true });
});
afterAll(() => browser?.close());

describe('the desk’s day (back office)', () => {
  let today = clinicToday();
  const unresolved = firstNames.map((first) => `${first}-Late ${runName}`);

  beforeAll(async () => {
    // Arrival is marked on the appointment's own clinic day: the appointments below take the next four minutes, so
    // a run in the day's last five starts with the next day instead.
    const { minutes } = clinicDayTime(new Date());
    if (minutes > 24 * 60 - 5) {
      await expect.poll(() => clinicToday(), { timeout: 6 * 60_000, interval: 1000 }).not.toBe(today);
      today = clinicToday();
    }
    // Two that end unmarked in moments, and today's appointments of the desk from a minute and a half on, a minute
    // long; each booked and paid before it starts.
    const short = await slotsFromNow(auth, 30, unresolved.length, 5, 6);
    const slots = await slotsFromNow(auth, 90, firstNames.length, 60, 70);
    for (const [index, name] of unresolved.entries()) {
      await bookAndPay(short[index] ?? 0, bookingFields(name.split(' ')[0] ?? ''));
    }
    for (const [index, first] of firstNames.entries()) {
      await bookAndPay(slots[index] ?? 0, bookingFields(first));
    }
  }, 8 * 60_000);

  for (const [index, viewport] of viewportSweep.entries()) {
    const patient = `${firstNames[index]} ${runName}`;
    it(`lists today, marks a patient arrived with one press (the state shown apart) and undoes it, at ${viewport.width} px`, async () => {
      const { page, errors, context } = await openAdminPage(browser, { viewport });
      await page.goto('/admin/today');
      await page.getByRole('heading', { level: 1, name: /^Today at the desk/ }).waitFor();
      const line = row(page, patient);
      await line.getByRole('link', { name: patient }).waitFor();
      expect(await line.getByRole('link', { name: '087 765 4321' }).getAttribute('href')).toBe(
        'tel:0877654321',
      );
      await line.getByText('Paid', { exact: true }).waitFor();
      await line.getByText('Adult · Suite 12, Sandyford (adults)').waitFor();
      await page.getByText(/^\d+ appointments? · /).waitFor();

      // The button says what it does; where the patient stands is shown beside it.
      await line.getByText('Not arrived', { exact: true }).waitFor();
      const markArrived = line.getByRole('button', { name: `Mark arrived ${patient}` });
      expect(await markArrived.evaluate((button) => button.firstChild?.textContent)).toBe('Mark arrived');
      await markArrived.click();
      await line.getByText(/^Arrived \d{2}:\d{2}$/).waitFor();
      expect(await line.getByText('Not arrived', { exact: true }).count()).toBe(0);
      const undo = line.getByRole('button', { name: `Undo arrival ${patient}` });
      await expect.poll(() => undo.evaluate((element) => element === document.activeElement)).toBe(true);
      await notice(page, 'arrived');
      expect(await fitsWidth(page)).toBe(true);
      expect(await axeViolations(page, `/admin/today @${viewport.width}`)).toEqual([]);
      await screenshot(page, `admin-today-${viewport.width}`);
      await page.screenshot({ path: `${SHOTS}/today-${viewport.width}.png`, fullPage: true });

      await undo.click();
      await expect
        .poll(() => markArrived.evaluate((element) => element === document.activeElement))
        .toBe(true);
      await line.getByText('Not arrived', { exact: true }).waitFor();
      expect(await line.getByText(/^Arrived \d{2}:\d{2}$/).count()).toBe(0);

      // On paper: one place a page, times and names only, no menu and no buttons.
      await page.emulateMedia({ media: 'print' });
      const places = page.locator('.desk-sheet__place');
      await places.first().waitFor();
      const sheet = places.filter({ hasText: 'Suite 12, Sandyford (adults)' });
      await sheet.getByRole('cell', { name: patient }).waitFor();
      expect(await sheet.textContent()).not.toContain('087');
      const breaks = await places.evaluateAll((sections) =>
        sections.map((section) => getComputedStyle(section).breakAfter),
      );
      expect(breaks.at(-1)).toBe('auto');
      expect(breaks.slice(0, -1).every((value) => value === 'page')).toBe(true);
      expect(await page.getByRole('button').filter({ visible: true }).count()).toBe(0);
      expect(await page.getByRole('navigation', { name: 'Admin menu' }).isVisible()).toBe(false);
      await waitForSettled(page);
      await page.screenshot({ path: `${SHOTS}/today-print-${viewport.width}.png`, fullPage: true });
      await page.emulateMedia({ media: 'screen' });

      // The day's CSV.
      const csv = await downloadOf(page, () => page.getByRole('button', { name: 'Export CSV' }).click());
      expect(csv.name).toBe(`Day-${today}.csv`);
      const text = csv.bytes.toString('utf8');
      expect(text).toContain(
        'Date,Time,End,Place,Patient name,Phone,Kind,Adult or child,Payment information,Status,Arrived at',
      );
      expect(text).toContain(`${patient},087 765 4321,Allergy test,Adult,Paid,Booked,`);

      // A day typed key by key lands on that day (the field's passing years, '0002', are not days to show).
      const dayField = page.getByLabel('Day', { exact: true });
      await dayField.focus();
      const monthFirst = await page.evaluate(() => navigator.language === 'en-US');
      await page.keyboard.type(monthFirst ? '12252030' : '25122030', { delay: 50 });
      await page.waitForURL((url) => url.searchParams.get('date') === '2030-12-25');
      expect(await dayField.inputValue()).toBe('2030-12-25');
      expect(errors).toEqual([]);
      await context.close();
    });

    it(`shows a past appointment left unmarked to resolve on the dashboard, and marking it removes it, at ${viewport.width} px`, async () => {
      const name = unresolved[index] ?? '';
      await expect
        .poll(
          async () => (await dashboard()).to_resolve.appointments.some((each) => each.full_name === name),
          {
            timeout: 60_000,
          },
        )
        .toBe(true);
      const { page, errors, context } = await openAdminPage(browser, { viewport });
      await page.goto('/admin');
      const card = page
        .getByRole('region', { name: 'At a glance' })
        .getByRole('region', { name: 'To resolve' });
      const item = card.getByRole('listitem').filter({ hasText: name });
      await item.getByRole('link', { name: new RegExp(name) }).waitFor();
      expect(await axeViolations(page, `/admin to resolve @${viewport.width}`)).toEqual([]);
      expect(await fitsWidth(page)).toBe(true);
      await page.screenshot({ path: `${SHOTS}/today-dashboard-${viewport.width}.png`, fullPage: true });
      await item.getByRole('button', { name: `Mark attended ${name}` }).click();
      await notice(page, 'attended');
      await expect.poll(() => item.count()).toBe(0);
      expect((await dashboard()).to_resolve.appointments.some((each) => each.full_name === name)).toBe(false);
      expect(errors).toEqual([]);
      await context.close();
    });
  }
});
