import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, addMonths, monthOf } from '../src/client/components/month-calendar/month-grid';
import { clinicToday } from '../src/client/lib/clinic-clock';
import type { StaffRole } from '../src/shared/staff-roles';
import { adminAuthorization, bookAndPay, createSlots, runSurname, staffToken } from './api';
import {
  axeViolations,
  baseUrl,
  fitsWidth,
  launchBrowser,
  openAdminPage,
  openStaffPage,
  screenshot,
  viewportSweep,
} from './browser';

// The back office as reception sees it. The e2e server has one account (an administrator) and no way yet to
// make another, so the browser is told its role is reception (`/api/admin/me`); what the server refuses each
// role is tested against the role table in src/server/modules/auth/staff-roles.test.ts.

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

async function asRole(page: Page, role: StaffRole, name: string): Promise<void> {
  await page.route('**/api/admin/me', (route) =>
    route.fulfill({ json: { admin_user: { id: 1, email: `${role}@clinic.test`, name, role } } }),
  );
}

const asReception = (page: Page) => asRole(page, 'reception', 'Rita Reception');

const menuLinks = (page: Page) => page.getByRole('navigation', { name: 'Admin menu' }).getByRole('link');

describe("reception's back office", () => {
  for (const viewport of viewportSweep) {
    it(`lists only what reception may use, and refuses Activity plainly, at ${viewport.width} px`, async () => {
      const { page, errors, context } = await openAdminPage(browser, { viewport });
      await asReception(page);
      await page.goto('/admin');
      await page.getByRole('heading', { level: 1, name: 'Booking appointments' }).waitFor();
      await page.getByText('Rita Reception').waitFor({ state: 'attached' });
      const menu = page.getByRole('navigation', { name: 'Admin menu' });
      if (viewport.width < 800) await page.getByRole('button', { name: 'Menu' }).click();
      await menu.getByRole('link', { name: 'E-mails' }).waitFor();
      expect(await menuLinks(page).allInnerTexts()).toEqual([
        'Calendar',
        'Booking Appointments',
        'Today at the desk',
        'Patients',
        'Wait list',
        'Blog',
        'Availability settings',
        'Team',
        'FAQ',
        'FEES',
        'E-mails',
        'Your account',
      ]);
      await screenshot(page, `admin-roles-reception-menu-${viewport.width}`);

      await page.goto('/admin/activity');
      await page.getByRole('heading', { level: 1, name: 'Not available to your role' }).waitFor();
      await page.getByText('Your role cannot do this.').waitFor();
      expect(await page.getByRole('table').count()).toBe(0);
      expect(await fitsWidth(page)).toBe(true);
      expect(await axeViolations(page, `role refused ${viewport.width}`)).toEqual([]);
      await screenshot(page, `admin-roles-refused-${viewport.width}`);

      await page.getByRole('link', { name: 'Back to the dashboard' }).click();
      await page.getByRole('heading', { level: 1, name: 'Booking appointments' }).waitFor();
      expect(errors).toEqual([]);
      await context.close();
    });
  }

  it("says so when the server refuses a screen's call for the role", async () => {
    const { page, context } = await openAdminPage(browser);
    await asReception(page);
    await page.route('**/api/admin/team_members?*', (route) =>
      route.fulfill({
        status: 403,
        json: { code: 'role_forbidden', error_messages: 'Your role cannot do this.' },
      }),
    );
    await page.goto('/admin/team');
    await page.getByRole('heading', { level: 1, name: 'Not available to your role' }).waitFor();
    await page.getByText('Your role cannot do this.').waitFor();
    // Another screen is the role's again.
    await page.getByRole('navigation', { name: 'Admin menu' }).getByRole('link', { name: 'FAQ' }).click();
    await page.getByRole('heading', { level: 1, name: 'FAQ' }).waitFor();
    await context.close();
  });
});

