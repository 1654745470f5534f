import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addDays,
  addMonths,
  formatLongDate,
  monthOf,
} from '../src/client/components/month-calendar/month-grid';
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
  viewports,
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
      // Nothing typed yet: no notice claims that answers were saved.
      expect(await page.getByText('All answers saved.').count()).toBe(0);

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

      // Before a change, the page says what it does; during it, that the new version is not signed.
      const signedRegion = page.getByRole('region', { name: 'Signed' });
      await signedRegion.getByText(intakeTexts.changeMakesNewVersion).waitFor();
      await signedRegion.getByRole('button', { name: 'Change an answer' }).click();
      await page
        .getByTestId('intake-new-version')
        .getByText(/new version of your form and it is not signed yet/)
        .waitFor();
      // A reaction dated after today is refused beside its field as it is typed.
      const reactionDate = page.getByLabel('Date of the most recent reaction');
      await reactionDate.fill(addDays(clinicToday(), 2));
      await page.getByText(intakeTexts.futureDate).first().waitFor();
      expect(await reactionDate.getAttribute('aria-invalid')).toBe('true');
      expect(await fitsWidth(page)).toBe(true);
      expect(await axeViolations(page, `intake new version ${width}`)).toEqual([]);
      await screenshot(page, `intake-new-version-${width}`);
      // Typed back as it was and signed again: no second identical version; the signed form stands.
      await reactionDate.fill('');
      await page.getByRole('checkbox', { name: /I give my consent, as the parent or guardian/ }).check();
      await page.getByRole('textbox', { name: /Signature of parent or guardian/ }).fill(guardian);
      await page.getByRole('button', { name: 'Sign and send the new version' }).click();
      await page.getByText(/^Nothing has changed since you signed this form on/).waitFor();
      await signedRegion.getByText(`Signed by ${guardian}`).waitFor();
      await screenshot(page, `intake-unchanged-${width}`);

      // The booking's page says the form is signed, and when.
      const manageLink = /(https?:\/\/[^\s<>"]+\/booking\/[0-9A-Za-z]+#[A-Za-z0-9_.~-]+)/.exec(
        confirmation.text,
      )?.[1];
      expect(manageLink).toBeDefined();
      await page.goto(manageLink ?? '');
      await waitForHydration(page);
      const intakeStatus = page.getByTestId('manage-intake-status');
      await intakeStatus.getByText(/^Signed on \d{1,2} \w+ \d{4}/).waitFor();
      await intakeStatus.getByRole('link', { name: 'See your signed form' }).waitFor();
      expect(await fitsWidth(page)).toBe(true);
      expect(await axeViolations(page, `manage intake status ${width}`)).toEqual([]);
      await screenshot(page, `manage-intake-signed-${width}`);
      // Only the unchanged signing's refusal (409) besides.
      expect(errors.filter((error) => !/status of (403|409|422)/.test(error))).toEqual([]);

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

/* Days 25 to 28 of this file's month, at 14:30: no other browser test books there then. */
const laterDay = freshDays(addMonths(monthOf(addDays(clinicToday(), 29)), 9), 25);
const adultTest: SlotKind = { isAdult: true, isVideoCall: false };
const ADULT_DOB_TYPED = '12.04.1990';

describe('the intake form of a cancelled booking', () => {
  for (const viewport of viewportSweep) {
    const width = viewport.width;

    it(`says at once that it is closed, without asking the date of birth or showing a question, at ${width} px`, async () => {
      const day = laterDay();
      const [slot = 0] = await createSlots(auth, day, adultTest, [14 * 60 + 30]);
      const last = runSurname('Closed');
      const email = `aoife.${last}@example.ie`.toLowerCase();
      await bookAndPay(slot, {
        is_adult: true,
        is_video_call: false,
        first_name: 'Aoife',
        last_name: last,
        email,
        phone: '087 123 4567',
        dob: '1990-04-12',
        consultant_name: 'Dr Walsh',
        consultant_addres: '12 Harcourt Street, Dublin 2',
        antihistamine: true,
        agreement: true,
      });
      const confirmation = await waitForMailWhere(
        email,
        (mail) => intakeLinkOf(mail.text) !== undefined,
        'with the link to the intake form',
      );
      const { link, reference } = intakeLinkOf(confirmation.text) ?? { link: '', reference: '' };
      const token = link.split('#')[1] ?? '';
      const cancel = await fetch(`${baseUrl()}/api/bookings/${reference}/cancel`, {
        method: 'POST',
        headers: { 'x-manage-token': token },
      });
      expect(cancel.status).toBe(200);

      const { page, errors } = await openPage(browser, { viewport });
      await page.goto(link);
      await waitForHydration(page);
      await page.getByRole('heading', { level: 1, name: 'This form is closed' }).waitFor();
      await page.getByText(intakeTexts.closedCancelled).waitFor();
      expect(await page.getByRole('textbox', { name: 'Patient’s date of birth' }).count()).toBe(0);
      expect(await page.getByRole('group', { name: 'Hay fever *' }).count()).toBe(0);
      expect(await fitsWidth(page)).toBe(true);
      expect(await axeViolations(page, `intake closed ${width}`)).toEqual([]);
      await screenshot(page, `intake-closed-${width}`);
      expect(errors.filter((error) => !/status of 409/.test(error))).toEqual([]);
      await page.context().close();
    }, 120_000);
  }
});

const clock12 = (hour: number, minute: number) =>
  `${hour % 12 === 0 ? 12 : hour % 12}:${String(minute).padStart(2, '0')} ${hour < 12 ? 'AM' : 'PM'}`;

describe('the confirmation page’s link to the intake form', () => {
  it('still opens the form after the confirmation page is reloaded', async () => {
    const day = laterDay();
    await createSlots(auth, day, adultTest, [14 * 60 + 30]);
    const last = runSurname('Reload');
    const { page, errors } = await openPage(browser, { viewport: viewports.desktop });
    await page.goto('/sessions_availability/booking_test');
    await waitForHydration(page);
    await page.getByRole('radio', { name: 'Adult' }).check();
    await page.getByLabel('Go to month').fill(monthOf(day));
    await page.getByRole('button', { name: `${formatLongDate(day)}, slots available` }).click();
    await page.getByRole('button', { name: new RegExp(`^${clock12(14, 30)} – `) }).click();
    await page.waitForURL('**/confirm');
    const field = (label: string) => page.getByLabel(label, { exact: true });
    await field('First name').fill('Aoife');
    await field('Surname').fill(last);
    await field('Date of birth').fill(ADULT_DOB_TYPED);
    await field('E-mail').fill(`aoife.${last}@example.ie`.toLowerCase());
    await field('Phone').fill('087 123 4567');
    await field("GP's name").fill('Dr Walsh');
    await field("GP's address").fill('12 Harcourt Street, Dublin 2');
    await page.getByRole('checkbox', { name: /stop taking antihistamines/ }).check();
    await page.getByRole('checkbox', { name: /agree to the Terms/ }).check();
    await page.getByRole('button', { name: 'Continue to payment' }).click();
    await page.waitForURL('**/payment');
    await waitForHydration(page);
    await page.getByLabel('Card number').fill('4242 4242 4242 4242');
    await page.getByLabel('Expiry date').fill('12 / 34');
    await page.getByLabel('CVC', { exact: true }).fill('123');
    await page.getByRole('button', { name: /^Pay / }).click();
    await page.getByRole('heading', { level: 1, name: 'Booking confirmed' }).waitFor();

    await page.reload();
    await waitForHydration(page);
    await page.getByRole('heading', { level: 1, name: 'Booking confirmed' }).waitFor();
    await page.getByRole('link', { name: 'Fill in the form' }).click();
    await page.getByRole('heading', { level: 1, name: 'Intake and consent form' }).waitFor();
    // A future date of birth is refused beside the field before anything is sent.
    const birth = page.getByRole('textbox', { name: 'Patient’s date of birth' });
    await birth.fill('01.01.2099');
    await page.getByRole('button', { name: 'Open the form' }).click();
    await page.getByText(intakeTexts.dateOfBirthFuture).waitFor();
    // So is a date no calendar has, in the words the server would use.
    await birth.fill('31.02.1990');
    await page.getByRole('button', { name: 'Open the form' }).click();
    await page.getByText(intakeTexts.dateOfBirthNotReal).waitFor();
    await birth.fill(ADULT_DOB_TYPED);
    await page.getByRole('button', { name: 'Open the form' }).click();
    await page.getByRole('heading', { level: 1, name: 'Adult intake and consent form' }).waitFor();
    await screenshot(page, 'intake-from-confirmation-after-reload-1280');
    // The gate's first question (no date sent, so no try counted) is the only refusal.
    expect(errors.filter((error) => !/status of 403/.test(error))).toEqual([]);
    await page.context().close();
  }, 180_000);
});

describe('a mistyped or forged link to an intake form', () => {
  for (const viewport of viewportSweep) {
    const width = viewport.width;

    it(`says at once that the link does not work, without asking the date of birth, at ${width} px`, async () => {
      const { page, errors } = await openPage(browser, { viewport });
      await page.goto(`/booking/ZZZZZZ/intake#${'x'.repeat(43)}`);
      await waitForHydration(page);
      await page.getByRole('heading', { level: 1, name: 'This link does not work' }).waitFor();
      expect(await page.getByRole('textbox', { name: 'Patient’s date of birth' }).count()).toBe(0);
      expect(await fitsWidth(page)).toBe(true);
      expect(await axeViolations(page, `intake broken link ${width}`)).toEqual([]);
      await screenshot(page, `intake-broken-link-${width}`);
      expect(errors.filter((error) => !/status of 404/.test(error))).toEqual([]);
      await page.context().close();
    });
  }
});
