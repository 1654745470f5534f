import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { referralTexts } from '../src/shared/referrals';
import {
  adminAuthorization,
  decideReferral,
  defaultReferralAnswers,
  referralsAwaiting,
  runSurname,
  sendReferral,
} from './api';
import {
  axeViolations,
  baseUrl,
  downloadOf,
  fitsWidth,
  launchBrowser,
  notice,
  openAdminPage,
  screenshot,
  searchList,
  viewports,
} from './browser';
import { waitForMail } from './mailbox';

let browser: Browser;
let auth: { authorization: string };

beforeAll(async () => {
  browser = await launchBrowser();
  auth = await adminAuthorization();
});
afterAll(() => browser?.close());

/*
 * Each width triages three self-referrals of its own, sent through the API as the website's form sends them: one
 * with a referral letter, a child's and an adult's with the form's answers. Their surname is made for this run and
 * width (letters only, as names are), so searching it finds those three only; each has an e-mail address of its
 * own, where the local mail server of the e2e setup receives what the patient is sent.
 */

interface Sent {
  name: string;
  email: string;
  referralId: number;
  patientId: number;
}

interface WidthSet {
  surname: string;
  letter: Sent;
  child: Sent;
  adult: Sent;
}

const letterName = 'Litir atreoraithe – Dr Ní Bhriain.pdf';
const firstNames = { 360: ['Aoife', 'Cian', 'Dara'], 1280: ['Eimear', 'Fionn', 'Gráinne'] } as const;

async function send(surname: string, first: string, dob: string, letter: boolean): Promise<Sent> {
  const name = `${first} ${surname}`;
  const email = `${first
    .normalize('NFD')
    .replace(/[^a-z]/gi, '')
    .toLowerCase()}.${surname.toLowerCase()}@example.ie`;
  const ids = await sendReferral(auth, {
    fullName: name,
    email,
    dob,
    ...(letter ? { letterName } : {}),
  });
  return { name, email, ...ids };
}

/** What Chromium logs for an API answer it was expected to give (a decision refused). */
const loadFailure = (status: string) =>
  `console: Failed to load resource: the server responded with a status of ${status}`;

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The value of a fact ('Date of birth') in a panel of the referral's page. */
const fact = (page: Page, panel: string, term: string) =>
  page
    .getByRole('region', { name: panel, exact: true })
    .locator('dl > div')
    .filter({ has: page.locator('dt', { hasText: new RegExp(`^${escapeRegExp(term)}$`) }) })
    .locator('dd');

const referralsTable = (page: Page) => page.getByRole('table', { name: /^Referrals/ });

/** The menu's Referrals link says the count awaiting triage (opening the menu on a phone to read it). */
async function badgeSays(page: Page, count: number): Promise<void> {
  const toggle = page.getByRole('button', { name: 'Menu', exact: true });
  const narrow = await toggle.isVisible();
  if (narrow) await toggle.click();
  const name = count > 0 ? `Referrals, ${count} awaiting` : 'Referrals';
  await page
    .getByRole('navigation', { name: 'Admin menu' })
    .getByRole('link', { name, exact: true })
    .waitFor({ timeout: 15_000 });
  if (narrow) await toggle.click();
}

