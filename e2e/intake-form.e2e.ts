import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, addMonths, monthOf } from '../src/client/components/month-calendar/month-grid';
import { clinicToday } from '../src/client/lib/clinic-clock';
import { antihistamineTexts } from '../src/shared/antihistamines';
import { intakeTexts } from '../src/shared/intake';
import { adminAuthorization, bookAndPay, createSlots, freshDays, runSurname, type SlotKind } from './api';
import {
  axeViolations,
  baseUrl,
  fitsWidth,
  launchBrowser,
  openAdminPage,
  openPage,
  screenshot,
  viewportSweep,
  waitForHydration,
} from './browser';
import { waitForMailWhere } from './mailbox';

let browser: Browser;
let auth: { authorization: string };

beforeAll(async () => {
  browser = await launchBrowser();
  auth = await adminAuthorization();
});
afterAll(() => browser?.close());

/*
 * A parent fills in their child's intake and consent form online (issue 33) from the link in the confirmation
 * e-mail: the date of birth opens it, half is typed and saved, the page is reloaded, the rest is typed and the
 * parent signs; staff then see the signed form on the appointment. Days of a month no other browser test uses.
 */
const freshDay = freshDays(addMonths(monthOf(addDays(clinicToday(), 29)), 9), 3);
const childTest: SlotKind = { isAdult: false, isVideoCall: false };

