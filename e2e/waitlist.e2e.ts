import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, addMonths, monthOf } from '../src/client/components/month-calendar/month-grid';
import { clinicToday } from '../src/client/lib/clinic-clock';
import { clinic } from '../src/shared/clinic';
import { adminAuthorization, createSlots, freshDays, runSurname, type SlotKind } from './api';
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
import { waitForMail } from './mailbox';

let browser: Browser;
let auth: { authorization: string };

beforeAll(async () => {
  browser = await launchBrowser();
  auth = await adminAuthorization();
});
afterAll(() => browser?.close());

/*
 * Issue 34: a person joins the wait list from the booking page, a time of their kind frees up (staff add one), the
 * offer reaches them through the local mail server, and its link opens the booking with that time held for them,
 * which they book and pay. Days of a month no other browser test uses (two months after the demonstration slots'
 * weeks), one a test; each entry waits for that one day only, so no other test's times are offered to it.
 */
const freshDay = freshDays(addMonths(monthOf(addDays(clinicToday(), 29)), 2), 3);
const adultTest: SlotKind = { isAdult: true, isVideoCall: false };

const field = (page: Page, label: string) => page.getByLabel(label, { exact: true });

async function join(page: Page, day: string, name: string, email: string): Promise<void> {
  await page.goto('/sessions_availability/booking_test');
  await waitForHydration(page);
  await page.getByRole('link', { name: 'Join the wait list' }).click();
  await page.waitForURL('**/waitlist/join?**');
  await page.getByRole('heading', { level: 1, name: 'Join the wait list' }).waitFor();
  await page.getByRole('radio', { name: 'Adult' }).check();
  await page.getByRole('checkbox', { name: clinic.locations.adult_1.label }).check();
  await field(page, 'Earliest date').fill(day);
  await field(page, 'Latest date').fill(day);
  await field(page, 'Your name').fill(name);
  await field(page, 'E-mail').fill(email);
}

