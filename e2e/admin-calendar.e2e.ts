import { copyFile, mkdir } from 'node:fs/promises';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addDays,
  addMonths,
  formatLongDate,
  monthOf,
} from '../src/client/components/month-calendar/month-grid';
import { clinicToday } from '../src/client/lib/clinic-clock';
import { adminAuthorization, createSlots, freshDays, runSurname, type SlotKind } from './api';
import {
  axeViolations,
  baseUrl,
  fitsWidth,
  launchBrowser,
  openAdminPage,
  SCREENSHOTS,
  screenshot,
  viewportSweep,
} from './browser';
import { calendarProperty, waitForMailWhere } from './mailbox';

let browser: Browser;
let auth: { authorization: string };

beforeAll(async () => {
  browser = await launchBrowser();
  auth = await adminAuthorization();
});
afterAll(() => browser?.close());

/*
 * Days of their own, in a month after those the other browser tests use (the roles' test has the 5th of the month
 * after this one), and a surname made for this run.
 */
const freshDay = freshDays(addMonths(monthOf(addDays(clinicToday(), 29)), 10), 8);
const runName = runSurname('Cz');

const adultTest: SlotKind = { isAdult: true, isVideoCall: false };
const childTest: SlotKind = { isAdult: false, isVideoCall: false };
const adultVideo: SlotKind = { isAdult: true, isVideoCall: true };

const patientFields = (kind: SlotKind, first: string, email?: string) => ({
  is_adult: kind.isAdult,
  is_video_call: kind.isVideoCall,
  first_name: first,
  last_name: runName,
  ...(email ? { email } : {}),
  phone: '087 123 4567',
  dob: kind.isAdult ? '1990-04-12' : '2016-04-12',
  ...(kind.isAdult ? {} : { guardian_first_name: 'Niamh', guardian_last_name: runName }),
  ...(kind.isVideoCall
    ? {}
    : {
        consultant_name: 'Dr Walsh',
        consultant_addres: '12 Harcourt Street, Dublin 2',
        antihistamine: true,
        agreement: true,
      }),
});

/** Staff book a slot for a patient through the API; answers the appointment's id. */
async function staffBook(slotId: number, kind: SlotKind, first: string, email?: string): Promise<number> {
  const response = await fetch(`${baseUrl()}/api/admin/patients`, {
    method: 'POST',
    headers: { ...auth, 'content-type': 'application/json' },
    body: JSON.stringify({ ...patientFields(kind, first, email), session_id: slotId }),
  });
  expect(response.status, await response.clone().text()).toBe(201);
  return ((await response.json()) as { transaction: { id: number } }).transaction.id;
}

/** The appointment's link on the calendar, by the patient's first name. */
const linkOf = (page: Page, first: string) =>
  page.getByRole('link', { name: new RegExp(`${first} ${runName}`) });

/** The calendar's screenshot, kept under test-results and copied to /tmp/shots for review. */
async function shot(page: Page, name: string): Promise<void> {
  await screenshot(page, name);
  await mkdir('/tmp/shots', { recursive: true });
  await copyFile(`${SCREENSHOTS}/${name}.png`, `/tmp/shots/${name}.png`);
}

/** Drags `handle` onto `target` with the mouse, in steps, as a person does. */
async function drag(page: Page, handle: Locator, target: Locator): Promise<void> {
  await handle.scrollIntoViewIfNeeded();
  const from = await handle.boundingBox();
  if (!from) throw new Error('no drag handle');
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(from.x + from.width / 2 + 10, from.y + from.height / 2 + 10, { steps: 3 });
  const to = await target.boundingBox();
  if (!to) throw new Error('no drop target');
  await page.mouse.move(to.x + to.width / 2, to.y + to.height / 2, { steps: 12 });
  await expect.poll(() => target.getAttribute('class')).toContain('calendar-item--over');
  await page.mouse.up();
}

