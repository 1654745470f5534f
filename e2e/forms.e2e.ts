import { resolve } from 'node:path';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addDays,
  addMonths,
  formatLongDate,
  monthOf,
} from '../src/client/components/month-calendar/month-grid';
import { clinicToday } from '../src/client/lib/clinic-clock';
import { bookingTexts } from '../src/shared/booking';
import { CONTACT_SUCCESS_MESSAGE } from '../src/shared/contact';
import { adminAuthorization, createSlots, freshDays } from './api';
import {
  axeViolations,
  baseUrl,
  fitsWidth,
  launchBrowser,
  openAdminPage,
  openPage,
  screenshot,
  searchList,
  viewportSweep,
  waitForHydration,
} from './browser';

/*
 * Forms people can fill (issue 33): names as long as real ones (35 a name part, 70 a full name), a date of birth
 * typed as people type it and shown back as dd.mm.yyyy, the focus on each booking step's heading, and the e-mail
 * typo check taken or left, at 360 and 1280 px with axe.
 */

let browser: Browser;
let auth: { authorization: string };

beforeAll(async () => {
  browser = await launchBrowser();
  auth = await adminAuthorization();
});
afterAll(() => browser?.close());

/** Days of this file's own, well after every other test's months. */
const freshDay = freshDays(addMonths(monthOf(addDays(clinicToday(), 29)), 11), 3);

const PART = 'Wolfeschlegelsteinhausenbergerdorff';
const GUARDIAN_FIRST = 'Mary Elizabeth Fitzgerald-Byrne';
/** 70 characters, the longest full name every form takes. */
const FULL_NAME = 'Mary Elizabeth Fitzgerald-Byrne Ní Mhaoldomhnaigh-Ó Súilleabháin Óg Jr';

const field = (page: Page, label: string) => page.getByLabel(label, { exact: true });

/** The message a field shows under it, read through its aria-describedby ('' when none). */
const errorOf = (input: Locator) =>
  input.evaluate((element) => {
    const ids = (element.getAttribute('aria-describedby') ?? '').split(' ');
    const errorId = ids.find((id) => id.endsWith('-error'));
    return errorId ? (document.getElementById(errorId)?.textContent ?? '') : '';
  });

/** The heading that has the focus, as a screen reader reads it ('' when the focus is elsewhere). */
const focusedHeading = (page: Page) =>
  page.evaluate(() => {
    const active = document.activeElement;
    return active && /^H[1-6]$/.test(active.tagName) ? (active.textContent ?? '') : '';
  });

/** Types a date of birth into the field and leaves it: the field shows it back as dd.mm.yyyy. */
async function typeDate(input: Locator, typed: string): Promise<string> {
  await input.fill('');
  await input.pressSequentially(typed);
  await input.blur();
  return input.inputValue();
}

/** The e-mail typo check's question under a field, once it has loaded and asked. */
const suggestion = (page: Page) => page.locator('.email-field__suggestion p');