/** The form's `{PUBLIC_URL}/booking/{reference}/intake#{token}` link of an e-mail's text, if it has one. */
function intakeLinkOf(text: string): { link: string; reference: string } | undefined {
  const match = /(https?:\/\/[^\s<>"]+\/booking\/([0-9A-Za-z]+)\/intake#[A-Za-z0-9_.~-]+)/.exec(text);
  return match ? { link: match[1] ?? '', reference: match[2] ?? '' } : undefined;
}

const CHILD_DOB = '2018-05-01';

async function choose(page: Page, group: string, option: string): Promise<void> {
  await page
    .getByRole('group', { name: group, exact: true })
    .getByRole('radio', { name: option, exact: true })
    .check();
}

/** The page says every answer is on the server. */
const saved = (page: Page) => page.getByText('All answers saved.').waitFor();

describe('a parent fills in and signs their child’s intake form online', () => {
  for (const viewport of viewportSweep) {
    const width = viewport.width;

    it(`opens with the date of birth, keeps a half-filled form over a reload, and is signed by the guardian, at ${width} px`, async () => {
      const day = freshDay();
      const [slot = 0] = await createSlots(auth, day, childTest, [10 * 60]);
      const last = runSurname('Intake');
      const guardian = `Mary Elizabeth ${last}`;
      const email = `mary.${last}@example.ie`.toLowerCase();
      await bookAndPay(slot, {
        is_adult: false,
        is_video_call: false,
        first_name: 'Saoirse',
        last_name: last,
        guardian_first_name: 'Mary Elizabeth',
        guardian_last_name: last,
        email,
        phone: '087 123 4567',
        dob: CHILD_DOB,
        consultant_name: 'Dr Walsh',
        consultant_addres: '12 Harcourt Street, Dublin 2',
        antihistamine: true,
        agreement: true,
        antihistamines: 'tablets,nasal',
      });
      const confirmation = await waitForMailWhere(
        email,
        (mail) => intakeLinkOf(mail.text) !== undefined,
        'with the link to the intake form',
      );
      const { link, reference } = intakeLinkOf(confirmation.text) ?? { link: '', reference: '' };

      const { page, errors } = await openPage(browser, { viewport });
      await page.goto(link);
      await waitForHydration(page);
      await page.getByRole('heading', { level: 1, name: 'Intake and consent form' }).waitFor();
      // The token leaves the address bar.
      await expect.poll(() => page.url()).toBe(`${baseUrl()}/booking/${reference}/intake`);
      expect(await axeViolations(page, `intake gate ${width}`)).toEqual([]);

      // A wrong date of birth is refused beside its field, and what was typed stays.
      const birth = page.getByRole('textbox', { name: 'Patient’s date of birth' });
      await birth.fill('02.05.2018');
      await page.getByRole('button', { name: 'Open the form' }).click();
      await page.getByText(intakeTexts.dateOfBirthWrong).waitFor();
      expect(await birth.inputValue()).toBe('02.05.2018');
      expect(await birth.getAttribute('aria-invalid')).toBe('true');
      await screenshot(page, `intake-gate-${width}`);
      await birth.fill('01052018');
      await page.getByRole('button', { name: 'Open the form' }).click();
      await page.getByRole('heading', { level: 1, name: 'Child intake and consent form' }).waitFor();

      // Half of it, then saved.
      await page.getByRole('textbox', { name: 'Home address *' }).fill('3 Mill Lane, Dundrum, Dublin 14');
      await page.getByRole('textbox', { name: 'Relationship to child *' }).fill('Mother');
      await page
        .getByRole('textbox', { name: 'What would you like help with at this appointment? *' })
        .fill('Hives after eating peanuts');
      await choose(page, 'Hay fever *', 'Yes');
      await choose(page, 'Asthma *', 'No');
      // Which antihistamines: the booking form's question, begun with what was ticked when booking.
      const medicines = page.getByRole('group', { name: 'Which antihistamines does your child take? *' });
      const tick = (kind: keyof typeof antihistamineTexts.labels) =>
        medicines.getByRole('checkbox', { name: antihistamineTexts.labels[kind], exact: true });
      expect(await tick('tablets').isChecked()).toBe(true);
      expect(await tick('nasal').isChecked()).toBe(true);
      expect(await tick('eye_drops').isChecked()).toBe(false);
      // None unticks the others; another unticks None.
      await tick('none').check();
      expect(await tick('tablets').isChecked()).toBe(false);
      await tick('nasal').check();
      expect(await tick('none').isChecked()).toBe(false);
      await saved(page);
      expect(await fitsWidth(page)).toBe(true);
      expect(await axeViolations(page, `intake form ${width}`)).toEqual([]);
      await screenshot(page, `intake-form-${width}`);

      // A reload opens it again in this tab, with what was typed.
      await page.reload();
      await waitForHydration(page);
      await page.getByRole('heading', { level: 1, name: 'Child intake and consent form' }).waitFor();
      expect(await page.getByRole('textbox', { name: 'Home address *' }).inputValue()).toBe(
        '3 Mill Lane, Dundrum, Dublin 14',
      );
      expect(
        await page
          .getByRole('group', { name: 'Hay fever *' })
          .getByRole('radio', { name: 'Yes' })
          .isChecked(),
      ).toBe(true);

      // Signing before it is complete says what is missing, each beside its field.
      await page.getByRole('button', { name: 'Sign and send the form' }).click();
      await page.getByRole('heading', { name: 'There is a problem' }).waitFor();
      await page.getByText('Please tick the box to give your consent.').first().waitFor();

      await choose(page, 'Eczema *', 'No');
      await choose(page, 'Hives *', 'Yes');
      await page.getByRole('textbox', { name: 'Symptoms *' }).fill('Hives around the mouth within minutes');
      await choose(page, 'Has your child ever had anaphylaxis? *', 'No');
      await choose(page, 'Adrenaline auto-injector prescribed? *', 'No');
      await choose(page, 'Hospital treatment for a reaction? *', 'No');
      await choose(page, 'Family history of allergy? *', 'Yes');
      await page.getByRole('textbox', { name: 'Current medicines your child takes *' }).fill('None');
      await page.getByRole('checkbox', { name: /I give my consent, as the parent or guardian/ }).check();
      const signature = page.getByRole('textbox', { name: /Signature of parent or guardian/ });
      await signature.fill(`Saoirse ${last}`);
      await page.getByRole('button', { name: 'Sign and send the form' }).click();
      await page
        .getByText(`Please type the full name ${guardian}, as we have it on the booking.`)
        .first()
        .waitFor();
      await signature.fill(guardian);
      await page.getByRole('button', { name: 'Sign and send the form' }).click();
      await page.getByText(intakeTexts.signed).waitFor();
      await page.getByRole('region', { name: 'Signed' }).getByText(`Signed by ${guardian}`).waitFor();
      expect(await fitsWidth(page)).toBe(true);
      expect(await axeViolations(page, `intake signed ${width}`)).toEqual([]);
      await screenshot(page, `intake-signed-${width}`);
      await page
        .getByRole('region', { name: 'Signed' })
        .getByText(antihistamineTexts.labels.nasal, { exact: true })
        .waitFor();
      // The appointment's stop days follow the signed answer: the nasal spray's only.
      const booking = await fetch(`${baseUrl()}/api/bookings/${reference}`, {
        headers: { 'x-manage-token': link.split('#')[1] ?? '' },
      });
      const { antihistamines } = (
        (await booking.json()) as { booking: { antihistamines: { stop_days: { medicine: string }[] } } }
      ).booking;
      expect(antihistamines.stop_days.map((stop) => stop.medicine)).toEqual(['nasal']);
      // The refused date of birth (403) and the refused signature (422) are the only failed loads.
      expect(errors.filter((error) => !/status of (403|422)/.test(error))).toEqual([]);

      // Staff see it on the appointment, signed by the guardian, with the answers.
      const list = await fetch(`${baseUrl()}/api/admin/transactions?search_transaction=${last}`, {
        headers: auth,
      });
      const { transactions } = (await list.json()) as {
        transactions: { id: number; intake_signed: boolean }[];
      };
      const [appointment] = transactions;
      expect(appointment?.intake_signed).toBe(true);
      const admin = await openAdminPage(browser, { viewport });
      await admin.page.goto(`${baseUrl()}/admin/appointment/edit?id=${appointment?.id}`);
      const panel = admin.page.getByRole('region', { name: 'Intake and consent form' });
      await panel.getByText(guardian).first().waitFor();
      await panel.getByText('Hives around the mouth within minutes').waitFor();
      expect(await axeViolations(admin.page, `staff intake ${width}`)).toEqual([]);
      await screenshot(admin.page, `intake-staff-${width}`);
      await admin.context.close();
      await page.context().close();
    }, 180_000);
  }
});