describe('the wait list', () => {
  for (const viewport of viewportSweep) {
    const width = viewport.width;

    it(`is joined from the booking page, offers a freed time by e-mail, and the offer books it, at ${width} px`, async () => {
      const day = freshDay();
      const last = runSurname('Wait');
      const email = `niamh.${last}@example.ie`.toLowerCase();
      const { page, errors } = await openPage(browser, { viewport });

      await join(page, day, `Niamh ${last}`, email);
      // A phone that is not one is refused beside its field, and nothing is lost.
      await field(page, 'Mobile (optional)').fill('not a phone');
      await page.getByRole('button', { name: 'Join the wait list' }).click();
      await page.getByText('Phone number is invalid.').waitFor();
      expect(await field(page, 'Your name').inputValue()).toBe(`Niamh ${last}`);
      expect(await axeViolations(page, `wait list form errors ${width}`)).toEqual([]);
      await field(page, 'Mobile (optional)').fill('');
      // The browser logs the 422 the test asked for; any other error is the page's.
      expect(errors).toEqual([expect.stringContaining('422')]);
      errors.length = 0;
      expect(await fitsWidth(page)).toBe(true);
      await screenshot(page, `waitlist-join-${width}`);
      await page.getByRole('button', { name: 'Join the wait list' }).click();
      await page.getByRole('heading', { level: 1, name: 'You are on the wait list' }).waitFor();
      expect(await axeViolations(page, `wait list joined ${width}`)).toEqual([]);
      const joined = await waitForMail(email, 'You are on the wait list');
      expect(joined.text).toMatch(/\/waitlist\/\d+#[A-Za-z0-9_-]{43}/);

      // Staff add a time of that kind on that day: it is offered to the entry and held for it.
      const [slot = 0] = await createSlots(auth, day, adultTest, [11 * 60]);
      const offer = await waitForMail(email, 'A time has freed up');
      const link = /https?:\/\/\S+\/sessions_availability\/booking_test\?offer=[A-Za-z0-9_-]{43}/.exec(
        offer.text,
      )?.[0];
      expect(link).toBeDefined();
      const other = await fetch(`${baseUrl()}/api/patient_sessions/${slot}`, {
        method: 'PUT',
        headers: { 'x-forwarded-for': '10.99.0.1' },
      });
      expect(other.status).toBe(409);

      await page.goto(new URL(link ?? '', baseUrl()).pathname + new URL(link ?? '', baseUrl()).search);
      await waitForHydration(page);
      await page
        .getByText(/From the wait list: this time is held for you\. You are holding .*11:00 AM/)
        .waitFor();
      expect(page.url()).not.toContain('offer=');
      expect(await fitsWidth(page)).toBe(true);
      expect(await axeViolations(page, `offer held ${width}`)).toEqual([]);
      await screenshot(page, `waitlist-offer-${width}`);
      // The link opened again on another device: it says where the time is held, not that the offer lapsed.
      const elsewhere = await openPage(browser, { viewport });
      await elsewhere.page.goto(
        new URL(link ?? '', baseUrl()).pathname + new URL(link ?? '', baseUrl()).search,
      );
      await waitForHydration(elsewhere.page);
      await elsewhere.page
        .getByText(/This time is already held for you where you first opened this link/)
        .waitFor();
      await elsewhere.context.close();
      await page.getByRole('button', { name: 'Continue with this time' }).click();
      await page.waitForURL('**/confirm');
      await field(page, 'First name').fill('Niamh');
      await field(page, 'Surname').fill(last);
      await field(page, 'Date of birth').fill('12.04.1990');
      await field(page, 'E-mail').fill(email);
      await field(page, 'Phone').fill('087 123 4567');
      await field(page, "GP's name").fill('Dr Walsh');
      await field(page, "GP's address").fill('12 Harcourt Street, Dublin 2');
      await page.getByRole('checkbox', { name: /stop taking antihistamines/ }).check();
      await page.getByRole('checkbox', { name: /agree to the Terms/ }).check();
      await page.getByRole('button', { name: 'Continue to payment' }).click();
      await page.waitForURL('**/payment');
      await page.getByLabel('Card number').fill('4242 4242 4242 4242');
      await page.getByLabel('Expiry date').fill('12 / 34');
      await page.getByLabel('CVC', { exact: true }).fill('123');
      await page.getByRole('button', { name: 'Pay 180 €' }).click();
      await page.waitForURL(`${baseUrl()}/booking/confirmed`);
      await page.getByRole('heading', { level: 1, name: 'Booking confirmed' }).waitFor();
      expect(errors).toEqual([]);

      // Staff see the entry booked (the job ends it once the time is booked).
      const admin = await openAdminPage(browser, { viewport });
      await admin.page.goto('/admin/waitlist?status=all');
      await waitForHydration(admin.page);
      const row = admin.page.getByRole('row').filter({ hasText: `Niamh ${last}` });
      await expect
        .poll(async () => {
          await admin.page.reload();
          await waitForHydration(admin.page);
          return (await row.textContent()) ?? '';
        })
        .toContain('Booked');
      expect(await axeViolations(admin.page, `admin wait list ${width}`)).toEqual([]);
      await screenshot(admin.page, `admin-waitlist-${width}`);
      await admin.context.close();
      await page.context().close();
    });
  }

  for (const viewport of viewportSweep) {
    const width = viewport.width;

    it(`lets staff offer a free time from the wait list screen, and the person leave the list, at ${width} px`, async () => {
      const day = freshDay();
      const last = runSurname('Staff');
      const email = `ciara.${last}@example.ie`.toLowerCase();
      const visitor = await openPage(browser, { viewport });
      await join(visitor.page, day, `Ciara ${last}`, email);
      await visitor.page.getByRole('button', { name: 'Join the wait list' }).click();
      await visitor.page.getByRole('heading', { level: 1, name: 'You are on the wait list' }).waitFor();
      // A time on another day than the entry asked for: the job leaves it alone, staff may still offer it.
      const otherDay = freshDay();
      const [slot = 0] = await createSlots(auth, otherDay, adultTest, [14 * 60]);
      const { page, context } = await openAdminPage(browser, { viewport });
      await page.goto('/admin');
      await waitForHydration(page);
      await page
        .getByRole('region', { name: 'Wait list' })
        .getByText(/waiting/)
        .waitFor();
      await screenshot(page, `admin-dashboard-waitlist-${width}`);
      await page.goto('/admin/waitlist');
      await waitForHydration(page);
      const row = page.getByRole('row').filter({ hasText: `Ciara ${last}` });
      await row.getByRole('button', { name: `Offer this time to Ciara ${last}` }).click();
      const panelTitle = page.getByRole('heading', { name: `Offer a time to Ciara ${last}` });
      await panelTitle.waitFor();
      // The panel opens above the list: the focus goes to it, on a phone too.
      await expect
        .poll(() => panelTitle.evaluate((element) => element === document.activeElement))
        .toBe(true);
      await page.getByLabel('Day', { exact: true }).fill(otherDay);
      await page.getByRole('radio', { name: /^14:00–14:30/ }).check();
      expect(await fitsWidth(page)).toBe(true);
      expect(await axeViolations(page, `offer panel ${width}`)).toEqual([]);
      await screenshot(page, `admin-waitlist-offer-${width}`);
      await page.getByRole('button', { name: 'Offer this time', exact: true }).click();
      await page.getByText('The time is held for this person').waitFor();
      await expect.poll(async () => (await row.textContent()) ?? '').toContain('Offered');
      await waitForMail(email, 'A time has freed up');
      const held = await fetch(`${baseUrl()}/api/admin/sessions/${slot}`, { headers: auth });
      expect(((await held.json()) as { session: { status: string } }).session.status).toBe('pending');

      // The person leaves with the confirmation's link: the time held for them is let go.
      const joined = await waitForMail(email, 'You are on the wait list');
      const leave = /\/waitlist\/\d+#[A-Za-z0-9_-]{43}/.exec(joined.text)?.[0] ?? '';
      await visitor.page.goto(leave);
      await waitForHydration(visitor.page);
      await visitor.page.getByRole('button', { name: 'Leave the wait list' }).click();
      await visitor.page.getByText('You have left the wait list.').waitFor();
      expect(await fitsWidth(visitor.page)).toBe(true);
      expect(await axeViolations(visitor.page, `left ${width}`)).toEqual([]);
      await screenshot(visitor.page, `waitlist-left-${width}`);
      await expect
        .poll(async () => {
          const response = await fetch(`${baseUrl()}/api/admin/sessions/${slot}`, { headers: auth });
          return ((await response.json()) as { session: { status: string } }).session.status;
        })
        .toBe('available');
      expect(visitor.errors).toEqual([]);
      await visitor.context.close();
      await context.close();
    });
  }

  it('passes an offer declined from its e-mail ("Not this time") to the next person waiting', async () => {
    const day = freshDay();
    const last = runSurname('Decline');
    const [first, second] = ['aoife', 'brian'].map((name) => `${name}.${last}@example.ie`.toLowerCase());
    for (const [index, email] of [first, second].entries()) {
      const response = await fetch(`${baseUrl()}/api/waitlist`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': `10.98.${index}.1` },
        body: JSON.stringify({
          name: `Person ${last}`,
          email,
          kind: 'booking_test',
          is_adult: true,
          locations: ['adult_1'],
          from: day,
          to: day,
        }),
      });
      expect(response.status, await response.text()).toBe(201);
    }
    await createSlots(auth, day, adultTest, [10 * 60]);
    const offer = await waitForMail(first ?? '', 'A time has freed up');
    const decline =
      /https?:\/\/\S+\/sessions_availability\/booking_test\?offer=[A-Za-z0-9_-]{43}&decline=1/.exec(
        offer.text,
      )?.[0];
    expect(decline).toBeDefined();
    const { page, errors, context } = await openPage(browser, { viewport: viewportSweep.at(-1) });
    const url = new URL(decline ?? '', baseUrl());
    await page.goto(url.pathname + url.search);
    await waitForHydration(page);
    await page.getByRole('button', { name: 'Not this time' }).click();
    await page.getByText('Thank you: the time has been offered to the next person.').waitFor();
    expect(await axeViolations(page, 'offer declined')).toEqual([]);
    await screenshot(page, 'waitlist-declined-1280');
    await waitForMail(second ?? '', 'A time has freed up');
    expect(errors).toEqual([]);
    await context.close();
  });
});
