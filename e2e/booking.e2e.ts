import { resolve } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addDays,
  addMonths,
  formatLongDate,
  monthOf,
} from '../src/client/components/month-calendar/month-grid';
import { clinicToday } from '../src/client/lib/clinic-clock';
import { adminAuthorization, createSlots, freshDays, type SlotKind } from './api';
import {
  axeViolations,
  baseUrl,
  downloadOf,
  fitsWidth,
  launchBrowser,
  openPage,
  screenshot,
  viewports,
  waitForHydration,
} from './browser';

let browser: Browser;
let auth: { authorization: string };

beforeAll(async () => {
  browser = await launchBrowser();
  auth = await adminAuthorization();
});
afterAll(() => browser?.close());

/*
 * Each test books its own slots, made through the admin API on days of their own (the 5th, 6th… of a month),
 * well after the four weeks of demonstration slots and after the months the availability test uses (its empty
 * month and the month after).
 */
const freshDay = freshDays(addMonths(monthOf(addDays(clinicToday(), 29)), 3), 5);

const clock12 = (hour: number) => `${hour % 12 === 0 ? 12 : hour % 12}:00 ${hour < 12 ? 'AM' : 'PM'}`;

/** On the booking calendar: chooses the kind, the day, and the slot starting at `hour`; lands on the form. */
async function holdThroughCalendar(
  page: Page,
  day: string,
  kind: SlotKind,
  hour: number,
  screenshotName?: string,
): Promise<void> {
  await page.goto(`/sessions_availability/${kind.isVideoCall ? 'booking_video' : 'booking_test'}`);
  await waitForHydration(page);
  await chooseOnCalendar(page, day, kind, hour, screenshotName);
}

/** Chooses `day` and the time at `hour`; with `screenshotName`, photographs the day's times first. */
async function chooseOnCalendar(
  page: Page,
  day: string,
  kind: SlotKind,
  hour: number,
  screenshotName?: string,
): Promise<void> {
  const radio = page.getByRole('radio', { name: kind.isAdult ? 'Adult' : 'Child' });
  if (!(await radio.isChecked())) await radio.check();
  await page.getByLabel('Go to month').fill(monthOf(day));
  const dayButton = page.getByRole('button', { name: `${formatLongDate(day)}, slots available` });
  if ((await dayButton.getAttribute('aria-pressed')) !== 'true') await dayButton.click();
  const time = page.getByRole('button', { name: new RegExp(`^${clock12(hour)} – `) });
  if (screenshotName) {
    await time.waitFor();
    await screenshot(page, screenshotName);
  }
  await time.click();
  await page.waitForURL('**/confirm');
  await page.getByRole('heading', { level: 2, name: 'Your appointment' }).waitFor();
}

const field = (page: Page, label: string) => page.getByLabel(label, { exact: true });

async function fillAdultTest(page: Page): Promise<void> {
  await field(page, 'First name').fill('Aoife');
  await field(page, 'Surname').fill('Byrne');
  await field(page, 'Date of birth').fill('12.04.1990');
  await field(page, 'E-mail').fill('aoife.byrne@example.ie');
  await field(page, 'Phone').fill('087 123 4567');
  await field(page, "GP's name").fill('Dr Walsh');
  await field(page, "GP's address").fill('12 Harcourt Street, Dublin 2');
  await page.getByRole('checkbox', { name: /stop taking antihistamines/ }).check();
  await page.getByRole('checkbox', { name: /agree to the Terms/ }).check();
}

/** The payment step with the test-mode card form, ready. */
async function onPaymentStep(page: Page, price: string): Promise<void> {
  await page.waitForURL('**/payment');
  await waitForHydration(page);
  await page.getByText('Test mode: no real payment is taken').waitFor();
  await page.getByLabel('Card number').waitFor();
  await page.getByRole('button', { name: `Pay ${price} €` }).waitFor();
}

async function payWith(page: Page, number: string, price: string): Promise<void> {
  await page.getByLabel('Card number').fill(number);
  await page.getByLabel('Expiry date').fill('12 / 34');
  await page.getByLabel('CVC', { exact: true }).fill('123');
  await page.getByRole('button', { name: `Pay ${price} €` }).click();
}

