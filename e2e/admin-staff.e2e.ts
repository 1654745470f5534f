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
  viewports,
  visitorAddress,
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

const json = { 'content-type': 'application/json' };

/** Invites someone through the API; answers their id, name and e-mail, and the token of the link e-mailed. */
async function invitedStaff(role: string, first: string) {
  const surname = runSurname('Staff');
  const name = `${first} ${surname}`;
  const email = `${first.toLowerCase()}.${surname.toLowerCase()}@example.ie`;
  const response = await fetch(`${baseUrl()}/api/admin/staff`, {
    method: 'POST',
    headers: { ...auth, ...json },
    body: JSON.stringify({ name, email, role }),
  });
  expect(response.status).toBe(201);
  const { id } = ((await response.json()) as { staff_member: { id: number } }).staff_member;
  const mail = await waitForMail(email, 'Your account at');
  const token = /\/login\/invite#([A-Za-z0-9_-]{43})/.exec(mail.text)?.[1] ?? '';
  return { id, name, email, token };
}

/** Someone invited who accepted through the API: also their bearer token. */
async function signedInStaff(role: string, first: string) {
  const person = await invitedStaff(role, first);
  const response = await fetch(`${baseUrl()}/api/admin/autorization/invitation`, {
    method: 'POST',
    headers: { ...json, 'x-forwarded-for': visitorAddress() },
    body: JSON.stringify({ token: person.token, password: 'four quiet rivers meet' }),
  });
  expect(response.status).toBe(200);
  const body = (await response.json()) as { data: { token: { auth_token: string } } };
  return { ...person, bearer: body.data.token.auth_token };
}

/** A back-office page signed in as `bearer`'s staff member. */
async function openPageAs(bearer: string, viewport = viewports.desktop) {
  const watched = await openPage(browser, { viewport });
  await watched.context.addInitScript((value) => window.localStorage.setItem('auth_token', value), bearer);
  return watched;
}

/** Whether the control is where the keyboard's focus is. */
const isFocused = (target: ReturnType<Page['getByLabel']>) =>
  target.evaluate((element) => element === document.activeElement);

const menuLink = (page: Page, name: string) =>
  page.getByRole('navigation', { name: 'Admin menu' }).getByRole('link', { name, exact: true });

/** The size of the error icon beside a field's message (`FieldErrorMessage`). */
const errorIconSize = (message: ReturnType<Page['getByText']>) =>
  message.evaluate((element) => {
    const icon = element.closest('.field__error')?.querySelector('svg')?.getBoundingClientRect();
    return { width: Math.round(icon?.width ?? 0), height: Math.round(icon?.height ?? 0) };
  });

/**
 * Whether a select is as wide as it is on its own (sized by the browser to its longest option, 'Administrator', its
 * padding and arrow), whatever the fonts: a table squeezing it cuts the longest role off.
 */
