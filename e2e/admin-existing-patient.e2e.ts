import { copyFile, mkdir } from 'node:fs/promises';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, addMonths, monthOf } from '../src/client/components/month-calendar/month-grid';
import { clinicToday } from '../src/client/lib/clinic-clock';
import { adminAuthorization, createSlots, freshDays, runSurname, type SlotKind } from './api';
import {
  axeViolations,
  baseUrl,
  fitsWidth,
  launchBrowser,
  notice,
  openAdminPage,
  SCREENSHOTS,
  screenshot,
  viewportSweep,
} from './browser';

let browser: Browser;
let auth: { authorization: string };

beforeAll(async () => {
  browser = await launchBrowser();
  auth = await adminAuthorization();
});
afterAll(() => browser?.close());

/* Days of their own, in a month no other browser test books in, and e-mail addresses made for this run. */
const freshDay = freshDays(addMonths(monthOf(addDays(clinicToday(), 29)), 6), 3);
const run = runSurname('ep').toLowerCase();
const adultTest: SlotKind = { isAdult: true, isVideoCall: false };

/** Staff book a slot for a new patient through the API, as an earlier visit; answers the appointment and patient. */
async function firstVisit(slotId: number, email: string) {
  const response = await fetch(`${baseUrl()}/api/admin/patients`, {
    method: 'POST',
    headers: { ...auth, 'content-type': 'application/json' },
    body: JSON.stringify({
      session_id: slotId,
      is_adult: true,
      is_video_call: false,
      first_name: 'Aoife',
      last_name: 'Ní Bhriain',
      email,
      phone: '087 555 0101',
      dob: '1988-03-14',
      consultant_name: 'Dr Walsh',
      consultant_addres: '12 Harcourt Street, Dublin 2',
      antihistamine: true,
      agreement: true,
    }),
  });
  expect(response.status, await response.clone().text()).toBe(201);
  const { transaction } = (await response.json()) as { transaction: { id: number; patient_id: number } };
  return transaction;
}

/** The screenshot, kept under test-results and copied to /tmp/existing-patient-shots for review. */
async function shot(page: Page, name: string): Promise<void> {
  // From the top: the time's sticky summary is drawn where the page is scrolled to.
  await page.evaluate(() => window.scrollTo(0, 0));
  await screenshot(page, name);
  await mkdir('/tmp/existing-patient-shots', { recursive: true });
  await copyFile(`${SCREENSHOTS}/${name}.png`, `/tmp/existing-patient-shots/${name}.png`);
}

