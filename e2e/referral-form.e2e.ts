import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ReferralDetail, referralTexts } from '../src/shared/referrals';
import { adminAuthorization, sendFormReferral } from './api';
import {
  axeViolations,
  baseUrl,
  fitsWidth,
  launchBrowser,
  openPage,
  screenshot,
  viewportSweep,
  viewports,
  waitForHydration,
} from './browser';

let browser: Browser;
let auth: { authorization: string };
/** A folder of this run's own for a file too large to send (10 MB and one byte), chosen from disk. */
let filesDir: string;

beforeAll(async () => {
  browser = await launchBrowser();
  auth = await adminAuthorization();
  filesDir = await mkdtemp(join(tmpdir(), 'referral-e2e-'));
  await writeFile(join(filesDir, 'scan.pdf'), Buffer.alloc(10 * 1024 * 1024 + 1));
});
afterAll(async () => {
  await browser?.close();
  await rm(filesDir, { recursive: true, force: true });
});

const PATH = '/sessions_availability/referral';
const required = referralTexts.required;
/** An e-mail address of this run's own: each address may send only 3 referrals an hour. */
const runEmail = (name: string) => `${name}.${Date.now().toString(36)}@example.ie`;
/** The chunks of the referral form: they load once the visitor answers the letter question, never before. */
const isFormChunk = (url: string) => /\/assets\/referral-(form|validation)-[^/]*\.js$/.test(url);

const field = (page: Page, label: string) => page.getByLabel(label, { exact: true });
const sendButton = (page: Page) => page.getByRole('button', { name: 'Send referral' });
const summary = (page: Page) => page.locator('.error-summary');

/** Opens the page and answers the letter question; the form is on screen when this returns. */
async function openForm(page: Page, hasLetter: boolean): Promise<void> {
  await page.goto(PATH);
  await waitForHydration(page);
  await answerLetterQuestion(page, hasLetter);
}

async function answerLetterQuestion(page: Page, hasLetter: boolean): Promise<void> {
  await page
    .getByRole('group', { name: 'Do you have a referral letter from your GP or consultant?' })
    .getByRole('radio', { name: hasLetter ? 'Yes' : 'No', exact: true })
    .check();
  await page
    .getByRole('heading', {
      level: 2,
      name: hasLetter ? 'Send your referral letter' : 'Tell us about your allergy',
    })
    .waitFor();
}

/** The message a field shows under it, read through its aria-describedby ('' when none). */
const errorOf = (page: Page, label: string) =>
  field(page, label).evaluate((input) => {
    const ids = (input.getAttribute('aria-describedby') ?? '').split(' ');
    const errorId = ids.find((id) => id.endsWith('-error'));
    return errorId ? (document.getElementById(errorId)?.textContent ?? '') : '';
  });

/** The summary names the fields whose label is a question without it. */
const summaryNames: Record<string, string> = {
  'What are your concerns?': 'Your concerns',
  'What do you think you are allergic to, and why?': 'What you think you are allergic to, and why',
  'What do you hope to get from the consultation?': 'What you hope to get from the consultation',
};

/** Each field shows its message under it and in the error summary, as a link to the field. */
async function expectErrors(page: Page, expected: Record<string, string>): Promise<void> {
  for (const [label, message] of Object.entries(expected)) {
    await expect.poll(() => errorOf(page, label)).toBe(message);
    const name = `${summaryNames[label] ?? label}: ${message}`;
    await summary(page).getByRole('link', { name, exact: true }).waitFor();
  }
}

const summaryFocused = (page: Page) =>
  expect.poll(() => page.evaluate(() => document.activeElement?.className)).toBe('error-summary');

async function fillCommon(page: Page, email: string): Promise<void> {
  await field(page, 'Full name').fill('Aoife Byrne');
  await field(page, 'Date of birth').fill('12.4.1990');
  await field(page, 'E-mail').fill(email);
  await field(page, 'Phone').fill('087 123 4567');
  await field(page, 'Signature').fill('Aoife Byrne');
}