describe('the calendar', () => {
  for (const viewport of viewportSweep) {
    const width = viewport.width;
    it(`shows the week and the day by place, and moves an appointment by keyboard and by drag, at ${width} px`, async () => {
      const day = freshDay();
      const [nine = 0] = await createSlots(auth, day, adultTest, [
        9 * 60,
        9 * 60 + 30,
        10 * 60,
        10 * 60 + 30,
      ]);
      const [childNine = 0] = await createSlots(auth, day, childTest, [9 * 60, 9 * 60 + 30]);
      const [eleven = 0] = await createSlots(auth, day, adultVideo, [11 * 60, 11 * 60 + 30]);
      const email = `calendar-${width}-${runName.toLowerCase()}@example.ie`;
      const suffix = width === 360 ? 'P' : 'D';
      const [aoife, cian, dara] = ['Aoife', 'Cian', 'Dara'].map((first) => `${first}${suffix}`) as [
        string,
        string,
        string,
      ];
      await staffBook(nine, adultTest, aoife, email);
      await staffBook(childNine, childTest, cian);
      await staffBook(eleven, adultVideo, dara);

      const { page, errors, context } = await openAdminPage(browser, { viewport });
      await page.goto(`/admin/calendar?view=week&date=${day}`);
      await page.getByRole('heading', { level: 1, name: 'Calendar' }).waitFor();
      await linkOf(page, aoife).waitFor();
      if (width > 360) {
        // The week: a column a day, each appointment naming its time, kind, place and payment.
        await page.getByRole('heading', { name: /^Week of / }).waitFor();
        expect(await page.getByRole('button', { name: 'Week', pressed: true }).count()).toBe(1);
        const name = await linkOf(page, aoife).getAttribute('class');
        expect(name).toContain('calendar-item__link');
        await expect
          .poll(() => linkOf(page, aoife).textContent())
          .toMatch(/09:00 – 09:30.*Adult allergy test.*Suite 12, Sandyford.*Booked by staff/);
        await linkOf(page, cian).waitFor();
        await linkOf(page, dara).waitFor();
        expect(await fitsWidth(page)).toBe(true);
        expect(await axeViolations(page, `calendar week ${width}`)).toEqual([]);
        await shot(page, `calendar-week-${width}`);
        await page.getByRole('button', { name: 'Day', exact: true }).click();
        await page.waitForURL((url) => !url.searchParams.has('view'));
      }
      // The day: its date, a column a place (one after another on a phone), Video last.
      await page.getByRole('heading', { level: 2, name: formatLongDate(day) }).waitFor();
      for (const place of [
        'Suite 12, Sandyford (adults)',
        'Suite 36, Sandyford (children)',
        'Suite 23, Blackrock (adults)',
        'Video',
      ]) {
        await page.getByRole('region', { name: place }).waitFor();
      }
      const suite12 = page.getByRole('region', { name: 'Suite 12, Sandyford (adults)' });
      await suite12.getByRole('link', { name: new RegExp(aoife) }).waitFor();
      await page
        .getByRole('region', { name: 'Suite 36, Sandyford (children)' })
        .getByRole('link', { name: new RegExp(cian) })
        .waitFor();
      await page
        .getByRole('region', { name: 'Video' })
        .getByRole('link', { name: new RegExp(dara) })
        .waitFor();
      await suite12.getByRole('button', { name: /Book for a patient at 10:00/ }).waitFor();
      expect(await fitsWidth(page)).toBe(true);
      expect(await axeViolations(page, `calendar day ${width}`)).toEqual([]);
      await shot(page, `calendar-day-${width}`);

      // By keyboard: Move, a time from the list, then the confirmation naming both times.
      const move = suite12.getByRole('button', { name: new RegExp(`^Move ${aoife}`) });
      await move.focus();
      await page.keyboard.press('Enter');
      const panel = page.getByRole('region', { name: new RegExp(`^Move ${aoife}`) });
      await expect
        .poll(() => page.evaluate(() => document.activeElement?.textContent))
        .toContain(`Move ${aoife}`);
      const choice = panel.getByRole('button', {
        name: `${formatLongDate(day)}, 10:00 – 10:30, Suite 12, Sandyford (adults)`,
      });
      expect(await panel.getByRole('button', { name: /Suite 36|Video/ }).count()).toBe(0);
      await choice.focus();
      await page.keyboard.press('Enter');
      const dialog = page.getByRole('dialog', { name: 'Move this appointment?' });
      await dialog.waitFor();
      const said = await dialog.textContent();
      expect(said).toContain(`from ${formatLongDate(day)}, 09:00 – 09:30, Suite 12, Sandyford (adults)`);
      expect(said).toContain(`to ${formatLongDate(day)}, 10:00 – 10:30, Suite 12, Sandyford (adults)`);
      expect(await axeViolations(page, `calendar confirm ${width}`)).toEqual([]);
      await shot(page, `calendar-confirm-${width}`);
      await dialog.getByRole('button', { name: 'Move', exact: true }).click();
      await dialog.waitFor({ state: 'hidden' });
      await expect.poll(() => linkOf(page, aoife).textContent()).toContain('10:00 – 10:30');
      await suite12.getByRole('button', { name: /Book for a patient at 09:00/ }).waitFor();
      // One e-mail, the same calendar event at a higher SEQUENCE.
      const moved = await waitForMailWhere(
        email,
        (mail) => Number(calendarProperty(mail.calendar, 'SEQUENCE') ?? 0) === 1,
        'with the moved calendar invite',
      );
      expect(moved.text).toContain('10:00');

      // By drag: the handle onto the free 09:30.
      const handle = suite12.getByRole('button', { name: new RegExp(`^Drag ${aoife}`) });
      const target = suite12.getByRole('listitem').filter({ hasText: /^09:30 – 10:00/ });
      await drag(page, handle, target);
      await dialog.waitFor();
      const dropped = await dialog.textContent();
      expect(dropped).toContain(`from ${formatLongDate(day)}, 10:00 – 10:30`);
      expect(dropped).toContain(`to ${formatLongDate(day)}, 09:30 – 10:00`);
      await dialog.getByRole('button', { name: 'Move', exact: true }).click();
      await dialog.waitFor({ state: 'hidden' });
      await expect.poll(() => linkOf(page, aoife).textContent()).toContain('09:30 – 10:00');
      await waitForMailWhere(
        email,
        (mail) => Number(calendarProperty(mail.calendar, 'SEQUENCE') ?? 0) === 2,
        'with the second moved calendar invite',
      );
      await shot(page, `calendar-moved-${width}`);

      // The appointment opens its screen.
      await linkOf(page, aoife).click();
      await page.waitForURL(/\/admin\/appointment\/edit\?id=/);
      expect(errors).toEqual([]);
      await context.close();
    }, 150_000);
  }
});
