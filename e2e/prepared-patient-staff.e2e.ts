import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, addMonths, monthOf } from '../src/client/components/month-calendar/month-grid';
import { clinicToday } from '../src/client/lib/clinic-clock';
import { stopDayWords } from '../src/shared/antihistamines';
import { flagDealtWithTexts } from '../src/shared/way-out';
import {
  adminAuthorization,
  bookAndPay,
  createSlots,
  freshDays,
  runSurname,
  type SlotKind,
  staffToken,
} from './api';
import {
  axeViolations,
  baseUrl,
  fitsWidth,
  launchBrowser,
  notice,
  openAdminPage,
  openStaffPage,
  screenshot,
  viewportSweep,
} from './browser';
import { waitForMailWhere } from './mailbox';

// What staff see of a patient who prepared for their test (issue 33), by role, with real accounts of each role:
// the antihistamines the patient takes (health roles), a flag reception marks dealt with, and a video appointment's
// join link the bookkeeper does not get.

let browser: Browser;
let auth: { authorization: string };
const tokens = new Map<string, Promise<string>>();
/** A staff member of the role for this file, invited on first use (inside a test: it waits for the e-mail). */
const tokenOf = (role: 'reception' | 'bookkeeper', name: string) => {
  if (!tokens.has(role)) tokens.set(role, staffToken(role, name));
  return tokens.get(role)!;
};

// A month of this file's own (no other e2e file books in it).
const freshDay = freshDays(addMonths(monthOf(addDays(clinicToday(), 29)), 2), 10);
const adultTest: SlotKind = { isAdult: true, isVideoCall: false };
const adultVideo: SlotKind = { isAdult: true, isVideoCall: true };

beforeAll(async () => {
  browser = await launchBrowser();
  auth = await adminAuthorization();
});
afterAll(() => browser?.close());

const bookingLink = (text: string) =>
  /\/booking\/([0-9A-Za-z]+)#([A-Za-z0-9_.~-]+)/.exec(text) as [string, string, string] | null;

/**
 * A paid adult allergy test on its own day at 11:40, taking tablets and a nasal spray, that the patient flagged "could
 * not stop" from their booking link; answers its id, day and the patient's surname.
 */
async function flaggedTest(prefix: string) {
  const day = freshDay();
  const [slotId = 0] = await createSlots(auth, day, adultTest, [11 * 60 + 40]);
  const last = runSurname(prefix);
  const email = `${last.toLowerCase()}@example.ie`;
  await bookAndPay(slotId, {
    is_adult: true,
    is_video_call: false,
    first_name: 'Nuala',
    last_name: last,
    email,
    phone: '087 123 4567',
    dob: '1988-02-03',
    consultant_name: 'Dr Walsh',
    consultant_addres: '12 Harcourt Street, Dublin 2',
    antihistamine: true,
    agreement: true,
    antihistamines: 'tablets,nasal',
  });
  const mail = await waitForMailWhere(email, (each) => bookingLink(each.text) !== null, 'with the link');
  const [, reference, token] = bookingLink(mail.text)!;
  const flagged = await fetch(`${baseUrl()}/api/bookings/${reference}/flag`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-manage-token': token },
    body: JSON.stringify({ reason: 'could_not_stop', message: 'I took a sleep remedy on Sunday.' }),
  });
  expect(flagged.status, await flagged.clone().text()).toBe(200);
  return { id: await idOf(last), day, last };
}

async function idOf(last: string): Promise<number> {
  const response = await fetch(`${baseUrl()}/api/admin/transactions?search_transaction=${last}`, {
    headers: auth,
  });
  const { transactions } = (await response.json()) as { transactions: { id: number }[] };
  if (!transactions[0]) throw new Error(`no appointment of ${last}`);
  return transactions[0].id;
}

/** A paid video consultation with its join link set by staff; answers its id. */
async function videoWithLink(): Promise<number> {
  const [slotId = 0] = await createSlots(auth, freshDay(), adultVideo, [12 * 60 + 10]);
  const last = runSurname('Video');
  await bookAndPay(slotId, {
    is_adult: true,
    is_video_call: true,
    first_name: 'Dara',
    last_name: last,
    email: `${last.toLowerCase()}@example.ie`,
    phone: '087 765 4321',
    dob: '1979-09-09',
  });
  const id = await idOf(last);
  const saved = await fetch(`${baseUrl()}/api/admin/transactions/${id}/video_link`, {
    method: 'PUT',
    headers: { ...auth, 'content-type': 'application/json' },
    body: JSON.stringify({ video_link: 'https://meet.example.ie/room-e2e' }),
  });
  expect(saved.status).toBe(200);
  return id;
}

const openAppointment = async (page: Page, id: number, heading: string) => {
  await page.goto(`/admin/appointment/edit?id=${id}`);
  await page.getByRole('heading', { level: 1, name: heading }).waitFor();
};

const toDo = (page: Page) => page.getByRole('region', { name: 'To do' });