async function fillAnswers(page: Page): Promise<void> {
  await field(page, 'Your address').fill('4 Main Street, Dundrum, Dublin 14');
  await field(page, 'Your GP or consultant').fill('Dr Walsh, 12 Harcourt Street, Dublin 2');
  await field(page, 'What are your concerns?').fill('Hives after meals, three times this year.');
  await field(page, 'What do you think you are allergic to, and why?').fill(
    'Peanuts: each time after satay.',
  );
  await field(page, 'What do you hope to get from the consultation?').fill('A test and a plan to stay safe.');
}

/** After sending: both notices on screen together, on the home page. */
async function expectSentAndHome(page: Page): Promise<void> {
  await page.waitForURL(`${baseUrl()}/`);
  const notices = page.getByRole('status').locator('.notification--success');
  await notices.filter({ hasText: referralTexts.sent }).waitFor();
  await notices.filter({ hasText: referralTexts.noReply }).waitFor();
  expect(await notices.count()).toBe(2);
}

/** The referral staff see for an e-mail address, as the back office's API answers it. */
async function storedReferral(email: string): Promise<ReferralDetail> {
  const list = await fetch(`${baseUrl()}/api/admin/referrals?search=${encodeURIComponent(email)}`, {
    headers: auth,
  });
  const { referrals } = (await list.json()) as { referrals: { id: number }[] };
  expect(referrals).toHaveLength(1);
  const detail = await fetch(`${baseUrl()}/api/admin/referrals/${referrals[0]?.id}`, { headers: auth });
  return ((await detail.json()) as { referral: ReferralDetail }).referral;
}

