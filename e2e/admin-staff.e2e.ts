import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminAuthorization, runSurname } from './api';
import {
  axeViolations,
  baseUrl,
  fitsWidth,
  launchBrowser,
  notice,
  openAdminPage,
  openPage,
  screenshot,
  searchList,
  viewportSweep,
} from './browser';
import { E2E_ADMIN } from './global-setup';
import { waitForMail } from './mailbox';

let browser: Browser;
let auth: { authorization: string };

beforeAll(async () => {
  browser = await launchBrowser();
  auth = await adminAuthorization();
});
afterAll(() => browser?.close());

interface ListedStaff {
  id: number;
  email: string;
  role: string;
  disabled: boolean;
  invitation: unknown;
}

async function staffList(): Promise<ListedStaff[]> {
  const response = await fetch(`${baseUrl()}/api/admin/staff?per_page=100`, { headers: auth });
  expect(response.status).toBe(200);
  return ((await response.json()) as { staff: ListedStaff[] }).staff;
}

/** The staff list's row of `email`, found with the search box. */
async function rowOf(page: Page, email: string) {
  await searchList(page, 'Search by name or e-mail', email);
  const row = page.getByRole('row').filter({ hasText: email });
  await row.waitFor();
  return row;
}

describe('staff accounts (back office)', () => {
  for (const viewport of viewportSweep) {
    it(`an administrator invites someone, who sets a password from the e-mailed link and lands in the back office, at ${viewport.width} px`, async () => {
      const surname = runSurname('Staff');
      const name = `Róisín ${surname}`;
      const email = `${surname.toLowerCase()}.${viewport.width}@example.ie`;

      const admin = await openAdminPage(browser, { viewport });
      const { page } = admin;
      await page.goto('/admin/staff');
      await page.getByRole('heading', { level: 1, name: 'Staff' }).waitFor();
      await page.getByRole('row').filter({ hasText: E2E_ADMIN.email }).waitFor();
      expect(await fitsWidth(page)).toBe(true);
      expect(await axeViolations(page, `staff ${viewport.width}`)).toEqual([]);
      await screenshot(page, `admin-staff-${viewport.width}`);

      const form = page.getByRole('form', { name: 'Invite a staff member' });
      await form.getByRole('button', { name: 'Send invitation' }).click();
      await form.getByText('Name is required').waitFor();
      await form.getByLabel('Name').fill(name);
      await form.getByLabel('E-mail').fill(email);
      await form.getByLabel('Role').selectOption('reception');
      await form.getByRole('button', { name: 'Send invitation' }).click();
      await notice(page, `Invitation sent to ${email}`);
      const row = await rowOf(page, email);
      await row.getByText('Invited; link works until').waitFor();

      // The invitee opens the link of the e-mail the local mail server received.
      const mail = await waitForMail(email, 'Your account at');
      const token = /\/login\/invite#([A-Za-z0-9_-]{43})/.exec(mail.text)?.[1];
      expect(token).toBeDefined();
      const invitee = await openPage(browser, { viewport });
      await invitee.page.goto(`/login/invite#${token}`);
      await invitee.page.getByRole('heading', { level: 1, name: 'Choose your password' }).waitFor();
      await invitee.page.getByText('8 to 64 characters').waitFor();
      expect(await fitsWidth(invitee.page)).toBe(true);
      expect(await axeViolations(invitee.page, `invite ${viewport.width}`)).toEqual([]);
      await screenshot(invitee.page, `login-invite-${viewport.width}`);

      const passphrase = 'four quiet rivers meet';
      await invitee.page.getByLabel('New password').fill(passphrase);
      await invitee.page.getByLabel('The same password again').fill(`${passphrase}!`);
      await invitee.page.getByRole('button', { name: 'Set password and sign in' }).click();
      await invitee.page.getByText('The two passwords are not the same').waitFor();
      await invitee.page.getByLabel('The same password again').fill(passphrase);
      await invitee.page.getByRole('button', { name: 'Set password and sign in' }).click();
      await invitee.page.waitForURL((url) => url.pathname === '/admin');
      await invitee.page.locator('main h1').waitFor();
      expect(await invitee.page.evaluate(() => window.localStorage.getItem('auth_token'))).toMatch(
        /^\S{40,}$/,
      );

      // The same link a second time says it cannot be used.
      const again = await openPage(browser, { viewport });
      await again.page.goto(`/login/invite#${token}`);
      await again.page.getByLabel('New password').fill('another long one');
      await again.page.getByLabel('The same password again').fill('another long one');
      await again.page.getByRole('button', { name: 'Set password and sign in' }).click();
      await again.page.getByRole('alert').filter({ hasText: 'not valid or has been used already' }).waitFor();
      await again.context.close();

      // Disabling ends the invitee's session at once: their next call sends them to sign-in.
      await page.reload();
      const signedIn = await rowOf(page, email);
      await expect.poll(() => signedIn.getByText('Invited').count()).toBe(0);
      await signedIn.getByRole('button', { name: `Disable ${name}` }).click();
      const dialog = page.getByRole('dialog', { name: `Disable ${name}?` });
      await dialog.getByRole('button', { name: 'Disable account' }).click();
      await notice(page, `${name}'s account is disabled.`);
      await signedIn.getByText('Disabled', { exact: true }).waitFor();
      await invitee.page.reload();
      await invitee.page.waitForURL((url) => url.pathname === '/login');

      await signedIn.getByRole('button', { name: `Enable ${name}` }).click();
      await page
        .getByRole('dialog', { name: `Enable ${name}?` })
        .getByRole('button', { name: 'Enable account' })
        .click();
      await signedIn.getByText('Enabled', { exact: true }).waitFor();
      await expect
        .poll(async () => (await staffList()).find((member) => member.email === email)?.disabled)
        .toBe(false);
      expect(admin.errors).toEqual([]);
      await invitee.context.close();
      await admin.context.close();
    });
  }

  it('says readably, and keeps on screen, that the last administrator cannot be demoted', async () => {
    const administrators = (await staffList()).filter(
      (member) => member.role === 'administrator' && !member.disabled && member.invitation === null,
    );
    // Only where the e2e admin is the last one, or the server would rightly take the change.
    expect(administrators.map((member) => member.email)).toEqual([E2E_ADMIN.email]);
    for (const viewport of viewportSweep) {
      const { page, context } = await openAdminPage(browser, { viewport });
      await page.goto('/admin/staff');
      const row = await rowOf(page, E2E_ADMIN.email);
      const role = row.getByLabel(/^Role of/);
      await role.selectOption('reception');
      await page.getByRole('alert').filter({ hasText: 'last administrator' }).waitFor();
      await expect.poll(() => role.inputValue()).toBe('administrator');
      expect(await fitsWidth(page)).toBe(true);
      expect(await axeViolations(page, `staff refusal ${viewport.width}`)).toEqual([]);
      await screenshot(page, `admin-staff-refusal-${viewport.width}`);
      await context.close();
    }
  });
});
