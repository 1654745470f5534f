import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addDays,
  addMonths,
  formatLongDate,
  monthOf,
} from '../src/client/components/month-calendar/month-grid';
import { clinicToday } from '../src/client/lib/clinic-clock';
import { signedTwilioRequest } from '../src/server/test/fake-twilio';
import { adminAuthorization, createSlots, freshDays, runSurname, type SlotKind } from './api';
import {
  axeViolations,
  baseUrl,
  fitsWidth,
  launchBrowser,
  openAdminPage,
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

/*
 * Texts (issue 34). Slots on days of their own: the 20th, 21st… of the month seven months ahead, after the
 * months the booking, availability and appointment tests use; times at 15:00 and 16:00.
 */
const freshDay = freshDays(addMonths(monthOf(addDays(clinicToday(), 29)), 7), 20);
const runName = runSurname('Tx');
const adultTest: SlotKind = { isAdult: true, isVideoCall: false };
const field = (page: Page, label: string) => page.getByLabel(label, { exact: true });
const consent = (page: Page) =>
  page.getByRole('checkbox', { name: 'Text me reminders and changes to this number' });

async function holdAt(page: Page, day: string, hour: number): Promise<void> {
  await page.goto('/sessions_availability/booking_test');
  await waitForHydration(page);
  await page.getByRole('radio', { name: 'Adult' }).check();
  await page.getByLabel('Go to month').fill(monthOf(day));
  await page.getByRole('button', { name: `${formatLongDate(day)}, slots available` }).click();
  await page.getByRole('button', { name: new RegExp(`^${hour - 12}:00 PM – `) }).click();
  await page.waitForURL('**/confirm');
  await page.getByRole('heading', { level: 2, name: 'Your appointment' }).waitFor();
}

describe('texts', () => {
  for (const [name, viewport, hour] of [
    ['360', viewports.phone, 15],
    ['1280', viewports.desktop, 16],
  ] as const) {
    it(`the booking form asks consent to texts beside the phone, unticked, and refuses a landline at ${name} px`, async () => {
      const day = freshDay();
      await createSlots(auth, day, adultTest, [hour * 60]);
      const { page, errors } = await openPage(browser, { viewport });
      await holdAt(page, day, hour);
      expect(await consent(page).isChecked()).toBe(false);
      await field(page, 'First name').fill('Saoirse');
      await field(page, 'Surname').fill(runName);
      await field(page, 'Date of birth').fill('12.04.1990');
      await field(page, 'E-mail').fill(`saoirse.${name}@example.ie`);
      await field(page, 'Phone').fill('01 293 4560');
      await field(page, "GP's name").fill('Dr Walsh');
      await field(page, "GP's address").fill('12 Harcourt Street, Dublin 2');
      await page.getByRole('checkbox', { name: /stop taking antihistamines/ }).check();
      await page.getByRole('checkbox', { name: /agree to the Terms/ }).check();
      await consent(page).check();
      await page.getByRole('button', { name: 'Continue to payment' }).click();
      // The server's refusal beside the phone: a landline cannot receive texts.
      const phone = field(page, 'Phone');
      await expect.poll(() => phone.getAttribute('aria-invalid')).toBe('true');
      await page
        .getByText('Please give a mobile number we can text, or leave the box unticked.')
        .first()
        .waitFor();
      expect(await fitsWidth(page)).toBe(true);
      expect(await axeViolations(page, `texts consent refused ${name}`)).toEqual([]);
      await screenshot(page, `texts-consent-refused-${name}`);
      await phone.fill('087 123 4567');
      await page.getByRole('button', { name: 'Continue to payment' }).click();
      await page.waitForURL('**/payment');
      // The browser logs the refused submission's 422; nothing else went wrong.
      expect(errors.filter((error) => !error.includes('status of 422'))).toEqual([]);
    });
  }

  it('the staff appointment screen shows the e-mails and the texts with their delivery, at 360 and 1280 px', async () => {
    const day = freshDay();
    const [slotId, laterId] = await createSlots(auth, day, adultTest, [15 * 60, 16 * 60]);
    const patient = {
      is_adult: true,
      is_video_call: false,
      first_name: 'Eabha',
      last_name: runName,
      email: 'eabha@example.ie',
      phone: '087 765 4321',
      sms_consent: true,
      dob: '1990-04-12',
      consultant_name: 'Dr Walsh',
      consultant_addres: '12 Harcourt Street, Dublin 2',
      antihistamine: true,
      agreement: true,
    };
    const booked = await fetch(`${baseUrl()}/api/admin/patients`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify({ ...patient, session_id: slotId }),
    });
    expect(booked.status).toBe(201);
    const id = ((await booked.json()) as { transaction: { id: number } }).transaction.id;
    // Staff move it: the patient is e-mailed and texted the new time.
    const moved = await fetch(`${baseUrl()}/api/admin/transactions/${id}`, {
      method: 'PUT',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify({ ...patient, sms_consent: undefined, session_id: laterId }),
    });
    expect(moved.status).toBe(200);

    for (const [name, viewport] of [
      ['360', viewports.phone],
      ['1280', viewports.desktop],
    ] as const) {
      const { page, errors } = await openAdminPage(browser, { viewport });
      await page.goto(`/admin/appointment/edit?id=${id}`);
      const texts = page.getByRole('region', { name: 'Texts about this appointment' });
      await texts.getByText(/The patient agreed to texts/).waitFor();
      const row = texts.getByRole('row').filter({ hasText: 'New time' });
      await row.waitFor();
      // Waiting (quiet hours, or before the sender's next run), Sent or Delivered: the delivery is shown.
      await row.getByText(/^(Waiting|Sending|Sent|Delivered)$/).waitFor();
      await page
        .getByRole('region', { name: 'E-mails about this appointment' })
        .getByRole('row')
        .nth(1)
        .waitFor();
      await texts.scrollIntoViewIfNeeded();
      expect(await fitsWidth(page)).toBe(true);
      expect(await axeViolations(page, `appointment texts ${name}`)).toEqual([]);
      await screenshot(page, `texts-appointment-${name}`);
      expect(errors).toEqual([]);
    }

    // The patient replies C: the dashboard lists it with their name until staff mark it dealt with.
    const inbound = signedTwilioRequest(`${baseUrl()}/api/webhooks/twilio/inbound`, {
      MessageSid: `SMe2e${Date.now()}`,
      From: '+353877654321',
      Body: 'C',
    });
    const replied = await fetch(`${baseUrl()}/api/webhooks/twilio/inbound`, {
      method: 'POST',
      headers: inbound.headers,
      body: inbound.payload,
    });
    expect(replied.status).toBe(200);
    for (const [name, viewport] of [
      ['360', viewports.phone],
      ['1280', viewports.desktop],
    ] as const) {
      const { page, errors, context } = await openAdminPage(browser, { viewport });
      await page.goto('/admin');
      await waitForHydration(page);
      const waiting = page
        .getByRole('list', { name: 'Replies waiting' })
        .getByRole('listitem')
        .filter({
          hasText: `Eabha ${runName}`,
        });
      await waiting.getByText(/Asked to cancel/).waitFor();
      expect(await fitsWidth(page)).toBe(true);
      expect(await axeViolations(page, `dashboard replies ${name}`)).toEqual([]);
      await screenshot(page, `texts-dashboard-replies-${name}`);
      if (name === '1280') {
        await waiting
          .getByRole('button', { name: `Mark dealt with: the reply from Eabha ${runName}` })
          .click();
        await page.getByText('The reply is marked dealt with.').waitFor();
        await waiting.waitFor({ state: 'detached' });
        await page.goto(`/admin/appointment/edit?id=${id}`);
        await page
          .getByRole('region', { name: 'Texts about this appointment' })
          .getByText(/^Dealt with by /)
          .waitFor();
      }
      expect(errors).toEqual([]);
      await context.close();
    }
  });

  it("the booking link's page stops texts, at 360 and 1280 px", async () => {
    const day = freshDay();
    const [slotId] = await createSlots(auth, day, adultTest, [15 * 60]);
    const email = `caoimhe.${Date.now()}@example.ie`;
    const booked = await fetch(`${baseUrl()}/api/admin/patients`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify({
        is_adult: true,
        is_video_call: false,
        first_name: 'Caoimhe',
        last_name: runName,
        email,
        phone: '087 765 1234',
        sms_consent: true,
        dob: '1990-04-12',
        consultant_name: 'Dr Walsh',
        consultant_addres: '12 Harcourt Street, Dublin 2',
        antihistamine: true,
        agreement: true,
        session_id: slotId,
      }),
    });
    expect(booked.status).toBe(201);
    const mail = await waitForMailWhere(
      email,
      (each) => /\/booking\/[0-9A-Z]+#/.test(each.text),
      'with its link',
    );
    const link = /(https?:\/\/\S+\/booking\/[0-9A-Z]+#[A-Za-z0-9_.~-]+)/.exec(mail.text)?.[1] ?? '';
    for (const [name, viewport] of [
      ['360', viewports.phone],
      ['1280', viewports.desktop],
    ] as const) {
      const { page, errors } = await openPage(browser, { viewport });
      await page.goto(link);
      await waitForHydration(page);
      const texts = page.getByRole('region', { name: 'Texts' });
      if (name === '360') {
        await texts.getByRole('button', { name: 'Stop texts' }).waitFor();
        await texts.scrollIntoViewIfNeeded();
        expect(await fitsWidth(page)).toBe(true);
        expect(await axeViolations(page, `stop texts ${name}`)).toEqual([]);
        await screenshot(page, `texts-manage-booking-${name}`);
        await texts.getByRole('button', { name: 'Stop texts' }).click();
        await page.getByText('You will get no more texts about this booking.').first().waitFor();
        await expect.poll(() => texts.count()).toBe(0);
      } else {
        // Stopped already: the section is gone.
        await page.getByRole('heading', { level: 1 }).first().waitFor();
        await expect.poll(() => texts.count()).toBe(0);
        expect(await axeViolations(page, `texts stopped ${name}`)).toEqual([]);
        await screenshot(page, `texts-manage-booking-${name}`);
      }
      expect(errors).toEqual([]);
    }
  });
});