describe('referral triage (back office)', () => {
  const sets = new Map<number, WidthSet>();

  beforeAll(async () => {
    for (const [width, prefix] of [
      [360, 'Rp'],
      [1280, 'Rd'],
    ] as const) {
      const surname = runSurname(prefix);
      const [letterFirst, childFirst, adultFirst] = firstNames[width];
      // Sent one after the other: the list (awaiting triage, the oldest first) shows them in this order.
      const letter = await send(surname, letterFirst, '1990-04-12', true);
      const child = await send(surname, childFirst, '2017-09-03', false);
      const adult = await send(surname, adultFirst, '1984-01-30', false);
      sets.set(width, { surname, letter, child, adult });
    }
  }, 120_000);

  for (const viewport of [viewports.phone, viewports.desktop]) {
    const width = viewport.width;

    it(`lists, filters and searches referrals, and accepts, asks about and declines them with their e-mails, at ${width} px`, async () => {
      const set = sets.get(width);
      if (!set) throw new Error('no referrals sent');
      const { surname, letter, child, adult } = set;
      const { page, errors, context } = await openAdminPage(browser, { viewport });
      const check = async (label: string) => {
        expect(await axeViolations(page, `${label} @${width}`)).toEqual([]);
        expect({ label, fits: await fitsWidth(page) }).toEqual({ label, fits: true });
        await screenshot(page, `${label}-${width}`);
      };
      let awaiting = await referralsAwaiting(auth);

      // A state with no referral yet says so, and how to see them all.
      if (width === viewports.phone.width) {
        await page.goto('/admin/referrals?status=accepted');
        await page.getByText('No referrals are accepted.').waitFor();
        await check('admin-referrals-empty');
        await page.getByRole('button', { name: 'Show all referrals' }).click();
        await page.waitForURL(
          (url) => url.pathname === '/admin/referrals' && !url.searchParams.has('status'),
        );
      } else {
        await page.goto('/admin/referrals');
      }
      await page.getByRole('heading', { level: 1, name: 'Referrals' }).waitFor();
      await badgeSays(page, awaiting);

      // The list: this width's three, awaiting triage, the oldest first.
      await referralsTable(page).getByRole('row').nth(1).waitFor();
      expect(await referralsTable(page).getByRole('columnheader').allTextContents()).toEqual([
        'Name',
        'Received',
        'Letter or form',
        'State',
        'Age',
      ]);
      await searchList(page, 'Search by name, e-mail or phone', surname);
      await page.getByText('1–3 of 3').waitFor();
      expect(await referralsTable(page).locator('tbody th a').allTextContents()).toEqual([
        letter.name,
        child.name,
        adult.name,
      ]);
      const cells = async (name: string) =>
        referralsTable(page).getByRole('row').filter({ hasText: name }).locator('td').allTextContents();
      const [received, kind, state, age] = await cells(letter.name);
      expect(received).toMatch(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}(just now|\d+ minutes? ago)$/);
      expect([kind, state]).toEqual(['Letter', 'Awaiting triage']);
      expect(age).toMatch(/^\d{2}$/);
      const childCells = await cells(child.name);
      expect(childCells.slice(1)).toEqual(['Form', 'Awaiting triage', expect.stringMatching(/^\dChild$/)]);

      // The state filter is kept in the address with the search.
      await page.getByLabel('State', { exact: true }).selectOption('awaiting');
      await page.waitForURL((url) => url.searchParams.get('status') === 'awaiting');
      await page.getByText('1–3 of 3').waitFor();
      expect(new URL(page.url()).searchParams.get('search')).toBe(surname);
      await check('admin-referrals');

      // The referral with a letter: its letter downloaded with the token, then accepted for a video consultation.
      await referralsTable(page).getByRole('link', { name: letter.name }).click();
      await page.waitForURL(`**/admin/referrals/${letter.referralId}`);
      await page.getByRole('heading', { level: 1, name: letter.name }).waitFor();
      await page.getByText('Referral, sent with a referral letter').waitFor();
      expect(await page.getByRole('link', { name: 'Back to referrals' }).getAttribute('href')).toBe(
        '/admin/referrals',
      );
      expect(await fact(page, 'Triage', 'State').textContent()).toBe('Awaiting triage');
      expect(await fact(page, 'Triage', 'Received').textContent()).toMatch(
        /^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2} \((just now|\d+ minutes? ago)\)$/,
      );
      expect(await fact(page, 'Personal details', 'Full name').textContent()).toBe(letter.name);
      expect(await fact(page, 'Personal details', 'Date of birth').textContent()).toMatch(
        /^12\/04\/1990 \(\d+ years\)$/,
      );
      expect(await fact(page, 'Personal details', 'E-mail').textContent()).toBe(letter.email);
      expect(await fact(page, 'Personal details', 'Phone').textContent()).toBe('087 765 4321');
      await page.getByText('the self-referral questions were not asked').waitFor();
      await check('admin-referral-letter');
      const file = await downloadOf(page, () =>
        page
          .getByRole('region', { name: 'Self-referral' })
          .getByRole('button', { name: 'Download referral letter' })
          .click(),
      );
      expect(file.name).toBe(letterName);
      expect(file.bytes.equals(await readFile(resolve('testdata/letter.pdf')))).toBe(true);

      await page.getByRole('button', { name: 'Accept', exact: true }).click();
      const accept = page.getByRole('dialog', { name: `Accept ${letter.name}’s referral?` });
      await accept.getByText('The patient will be e-mailed a link to book an allergy test.').waitFor();
      // The focus starts on the choice of what to book.
      await expect
        .poll(() => page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.value))
        .toBe('booking_test');
      await accept.getByLabel('Video consultation').check();
      await accept.getByText('The patient will be e-mailed a link to book a video consultation.').waitFor();
      await accept.getByLabel('Note to the patient (optional)').fill('Please bring your inhaler.');
      await check('admin-referral-accept-dialog');
      await accept.getByRole('button', { name: 'Accept and e-mail the patient' }).click();
      await notice(page, referralTexts.accepted);
      await accept.waitFor({ state: 'hidden' });
      await expect.poll(() => fact(page, 'Triage', 'State').textContent()).toBe('Accepted');
      expect(await fact(page, 'Triage', 'Asked to book').textContent()).toBe('a video consultation');
      expect(await fact(page, 'Triage', 'Note sent with the booking link').textContent()).toBe(
        'Please bring your inhaler.',
      );
      // Final: no decision is offered any more, and the focus is on the state it is in.
      expect(await page.getByRole('region', { name: 'Triage' }).getByRole('button').count()).toBe(0);
      await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Triage');
      awaiting -= 1;
      await badgeSays(page, awaiting);
      const accepted = await waitForMail(letter.email, 'Your referral has been accepted');
      expect(accepted.subject).toBe('Your referral has been accepted: please book a video consultation');
      expect(accepted.text).toContain(`Dear ${letter.name},`);
      expect(accepted.text).toContain(`${baseUrl()}/sessions_availability/booking_video`);
      expect(accepted.text).toContain('Please bring your inhaler.');

      // The child's referral, sent with the form: its answers; then a question, which must be written first.
      await page.getByRole('link', { name: 'Back to referrals' }).click();
      await page.waitForURL((url) => url.pathname === '/admin/referrals');
      await page.goto(`/admin/referrals/${child.referralId}`);
      await page.getByRole('heading', { level: 1, name: child.name }).waitFor();
      await page.getByText('Referral, sent with the self-referral form, child').waitFor();
      expect(await fact(page, 'Personal details', 'Address').textContent()).toBe(
        defaultReferralAnswers.address,
      );
      expect(await fact(page, 'Personal details', 'Adult or child').textContent()).toBe('Child');
      const answers: [string, string][] = [
        ['GP details', String(defaultReferralAnswers.gp_details)],
        ['Concerns', String(defaultReferralAnswers.concerns)],
        ['Suspected allergy, and why', String(defaultReferralAnswers.suspected_allergy)],
        ['Hopes for the consultation', String(defaultReferralAnswers.consultation_hopes)],
        ['Hayfever', 'Yes'],
        ['Asthma', 'No'],
        ['Eczema', 'Yes'],
        ['Known allergies', 'Yes'],
        ['Known allergies, described', String(defaultReferralAnswers.known_allergies_description)],
      ];
      for (const [term, value] of answers) {
        expect({ term, value: await fact(page, 'Self-referral', term).textContent() }).toEqual({
          term,
          value,
        });
      }
      await page.getByText('No referral letter was sent.').waitFor();
      await check('admin-referral-form');

      await page.getByRole('button', { name: 'Ask for more information' }).click();
      const ask = page.getByRole('dialog', { name: `Ask ${child.name} for more information?` });
      await ask
        .getByText(
          'The patient will be e-mailed your question and asked to reply by e-mail. The referral stays open until you decide.',
        )
        .waitFor();
      await ask.getByRole('button', { name: 'E-mail the question' }).click();
      await ask.getByText(referralTexts.messageRequired).waitFor();
      const question = ask.getByLabel('Your question');
      expect(await question.getAttribute('aria-invalid')).toBe('true');
      await expect.poll(() => question.evaluate((element) => element === document.activeElement)).toBe(true);
      await question.fill('Which foods has he eaten since without a reaction?');
      await check('admin-referral-question-dialog');
      await ask.getByRole('button', { name: 'E-mail the question' }).click();
      await notice(page, referralTexts.moreInfo);
      await ask.waitFor({ state: 'hidden' });
      await expect.poll(() => fact(page, 'Triage', 'State').textContent()).toBe('More information asked');
      expect(await fact(page, 'Triage', 'Question sent to the patient').textContent()).toBe(
        'Which foods has he eaten since without a reaction?',
      );
      // Still open: staff decide once the patient answers.
      await page.getByRole('button', { name: 'Accept', exact: true }).waitFor();
      awaiting -= 1;
      await badgeSays(page, awaiting);
      const asked = await waitForMail(child.email, 'needs more information');
      expect(asked.text).toContain('Which foods has he eaten since without a reaction?');

      // The adult's referral: declined with a reason.
      await page.goto(`/admin/referrals/${adult.referralId}`);
      await page.getByRole('heading', { level: 1, name: adult.name }).waitFor();
      await page.getByRole('button', { name: 'Decline', exact: true }).click();
      const decline = page.getByRole('dialog', { name: `Decline ${adult.name}’s referral?` });
      await decline
        .getByText(/cannot offer them an appointment, with your reason\. This cannot be undone\./)
        .waitFor();
      await decline
        .getByLabel('Reason')
        .fill('The clinic sees food allergies only; please ask your GP about a dermatology referral.');
      await check('admin-referral-decline-dialog');
      await decline.getByRole('button', { name: 'Decline and e-mail the patient' }).click();
      await notice(page, referralTexts.declined);
      await decline.waitFor({ state: 'hidden' });
      await expect.poll(() => fact(page, 'Triage', 'State').textContent()).toBe('Declined');
      expect(await fact(page, 'Triage', 'Reason sent to the patient').textContent()).toBe(
        'The clinic sees food allergies only; please ask your GP about a dermatology referral.',
      );
      awaiting -= 1;
      await badgeSays(page, awaiting);
      const declined = await waitForMail(adult.email, `About your referral to`);
      expect(declined.text).toContain(
        'The clinic sees food allergies only; please ask your GP about a dermatology referral.',
      );
      await check('admin-referral-declined');

      // Decided elsewhere meanwhile: the dialog says why nothing was done, and the page shows what was decided.
      await page.goto(`/admin/referrals/${child.referralId}`);
      await page.getByRole('button', { name: 'Accept', exact: true }).click();
      const late = page.getByRole('dialog', { name: `Accept ${child.name}’s referral?` });
      await late.waitFor();
      const elsewhere = await decideReferral(auth, child.referralId, {
        status: 'declined',
        message: 'Seen by another clinic.',
      });
      expect(elsewhere.status).toBe(200);
      await late.getByRole('button', { name: 'Accept and e-mail the patient' }).click();
      await late
        .getByRole('alert')
        .filter({
          hasText: 'This referral has already been declined and the patient told; it cannot be changed.',
        })
        .waitFor();
      await check('admin-referral-refused-dialog');
      await late.getByRole('button', { name: 'Cancel', exact: true }).click();
      await late.waitFor({ state: 'hidden' });
      await expect.poll(() => fact(page, 'Triage', 'State').textContent()).toBe('Declined');
      expect(await page.getByRole('region', { name: 'Triage' }).getByRole('button').count()).toBe(0);

      // The list shows where each stands; its filter finds the accepted one.
      await page.goto(`/admin/referrals?search=${surname}`);
      await page.getByText('1–3 of 3').waitFor();
      // Once none awaits triage, the newest sent comes first.
      expect(await referralsTable(page).locator('tbody td:nth-child(4)').allTextContents()).toEqual([
        'Declined',
        'Declined',
        'Accepted',
      ]);
      await page.getByLabel('State', { exact: true }).selectOption('accepted');
      await page.getByText('1–1 of 1').waitFor();
      expect(await referralsTable(page).locator('tbody th a').allTextContents()).toEqual([letter.name]);
      expect(errors).toEqual([loadFailure('409 (Conflict)')]);
      await context.close();
    }, 300_000); // three decisions, their e-mails and a sweep of screens: minutes on a busy machine
  }
});
