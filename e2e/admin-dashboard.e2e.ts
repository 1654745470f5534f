import { request } from 'node:http';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, formatLongDate } from '../src/client/components/month-calendar/month-grid';
import { clinicToday } from '../src/client/lib/clinic-clock';
import type { DashboardResponse } from '../src/shared/dashboard';
import { formatEuro } from '../src/shared/euro';
import { VISITOR_UPLOAD_BYTES_PER_DAY, VISITOR_UPLOADS_USED_UP } from '../src/shared/uploads';
import {
  adminAuthorization,
  bookAndPay,
  createSlots,
  holdAsVisitor,
  referralsAwaiting,
  runSurname,
  type SlotKind,
  sendReferral,
  slotsFromNow,
} from './api';
import {
  axeViolations,
  baseUrl,
  fitsWidth,
  launchBrowser,
  notice,
  openAdminPage,
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

/*
 * The dashboard reads the clinic's real today and tomorrow, so this run books tomorrow evening, after the
 * demonstration slots (mornings) and on no day the other tests use. Its patients carry a surname made for the run.
 */
const runName = runSurname('Dz');
const adultTest: SlotKind = { isAdult: true, isVideoCall: false };
const hhmm = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

async function dashboard(): Promise<DashboardResponse> {
  const response = await fetch(`${baseUrl()}/api/admin/dashboard`, { headers: auth });
  expect(response.status).toBe(200);
  return (await response.json()) as DashboardResponse;
}

/** A visitor's booking of an adult allergy test, as the booking form sends it. */
const bookingFields = (first: string) => ({
  first_name: first,
  last_name: runName,
  email: `${first.toLowerCase()}@example.ie`,
  phone: '087 123 4567',
  dob: '1990-04-12',
  is_adult: true,
  is_video_call: false,
  consultant_name: 'Dr Walsh',
  consultant_addres: '12 Harcourt Street, Dublin 2',
  antihistamine: true,
  agreement: true,
});

/**
 * A visitor holding `slotId` starts sending a booking form bigger than an address may send in a day: the server
 * refuses it from its declared length (429) before reading a byte of it, and counts the refusal in the day's uploads.
 * Nothing is stored, so the dashboard's notice costs no real 64 MB.
 */
async function sendFormPastUploadAllowance(slotId: number): Promise<{ status: number; body: string }> {
  const { visitor, hold_token } = await holdAsVisitor(slotId);
  return new Promise((resolve, reject) => {
    const sending = request(
      `${baseUrl()}/api/patients`,
      {
        method: 'POST',
        headers: {
          ...visitor,
          'x-hold-token': hold_token,
          'content-type': 'multipart/form-data; boundary=e2e-past-the-allowance',
          'content-length': String(VISITOR_UPLOAD_BYTES_PER_DAY + 1024 * 1024),
        },
      },
      (response) => {
        let body = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => {
          body += chunk;
        });
        response.on('end', () => {
          sending.destroy();
          resolve({ status: response.statusCode ?? 0, body });
        });
      },
    );
    sending.on('error', reject);
    sending.flushHeaders();
  });
}

const overview = (page: Page) => page.getByRole('region', { name: 'At a glance' });
const card = (page: Page, name: RegExp | string) => overview(page).getByRole('region', { name });