describe('forms people can fill', () => {
  for (const viewport of viewportSweep) {
    it(`books a child's test at ${viewport.width} px with long names, a typed date and the typo check taken`, async () => {
      const kind = { isAdult: false, isVideoCall: false };
      const day = freshDay();
      await createSlots(auth, day, kind, [9 * 60]);
      const { page, errors, context } = await openPage(browser, { viewport });
      await page.goto('/sessions_availability/booking_test');
      await waitForHydration(page);
      // Opened from an address, the page keeps the browser's focus.
      expect(await focusedHeading(page)).toBe('');
      await page.getByRole('radio', { name: 'Child' }).check();
      await page.getByLabel('Go to month').fill(monthOf(day));
      await page.getByRole('button', { name: `${formatLongDate(day)}, slots available` }).click();
      await page.getByRole('button', { name: /^9:00 AM – / }).click();
      await page.waitForURL('**/confirm');

      // The next step's heading has the focus, naming the step for a screen reader.
      await expect.poll(() => focusedHeading(page)).toBe("Step 2 of 4: Your child's details");

      // Names as long as real ones: 35 a part.
      await field(page, "Child's first name").fill('Aoife Úna');
      await field(page, "Child's surname").fill(PART);
      await field(page, "Parent or guardian's first name").fill(GUARDIAN_FIRST);
      await field(page, "Parent or guardian's surname").fill(PART);
      await field(page, 'Phone').fill('087 123 4567');

      // The date of birth, each way people type it, shown back as dd.mm.yyyy.
      const dob = field(page, "Child's date of birth");
      for (const typed of ['14032016', '14/03/2016', '14-03-2016', '14.03.2016', '14.3.2016'])
        expect(await typeDate(dob, typed), typed).toBe('14.03.2016');
      // A day the calendar has not: said so beside the field, what was typed kept.
      expect(await typeDate(dob, '31.02.2016')).toBe('31.02.2016');

      // The e-mail typo check: asked when the field is left.
      // An address of this run's own, so staff's search finds this booking alone.
      const local = `mary.byrne.${viewport.width}.${Date.now().toString(36)}`;
      const email = field(page, 'E-mail');
      await email.fill(`${local}@gmial.com`);
      await email.blur();
      await suggestion(page).getByText(`${local}@gmail.com`).waitFor();
      expect(await suggestion(page).textContent()).toContain(`Did you mean ${local}@gmail.com?`);
      await page.getByRole('checkbox', { name: /stop taking antihistamines/ }).check();
      await page.getByRole('checkbox', { name: /agree to the Terms/ }).check();
      await page.getByRole('button', { name: 'Continue to payment' }).click();
      await expect.poll(() => errorOf(dob)).toBe(bookingTexts.dobNotReal);
      expect(await fitsWidth(page)).toBe(true);
      expect(
        await axeViolations(page, `booking form, not a real date and a typo, ${viewport.width}`),
      ).toEqual([]);
      await screenshot(page, `forms-booking-typo-${viewport.width}`);

      // One press takes the suggestion; the focus goes back to the field.
      await suggestion(page).getByRole('button', { name: 'Yes, use it' }).click();
      expect(await email.inputValue()).toBe(`${local}@gmail.com`);
      expect(await suggestion(page).count()).toBe(0);
      expect(await email.evaluate((input) => input === document.activeElement)).toBe(true);
      await email.blur();
      expect(await typeDate(dob, '14032016')).toBe('14.03.2016');
      await expect.poll(() => errorOf(dob)).toBe('');
      await page.getByRole('button', { name: 'Continue to payment' }).click();

      // The payment step (a new page load): its heading has the focus, the long name fits.
      await page.waitForURL('**/payment');
      await waitForHydration(page);
      await page.getByText(`For Aoife Úna ${PART}`).waitFor();
      await expect.poll(() => focusedHeading(page)).toBe('Step 3 of 4: Confirm and pay');
      expect(await fitsWidth(page)).toBe(true);
      expect(await axeViolations(page, `payment, long name, ${viewport.width}`)).toEqual([]);
      await screenshot(page, `forms-payment-long-name-${viewport.width}`);

      await page.getByLabel('Card number').fill('4242 4242 4242 4242');
      await page.getByLabel('Expiry date').fill('12 / 34');
      await page.getByLabel('CVC', { exact: true }).fill('123');
      await page.getByRole('button', { name: /^Pay / }).click();
      await page.waitForURL(`${baseUrl()}/booking/confirmed`);
      await expect.poll(() => focusedHeading(page)).toBe('Step 4 of 4: Booking confirmed');
      await page.getByText(`Aoife Úna ${PART}`).first().waitFor();
      expect(await fitsWidth(page)).toBe(true);
      expect(await axeViolations(page, `confirmation, long name, ${viewport.width}`)).toEqual([]);
      await screenshot(page, `forms-confirmed-long-name-${viewport.width}`);

      // Staff read the patient as typed: the names whole, the date of birth as the day it is.
      const response = await fetch(
        `${baseUrl()}/api/admin/transactions?search_transaction=${encodeURIComponent(`${local}@gmail.com`)}`,
        { headers: auth },
      );
      const { transactions } = (await response.json()) as {
        transactions: { id: number; full_name: string }[];
      };
      expect(transactions.map((row) => row.full_name)).toEqual([`Aoife Úna ${PART}`]);
      const detail = await fetch(`${baseUrl()}/api/admin/transactions/${transactions[0]?.id}`, {
        headers: auth,
      });
      const { transaction } = (await detail.json()) as { transaction: { patient: { id: number } } };
      expect(transaction.patient).toMatchObject({
        dob: '2016-03-14',
        guardian_first_name: GUARDIAN_FIRST,
        guardian_last_name: PART,
      });

      // Staff screens show the long names without breaking their layout: the patients list and the appointment.
      const staff = await openAdminPage(browser, { viewport });
      await staff.page.goto('/admin/patients');
      await searchList(staff.page, 'Search by name, e-mail or phone', local);
      await staff.page.getByText(`Aoife Úna ${PART}`).first().waitFor();
      await staff.page.getByText('14/03/2016').first().waitFor();
      expect(await fitsWidth(staff.page)).toBe(true);
      expect(await axeViolations(staff.page, `patients list, long name, ${viewport.width}`)).toEqual([]);
      await screenshot(staff.page, `forms-staff-patients-long-name-${viewport.width}`);
      await staff.page.goto(`/admin/patients/${transaction.patient.id}`);
      await staff.page.getByText(`Aoife Úna ${PART}`).first().waitFor();
      expect(await fitsWidth(staff.page)).toBe(true);
      expect(await axeViolations(staff.page, `patient, long names, ${viewport.width}`)).toEqual([]);
      await screenshot(staff.page, `forms-staff-patient-long-name-${viewport.width}`);
      expect(staff.errors).toEqual([]);
      await staff.context.close();
      expect(errors).toEqual([]);
      await context.close();
    }, 120_000);

    it(`sends the contact form at ${viewport.width} px with a full name of 70 and the typo check left`, async () => {
      const { page, errors, context } = await openPage(browser, { viewport });
      await page.goto('/contact_us');
      await waitForHydration(page);
      const name = FULL_NAME;
      await field(page, 'Name').fill(name);
      const email = field(page, 'E-mail');
      await email.fill('mary@hotmial.com');
      await email.blur();
      await suggestion(page).getByText('mary@hotmail.com').waitFor();
      expect(await fitsWidth(page)).toBe(true);
      expect(await axeViolations(page, `contact form typo ${viewport.width}`)).toEqual([]);
      await screenshot(page, `forms-contact-typo-${viewport.width}`);
      // Left as typed: the visitor keeps their own address and sends.
      if (viewport.width > 400) {
        await suggestion(page).getByRole('button', { name: 'No, keep what I typed' }).click();
        expect(await suggestion(page).count()).toBe(0);
      }
      expect(await email.inputValue()).toBe('mary@hotmial.com');
      await field(page, 'Message').fill('A question about a skin prick test for my daughter.');
      await page.getByRole('button', { name: /send/i }).click();
      await page.getByText(CONTACT_SUCCESS_MESSAGE).waitFor();
      expect(errors).toEqual([]);
      await context.close();
    });

    it(`fills the referral form at ${viewport.width} px: a full name of 70, a date typed without dots`, async () => {
      const { page, errors, context } = await openPage(browser, { viewport });
      await page.goto('/sessions_availability/referral');
      await waitForHydration(page);
      await page
        .getByRole('group', { name: 'Do you have a referral letter from your GP or consultant?' })
        .getByRole('radio', { name: 'Yes', exact: true })
        .check();
      await page.getByRole('heading', { level: 2, name: 'Send your referral letter' }).waitFor();
      const name = FULL_NAME;
      await field(page, 'Full name').fill(name);
      expect(await typeDate(field(page, 'Date of birth'), '14031985')).toBe('14.03.1985');
      const address = `referral.${viewport.width}.${Date.now().toString(36)}`;
      const email = field(page, 'E-mail');
      await email.fill(`${address}@gmail.con`);
      await email.blur();
      await suggestion(page).getByRole('button', { name: 'Yes, use it' }).click();
      expect(await email.inputValue()).toBe(`${address}@gmail.com`);
      await field(page, 'Phone').fill('087 123 4567');
      await field(page, 'Referral letter').setInputFiles(resolve('testdata/letter.pdf'));
      await page.getByText('letter.pdf').waitFor();
      await field(page, 'Signature').fill(name);
      expect(await fitsWidth(page)).toBe(true);
      expect(await axeViolations(page, `referral long name ${viewport.width}`)).toEqual([]);
      await screenshot(page, `forms-referral-long-name-${viewport.width}`);
      await page.getByRole('button', { name: 'Send referral' }).click();
      await page.waitForURL(`${baseUrl()}/`);
      const response = await fetch(
        `${baseUrl()}/api/admin/referrals?search=${encodeURIComponent(`${address}@gmail.com`)}`,
        { headers: auth },
      );
      const { referrals } = (await response.json()) as { referrals: { full_name: string }[] };
      expect(referrals.map((referral) => referral.full_name)).toEqual([name]);
      expect(errors).toEqual([]);
      await context.close();
    });
  }
});