describe('the self-referral page', () => {
  it('is server-rendered with its question, and loads the form only once the visitor answers', async () => {
    const { page, requests, errors, context } = await openPage(browser, { viewport: viewports.desktop });
    await page.goto('/');
    await waitForHydration(page);
    await page.getByRole('link', { name: 'Send a self-referral' }).click();
    await page.waitForURL(`**${PATH}`);
    await page.getByRole('heading', { level: 1, name: 'Self-referral' }).waitFor();
    expect(await page.title()).toBe('Self-referral | Dublin Allergy Clinic');
    expect(requests.filter(isFormChunk)).toEqual([]);
    await answerLetterQuestion(page, true);
    expect(requests.filter(isFormChunk).length).toBeGreaterThan(0);
    expect(errors).toEqual([]);
    await context.close();

    // Without JavaScript: the page, its title and description, and the question.
    const bare = await openPage(browser, { javaScriptEnabled: false });
    const response = await bare.page.goto(PATH);
    expect(response?.status()).toBe(200);
    await bare.page.getByRole('heading', { level: 1, name: 'Self-referral' }).waitFor();
    expect(await bare.page.getByRole('radio').count()).toBe(2);
    expect(await bare.page.locator('meta[name="description"]').getAttribute('content')).toMatch(/referral/);
    await bare.context.close();
  });

  it('has no axe violations and fits at 360 px and 1280 px, for both forms, empty and with errors', async () => {
    for (const viewport of viewportSweep) {
      const { page, errors, context } = await openPage(browser, { viewport });
      const width = viewport.width;
      await page.goto(PATH);
      await waitForHydration(page);
      expect(await axeViolations(page, `question ${width}`)).toEqual([]);
      await screenshot(page, `referral-question-${width}`);
      for (const hasLetter of [true, false]) {
        const name = hasLetter ? 'letter' : 'form';
        await answerLetterQuestion(page, hasLetter);
        expect(await fitsWidth(page)).toBe(true);
        expect(await axeViolations(page, `${name} form ${width}`)).toEqual([]);
        await screenshot(page, `referral-${name}-empty-${width}`);
        await sendButton(page).click();
        await summary(page).getByRole('heading', { name: 'There is a problem' }).waitFor();
        await summaryFocused(page);
        expect(await fitsWidth(page)).toBe(true);
        expect(await axeViolations(page, `${name} form errors ${width}`)).toEqual([]);
        await page.evaluate(() => window.scrollTo(0, 0));
        await screenshot(page, `referral-${name}-errors-${width}`);
      }
      expect(errors).toEqual([]);
      await context.close();
    }
  }, 240_000); // both forms, twice each, at two widths, each checked by axe: minutes on a busy machine

  it('shows every rule of the letter form beside its field and in the focused summary', async () => {
    const { page, requests, errors, context } = await openPage(browser, { viewport: viewports.phone });
    await openForm(page, true);
    await sendButton(page).click();
    await summaryFocused(page);
    await expectErrors(page, {
      'Full name': required,
      'Date of birth': 'Required',
      'E-mail': required,
      Phone: required,
      'Referral letter': 'Required',
      Signature: required,
    });
    // Six fields, each under the field and in the summary; nothing of the other form.
    expect(await summary(page).getByRole('link').count()).toBe(6);
    expect(await field(page, 'Your address').count()).toBe(0);
    // A summary link takes the focus to its field.
    await summary(page)
      .getByRole('link', { name: `E-mail: ${required}` })
      .click();
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('referral-email');

    await field(page, 'Full name').fill('A');
    await field(page, 'E-mail').fill('aoife@');
    await field(page, 'Date of birth').fill('01.01.2999');
    await field(page, 'Signature').fill('Someone Else');
    await sendButton(page).click();
    await expectErrors(page, {
      'Full name': 'Text is too short.',
      'E-mail': 'Mail is invalid.',
      'Date of birth': 'The date of birth cannot be in the future.',
      Signature: 'Signature must match your full name',
    });
    await field(page, 'Full name').fill('B'.repeat(71));
    await field(page, 'Date of birth').fill('31.02.1990');
    await expectErrors(page, {
      'Full name': 'Text is too long.',
      'Date of birth': referralTexts.dobNotReal,
    });

    // The phone: letters are blocked as typed, nothing else; then its digits are counted and its characters checked.
    const phone = field(page, 'Phone');
    await phone.pressSequentially('08a7b');
    expect(await phone.inputValue()).toBe('087');
    await expectErrors(page, { Phone: 'Text is too short.' });
    await phone.fill('0871234567890');
    await expectErrors(page, { Phone: 'Text is too long.' });
    await phone.fill('087+123456');
    await expectErrors(page, { Phone: 'Phone number is invalid.' });
    await phone.fill('');
    await phone.pressSequentially('087.123.4567');
    expect(await phone.inputValue()).toBe('087.123.4567');
    await expectErrors(page, { Phone: 'Phone number is invalid.' });
    await phone.fill('+353 87 123 4567');
    await expect.poll(() => errorOf(page, 'Phone')).toBe('');

    // The letter: another kind of file is refused at once; one over 10 MB when the form is sent.
    const letter = field(page, 'Referral letter');
    await letter.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('notes') });
    await page.getByRole('alert').filter({ hasText: 'Choose a .pdf, .doc or .docx file.' }).waitFor();
    await letter.setInputFiles(join(filesDir, 'scan.pdf'));
    await expectErrors(page, { 'Referral letter': 'The file is larger than 10 MB.' });
    expect(await axeViolations(page, 'letter form all errors 360')).toEqual([]);
    await screenshot(page, 'referral-letter-rules-360');
    expect(requests.filter((url) => url.endsWith('/api/patients'))).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  }, 120_000); // every rule in turn, each waited for: over a minute on a busy machine

  it('shows every rule of the form without a letter', async () => {
    const { page, requests, errors, context } = await openPage(browser, { viewport: viewports.desktop });
    await openForm(page, false);
    await sendButton(page).click();
    await summaryFocused(page);
    await expectErrors(page, {
      'Full name': required,
      'Date of birth': 'Required',
      'Your address': required,
      'E-mail': required,
      Phone: required,
      'Your GP or consultant': required,
      'What are your concerns?': required,
      'What do you think you are allergic to, and why?': required,
      'What do you hope to get from the consultation?': required,
      Signature: required,
    });
    expect(await field(page, 'Referral letter').count()).toBe(0);
    // The description of known allergies: asked after a yes, optional, at most 300 characters.
    expect(await field(page, 'Your known allergies (optional)').count()).toBe(0);
    await page
      .getByRole('group', { name: 'Do you have any known allergies?' })
      .getByRole('radio', { name: 'Yes' })
      .check();
    await field(page, 'Your address').fill('Dublin');
    await field(page, 'Your GP or consultant').fill('x'.repeat(301));
    await field(page, 'What are your concerns?').fill('Hives');
    await field(page, 'Your known allergies (optional)').fill('y'.repeat(301));
    await sendButton(page).click();
    await expectErrors(page, {
      'Your address': 'Text is too short.',
      'Your GP or consultant': 'Text is too long.',
      'What are your concerns?': 'Text is too short.',
      'Your known allergies (optional)': 'Text is too long.',
    });
    expect(await axeViolations(page, 'form without a letter, errors 1280')).toEqual([]);
    await screenshot(page, 'referral-form-rules-1280');

    // What is typed in both forms stays when the visitor changes their answer; the messages go.
    await field(page, 'Full name').fill('Aoife Byrne');
    await answerLetterQuestion(page, true);
    expect(await field(page, 'Full name').inputValue()).toBe('Aoife Byrne');
    await expect.poll(() => summary(page).count()).toBe(0);
    await answerLetterQuestion(page, false);
    expect(await field(page, 'Your address').inputValue()).toBe('Dublin');
    expect(requests.filter((url) => url.endsWith('/api/patients'))).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  }, 120_000); // every rule in turn, each waited for: over a minute on a busy machine

  for (const viewport of viewportSweep) {
    it(`sends a referral letter at ${viewport.width} px: two notices, then the home page`, async () => {
      const email = runEmail(`letter${viewport.width}`);
      const { page, errors, context } = await openPage(browser, { viewport });
      await openForm(page, true);
      await fillCommon(page, email);
      await field(page, 'Referral letter').setInputFiles(resolve('testdata/letter.pdf'));
      await page.getByText('letter.pdf').waitFor();
      // The phone (issue 21): a '.' typed is kept and refused beside the field, not silently dropped; a
      // number with its country code and spaces is accepted, and kept as typed.
      const phone = field(page, 'Phone');
      await phone.fill('');
      await phone.pressSequentially('087.123.4567');
      expect(await phone.inputValue()).toBe('087.123.4567');
      await sendButton(page).click();
      await expectErrors(page, { Phone: 'Phone number is invalid.' });
      expect(await fitsWidth(page)).toBe(true);
      expect(await axeViolations(page, `phone invalid ${viewport.width}`)).toEqual([]);
      await screenshot(page, `referral-phone-invalid-${viewport.width}`);
      await phone.fill('');
      await phone.pressSequentially('+353 87 123 4567');
      await expect.poll(() => errorOf(page, 'Phone')).toBe('');
      await sendButton(page).click();
      await expectSentAndHome(page);
      await screenshot(page, `referral-letter-sent-${viewport.width}`);

      const referral = await storedReferral(email);
      expect(referral).toMatchObject({ status: 'awaiting', has_referral_letter: true });
      expect(referral.patient).toMatchObject({
        first_name: 'Aoife',
        last_name: 'Byrne',
        email,
        phone: '+353 87 123 4567',
        dob: '1990-04-12',
        is_referral: true,
        address: null,
        concerns: null,
      });
      expect(referral.patient.referral_letter?.name).toBe('letter.pdf');
      expect(errors).toEqual([]);
      await context.close();
    });

    it(`sends the form's answers without a letter at ${viewport.width} px`, async () => {
      const email = runEmail(`form${viewport.width}`);
      const { page, errors, context } = await openPage(browser, { viewport });
      await openForm(page, false);
      await fillCommon(page, email);
      await fillAnswers(page);
      await page.getByRole('checkbox', { name: 'Asthma' }).check();
      await page
        .getByRole('group', { name: 'Do you have any known allergies?' })
        .getByRole('radio', { name: 'Yes' })
        .check();
      await field(page, 'Your known allergies (optional)').fill('Penicillin: a rash.');
      await sendButton(page).click();
      await expectSentAndHome(page);
      await screenshot(page, `referral-form-sent-${viewport.width}`);

      const referral = await storedReferral(email);
      expect(referral).toMatchObject({ status: 'awaiting', has_referral_letter: false });
      expect(referral.patient).toMatchObject({
        email,
        dob: '1990-04-12',
        address: '4 Main Street, Dundrum, Dublin 14',
        gp_details: 'Dr Walsh, 12 Harcourt Street, Dublin 2',
        concerns: 'Hives after meals, three times this year.',
        suspected_allergy: 'Peanuts: each time after satay.',
        consultation_hopes: 'A test and a plan to stay safe.',
        is_hayfever: false,
        is_asthma: true,
        is_eczema: false,
        do_you_have_any_known_allergies: true,
        known_allergies_description: 'Penicillin: a rash.',
        referral_letter: null,
      });
      expect(errors).toEqual([]);
      await context.close();
    });
  }

  it("keeps what was typed when the server refuses: the letter's bytes, then too many referrals", async () => {
    const email = runEmail('refused');
    const { page, errors, context } = await openPage(browser, { viewport: viewports.phone });
    await openForm(page, true);
    await fillCommon(page, email);
    // A program named .pdf passes the browser's check of the name; the server reads its bytes.
    await field(page, 'Referral letter').setInputFiles(resolve('testdata/program-named.pdf'));
    await sendButton(page).click();
    await expectErrors(page, { 'Referral letter': 'Choose a .pdf, .doc or .docx file.' });
    await summaryFocused(page);
    expect(page.url()).toBe(`${baseUrl()}${PATH}`);
    expect(await field(page, 'Full name').inputValue()).toBe('Aoife Byrne');
    expect(await field(page, 'Date of birth').inputValue()).toBe('12.04.1990');
    expect(await field(page, 'E-mail').inputValue()).toBe(email);
    expect(await field(page, 'Phone').inputValue()).toBe('087 123 4567');
    expect(await field(page, 'Signature').inputValue()).toBe('Aoife Byrne');
    await page.getByText('program-named.pdf').waitFor();
    await screenshot(page, 'referral-letter-refused-360');

    // Three referrals an hour for one address: the fourth is refused (429), said once, beside the button.
    for (let sent = 0; sent < 3; sent += 1) await sendFormReferral(email);
    await field(page, 'Referral letter').setInputFiles(resolve('testdata/letter.docx'));
    await sendButton(page).click();
    const refusal = page.getByRole('alert').filter({ hasText: referralTexts.tooManyFromEmail });
    await refusal.waitFor();
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('role'))).toBe('alert');
    expect(await page.getByText(referralTexts.tooManyFromEmail).count()).toBe(1);
    expect(await page.locator('.notification').count()).toBe(0);
    expect(await field(page, 'Full name').inputValue()).toBe('Aoife Byrne');
    expect(await field(page, 'E-mail').inputValue()).toBe(email);
    await page.getByText('letter.docx').waitFor();
    expect(await axeViolations(page, 'referral refused 360')).toEqual([]);
    await screenshot(page, 'referral-too-many-360');
    expect(errors.filter((error) => !error.includes('415') && !error.includes('429'))).toEqual([]);
    await context.close();
  });
});