describe('the staff dashboard (back office)', () => {
  const tomorrow = addDays(clinicToday(), 1);
  const starts = [20 * 60, 20 * 60 + 40];
  let slots: number[] = [];

  beforeAll(async () => {
    slots = await createSlots(auth, tomorrow, adultTest, starts);
  });

  for (const [index, viewport] of viewportSweep.entries()) {
    it(`shows tomorrow’s booking, the referrals awaiting and the takings falling after a refund, at ${viewport.width} px`, async () => {
      const first = ['Saoirse', 'Tadhg'][index] ?? 'Una';
      const patient = `${first} ${runName}`;
      await bookAndPay(slots[index] ?? 0, bookingFields(first));
      await sendReferral(auth, {
        fullName: `${first} Referral`,
        email: `${first.toLowerCase()}.referral@example.ie`,
        dob: '1984-02-29',
      });
      const awaiting = await referralsAwaiting(auth);
      const answer = await dashboard();
      const booked = [...answer.today, ...answer.tomorrow].find((each) => each.full_name === patient);
      if (!booked) throw new Error(`${patient} is not on the dashboard's days`);
      const takings = answer.takings!.this_month;

      const { page, errors, context } = await openAdminPage(browser, { viewport });
      await page.goto('/admin');
      await page.getByRole('heading', { level: 1, name: 'Booking appointments' }).waitFor();
      // Tomorrow's card, unless the clinic's day turned while the test ran.
      const day = answer.days.tomorrow === tomorrow ? 'Tomorrow' : 'Today';
      const dayCard = card(page, new RegExp(`^${day}`));
      await dayCard.getByRole('heading', { level: 3, name: `${day} ${formatLongDate(tomorrow)}` }).waitFor();
      const link = dayCard.getByRole('link', {
        name: `${hhmm(starts[index] ?? 0)} – ${hhmm((starts[index] ?? 0) + 30)} ${patient}`,
      });
      expect(await link.getAttribute('href')).toBe(`/admin/appointment/edit?id=${booked.id}`);
      const item = dayCard.getByRole('listitem').filter({ hasText: patient });
      await item.getByText('Allergy test · Adult · Suite 12, Sandyford (adults)').waitFor();
      await item.getByText('Paid', { exact: true }).waitFor();

      const referrals = card(page, 'Referrals');
      await referrals.getByText(`${awaiting} awaiting triage`).waitFor();
      await referrals.getByText(/^Oldest sent /).waitFor();
      expect(
        await referrals.getByRole('link', { name: 'Triage the referrals awaiting' }).getAttribute('href'),
      ).toBe('/admin/referrals?status=awaiting');

      const takingsCard = card(page, 'Takings');
      const thisMonth = takingsCard.locator('.dashboard-takings__month').first().locator('dd');
      expect(await thisMonth.textContent()).toBe(formatEuro(takings));

      expect(await fitsWidth(page)).toBe(true);
      expect(await axeViolations(page, `/admin @${viewport.width}`)).toEqual([]);
      await screenshot(page, `admin-dashboard-${viewport.width}`);

      if (index === 0) {
        // Refunded through the API, as another admin would elsewhere: the screen shows it once read again.
        const refund = await fetch(`${baseUrl()}/api/admin/refunds`, {
          method: 'POST',
          headers: { ...auth, 'content-type': 'application/json' },
          body: JSON.stringify({ transaction_id: booked.id }),
        });
        expect(refund.status).toBe(200);
        await page.reload();
      } else {
        // Refunded from the list beneath: the dashboard above follows without a reload.
        await page.getByLabel('Search by name, e-mail or phone').fill(patient);
        await page.waitForURL(/search=/);
        const row = page
          .getByRole('table', { name: /appointments$/ })
          .getByRole('row')
          .filter({ hasText: patient });
        await row.getByRole('button', { name: new RegExp(`^Refund ${patient}`) }).click();
        await page
          .getByRole('dialog', { name: 'Make Refund ?' })
          .getByRole('button', { name: 'Refund', exact: true })
          .click();
        await notice(page, 'Refund has been successfully processed');
      }
      // Read again after a reload, or a refund whose answer comes back: seconds on a busy machine.
      await expect.poll(() => thisMonth.textContent(), { timeout: 20_000 }).toBe(formatEuro(takings - 180));
      // Refunded, the appointment no longer takes place: it leaves the day.
      await expect.poll(() => link.count(), { timeout: 20_000 }).toBe(0);
      // The video consultations' list, the same screen's other kind, goes without it.
      await page.getByRole('link', { name: 'Video consultations', exact: true }).click();
      await page.waitForURL((url) => url.pathname === '/admin/video');
      await page.getByRole('table', { name: /appointments$/ }).waitFor();
      // The list's table stays on screen across the move; the overview leaves once the new screen renders.
      await expect.poll(() => overview(page).count(), { timeout: 20_000 }).toBe(0);
      expect(errors).toEqual([]);
      await context.close();
    });
  }

  it('keeps the focus in the To resolve card once its last appointment is marked, at 360 and 1280 px', async () => {
    const names = ['Orla', 'Cathal'].map((first) => `${first} ${runName}`);
    const ended = await slotsFromNow(auth, 20, names.length, 5, 6);
    for (const [index, name] of names.entries()) {
      await bookAndPay(ended[index] ?? 0, bookingFields(name.split(' ')[0] ?? ''));
    }
    await expect
      .poll(
        async () => {
          const listed = (await dashboard()).to_resolve.appointments.map((each) => each.full_name);
          return names.every((name) => listed.includes(name));
        },
        { timeout: 60_000 },
      )
      .toBe(true);

    for (const [index, viewport] of viewportSweep.entries()) {
      const name = names[index] ?? '';
      const { page, errors, context } = await openAdminPage(browser, { viewport });
      // The list as if this were the one appointment left to resolve (other tests leave theirs).
      await page.route('**/api/admin/dashboard', async (route) => {
        const response = await route.fetch();
        const body = (await response.json()) as DashboardResponse;
        const appointments = body.to_resolve.appointments.filter((each) => each.full_name === name);
        await route.fulfill({
          response,
          json: { ...body, to_resolve: { count: appointments.length, appointments } },
        });
      });
      await page.goto('/admin');
      const toResolve = card(page, 'To resolve');
      const item = toResolve.getByRole('listitem').filter({ hasText: name });
      await item.getByRole('button', { name: `Mark no-show ${name}` }).click();
      await notice(page, 'no-show');
      // The card stays, saying nothing is left, and holds the focus: not the page's start.
      const empty = toResolve.getByText('Nothing left to resolve.');
      await expect.poll(() => empty.evaluate((element) => element === document.activeElement)).toBe(true);
      expect(await item.count()).toBe(0);
      expect(await fitsWidth(page)).toBe(true);
      expect(await axeViolations(page, `/admin nothing to resolve @${viewport.width}`)).toEqual([]);
      await screenshot(page, `admin-dashboard-resolved-${viewport.width}`);
      expect(errors).toEqual([]);
      await context.close();
    }
  }, 180_000);

  // Last: from here on the clinic's today has unusual uploads, which the tests above do not expect.
  it('tells staff of unusual uploads today once a visitor’s form is refused at the daily allowance, at 360 and 1280 px', async () => {
    const [slot = 0] = await createSlots(auth, tomorrow, adultTest, [21 * 60 + 20]);
    const refusedBefore = (await dashboard()).unusual_uploads?.refused ?? 0;
    const refused = await sendFormPastUploadAllowance(slot);
    expect(refused.status).toBe(429);
    expect(JSON.parse(refused.body)).toEqual({
      code: 'visitor_uploads_used_up',
      error_messages: VISITOR_UPLOADS_USED_UP,
    });
    const unusual = (await dashboard()).unusual_uploads;
    // An address is counted once a day, so one refused earlier in this run is not counted again.
    expect(unusual?.refused).toBeGreaterThanOrEqual(Math.max(1, refusedBefore));
    expect(unusual?.notice).toMatch(/^Unusual uploads today: /);
    expect(unusual?.notice).toContain(
      `that had already sent the ${VISITOR_UPLOAD_BYTES_PER_DAY / 1024 / 1024} MB one address may send a day.`,
    );

    for (const viewport of viewportSweep) {
      const { page, errors, context } = await openAdminPage(browser, { viewport });
      await page.goto('/admin');
      await page.getByRole('heading', { level: 1, name: 'Booking appointments' }).waitFor();
      // Read out politely when it appears, above the day's cards, in full.
      const uploads = overview(page)
        .getByRole('status')
        .filter({ hasText: /^Unusual uploads today: / });
      await uploads.waitFor();
      expect(await uploads.textContent()).toBe(unusual?.notice);
      const box = await uploads.boundingBox();
      expect(box && box.x >= 0 && box.x + box.width <= viewport.width).toBe(true);
      expect(await uploads.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);
      expect(await fitsWidth(page)).toBe(true);
      expect(await axeViolations(page, `/admin unusual uploads @${viewport.width}`)).toEqual([]);
      await screenshot(page, `admin-dashboard-unusual-uploads-${viewport.width}`);
      expect(errors).toEqual([]);
      await context.close();
    }
  });
});