describe('booking for a patient in the records', () => {
  for (const viewport of viewportSweep) {
    const width = viewport.width;
    it(`finds "Aoife Ní Bhriain" by "Aoife Ni Bhriain" from the calendar, books her, and her page shows both visits, at ${width} px`, async () => {
      const day = freshDay();
      const [nine = 0, ten = 0] = await createSlots(auth, day, adultTest, [9 * 60, 10 * 60]);
      const email = `aoife-${width}-${run}@example.ie`;
      const earlier = await firstVisit(nine, email);

      const { page, errors, context } = await openAdminPage(browser, { viewport });
      await page.goto(`/admin/calendar?view=day&date=${day}`);
      await page.getByRole('heading', { level: 1, name: 'Calendar' }).waitFor();
      await page
        .getByRole('region', { name: 'Suite 12, Sandyford (adults)' })
        .getByRole('button', { name: /Book for a patient at 10:00/ })
        .click();
      await page.waitForURL(new RegExp(`/admin/appointment/create\\?session_id=${ten}$`));
      await page.getByRole('heading', { level: 2, name: 'Who is the appointment for?' }).waitFor();

      // The search as it is said on the phone: no accent.
      const search = page.getByLabel('Search patients by name, e-mail or phone');
      await search.fill('Aoife Ni Bhriain');
      const found = page.getByRole('list', { name: 'Patients found' });
      const her = found.getByRole('listitem').filter({ hasText: email });
      await her.waitFor();
      expect(await her.textContent()).toContain('Aoife Ní Bhriain');
      expect(await her.textContent()).toContain('Born 14/03/1988');
      await page.getByText(/^\d+ patients? found\.$|newest of/).waitFor();
      expect(await fitsWidth(page)).toBe(true);
      expect(await axeViolations(page, `search ${width}`)).toEqual([]);
      await shot(page, `existing-patient-search-${width}`);

      await her.getByRole('button', { name: 'Choose Aoife Ní Bhriain' }).click();
      // Her details from the record, read-only; focus on her name.
      const chosen = page.getByRole('heading', { level: 3, name: 'Aoife Ní Bhriain' });
      await chosen.waitFor();
      await expect
        .poll(() => page.evaluate(() => document.activeElement?.textContent))
        .toBe('Aoife Ní Bhriain');
      await page.getByText("From the patient's record").waitFor();
      await page.getByText(email, { exact: true }).waitFor();
      expect(await page.getByLabel('First name', { exact: true }).count()).toBe(0);
      // The GP as the record has it.
      expect(await page.getByLabel("GP's name", { exact: true }).inputValue()).toBe('Dr Walsh');

      // Save without the test's ticks: the form says what is missing; then with them.
      await page.getByRole('button', { name: 'Save', exact: true }).click();
      await page.getByRole('heading', { name: 'There is a problem' }).waitFor();
      await page.getByRole('link', { name: /^The patient will stop taking antihistamines/ }).waitFor();
      // A new phone in the same step.
      await page.getByRole('button', { name: 'Update e-mail or phone' }).click();
      const phone = page.getByLabel('Phone', { exact: true });
      expect(await phone.inputValue()).toBe('087 555 0101');
      await phone.fill('086 555 0202');
      await page.getByLabel(/The patient will stop taking antihistamines/).check();
      await page.getByLabel('The patient agrees to the Terms & Conditions.').check();
      expect(await fitsWidth(page)).toBe(true);
      expect(await axeViolations(page, `chosen ${width}`)).toEqual([]);
      await shot(page, `existing-patient-form-${width}`);

      await page.getByRole('button', { name: 'Save', exact: true }).click();
      await notice(page, 'You have successfully created a new appointment.');
      await page.waitForURL((url) => url.pathname === '/admin');

      // One record with both visits, and the new phone.
      await page.goto(`/admin/patients/${earlier.patient_id}`);
      await page.getByRole('heading', { level: 1, name: 'Aoife Ní Bhriain' }).waitFor();
      const visits = page.getByRole('region', { name: 'Appointments' }).getByRole('link');
      await expect.poll(() => visits.count(), { timeout: 20_000 }).toBe(2);
      await page.getByText('086 555 0202').first().waitFor();
      expect(await fitsWidth(page)).toBe(true);
      expect(await axeViolations(page, `patient ${width}`)).toEqual([]);
      await shot(page, `existing-patient-page-${width}`);

      // The search finds her once: no second record was made.
      const listed = await fetch(
        `${baseUrl()}/api/admin/patients?search_transaction=${encodeURIComponent(email)}`,
        { headers: auth },
      );
      expect(((await listed.json()) as { count: number }).count).toBe(1);
      expect(errors).toEqual([]);
      await context.close();
    }, 90_000);
  }

  it('still books a new patient after "New patient", and "Change patient" goes back to the search', async () => {
    const day = freshDay();
    const [slot = 0] = await createSlots(auth, day, adultTest, [11 * 60]);
    const { page, errors, context } = await openAdminPage(browser, { viewport: viewportSweep[0] });
    // Opened on a free time, the screen holds it for this tab (a hold made elsewhere is shown as held, not booked).
    await page.goto(`/admin/appointment/create?session_id=${slot}`);
    const search = page.getByLabel('Search patients by name, e-mail or phone');
    await search.fill(`nobody-${run}`);
    await page.getByText(`No patient found for “nobody-${run}”.`, { exact: false }).waitFor();
    await page.getByRole('button', { name: 'New patient', exact: true }).click();
    await page.getByRole('heading', { level: 3, name: 'New patient' }).waitFor();
    await page.getByLabel('First name', { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Search the records instead' }).click();
    // Back at the search, with what was typed.
    await expect.poll(() => search.inputValue()).toBe(`nobody-${run}`);
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('type'))).toBe('search');
    await shot(page, 'existing-patient-none-360');

    await page.getByRole('button', { name: 'New patient', exact: true }).click();
    await page.getByRole('heading', { level: 3, name: 'New patient' }).waitFor();
    expect(await axeViolations(page, 'new patient 360')).toEqual([]);
    await shot(page, 'existing-patient-new-360');
    await page.getByLabel('First name', { exact: true }).fill('Órla');
    await page.getByLabel('Surname', { exact: true }).fill(`New${run}`);
    await page.getByLabel(/^Date of birth/).fill('01.02.1991');
    await page.getByLabel('Phone', { exact: true }).fill('087 444 0303');
    await page.getByLabel("GP's name", { exact: true }).fill('Dr Walsh');
    await page.getByLabel("GP's address", { exact: true }).fill('12 Harcourt Street, Dublin 2');
    await page.getByLabel(/The patient will stop taking antihistamines/).check();
    await page.getByLabel('The patient agrees to the Terms & Conditions.').check();
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await notice(page, 'You have successfully created a new appointment.');
    expect(errors).toEqual([]);
    await context.close();
  }, 60_000);
});
