import { mkdir } from 'node:fs/promises';
import type { Browser, Locator, Page } from 'playwright-core';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addDays,
  addMonths,
  formatLongDate,
  formatMonth,
  monthOf,
} from '../src/client/components/month-calendar/month-grid';
import { clinicToday } from '../src/client/lib/clinic-clock';
import { clinic, formatAddress } from '../src/shared/clinic';
import { slotTexts } from '../src/shared/slots';
import { adminAuthorization, bookAndPay, createSlots, freshDays, runSurname, type SlotKind } from './api';
import {
  axeViolations,
  baseUrl,
  downloadOf,
  fitsWidth,
  launchBrowser,
  notice,
  openAdminPage,
  openPage,
  submit,
  viewportSweep,
  type WatchedPage,
  waitForHydration,
  waitForSettled,
} from './browser';
import { waitForMailWhere } from './mailbox';

let browser: Browser;
let auth: { authorization: string };

/*
 * Receipts insurers accept: staff download an online-paid appointment's receipt and the patient's yearly statement,
 * the patient their own receipt from their booking page; the consultant a receipt names is the slot's (chosen in
 * the slot editor) or the clinic's default (Settings), with the Medical Council number from the team form. Each
 * test has a day of its own in a month no other browser test uses.
 */
const freshDay = freshDays(addMonths(monthOf(addDays(clinicToday(), 29)), 8), 3);
const adultTest: SlotKind = { isAdult: true, isVideoCall: false };
const thisYear = clinicToday().slice(0, 4);
const MEDICAL_COUNCIL_NUMBER = '412345';
const SHOTS = '/tmp/shots';

interface Member {
  id: number;
  name: string;
}
/** The default consultant (given a Medical Council number here) and another team member, for a slot's own. */
let consultant: Member;
let slotConsultant: Member;
let defaultBefore: number | null = null;

async function setDefaultConsultant(id: number | null): Promise<void> {
  const response = await fetch(`${baseUrl()}/api/admin/settings`, {
    method: 'PUT',
    headers: { ...auth, 'content-type': 'application/json' },
    body: JSON.stringify({ default_consultant_id: id }),
  });
  expect(response.status).toBe(200);
}

beforeAll(async () => {
  browser = await launchBrowser();
  auth = await adminAuthorization();
  await mkdir(SHOTS, { recursive: true });
  const team = await fetch(`${baseUrl()}/api/team_members?per_page=100`);
  const { team_members } = (await team.json()) as { team_members: { id: number; full_name: string }[] };
  const [first, second] = team_members;
  if (!first || !second) throw new Error('the seed has fewer than two team members');
  consultant = { id: first.id, name: first.full_name };
  slotConsultant = { id: second.id, name: second.full_name };
  const settings = await fetch(`${baseUrl()}/api/admin/settings`, { headers: auth });
  defaultBefore = ((await settings.json()) as { settings: { default_consultant_id: number | null } }).settings
    .default_consultant_id;
});
afterAll(async () => {
  await setDefaultConsultant(defaultBefore);
  await browser?.close();
});

/** The text of a PDF, its whitespace made single spaces (a long value wraps onto a second line). */
async function pdfText(bytes: Buffer): Promise<string> {
  const pdf = await getDocumentProxy(new Uint8Array(bytes));
  const { text } = await extractText(pdf, { mergePages: true });
  return text.replace(/\s+/g, ' ');
}

/** The receipt number `YYYY-NNNNNN` a PDF's text carries. */
function receiptNumberOf(text: string): string {
  const number = /\b(\d{4}-\d{6})\b/.exec(text)?.[1];
  if (!number) throw new Error(`no receipt number in: ${text}`);
  return number;
}

/** A screenshot of one part of the settled page, as /tmp/shots/receipts-{name}.png. */
async function shoot(page: Page, part: Locator, name: string): Promise<void> {
  await waitForSettled(page);
  await part.scrollIntoViewIfNeeded();
  await part.screenshot({ path: `${SHOTS}/receipts-${name}.png` });
}

/** The page fits its width and axe finds nothing. */
async function checkScreen(page: Page, label: string): Promise<void> {
  expect(await fitsWidth(page)).toBe(true);
  expect(await axeViolations(page, label)).toEqual([]);
}

const bookingFields = (first: string, last: string, email: string) => ({
  is_adult: true,
  is_video_call: false,
  first_name: first,
  last_name: last,
  email,
  phone: '087 123 4567',
  dob: '1990-04-12',
  consultant_name: 'Dr Walsh',
  consultant_addres: '12 Harcourt Street, Dublin 2',
  antihistamine: true,
  agreement: true,
});