/** Paid: the spec's notice, then the confirmation page; the flow's hold and draft are forgotten. */
async function expectBookedAndConfirmed(page: Page, text: string): Promise<void> {
  await page.getByRole('status').filter({ hasText: text }).waitFor();
  await page.waitForURL(`${baseUrl()}/booking/confirmed`);
  await page.getByRole('heading', { level: 1, name: 'Booking confirmed' }).waitFor();
  await expectStep(page, 'Done');
  const stored = await page.evaluate(() => ({ ...window.sessionStorage }));
  // The booking's own token stays in this tab apart from the confirmation, for the intake form's link after a reload.
  expect(Object.keys(stored).sort()).toEqual(['booking_confirmation', 'booking_paid']);
  expect(stored.booking_confirmation).not.toMatch(/[A-Za-z0-9_-]{43}/);
}

/** The step indicator: four steps in order, `current` the one marked aria-current="step". */
async function expectStep(page: Page, current: string): Promise<void> {
  const steps = page.getByRole('list', { name: 'Booking steps' });
  await steps.waitFor();
  expect(await steps.getByRole('listitem').allTextContents()).toEqual(
    ['Time', 'Details', 'Payment', 'Done'].map((step, index, all) =>
      index < all.indexOf(current) ? `${step} (done)` : step,
    ),
  );
  expect(await steps.locator('[aria-current="step"]').allTextContents()).toEqual([current]);
}

/** The confirmation page's appointment facts, by their term. */
const fact = (page: Page, term: string) =>
  page
    .getByRole('region', { name: 'Your appointment' })
    .locator('div')
    .filter({ has: page.getByRole('term').filter({ hasText: term }) })
    .getByRole('definition');

/** The .ics the confirmation page's 'Add to calendar' saves. */
async function calendarDownload(page: Page): Promise<string> {
  const file = await downloadOf(page, () =>
    page.getByRole('button', { name: 'Add to calendar (.ics)' }).click(),
  );
  expect(file.name).toBe('appointment.ics');
  return file.bytes.toString('utf8').replace(/\r\n /g, '');
}

const icsInstant = (iso: string) => iso.replace(/[-:]/g, '').replace(/\.\d{3}/, '');

/** The transaction staff see for a patient's e-mail. */
async function transactionOf(email: string): Promise<{ status: string; amount: number | null } | undefined> {
  const response = await fetch(
    `${baseUrl()}/api/admin/transactions?search_transaction=${encodeURIComponent(email)}`,
    { headers: auth },
  );
  const { transactions } = (await response.json()) as {
    transactions: { status: string; amount: number | null }[];
  };
  return transactions[0];
}

const sessionStatus = async (day: string, kind: SlotKind, id: number) => {
  const query = `date=${day}&is_adult=${kind.isAdult}&is_video_call=${kind.isVideoCall}`;
  const response = await fetch(`${baseUrl()}/api/admin/sessions?${query}`, { headers: auth });
  const { sessions } = (await response.json()) as { sessions: { id: number; status: string }[] };
  return sessions.find((session) => session.id === id)?.status;
};

const noTokenInUrl = (page: Page, urls: string[]) =>
  page
    .evaluate(() => JSON.stringify(window.sessionStorage))
    .then((stored) => {
      for (const token of stored.match(/[A-Za-z0-9_-]{43}/g) ?? []) {
        for (const url of urls) expect(url).not.toContain(token);
      }
    });