describe('a prepared patient, as staff see them', () => {
  for (const viewport of viewportSweep) {
    const width = viewport.width;

    it(`reception marks the patient's flag dealt with and it leaves the dashboard; no medicines for reception; an administrator sees them, at ${width} px`, async () => {
      const test = await flaggedTest('Prepared');
      const name = `Nuala ${test.last}`;

      // An administrator (health details): the medicines and their days.
      const admin = await openAdminPage(browser, { viewport });
      await openAppointment(admin.page, test.id, name);
      const medicines = admin.page.getByRole('region', { name: 'Antihistamines', exact: true });
      await medicines.getByText('The patient takes: Tablets or syrup; Nasal spray.').waitFor();
      expect((await medicines.getByRole('listitem').allTextContents()).map((line) => line.trim())).toEqual([
        `Tablets or syrup: stop on ${stopDayWords(addDays(test.day, -5))} (5 days before)`,
        `Nasal spray: stop on ${stopDayWords(addDays(test.day, -3))} (3 days before)`,
      ]);
      expect(await fitsWidth(admin.page)).toBe(true);
      expect(await axeViolations(admin.page, `staff medicines ${width}`)).toEqual([]);
      await medicines.scrollIntoViewIfNeeded();
      await screenshot(admin.page, `prepared-patient-administrator-${width}`);
      expect(admin.errors).toEqual([]);
      await admin.context.close();

      // Reception: the flag with its button, no medicines.
      const { page, errors, context } = await openStaffPage(
        browser,
        await tokenOf('reception', 'Rita Reception'),
        { viewport },
      );
      await page.goto('/admin');
      await toDo(page)
        .getByRole('link', { name: new RegExp(`${name}: ⚑ Could not stop antihistamines`) })
        .waitFor();
      await screenshot(page, `prepared-patient-dashboard-reception-before-${width}`);
      await openAppointment(page, test.id, name);
      const flag = page.getByRole('region', { name: /Patient’s note: Could not stop antihistamines/ });
      await flag.waitFor();
      expect(await page.getByRole('region', { name: 'Antihistamines', exact: true }).count()).toBe(0);
      expect(await page.getByText('Tablets or syrup').count()).toBe(0);
      expect(await axeViolations(page, `flag open ${width}`)).toEqual([]);
      await screenshot(page, `prepared-patient-reception-flag-open-${width}`);

      await flag.getByRole('button', { name: 'Mark as dealt with' }).click();
      await notice(page, flagDealtWithTexts.done);
      await flag.getByText(/^Dealt with by Rita Reception on /).waitFor();
      expect(await flag.getByRole('button', { name: 'Mark as dealt with' }).count()).toBe(0);
      expect(await fitsWidth(page)).toBe(true);
      expect(await axeViolations(page, `flag dealt with ${width}`)).toEqual([]);
      await flag.scrollIntoViewIfNeeded();
      await screenshot(page, `prepared-patient-reception-flag-dealt-${width}`);

      // Off the dashboard's to do.
      await page.goto('/admin');
      await page.getByRole('heading', { level: 1, name: 'Booking appointments' }).waitFor();
      await page.getByRole('region', { name: 'Today' }).waitFor();
      // The appointments' list lower down still names them (it loads after the cards): only the To do is checked.
      expect(
        await toDo(page)
          .getByRole('link', { name: new RegExp(name) })
          .count(),
      ).toBe(0);
      expect(await fitsWidth(page)).toBe(true);
      await screenshot(page, `prepared-patient-dashboard-reception-${width}`);
      expect(errors).toEqual([]);
      await context.close();
    });

    it(`the bookkeeper sees neither the medicines, nor the flag's button, nor a video appointment's join link, at ${width} px`, async () => {
      const test = await flaggedTest('Ledger');
      const video = await videoWithLink();
      const { page, errors, context } = await openStaffPage(
        browser,
        await tokenOf('bookkeeper', 'Brian Books'),
        { viewport },
      );

      await openAppointment(page, test.id, `Nuala ${test.last}`);
      const flag = page.getByRole('region', { name: /Patient’s note: Could not stop antihistamines/ });
      await flag.waitFor();
      expect(await flag.getByRole('button').count()).toBe(0);
      expect(await page.getByRole('region', { name: 'Antihistamines', exact: true }).count()).toBe(0);
      expect(await page.getByText('sleep remedy').count()).toBe(0);
      expect(await fitsWidth(page)).toBe(true);
      expect(await axeViolations(page, `bookkeeper flag ${width}`)).toEqual([]);
      await screenshot(page, `prepared-patient-bookkeeper-test-${width}`);

      await page.goto(`/admin/appointment/edit?id=${video}`);
      await page.getByText('Video link: seen by the staff who run appointments.').waitFor();
      expect(await page.getByLabel('Video link').count()).toBe(0);
      expect(await page.content()).not.toContain('room-e2e');
      expect(await axeViolations(page, `bookkeeper video ${width}`)).toEqual([]);
      await screenshot(page, `prepared-patient-bookkeeper-video-${width}`);

      await page.goto('/admin');
      await page.getByRole('heading', { level: 1, name: 'Booking appointments' }).waitFor();
      await page.getByRole('region', { name: 'Today' }).waitFor();
      expect(await fitsWidth(page)).toBe(true);
      await screenshot(page, `prepared-patient-dashboard-bookkeeper-${width}`);
      expect(errors).toEqual([]);
      await context.close();
    });
  }
});
