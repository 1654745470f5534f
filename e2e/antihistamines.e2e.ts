import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addDays,
  addMonths,
  formatLongDate,
  monthOf,
} from '../src/client/components/month-calendar/month-grid';
import { clinicToday } from '../src/client/lib/clinic-clock';
import { parseInvite } from '../src/server/test/parsed-invite';
import { antihistamineTexts, stopDayWords } from '../src/shared/antihistamines';
import { adminAuthorization, createSlots, freshDays, runSurname, type SlotKind } from './api';
import {
  axeViolations,
  downloadOf,
  fitsWidth,
  launchBrowser,
  openPage,
  screenshot,
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

/* Days of this file's own: a month no other browser test books in. */
const freshDay = freshDays(addMonths(monthOf(addDays(clinicToday(), 29)), 9), 3);

const clock12 = (hour: number) => `${hour % 12 === 0 ? 12 : hour % 12}:00 ${hour < 12 ? 'AM' : 'PM'}`;
const field = (page: Page, label: string) => page.getByLabel(label, { exact: true });

/** The calendar: the kind, the day and the time at `hour`; lands on the request form. */
async function holdThroughCalendar(page: Page, day: string, kind: SlotKind, hour: number): Promise<void> {
  await page.goto('/sessions_availability/booking_test');
  await waitForHydration(page);
  await page.getByRole('radio', { name: kind.isAdult ? 'Adult' : 'Child' }).check();
  await page.getByLabel('Go to month').fill(monthOf(day));
  await page.getByRole('button', { name: `${formatLongDate(day)}, slots available` }).click();
  await page.getByRole('button', { name: new RegExp(`^${clock12(hour)} – `) }).click();
  await page.waitForURL('**/confirm');
  await page.getByRole('heading', { level: 2, name: 'Your appointment' }).waitFor();
}

async function fillAdult(page: Page, email: string, surname: string): Promise<void> {
  await field(page, 'First name').fill('Aoife');
  await field(page, 'Surname').fill(surname);
  await field(page, 'Date of birth').fill('12.04.1990');
  await field(page, 'E-mail').fill(email);
  await field(page, 'Phone').fill('087 123 4567');
  await field(page, "GP's name").fill('Dr Walsh');
  await field(page, "GP's address").fill('12 Harcourt Street, Dublin 2');
  await page.getByRole('checkbox', { name: /stop taking antihistamines/ }).check();
  await page.getByRole('checkbox', { name: /agree to the Terms/ }).check();
}

async function pay(page: Page): Promise<void> {
  await page.waitForURL('**/payment');
  await waitForHydration(page);
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiry date').fill('12 / 34');
  await page.getByLabel('CVC', { exact: true }).fill('123');
  await page.getByRole('button', { name: 'Pay 180 €' }).click();
  await page.getByRole('heading', { level: 1, name: 'Booking confirmed' }).waitFor();
}

const cases = [
  {
    viewport: viewports.phone,
    width: 360,
    medicines: [antihistamineTexts.labels.tablets, antihistamineTexts.labels.nasal],
    lines: (day: string) => [
      `Stop cetirizine-type tablets and syrups on ${stopDayWords(addDays(day, -5))} (5 days before).`,
      `Stop antihistamine nasal sprays on ${stopDayWords(addDays(day, -3))} (3 days before).`,
    ],
    // One stop-day event for each distinct day: tablets 5 days before, the nasal spray 3.
    stops: (day: string) => [
      { lead: 5, start: addDays(day, -5) },
      { lead: 3, start: addDays(day, -3) },
    ],
  },
  {
    viewport: viewports.desktop,
    width: 1280,
    medicines: [antihistamineTexts.labels.eye_drops],
    lines: (day: string) => [
      `Stop antihistamine eye drops on ${stopDayWords(addDays(day, -3))} (3 days before).`,
    ],
    stops: (day: string) => [{ lead: 3, start: addDays(day, -3) }],
  },
];

describe("an allergy test booked with the patient's antihistamines", () => {
  for (const { viewport, width, medicines, lines, stops } of cases) {
    it(`shows their own stop days on the confirmation page, its .ics and the e-mailed invite, and on the booking page at ${width} px`, async () => {
      const adult = { isAdult: true, isVideoCall: false };
      const day = freshDay();
      await createSlots(auth, day, adult, [10 * 60]);
      const surname = runSurname('Stop');
      const email = `${surname.toLowerCase()}@example.ie`;
      const { page, errors } = await openPage(browser, { viewport });
      await holdThroughCalendar(page, day, adult, 10);

      // The question and its one line on why, then a choice outside what the patient takes is not made.
      const question = page.getByRole('group', { name: /Which antihistamines do you take/ });
      await question.getByText(antihistamineTexts.why).waitFor();
      await fillAdult(page, email, surname);
      // 'None' with a medicine is refused beside the question, and what was typed stays.
      await question.getByRole('checkbox', { name: 'None' }).check();
      await question.getByRole('checkbox', { name: medicines[0] }).check();
      await page.getByRole('button', { name: 'Continue to payment' }).click();
      await question.getByText(antihistamineTexts.noneWithOthers).waitFor();
      expect(await field(page, 'Surname').inputValue()).toBe(surname);
      expect(await axeViolations(page, `antihistamines question refused ${width}`)).toEqual([]);
      await question.getByRole('checkbox', { name: 'None' }).uncheck();
      for (const medicine of medicines.slice(1))
        await question.getByRole('checkbox', { name: medicine }).check();
      expect(await fitsWidth(page)).toBe(true);
      expect(await axeViolations(page, `antihistamines question ${width}`)).toEqual([]);
      await question.scrollIntoViewIfNeeded();
      await screenshot(page, `antihistamines-question-${width}`);
      await page.getByRole('button', { name: 'Continue to payment' }).click();
      await pay(page);

      // The confirmation page: the patient's own days.
      const prepare = page.getByRole('region', { name: 'How to prepare for the allergy test' });
      const said = (await prepare.getByRole('listitem').allTextContents()).map((line) => line.trim());
      expect(said.slice(0, lines(day).length)).toEqual(lines(day));
      expect(await fitsWidth(page)).toBe(true);
      expect(await axeViolations(page, `confirmation with stop days ${width}`)).toEqual([]);
      await prepare.scrollIntoViewIfNeeded();
      await screenshot(page, `antihistamines-confirmed-${width}`);

      // Its .ics: the appointment and a stop-day event with its alarm for each day to stop something.
      const file = await downloadOf(page, () =>
        page.getByRole('button', { name: 'Add to calendar (.ics)' }).click(),
      );
      const fromPage = parseInvite(file.bytes.toString('utf8'));
      expect(fromPage.slice(1)).toEqual(
        stops(day).map(({ lead, start }) =>
          expect.objectContaining({
            uid: fromPage[0]?.uid.replace('@', `-stop-${lead}@`),
            allDay: true,
            start,
            status: 'CONFIRMED',
            alarms: [{ action: 'DISPLAY', trigger: 'PT9H' }],
          }),
        ),
      );
      const google = page.getByRole('link', { name: /Add to Google Calendar/ });
      expect(await google.getAttribute('href')).toMatch(
        /^https:\/\/calendar\.google\.com\/calendar\/render\?action=TEMPLATE&/,
      );
      expect(await page.getByRole('link', { name: /Add to Outlook/ }).getAttribute('href')).toMatch(
        /^https:\/\/outlook\.live\.com\/calendar\/0\/deeplink\/compose\?/,
      );

      // The e-mail: the same lines and the same two events, the same UIDs.
      const mail = await waitForMailWhere(email, (each) => each.calendar !== '', 'with the invite');
      for (const line of lines(day))
        expect(mail.text).toContain(line.replace('before).', 'before the test).'));
      const invite = parseInvite(mail.calendar);
      expect(invite.map(({ uid, start }) => ({ uid, start }))).toEqual(
        fromPage.map(({ uid, start }) => ({ uid, start })),
      );
      for (const stop of invite.slice(1))
        expect(stop.alarms).toEqual([{ action: 'DISPLAY', trigger: 'PT9H' }]);

      // The booking page from the e-mail's link: the days, and the server's current invite.
      const link = /(https?:\/\/[^\s<>"]+\/booking\/[0-9A-Za-z]+#[A-Za-z0-9_.~-]+)/.exec(mail.text)?.[1];
      expect(link).toBeDefined();
      await page.goto(link ?? '');
      await waitForHydration(page);
      const preparing = page.getByRole('region', { name: 'Preparing for the test' });
      for (const line of lines(day)) await preparing.getByText(line, { exact: true }).waitFor();
      const served = await downloadOf(page, () =>
        preparing.getByRole('button', { name: 'Add to calendar (.ics)' }).click(),
      );
      expect(parseInvite(served.bytes.toString('utf8')).map(({ uid, start }) => ({ uid, start }))).toEqual(
        invite.map(({ uid, start }) => ({ uid, start })),
      );
      expect(await fitsWidth(page)).toBe(true);
      expect(await axeViolations(page, `booking page with stop days ${width}`)).toEqual([]);
      await preparing.scrollIntoViewIfNeeded();
      await screenshot(page, `antihistamines-booking-page-${width}`);
      expect(errors).toEqual([]);
    });
  }

  it('says before paying that a test is too soon to stop the medicines ticked, and leaves the choice', async () => {
    const adult = { isAdult: true, isVideoCall: false };
    // Three days ahead at 07:00: too soon for tablets (5 days), in time for nasal sprays (3 days).
    const day = addDays(clinicToday(), 3);
    await createSlots(auth, day, adult, [7 * 60]);
    const { page, errors } = await openPage(browser, { viewport: viewports.phone });
    await holdThroughCalendar(page, day, adult, 7);
    const question = page.getByRole('group', { name: /Which antihistamines do you take/ });
    await question.getByRole('checkbox', { name: 'Nasal spray' }).check();
    expect(await page.locator('.booking-form__warning').count()).toBe(0);
    await question.getByRole('checkbox', { name: 'Tablets or syrup' }).check();
    const warning = page.getByRole('status').filter({ hasText: 'This test is too soon to stop' });
    await warning.getByText(/cetirizine-type tablets and syrups for the 5 days before it/).waitFor();
    expect(await warning.textContent()).not.toContain('nasal');
    expect(await axeViolations(page, 'too soon to stop 360')).toEqual([]);
    await warning.scrollIntoViewIfNeeded();
    await screenshot(page, 'antihistamines-too-soon-360');
    // The way back to the day choice is right there.
    expect(await warning.getByRole('link', { name: 'Choose a later day' }).getAttribute('href')).toBe(
      '/sessions_availability/booking_test',
    );
    // Kept anyway: the confirmation names the way out for a patient who could not stop in time.
    const surname = runSurname('TooSoon');
    await fillAdult(page, `${surname.toLowerCase()}@example.ie`, surname);
    await page.getByRole('button', { name: 'Continue to payment' }).click();
    await pay(page);
    const prepare = page.getByRole('region', { name: 'How to prepare for the allergy test' });
    await prepare.getByText(/Could not stop in time\?.*I could not stop my antihistamines/).waitFor();
    await prepare.scrollIntoViewIfNeeded();
    await screenshot(page, 'antihistamines-too-soon-confirmed-360');
    expect(errors).toEqual([]);
  }, 120_000);
});