describe('paid booking (test mode)', () => {
  it('an adult books and pays an allergy test at 360 px', async () => {
    const adult = { isAdult: true, isVideoCall: false };
    const day = freshDay();
    const [id] = await createSlots(auth, day, adult, [9 * 60, 10 * 60]);
    const { page, errors, requests } = await openPage(browser, { viewport: viewports.phone });
    await page.goto('/sessions_availability/booking_test');
    await waitForHydration(page);
    await expectStep(page, 'Time');
    // The price before a day is chosen, once the visitor says who the test is for.
    await page.getByRole('radio', { name: 'Adult' }).check();
    await page.getByLabel('Go to month').fill(monthOf(day));
    // Named by the fees page's line the kind costs (the seed links it: one price list).
    await page.getByText('Price: €180 (Skin prick test)', { exact: true }).waitFor();
    // Choosing a day brings its times into view with the focus on them (the day's heading).
    await page.getByRole('button', { name: `${formatLongDate(day)}, slots available` }).click();
    const dayTitle = page.getByRole('heading', { level: 2, name: formatLongDate(day) });
    await expect.poll(() => dayTitle.evaluate((heading) => heading === document.activeElement)).toBe(true);
    await expect
      .poll(() => dayTitle.evaluate((heading) => heading.getBoundingClientRect().top))
      .toBeLessThan(740);
    // The place once for the day, not on each time.
    const dayTimes = page.getByRole('region', { name: formatLongDate(day) });
    await dayTimes.getByRole('button', { name: /^10:00 AM – / }).waitFor();
    expect(await dayTimes.getByRole('heading', { level: 3 }).allTextContents()).toEqual([
      expect.stringContaining('Sandyford'),
    ]);
    for (const time of await dayTimes.getByRole('button').allTextContents())
      expect(time).not.toContain('Sandyford');
    expect(await fitsWidth(page)).toBe(true);
    expect(await axeViolations(page, 'calendar 360')).toEqual([]);
    await screenshot(page, 'booking-calendar-360');
    await dayTimes.getByRole('button', { name: /^9:00 AM – / }).click();
    await page.waitForURL('**/confirm');
    await page.getByRole('heading', { level: 2, name: 'Your appointment' }).waitFor();
    await expectStep(page, 'Details');

    // The held slot: day, time, address, price, and how long the hold lasts.
    const summary = page.getByRole('region', { name: 'Your appointment' });
    await summary.getByText(formatLongDate(day)).waitFor();
    await summary.getByText('9:00 AM – 9:30 AM').waitFor();
    await summary.getByText('Allergy test, adult').waitFor();
    expect(await summary.getByText('€180').count()).toBe(1);
    await summary.getByRole('timer').waitFor();
    expect(await summary.getByRole('timer').textContent()).toMatch(/^1[45]:\d\d$/);
    expect(await field(page, "Parent or guardian's first name").count()).toBe(0);
    expect(await fitsWidth(page)).toBe(true);
    expect(await axeViolations(page, 'booking form 360')).toEqual([]);
    await screenshot(page, 'booking-form-adult-360');

    await fillAdultTest(page);
    await field(page, 'Previous test results (optional)').setInputFiles(resolve('testdata/letter.pdf'));
    await page.getByRole('button', { name: 'Continue to payment' }).click();
    await onPaymentStep(page, '180');
    await expectStep(page, 'Payment');
    await page.getByText('For Aoife Byrne').waitFor();
    expect(await fitsWidth(page)).toBe(true);
    expect(await axeViolations(page, 'payment 360')).toEqual([]);
    await screenshot(page, 'booking-payment-360');

    // An incomplete card: the spec's alert.
    await page.getByLabel('Card number').fill('4242 4242');
    await page.getByRole('button', { name: 'Pay 180 €' }).click();
    await page.getByRole('alert').filter({ hasText: 'FILL THE CARD INFO' }).waitFor();
    await screenshot(page, 'booking-payment-fill-card-360');

    await payWith(page, '4242 4242 4242 4242', '180');
    await expectBookedAndConfirmed(page, 'You have successfully booked for the Allergy Test Appointment.');
    // What was booked: the reference, when, where (a map on request), the amount and how to prepare.
    await page.getByText('You have successfully booked for the Allergy Test Appointment.').first().waitFor();
    expect(await fact(page, 'Reference').textContent()).toMatch(/^[0-9A-Z]{6,16}$/);
    expect(await fact(page, 'Day').textContent()).toBe(formatLongDate(day));
    expect(await fact(page, 'Time').textContent()).toBe('9:00 AM – 9:30 AM (Dublin time)');
    expect(await fact(page, 'Where').textContent()).toContain('Sandyford');
    expect(await fact(page, 'Paid').textContent()).toBe('€180');
    await page
      .getByRole('region', { name: 'Your appointment' })
      .getByRole('button', { name: /^Show map/ })
      .waitFor();
    await page
      .getByText(
        `Stop antihistamine tablets and syrups from ${formatLongDate(addDays(day, -5))} (5 days before).`,
      )
      .waitFor();
    await page
      .getByText(`Stop nasal antihistamine sprays from ${formatLongDate(addDays(day, -3))} (3 days before).`)
      .waitFor();
    await page.getByText('Arrive 15 minutes early', { exact: false }).waitFor();
    await page
      .getByText('use the link in your confirmation e-mail, up to 48 hours before it starts')
      .waitFor();
    const ics = await calendarDownload(page);
    const slot = (await (
      await fetch(`${baseUrl()}/api/admin/sessions?date=${day}&is_adult=true&is_video_call=false`, {
        headers: auth,
      })
    ).json()) as { sessions: { id: number; starts_at: string; ends_at: string }[] };
    const booked = slot.sessions.find((session) => session.id === id);
    expect(ics).toContain(`\r\nDTSTART:${icsInstant(booked?.starts_at ?? '')}\r\n`);
    expect(ics).toContain(`\r\nDTEND:${icsInstant(booked?.ends_at ?? '')}\r\n`);
    expect(ics).toMatch(/\r\nUID:appointment-\d+@dublinallergyclinic\.ie\r\n/);
    expect(await fitsWidth(page)).toBe(true);
    expect(await axeViolations(page, 'confirmation 360')).toEqual([]);
    await screenshot(page, 'booking-confirmed-360');
    // A reload in the same tab shows it again.
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Booking confirmed' }).waitFor();
    expect(await sessionStatus(day, adult, id ?? 0)).toBe('booked');
    expect(await transactionOf('aoife.byrne@example.ie')).toMatchObject({ status: 'succeeded', amount: 180 });
    await noTokenInUrl(page, requests);
    expect(errors).toEqual([]);
  });

  it('a child allergy test at 1280 px: a declined card, then a successful retry', async () => {
    const child = { isAdult: false, isVideoCall: false };
    const day = freshDay();
    const [id] = await createSlots(auth, day, child, [10 * 60]);
    const { page, errors, requests } = await openPage(browser, { viewport: viewports.desktop });
    await holdThroughCalendar(page, day, child, 10, 'booking-calendar-1280');

    // A child: the guardian's names, no GP name or address.
    expect(await field(page, "GP's name").count()).toBe(0);
    await field(page, "Child's first name").fill('Cian');
    await field(page, "Child's surname").fill('Murphy');
    await field(page, "Child's date of birth").fill('3.9.2018');
    await field(page, "Parent or guardian's first name").fill('Niamh');
    await field(page, "Parent or guardian's surname").fill('Murphy');
    await field(page, 'E-mail').fill('niamh.murphy@example.ie');
    await field(page, 'Phone').fill('087 765 4321');
    await field(page, 'Reason for the test (optional)').fill('Hives after eating peanuts, twice this year.');
    await page.getByRole('checkbox', { name: /stop taking antihistamines/ }).check();
    await page.getByRole('checkbox', { name: /agree to the Terms/ }).check();
    expect(await axeViolations(page, 'booking form child 1280')).toEqual([]);
    await screenshot(page, 'booking-form-child-1280');
    await page.getByRole('button', { name: 'Continue to payment' }).click();
    await onPaymentStep(page, '180');
    await page.getByText('Allergy test, child').waitFor();
    expect(await axeViolations(page, 'payment 1280')).toEqual([]);
    await screenshot(page, 'booking-payment-1280');

    // Declined: the provider's text, and the hold is still there to try again (its end read again, since
    // the attempt held the time anew on the server).
    const holdReads = () => requests.filter((url) => url.endsWith(`/api/patient_sessions/${id}/hold`)).length;
    const readsBefore = holdReads();
    await payWith(page, '4000 0000 0000 0002', '180');
    // Beside the card, in its alert, until it is edited; and only there (no notice at the top as well).
    await page.locator('.payment-panel__alert').getByText('Your card was declined.').waitFor();
    expect(await page.locator('.notification').count()).toBe(0);
    await expect.poll(holdReads).toBeGreaterThan(readsBefore);
    await screenshot(page, 'booking-payment-declined-1280');
    expect(await sessionStatus(day, child, id ?? 0)).toBe('pending');
    const pay = page.getByRole('button', { name: 'Pay 180 €' });
    await expect.poll(() => pay.isEnabled()).toBe(true);

    await payWith(page, '4242 4242 4242 4242', '180');
    await expectBookedAndConfirmed(page, 'You have successfully booked for the Allergy Test Appointment.');
    // The earlier attempt's error is nowhere beside the success.
    expect(await page.getByText('Your card was declined.').count()).toBe(0);
    expect(await fact(page, 'Paid').textContent()).toBe('€180');
    expect(await fitsWidth(page)).toBe(true);
    expect(await axeViolations(page, 'confirmation 1280')).toEqual([]);
    await screenshot(page, 'booking-confirmed-1280');
    expect(await sessionStatus(day, child, id ?? 0)).toBe('booked');
    // The declined attempt is answered 402 by the API; nothing else failed.
    expect(errors.filter((error) => !error.includes('402'))).toEqual([]);
  });

  it('an adult video consultation at 360 px and 1280 px: no date of birth, GP or test questions needed', async () => {
    const video = { isAdult: true, isVideoCall: true };
    const day = freshDay();
    const [id] = await createSlots(auth, day, video, [11 * 60]);
    const { page, errors } = await openPage(browser, { viewport: viewports.phone });
    // From the header's button (the allergy test's page, spec 2.1), the video consultation is one tap away.
    await page.goto('/');
    await waitForHydration(page);
    await page.getByRole('button', { name: 'Menu' }).click();
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Book An Appointment' })
      .click();
    await page.waitForURL('**/sessions_availability/booking_test');
    const ways = page.getByRole('navigation', { name: 'Ways to book' });
    expect(await ways.locator('[aria-current="page"]').textContent()).toContain('Allergy test');
    await ways.getByRole('link', { name: /Video consultation/ }).click();
    await page.waitForURL('**/sessions_availability/booking_video');
    await page.getByRole('heading', { level: 1, name: 'Book A Video Consultation' }).waitFor();
    expect(await ways.locator('[aria-current="page"]').textContent()).toContain('Video consultation');
    await page.getByRole('radio', { name: 'Adult' }).check();
    await page.getByLabel('Go to month').fill(monthOf(day));
    await page.getByText('Price: €85 (Video consultation)', { exact: true }).waitFor();
    expect(await axeViolations(page, 'video calendar 360')).toEqual([]);
    await chooseOnCalendar(page, day, video, 11);
    await page.getByRole('heading', { level: 1, name: 'Book A Video Consultation' }).waitFor();
    await page.getByText('Video consultation: the clinic e-mails you the link').waitFor();
    for (const label of ["GP's name", "GP's e-mail (optional)", 'Reason for the test (optional)']) {
      expect(await field(page, label).count()).toBe(0);
    }
    // No test's ticks: the one box is the consent to texts, which every booking asks beside the phone.
    expect(await page.getByRole('checkbox').allTextContents()).toHaveLength(1);
    await page.getByRole('checkbox', { name: 'Text me reminders and changes to this number' }).waitFor();
    await field(page, 'First name').fill('Seán');
    await field(page, 'Surname').fill("O'Neill");
    await field(page, 'E-mail').fill('sean.oneill@example.ie');
    await field(page, 'Phone').fill('01 234 5678');
    await screenshot(page, 'booking-form-video-360');
    await page.setViewportSize(viewports.desktop);
    await page.getByRole('button', { name: 'Continue to payment' }).click();
    await onPaymentStep(page, '85');
    await screenshot(page, 'booking-payment-video-1280');
    await payWith(page, '4242 4242 4242 4242', '85');
    await expectBookedAndConfirmed(page, 'You have successfully booked for the Video Call Appointment.');
    expect(await fact(page, 'How').textContent()).toContain('Video consultation');
    expect(await fact(page, 'Paid').textContent()).toBe('€85');
    expect(await page.getByText('Stop antihistamine').count()).toBe(0);
    expect(await calendarDownload(page)).toContain('LOCATION:Video consultation');
    expect(await axeViolations(page, 'confirmation video 1280')).toEqual([]);
    await screenshot(page, 'booking-confirmed-video-1280');
    await page.setViewportSize(viewports.phone);
    expect(await fitsWidth(page)).toBe(true);
    await screenshot(page, 'booking-confirmed-video-360');
    expect(await sessionStatus(day, video, id ?? 0)).toBe('booked');
    expect(errors).toEqual([]);
  });

  it("fetches the calendar's code only when Adult or Child is approached, by pointer or by keyboard", async () => {
    const calendarCode = (requests: string[]) =>
      requests.filter((url) =>
        /\/assets\/(booking-times|free-time-picker|month-calendar)-[\w-]+\.js$/.test(url),
      );
    for (const way of ['pointer', 'keyboard'] as const) {
      const { page, errors, requests, context } = await openPage(browser, { viewport: viewports.phone });
      await page.goto('/sessions_availability/booking_test');
      await waitForHydration(page);
      await page.waitForLoadState('networkidle');
      expect(calendarCode(requests)).toEqual([]);
      expect(requests.filter((url) => url.includes('/api/'))).toEqual([]);
      const adult = page.getByRole('radio', { name: 'Adult' });
      if (way === 'pointer') await adult.hover();
      else await adult.focus();
      await expect.poll(() => calendarCode(requests).length).toBe(3);
      if (way === 'pointer') await adult.check();
      else await page.keyboard.press('Space');
      expect(await adult.isChecked()).toBe(true);
      await page.getByLabel('Go to month').waitFor();
      await expect.poll(() => requests.some((url) => url.includes('/api/calendar_slots'))).toBe(true);
      expect(errors).toEqual([]);
      await context.close();
    }
  });

  it("asks for the free days while the calendar's code downloads, and offers to try again when the code cannot be had", async () => {
    const { page, requests, context } = await openPage(browser, { viewport: viewports.phone });
    await page.goto('/sessions_availability/booking_test');
    await waitForHydration(page);
    const chunk = /\/assets\/booking-times-[\w-]+\.js$/;
    await page.route(chunk, (route) => route.abort());
    await page.getByRole('radio', { name: 'Adult' }).check();
    const failure = page.getByRole('alert').filter({ hasText: 'The free days could not be loaded' });
    await failure.waitFor();
    // The rest of the page stays: the title, the choice, the header.
    await page.getByRole('heading', { level: 1, name: 'Book an Allergy Test' }).waitFor();
    expect(await page.getByRole('radio', { name: 'Adult' }).isChecked()).toBe(true);
    expect(requests.some((url) => url.includes('/api/calendar_slots'))).toBe(true);
    await page.unroute(chunk);
    await failure.getByRole('button', { name: 'Try again' }).click();
    await page.getByLabel('Go to month').waitFor();
    expect(await failure.count()).toBe(0);
    await context.close();
  });
});