describe("the bookkeeper's appointments", () => {
  // A paid allergy test of this run, on a day of its own (well after the other browser tests' days).
  const day = `${addMonths(monthOf(addDays(clinicToday(), 29)), 11)}-05`;
  const surname = runSurname('Bk');
  let id = 0;

  beforeAll(async () => {
    const auth = await adminAuthorization();
    const [slot] = await createSlots(auth, day, { isAdult: true, isVideoCall: false }, [10 * 60]);
    await bookAndPay(slot ?? 0, {
      is_adult: true,
      is_video_call: false,
      first_name: 'Bláithín',
      last_name: surname,
      email: 'blaithin@example.ie',
      phone: '087 123 4567',
      dob: '1990-04-12',
      consultant_name: 'Dr Walsh',
      consultant_addres: '12 Harcourt Street, Dublin 2',
      antihistamine: true,
      agreement: true,
    });
    const list = await fetch(
      `${baseUrl()}/api/admin/transactions?search_transaction=${surname}&page=1&per_page=10`,
      {
        headers: auth,
      },
    );
    expect(list.status).toBe(200);
    const body = (await list.json()) as { transactions: { id: number }[] };
    id = body.transactions[0]?.id ?? 0;
    expect(id).toBeGreaterThan(0);
  }, 60_000);

  for (const viewport of viewportSweep) {
    it(`shows an appointment to read and refund, with nothing to change or book, at ${viewport.width} px`, async () => {
      const { page, errors, context } = await openAdminPage(browser, { viewport });
      await asRole(page, 'bookkeeper', 'Bea Bookkeeper');
      let writes = 0;
      page.on('request', (request) => {
        if (/\/api\/admin\/(patients|transactions)\b/.test(request.url()) && request.method() !== 'GET')
          writes++;
      });

      await page.goto(`/admin?search=${surname}`);
      const table = page.getByRole('table', { name: /appointments$/ });
      await table.getByRole('row').filter({ hasText: surname }).waitFor();
      await page.getByRole('link', { name: 'Open' }).first().waitFor();
      expect(await page.getByRole('link', { name: 'Book for a patient' }).count()).toBe(0);
      expect(await table.getByRole('button', { name: /^Delete/ }).count()).toBe(0);
      await table.getByRole('button', { name: /^Refund/ }).waitFor();
      // Patients' records are not the bookkeeper's: the name is text.
      expect(await table.getByRole('link', { name: `Bláithín ${surname}`, exact: true }).count()).toBe(0);
      await screenshot(page, `admin-roles-bookkeeper-list-${viewport.width}`);

      await page.goto(`/admin/appointment/edit?id=${id}`);
      await page.getByRole('heading', { level: 1, name: `Bláithín ${surname}` }).waitFor();
      await page
        .getByText('Your role can give this appointment’s payment back, but not change the appointment.')
        .waitFor();
      await page.getByRole('button', { name: 'Refund' }).waitFor();
      for (const name of ['Save changes', 'Delete', 'Change time', 'Mark attended', 'Mark no-show'])
        expect(await page.getByRole('button', { name, exact: true }).count(), name).toBe(0);
      expect(await page.getByRole('textbox', { name: /First name/ }).isDisabled()).toBe(true);
      await page.getByRole('button', { name: 'Back to appointments' }).waitFor();
      expect(await fitsWidth(page)).toBe(true);
      expect(await axeViolations(page, `bookkeeper appointment ${viewport.width}`)).toEqual([]);
      await screenshot(page, `admin-roles-bookkeeper-appointment-${viewport.width}`);

      expect(writes).toBe(0);
      expect(errors).toEqual([]);
      await context.close();
    });
  }

  for (const viewport of viewportSweep) {
    it(`shows a signed-in bookkeeper no patient's e-mail or phone: appointment, its e-mails, desk day, calendar, at ${viewport.width} px`, async () => {
      // A bookkeeper's own account, so the screens get the server's answers for that role.
      const token = await staffToken('bookkeeper', 'Bríd Bookkeeper');
      const { page, errors, context } = await openStaffPage(browser, token, { viewport });
      const expectNoContact = async () => {
        const html = await page.content();
        expect(html).not.toContain('blaithin@example.ie');
        expect(html).not.toContain('123 4567');
        expect(html).not.toContain('1234567');
      };

      await page.goto(`/admin/appointment/edit?id=${id}`);
      await page.getByRole('heading', { level: 1, name: `Bláithín ${surname}` }).waitFor();
      const emails = page.getByRole('region', { name: 'E-mails about this appointment' });
      await emails.getByRole('row').nth(1).waitFor();
      expect(await page.getByRole('group', { name: 'Contact' }).count()).toBe(0);
      expect(await page.getByRole('textbox', { name: /E-mail|Phone/ }).count()).toBe(0);
      expect(await emails.getByRole('columnheader', { name: 'To' }).count()).toBe(0);
      await expectNoContact();
      expect(await fitsWidth(page)).toBe(true);
      expect(await axeViolations(page, `bookkeeper appointment contact ${viewport.width}`)).toEqual([]);
      await screenshot(page, `admin-roles-bookkeeper-no-contact-${viewport.width}`);

      await page.goto(`/admin/today?date=${day}`);
      const desk = page.getByRole('table', { name: /^Appointments of / });
      await desk.getByRole('row').filter({ hasText: surname }).waitFor();
      expect(await desk.getByRole('columnheader', { name: 'Phone' }).count()).toBe(0);
      await expectNoContact();
      expect(await fitsWidth(page)).toBe(true);
      expect(await axeViolations(page, `bookkeeper desk day ${viewport.width}`)).toEqual([]);
      await screenshot(page, `admin-roles-bookkeeper-desk-day-${viewport.width}`);

      await page.goto(`/admin/calendar?date=${day}`);
      await page.getByText(`Bláithín ${surname}`).first().waitFor();
      await expectNoContact();
      await screenshot(page, `admin-roles-bookkeeper-calendar-${viewport.width}`);

      expect(errors).toEqual([]);
      await context.close();
    });
  }

  it("offers no Patients.csv, GDPR export or erasure, which are the administrator's", async () => {
    const { page, context } = await openAdminPage(browser);
    await asReception(page);
    await page.goto(`/admin/patients?search=${surname}`);
    await page.getByRole('table').getByRole('row').filter({ hasText: surname }).waitFor();
    expect(await page.getByRole('button', { name: /Export CSV/ }).count()).toBe(0);
    await page.getByRole('table').getByRole('link').first().click();
    await page.getByText(/^Patient, /).waitFor();
    expect(await page.getByRole('button', { name: 'Export data' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Erase' }).count()).toBe(0);
    await context.close();
  });
});