/** The `{PUBLIC_URL}/booking/{reference}#{token}` link of the confirmation e-mail. */
async function bookingLinkOf(email: string): Promise<string> {
  const linkOf = (text: string) =>
    /(https?:\/\/[^\s<>"]+\/booking\/[0-9A-Za-z]+#[A-Za-z0-9_.~-]+)/.exec(text)?.[1];
  const mail = await waitForMailWhere(
    email,
    (each) => linkOf(each.text) !== undefined,
    'with the booking link',
  );
  return linkOf(mail.text) ?? '';
}

describe('receipts insurers accept', () => {
  const pages: WatchedPage[] = [];
  afterAll(async () => {
    for (const { page, errors } of pages) {
      await page.close();
      expect(errors).toEqual([]);
    }
  });

  for (const viewport of viewportSweep) {
    const width = viewport.width;

    it(`staff set the consultant and download the receipt and the statement; the patient theirs, at ${width} px`, async () => {
      await setDefaultConsultant(null);
      const day = freshDay();
      const [slot = 0] = await createSlots(auth, day, adultTest, [10 * 60]);
      const last = runSurname('Rc');
      const patientName = `Órla ${last}`;
      const email = `orla.${last}@example.ie`.toLowerCase();
      await bookAndPay(slot, bookingFields('Órla', last, email));

      const watched = await openAdminPage(browser, { viewport });
      pages.push(watched);
      const { page } = watched;

      // The team form: the consultant's Medical Council number.
      await page.goto(`/admin/team/edit/${consultant.id}`);
      await page.getByRole('heading', { level: 1, name: 'Edit team member' }).waitFor();
      const number = page.getByLabel('Medical Council number (optional)');
      await number.fill(MEDICAL_COUNCIL_NUMBER);
      await checkScreen(page, `team form ${width}`);
      await shoot(
        page,
        number.locator('xpath=ancestor::div[contains(@class, "field")][1]'),
        `team-field-${width}`,
      );
      await submit(page, 'Save changes');
      await page.getByText('Team member was successfully updated').waitFor();

      // Settings: the default consultant, saved as soon as chosen.
      await page.goto('/admin/settings');
      await page.getByRole('heading', { level: 1, name: 'Settings' }).waitFor();
      const receipts = page.getByRole('region', { name: 'Receipts' });
      const choice = receipts.getByLabel('Default consultant');
      await choice.locator('option', { hasText: consultant.name }).waitFor({ state: 'attached' });
      await choice.focus();
      await choice.selectOption({ label: consultant.name });
      await notice(page, 'The default consultant has been saved.');
      // Saving leaves the keyboard where it was.
      expect(await choice.evaluate((element) => element === document.activeElement)).toBe(true);
      expect(await choice.inputValue()).toBe(String(consultant.id));
      await checkScreen(page, `settings ${width}`);
      await shoot(page, receipts, `settings-${width}`);

      // The appointment: Payment Info's 'Download receipt'.
      await page.goto(`/admin?search=${last}`);
      const row = page
        .getByRole('table', { name: /appointments$/ })
        .getByRole('row')
        .filter({ hasText: last });
      const patientHref = await row
        .getByRole('link', { name: patientName, exact: true })
        .getAttribute('href');
      await row.getByRole('link', { name: /^Open / }).click();
      await page.waitForURL(/\/admin\/appointment\/edit\?id=\d+$/);
      await page.getByRole('heading', { level: 1, name: patientName }).waitFor();
      const payment = page.getByRole('region', { name: 'Payment Info' });
      const download = payment.getByRole('button', { name: 'Download receipt' });
      await checkScreen(page, `appointment ${width}`);
      await shoot(page, payment, `appointment-payment-${width}`);
      const staffFile = await downloadOf(page, () => download.click());
      const staffText = await pdfText(staffFile.bytes);
      const receiptNumber = receiptNumberOf(staffText);
      expect(receiptNumber.slice(0, 4)).toBe(thisYear);
      expect(staffFile.name).toBe(`receipt-${receiptNumber}.pdf`);
      expect(staffText).toContain(`Receipt ${receiptNumber}`);
      expect(staffText).toContain(patientName);
      expect(staffText).toContain(clinic.name);
      expect(staffText).toContain(formatAddress(clinic.locationList[0] ?? clinic.locations.adult_1));
      expect(staffText).toMatch(/Fee €180(\.00)?\b/);
      expect(staffText).toMatch(/Amount paid €180(\.00)?\b/);
      expect(staffText).toContain(
        `Consultant ${consultant.name}, Medical Council registration no. ${MEDICAL_COUNCIL_NUMBER}`,
      );
      await expect.poll(() => download.textContent()).toBe('Download receipt');

      // The patient's screen: the yearly statement of this year, with the receipt's number.
      await page.goto(patientHref ?? '');
      const statement = page.getByRole('region', { name: 'Yearly statement' });
      await statement.getByLabel('Year').waitFor();
      expect(await statement.getByLabel('Year').inputValue()).toBe(thisYear);
      await checkScreen(page, `patient ${width}`);
      await shoot(page, statement, `patient-statement-${width}`);
      const statementFile = await downloadOf(page, () =>
        statement.getByRole('button', { name: `Download ${thisYear} statement` }).click(),
      );
      const statementText = await pdfText(statementFile.bytes);
      expect(statementText).toContain(`Statement of paid visits ${thisYear}`);
      expect(statementText).toContain(patientName);
      expect(statementText).toContain(receiptNumber);

      // The patient, from the link in their confirmation e-mail: the same receipt.
      const visitor = await openPage(browser, { viewport });
      pages.push(visitor);
      await visitor.page.goto(await bookingLinkOf(email));
      await waitForHydration(visitor.page);
      const own = visitor.page.getByRole('region', { name: 'Receipt' });
      const ownDownload = own.getByRole('button', { name: 'Download receipt' });
      await ownDownload.waitFor();
      await checkScreen(visitor.page, `manage booking ${width}`);
      await shoot(visitor.page, own, `manage-${width}`);
      const ownFile = await downloadOf(visitor.page, () => ownDownload.click());
      expect(ownFile.name).toBe(`receipt-${receiptNumber}.pdf`);
      const ownText = await pdfText(ownFile.bytes);
      expect(receiptNumberOf(ownText)).toBe(receiptNumber);
      expect(ownText).toContain(patientName);
      expect(ownText).toContain(`Medical Council registration no. ${MEDICAL_COUNCIL_NUMBER}`);
    });

    it(`staff name a slot's own consultant in the slot editor, and its receipt names them, at ${width} px`, async () => {
      const day = freshDay();
      const [slot = 0] = await createSlots(auth, day, adultTest, [11 * 60]);
      const watched = await openAdminPage(browser, { viewport });
      pages.push(watched);
      const { page } = watched;
      await page.goto('/admin/availability');
      await page.getByRole('heading', { level: 1, name: 'Availability settings' }).waitFor();
      await page.getByRole('radio', { name: 'Allergy test' }).check();
      await page.getByRole('radio', { name: 'Adult' }).check();
      await page.getByLabel('Go to month').fill(monthOf(day));
      await page.getByRole('heading', { level: 2, name: formatMonth(monthOf(day)) }).waitFor();
      await page.getByRole('button', { name: `${formatLongDate(day)}, has slots` }).click();
      const list = page.getByRole('list', { name: 'Session slots' });
      await list.getByRole('listitem').first().waitFor();
      expect(await list.getByText(/^Consultant:/).count()).toBe(0);

      await page.getByRole('button', { name: 'Edit', exact: true }).click();
      const group = page.getByRole('group', { name: /^Slot 1/ });
      const select = group.getByLabel('Consultant');
      expect(await select.inputValue()).toBe('');
      expect(await select.locator('option').first().textContent()).toBe('Clinic’s default');
      await select.locator('option', { hasText: slotConsultant.name }).waitFor({ state: 'attached' });
      await select.selectOption({ label: slotConsultant.name });
      await checkScreen(page, `slot editor ${width}`);
      await shoot(page, page.getByRole('form', { name: 'Edit session slots' }), `slot-editor-${width}`);
      await submit(page, 'Save');
      await notice(page, slotTexts.notices.updated);
      await list.getByText(`Consultant: ${slotConsultant.name}`).waitFor();
      await checkScreen(page, `day list ${width}`);
      await shoot(page, page.getByRole('region', { name: formatLongDate(day) }), `day-list-${width}`);

      // Reopened, the editor shows the choice; the slot's consultant is on its receipt, not the default.
      await page.getByRole('button', { name: 'Edit', exact: true }).click();
      await expect
        .poll(() =>
          page
            .getByRole('group', { name: /^Slot 1/ })
            .getByLabel('Consultant')
            .inputValue(),
        )
        .toBe(String(slotConsultant.id));
      await page.getByRole('button', { name: 'Cancel', exact: true }).click();

      const last = runSurname('Rs');
      await bookAndPay(slot, bookingFields('Seán', last, `sean.${last}@example.ie`.toLowerCase()));
      await page.reload();
      const booked = page.getByRole('link', { name: `Seán ${last}` });
      await booked.waitFor();
      const id = /id=(\d+)/.exec((await booked.getAttribute('href')) ?? '')?.[1];
      const receipt = await fetch(`${baseUrl()}/api/admin/transactions/${id}/receipt`, { headers: auth });
      expect(receipt.status).toBe(200);
      const text = await pdfText(Buffer.from(await receipt.arrayBuffer()));
      expect(text).toContain(`Consultant ${slotConsultant.name}`);
      expect(text).not.toContain(consultant.name);
    });
  }
});