describe('the request form', () => {
  it("shows every rule's message under its field and in a focused summary, at 360 and 1280 px", async () => {
    const adult = { isAdult: true, isVideoCall: false };
    const day = freshDay();
    await createSlots(auth, day, adult, [12 * 60]);
    const { page, errors } = await openPage(browser, { viewport: viewports.desktop });
    await holdThroughCalendar(page, day, adult, 12);
    await screenshot(page, 'booking-form-empty-1280');

    const submit = () => page.getByRole('button', { name: 'Continue to payment' }).click();
    const summary = page.locator('.error-summary');
    const errorOf = (label: string) =>
      field(page, label).evaluate((input) => {
        const ids = (input.getAttribute('aria-describedby') ?? '').split(' ');
        const errorId = ids.find((id) => id.endsWith('-error'));
        return errorId ? (document.getElementById(errorId)?.textContent ?? '') : '';
      });
    const expectErrors = async (expected: Record<string, string>) => {
      for (const [label, message] of Object.entries(expected)) {
        await expect.poll(() => errorOf(label), { timeout: 10_000 }).toBe(message);
        await summary.getByRole('link', { name: `${label}: ${message}` }).waitFor();
      }
    };

    // Empty: every required field, and the focus on the summary.
    await submit();
    await summary.getByRole('heading', { name: 'There is a problem' }).waitFor();
    await expect.poll(() => page.evaluate(() => document.activeElement?.className)).toBe('error-summary');
    const required = 'This field is required , please fill in.';
    await expectErrors({
      'First name': required,
      Surname: required,
      'E-mail': required,
      Phone: required,
      'Date of birth': 'Required',
      "GP's name": required,
      "GP's address": required,
    });
    expect(
      await page.getByRole('checkbox', { name: /stop taking antihistamines/ }).getAttribute('aria-invalid'),
    ).toBe('true');
    // Under each field and in the summary: six fields above and the two boxes.
    await summary.getByRole('link', { name: `Stopping antihistamines: ${required}` }).waitFor();
    await summary.getByRole('link', { name: `Terms and conditions: ${required}` }).waitFor();
    expect(await page.getByText(required).count()).toBe(2 * 8);
    expect(await axeViolations(page, 'booking form errors 1280')).toEqual([]);
    await screenshot(page, 'booking-form-errors-1280');
    // A summary link takes the focus to its field.
    await summary.getByRole('link', { name: `Surname: ${required}` }).click();
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('booking-last_name');

    // Too short, too long, invalid.
    await field(page, 'First name').fill('A');
    await field(page, 'Surname').fill('B'.repeat(36));
    await field(page, 'E-mail').fill('aoife@');
    await field(page, "GP's name").fill('W');
    await field(page, "GP's address").fill('Dublin');
    await field(page, "GP's e-mail (optional)").fill('gp@');
    await field(page, 'Reason for the test (optional)').fill('Peanuts');
    await field(page, 'Date of birth').fill('31.02.1990');
    await submit();
    await expectErrors({
      'First name': 'Text is too short.',
      Surname: 'Text is too long.',
      'E-mail': 'Mail is invalid.',
      "GP's name": 'Text is too short.',
      "GP's address": 'Text is too short.',
      "GP's e-mail (optional)": 'Mail is invalid.',
      'Reason for the test (optional)': 'Text is too short.',
      'Date of birth': 'This is not a real date: please check the day and the month.',
    });
    await field(page, "GP's address").fill('x'.repeat(301));
    await field(page, 'Reason for the test (optional)').fill('y'.repeat(301));
    await field(page, "GP's name").fill('z'.repeat(71));
    await field(page, 'Date of birth').fill('01.01.2999');
    await expectErrors({
      "GP's address": 'Text is too long.',
      'Reason for the test (optional)': 'Text is too long.',
      "GP's name": 'Text is too long.',
      'Date of birth': 'The date of birth cannot be in the future.',
    });

    // The phone: letters are blocked as typed; then its length and pattern.
    const phone = field(page, 'Phone');
    await phone.pressSequentially('08a7b');
    expect(await phone.inputValue()).toBe('087');
    await expectErrors({ Phone: 'Text is too short.' });
    // Pasted text is kept as written and refused, never changed into a number the person did not write.
    await phone.fill('087abc1234');
    expect(await phone.inputValue()).toBe('087abc1234');
    await expectErrors({ Phone: 'Phone number is invalid.' });
    await phone.fill('0871234567890');
    await expectErrors({ Phone: 'Text is too long.' });
    await phone.fill('087+123456');
    await expectErrors({ Phone: 'Phone number is invalid.' });

    // Right at 360 px too.
    await page.setViewportSize(viewports.phone);
    expect(await fitsWidth(page)).toBe(true);
    expect(await axeViolations(page, 'booking form errors 360')).toEqual([]);
    await screenshot(page, 'booking-form-errors-360');

    // The server's checks come back onto the fields: a program named .pdf is refused from its bytes.
    await fillAdultTest(page);
    await field(page, "GP's e-mail (optional)").fill('');
    await field(page, 'Reason for the test (optional)').fill('');
    await field(page, 'Previous test results (optional)').setInputFiles(
      resolve('testdata/program-named.pdf'),
    );
    await submit();
    await expectErrors({ 'Previous test results (optional)': 'Choose a .pdf, .doc or .docx file.' });
    await expect.poll(() => page.evaluate(() => document.activeElement?.className)).toBe('error-summary');
    expect(page.url()).toMatch(/\/confirm$/);
    // Let the time go (one address may hold only a few at once).
    await page.getByRole('button', { name: 'Cancel booking' }).click();
    await page.waitForURL('**/sessions_availability/booking_test');
    expect(errors.filter((error) => !error.includes('415'))).toEqual([]);
  });

  it('without a held slot, the booking steps go to /', async () => {
    const { page, errors } = await openPage(browser, { viewport: viewports.phone });
    for (const path of ['/confirm', '/payment']) {
      await page.goto(path);
      await page.waitForURL(`${baseUrl()}/`);
      await page.getByRole('heading', { level: 1 }).first().waitFor();
    }
    expect(errors).toEqual([]);
  });

  it('when the hold runs out while the form is open, the visitor is told and chooses again, with what they typed kept', async () => {
    const adult = { isAdult: true, isVideoCall: false };
    const day = freshDay();
    const [first] = await createSlots(auth, day, adult, [14 * 60, 15 * 60]);
    const { page, errors } = await openPage(browser, { viewport: viewports.desktop });
    // The page's clock runs on from now; the test moves it past the hold's end instead of waiting.
    await page.clock.install();
    await holdThroughCalendar(page, day, adult, 14);
    await field(page, 'First name').fill('Róisín');
    await field(page, 'Phone').fill('087 000 1111');
    await page.getByRole('checkbox', { name: /agree to the Terms/ }).check();
    const expiresAt = await page.evaluate(
      () => JSON.parse(window.sessionStorage.getItem('booking_hold') ?? '{}').expiresAt as string,
    );

    // Five minutes before the end, a screen reader is told once (the count itself is not announced).
    const remaining = new Date(expiresAt).getTime() - (await page.evaluate(() => Date.now()));
    await page.clock.fastForward(remaining - 5 * 60_000 + 500);
    await page.getByRole('status').filter({ hasText: '5 minutes left to finish your booking.' }).waitFor();

    await page.clock.fastForward(5 * 60_000);
    await page.waitForURL('**/sessions_availability/booking_test');
    const notice = page.getByRole('alert').filter({ hasText: 'Your hold on that time has ended.' });
    await notice.waitFor();
    await expect.poll(() => page.evaluate(() => document.activeElement?.className)).toBe('booking-notice');
    expect(await page.evaluate(() => window.sessionStorage.getItem('booking_hold'))).toBeNull();
    expect(await axeViolations(page, 'hold ended 1280')).toEqual([]);
    await screenshot(page, 'booking-hold-ended-1280');
    // The hold was let go on the server too.
    await expect.poll(() => sessionStatus(day, adult, first ?? 0)).toBe('available');

    // The same day is shown again; choosing a time brings back what was typed.
    await page.getByRole('heading', { level: 2, name: formatLongDate(day) }).waitFor();
    await chooseOnCalendar(page, day, adult, 15);
    expect(await field(page, 'First name').inputValue()).toBe('Róisín');
    expect(await field(page, 'Phone').inputValue()).toBe('087 000 1111');
    expect(await page.getByRole('checkbox', { name: /agree to the Terms/ }).isChecked()).toBe(true);

    await page.getByRole('button', { name: 'Cancel booking' }).click();
    await page.waitForURL('**/sessions_availability/booking_test');
    expect(errors).toEqual([]);
  });

  it('a hold the server no longer has (it ended there first) sends the visitor back when the form is sent', async () => {
    const adult = { isAdult: true, isVideoCall: false };
    const day = freshDay();
    await createSlots(auth, day, adult, [13 * 60]);
    const { page, errors } = await openPage(browser, { viewport: viewports.phone });
    await holdThroughCalendar(page, day, adult, 13);
    await fillAdultTest(page);
    const hold = await page.evaluate(
      () =>
        JSON.parse(window.sessionStorage.getItem('booking_hold') ?? '{}') as {
          slotId: number;
          token: string;
        },
    );
    const released = await fetch(`${baseUrl()}/api/patient_sessions/${hold.slotId}/hold`, {
      method: 'DELETE',
      headers: { 'x-hold-token': hold.token },
    });
    expect(released.status).toBe(204);
    await page.getByRole('button', { name: 'Continue to payment' }).click();
    await page.waitForURL('**/sessions_availability/booking_test');
    await page
      .getByRole('alert')
      .filter({
        hasText: 'Please choose a time first: this time is not held for you, or your hold has ended.',
      })
      .waitFor();
    // What was typed is still there for the next time chosen.
    await chooseOnCalendar(page, day, adult, 13);
    expect(await field(page, "GP's name").inputValue()).toBe('Dr Walsh');
    await page.getByRole('button', { name: 'Cancel booking' }).click();
    await page.waitForURL('**/sessions_availability/booking_test');
    expect(errors.filter((error) => !error.includes('409'))).toEqual([]);
  });

  it('cancel releases the hold and returns to the calendar', async () => {
    const adult = { isAdult: true, isVideoCall: false };
    const day = freshDay();
    const [id] = await createSlots(auth, day, adult, [16 * 60]);
    const { page, errors } = await openPage(browser, { viewport: viewports.phone });
    await holdThroughCalendar(page, day, adult, 16);
    expect(await sessionStatus(day, adult, id ?? 0)).toBe('pending');
    await fillAdultTest(page);
    await page.getByRole('button', { name: 'Continue to payment' }).click();
    await onPaymentStep(page, '180');
    await page.getByRole('button', { name: 'Cancel booking' }).click();
    await page.waitForURL('**/sessions_availability/booking_test');
    await page.getByRole('button', { name: /^4:00 PM – 4:30 PM/ }).waitFor();
    expect(await sessionStatus(day, adult, id ?? 0)).toBe('available');
    expect(await page.evaluate(() => window.sessionStorage.getItem('booking_hold'))).toBeNull();
    expect(errors).toEqual([]);
  });
});