const selectShowsWhole = (select: ReturnType<Page['getByLabel']>) =>
  select.evaluate((element) => {
    const alone = element.cloneNode(true) as HTMLSelectElement;
    Object.assign(alone.style, { position: 'absolute', width: 'auto', minWidth: '0' });
    document.body.append(alone);
    const wanted = alone.getBoundingClientRect().width;
    alone.remove();
    return element.getBoundingClientRect().width >= wanted - 0.5;
  });

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

      // The list's role select shows its longest role whole.
      const ownRole = page
        .getByRole('row')
        .filter({ hasText: E2E_ADMIN.email })
        .getByLabel(/^Role of/);
      expect(await selectShowsWhole(ownRole)).toBe(true);

      const form = page.getByRole('form', { name: 'Invite a staff member' });
      await form.getByRole('button', { name: 'Send invitation' }).click();
      await form.getByText('Name is required').waitFor();
      // The server's refusal of a field looks as the form's own: the same icon, whole, beside a message that wraps.
      await form.getByLabel('Name').fill(name);
      await form.getByLabel('E-mail').fill(E2E_ADMIN.email);
      await form.getByRole('button', { name: 'Send invitation' }).click();
      const taken = form.getByText('Someone with this e-mail address has an account already.');
      await taken.waitFor();
      expect(await errorIconSize(taken)).toEqual({ width: 16, height: 16 });
      await screenshot(page, `admin-staff-server-error-${viewport.width}`);
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
      // Red only for what takes something away: Disable is, Enable (below) is not.
      expect(await dialog.getByRole('button', { name: 'Disable account' }).getAttribute('class')).toMatch(
        /button--danger/,
      );
      await dialog.getByRole('button', { name: 'Disable account' }).click();
      await notice(page, `${name}'s account is disabled.`);
      await signedIn.getByText('Disabled', { exact: true }).waitFor();
      await invitee.page.reload();
      await invitee.page.waitForURL((url) => url.pathname === '/login');

      await signedIn.getByRole('button', { name: `Enable ${name}` }).click();
      const enable = page
        .getByRole('dialog', { name: `Enable ${name}?` })
        .getByRole('button', { name: 'Enable account' });
      expect(await enable.getAttribute('class')).toMatch(/button--primary/);
      await enable.click();
      await signedIn.getByText('Enabled', { exact: true }).waitFor();
      await expect
        .poll(async () => (await staffList()).find((member) => member.email === email)?.disabled)
        .toBe(false);
      // Chromium logs the invitation refused for an e-mail that has an account, as it logs any refusal.
      expect(admin.errors).toEqual([
        'console: Failed to load resource: the server responded with a status of 409 (Conflict)',
      ]);
      await invitee.context.close();
      await admin.context.close();
    });
  }

  it('changes a role only after a confirmation naming the person and both roles, the keyboard kept on the select', async () => {
    const rita = await invitedStaff('reception', 'Rita');
    const roleOnServer = async () => (await staffList()).find((member) => member.id === rita.id)?.role;
    const { page, errors, context } = await openAdminPage(browser, { viewport: viewports.desktop });
    await page.goto('/admin/staff');
    const row = await rowOf(page, rita.email);
    const role = row.getByLabel(`Role of ${rita.name}`);
    // A crowded row (an invitation's date, two buttons) at 1280 px still shows every role whole.
    expect(await selectShowsWhole(role)).toBe(true);

    // One key on the focused select asks; it saves nothing.
    await role.focus();
    await page.keyboard.press('ArrowDown');
    const dialog = page.getByRole('dialog', { name: `Change ${rita.name}’s role to Bookkeeper?` });
    await dialog.waitFor();
    await dialog.getByText(`${rita.name} goes from Reception to Bookkeeper.`).waitFor();
    expect(await roleOnServer()).toBe('reception');
    for (const viewport of viewportSweep) {
      await page.setViewportSize(viewport);
      expect(await axeViolations(page, `staff role dialog ${viewport.width}`)).toEqual([]);
      await screenshot(page, `admin-staff-role-confirm-${viewport.width}`);
    }
    await page.setViewportSize(viewports.desktop);
    await dialog.getByRole('button', { name: 'Keep Reception' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(await role.inputValue()).toBe('reception');
    await expect.poll(() => isFocused(role)).toBe(true);
    expect(await roleOnServer()).toBe('reception');

    // Picked and confirmed, it is saved, and the select keeps the keyboard.
    await role.focus();
    await role.selectOption('clinician');
    const confirm = page.getByRole('dialog', { name: `Change ${rita.name}’s role to Clinician?` });
    await confirm.getByRole('button', { name: 'Change role' }).click();
    await notice(page, `${rita.name} is now Clinician.`);
    await expect.poll(roleOnServer).toBe('clinician');
    expect(await role.inputValue()).toBe('clinician');
    await expect.poll(() => isFocused(role)).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('says in the dialog, where the person is looking, that the last administrator can be neither demoted nor disabled', async () => {
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
      await role.focus();
      await role.selectOption('reception');
      const dialog = page.getByRole('dialog', { name: 'Change your own role to Reception?' });
      await dialog.getByText('You will lose access to Staff, Settings and Activity at once').waitFor();
      await dialog.getByRole('button', { name: 'Change role' }).click();
      await dialog.getByRole('alert').filter({ hasText: 'last administrator' }).waitFor();
      expect(await dialog.isVisible()).toBe(true);
      expect(await fitsWidth(page)).toBe(true);
      expect(await axeViolations(page, `staff refusal ${viewport.width}`)).toEqual([]);
      await screenshot(page, `admin-staff-refusal-${viewport.width}`);
      await dialog.getByRole('button', { name: 'Keep Administrator' }).click();
      await dialog.waitFor({ state: 'hidden' });
      expect(await role.inputValue()).toBe('administrator');
      await expect.poll(() => isFocused(role)).toBe(true);

      const disable = row.getByRole('button', { name: /^Disable / });
      await disable.click();
      const disabling = page.getByRole('dialog', { name: 'Disable your own account?' });
      await disabling.getByRole('button', { name: 'Disable account' }).click();
      await disabling.getByRole('alert').filter({ hasText: 'last administrator' }).waitFor();
      await disabling.getByRole('button', { name: 'Cancel' }).click();
      await disabling.waitFor({ state: 'hidden' });
      await expect.poll(() => disable.evaluate((element) => element === document.activeElement)).toBe(true);
      await context.close();
    }
    expect((await staffList()).find((member) => member.email === E2E_ADMIN.email)).toMatchObject({
      role: 'administrator',
      disabled: false,
    });
  });

  it('warns an administrator demoting themselves, and the menu follows the new role at once', async () => {
    const second = await signedInStaff('administrator', 'Maeve');
    const { page, errors, context } = await openPageAs(second.bearer);
    await page.goto('/admin/staff');
    await menuLink(page, 'Staff').waitFor();
    const row = await rowOf(page, second.email);
    await row.getByLabel(`Role of ${second.name}`).selectOption('reception');
    const dialog = page.getByRole('dialog', { name: 'Change your own role to Reception?' });
    await dialog
      .getByText(
        'You go from Administrator to Reception. You will lose access to Staff, Settings and Activity at once, this page too, and only another administrator can give it back.',
      )
      .waitFor();
    await dialog.getByRole('button', { name: 'Change role' }).click();
    await notice(page, 'You are now Reception.');
    // No reload: the menu is reception's, and this page says it is not theirs.
    await expect.poll(() => menuLink(page, 'Staff').count()).toBe(0);
    await menuLink(page, 'E-mails').waitFor();
    await page.getByRole('heading', { level: 1, name: 'Not available to your role' }).waitFor();
    // The list read again after the change may already be refused for the new role (Chromium logs the 403).
    expect(errors.filter((error) => !error.endsWith('status of 403 (Forbidden)'))).toEqual([]);
    await context.close();
  });

  it('reads the role again when the server refuses a call for it (changed by another administrator)', async () => {
    const person = await signedInStaff('administrator', 'Ciara');
    const { page, context } = await openPageAs(person.bearer);
    await page.goto('/admin/staff');
    await menuLink(page, 'Settings').waitFor();
    const changed = await fetch(`${baseUrl()}/api/admin/staff/${person.id}`, {
      method: 'PUT',
      headers: { ...auth, ...json },
      body: JSON.stringify({ role: 'bookkeeper' }),
    });
    expect(changed.status).toBe(200);
    // The next call of this page is refused (403 role_forbidden): the menu becomes the bookkeeper's.
    await searchList(page, 'Search by name or e-mail', 'anyone');
    await page.getByRole('heading', { level: 1, name: 'Not available to your role' }).waitFor();
    await expect.poll(() => menuLink(page, 'Settings').count()).toBe(0);
    await menuLink(page, 'Takings').waitFor();
    await context.close();
  });
});
