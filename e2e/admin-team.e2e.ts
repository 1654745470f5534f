import { resolve } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  baseUrl,
  launchBrowser,
  openAdminPage,
  openPage,
  pageWidth,
  screenshot,
  searchList,
  submit,
  viewports,
} from './browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

const VARIANTS_SRCSET = /^\/uploads\/[0-9a-f-]+\/w400 400w, \/uploads\/[0-9a-f-]+\/w800 800w$/;

/** Waits until the file field shows this (stored or chosen) file name. */
const showsFile = (page: Page, name: string) =>
  page.locator('.file-field__name', { hasText: name }).waitFor();

describe('admin team', () => {
  it('creates a member with a photo, edits and deletes them; the public team pages follow', async () => {
    const name = `Dr E2E Member ${Date.now()}`;
    const { page, errors, context } = await openAdminPage(browser, { viewport: viewports.desktop });

    await page.goto('/admin/team');
    await page.getByRole('heading', { level: 1, name: 'Team' }).waitFor();
    const table = page.getByRole('table', { name: 'Team members' });
    await table.getByRole('row').nth(1).waitFor();
    expect(await table.getByRole('columnheader').allTextContents()).toEqual([
      'Full Name',
      'User Type',
      'Actions',
    ]);
    await screenshot(page, 'admin-team-1280');

    await page.getByRole('link', { name: 'Add team member' }).first().click();
    await page.waitForURL('**/admin/team/add');
    await page.getByRole('heading', { level: 1, name: 'Add team member' }).waitFor();

    // Every required message at once, the focus on the first field.
    await submit(page, 'Add team member');
    for (const message of [
      'Full name is required',
      'User type is required',
      'Description is required',
      'Order is required',
    ]) {
      await page.getByText(message, { exact: true }).waitFor();
    }
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.id))
      .toBe(await page.getByLabel('Full name').getAttribute('id'));

    await page.getByLabel('Full name').fill(name);
    await page.getByLabel('User type').fill('Consultant Allergist');
    await page.getByLabel('Description').fill('Trained in Dublin and London.\nSees adults and children.');
    await page.getByLabel('Order').fill('-1');
    await submit(page, 'Add team member');
    await page.getByText('Order must be a whole number from 0 to 9999.', { exact: true }).waitFor();
    expect(await page.getByText('Full name is required', { exact: true }).count()).toBe(0);
    await page.getByLabel('Order').fill('0');

    // A file whose bytes are not an allowed image is refused by the server; the message shows on the field.
    const photoInput = page.getByLabel('Photo', { exact: true });
    await photoInput.setInputFiles(resolve('testdata/script-named.png'));
    await showsFile(page, 'script-named.png');
    await submit(page, 'Add team member');
    await page
      .locator('.file-field .field__error', { hasText: 'Choose a .jpg, .jpeg or .png image.' })
      .waitFor();
    expect(page.url()).toMatch(/\/admin\/team\/add$/);
    // Another type is refused in the browser already.
    await photoInput.setInputFiles(resolve('testdata/photo.webp'));
    await page.getByText('Choose a .jpg, .jpeg or .png file.', { exact: true }).waitFor();

    await photoInput.setInputFiles(resolve('testdata/photo.jpg'));
    await showsFile(page, 'photo.jpg');
    await screenshot(page, 'admin-team-form-1280');
    await submit(page, 'Add team member');
    await page.getByText('Team member was successfully created').waitFor();
    await page.waitForURL('**/admin/team');
    await searchList(page, 'Search by full name', name);
    await table.getByRole('rowheader', { name }).waitFor();

    // The public team list and the member's page show the photo from its variants.
    const visitor = await openPage(browser, { viewport: viewports.desktop });
    await visitor.page.goto('/our_team');
    const card = visitor.page.getByRole('link', { name: new RegExp(name) });
    await card.waitFor();
    const cardPhoto = card.locator('img');
    expect(await cardPhoto.getAttribute('srcset')).toMatch(VARIANTS_SRCSET);
    expect(await cardPhoto.getAttribute('sizes')).toBe('8rem');
    await card.click();
    await visitor.page.waitForURL('**/employee/*');
    await visitor.page.getByRole('heading', { level: 1, name }).waitFor();
    const photo = visitor.page.locator('img.team-photo--large');
    expect(await photo.getAttribute('srcset')).toMatch(VARIANTS_SRCSET);
    expect(await photo.getAttribute('sizes')).toBe('12rem');
    expect(await photo.getAttribute('width')).toBe('320');
    expect(await photo.getAttribute('height')).toBe('320');
    await expect
      .poll(() => photo.evaluate((image: HTMLImageElement) => image.currentSrc))
      .toMatch(/\/w(400|800)$/);
    await expect
      .poll(() => photo.evaluate((image: HTMLImageElement) => image.naturalWidth))
      .toBeGreaterThan(0);
    await visitor.page.getByText('Sees adults and children.', { exact: true }).waitFor();
    const memberPath = new URL(visitor.page.url()).pathname;

    // Edit: a cleared field shows its message; then a new role and a replaced photo.
    await table.getByRole('link', { name: `Edit ${name}` }).click();
    await page.waitForURL('**/admin/team/edit/*');
    await page.getByRole('heading', { level: 1, name: 'Edit team member' }).waitFor();
    expect(await page.getByLabel('Full name').inputValue()).toBe(name);
    await showsFile(page, 'photo.jpg');
    await page.getByLabel('User type').fill('');
    await submit(page, 'Save changes');
    await page.getByText('User type is required', { exact: true }).waitFor();
    await page.getByLabel('User type').fill('Paediatric Allergist');
    await page.getByLabel('Photo', { exact: true }).setInputFiles(resolve('testdata/photo.png'));
    await showsFile(page, 'photo.png');
    await submit(page, 'Save changes');
    await page.getByText('Team member was successfully updated').waitFor();
    await page.waitForURL('**/admin/team');
    await searchList(page, 'Search by full name', name);
    // The member's own row: until the search has applied, the list also shows the seeded team.
    await table
      .getByRole('row')
      .filter({ hasText: name })
      .getByRole('cell', { name: 'Paediatric Allergist', exact: true })
      .waitFor();

    await visitor.page.goto(memberPath);
    await visitor.page.getByText('Paediatric Allergist', { exact: true }).waitFor();
    expect(await visitor.page.locator('img.team-photo--large').getAttribute('srcset')).toMatch(
      VARIANTS_SRCSET,
    );

    // Remove the photo: the public page shows the initials.
    await table.getByRole('link', { name: `Edit ${name}` }).click();
    await showsFile(page, 'photo.png');
    await page.getByRole('button', { name: 'Remove Photo' }).click();
    await page.getByText('No file chosen', { exact: true }).waitFor();
    await submit(page, 'Save changes');
    await page.getByText('Team member was successfully updated').waitFor();
    await page.waitForURL('**/admin/team');
    await visitor.page.goto(memberPath);
    await visitor.page.getByRole('heading', { level: 1, name }).waitFor();
    expect(await visitor.page.locator('img.team-photo--large').count()).toBe(0);

    // Delete, with the confirmation.
    await searchList(page, 'Search by full name', name);
    await table.getByRole('button', { name: `Delete ${name}` }).click();
    const dialog = page.getByRole('dialog', { name: `Delete ${name}?` });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Delete', exact: true }).click();
    await page.getByText('You have successfully deleted the team member').waitFor();
    await table.getByRole('rowheader', { name }).waitFor({ state: 'detached' });
    await page.getByText(`No results for “${name}”.`).first().waitFor();

    await visitor.page.goto('/our_team');
    await visitor.page.getByRole('heading', { level: 1, name: 'Our Team' }).waitFor();
    expect(await visitor.page.getByRole('link', { name: new RegExp(name) }).count()).toBe(0);
    const memberId = memberPath.split('/').at(-1);
    expect((await fetch(`${baseUrl()}/api/team_members/${memberId}`)).status).toBe(404);

    expect(errors.filter((error) => !/status of 415/.test(error))).toEqual([]);
    expect(visitor.errors).toEqual([]);
    await visitor.context.close();
    await context.close();
  });

  it('lays out the list and the form at 360 px without sideways scrolling', async () => {
    const { page, context } = await openAdminPage(browser, { viewport: viewports.phone });
    await page.goto('/admin/team');
    await page.getByRole('table', { name: 'Team members' }).getByRole('row').nth(1).waitFor();
    expect(await pageWidth(page)).toBeLessThanOrEqual(360);
    await screenshot(page, 'admin-team-360');

    await page.goto('/admin/team/add');
    await page.getByRole('heading', { level: 1, name: 'Add team member' }).waitFor();
    await submit(page, 'Add team member');
    await page.getByText('Order is required', { exact: true }).waitFor();
    await page.getByLabel('Photo', { exact: true }).setInputFiles({
      name: 'a-photo-with-a-very-long-file-name-indeed.jpg',
      mimeType: 'image/jpeg',
      buffer: Buffer.from([0xff, 0xd8, 0xff]),
    });
    await showsFile(page, 'a-photo-with-a-very-long-fi…');
    expect(await pageWidth(page)).toBeLessThanOrEqual(360);
    await screenshot(page, 'admin-team-form-360');
    await context.close();
  });

  it('says so for a member that does not exist', async () => {
    const { page, context } = await openAdminPage(browser);
    await page.goto('/admin/team/edit/999999');
    await page.getByText('This team member does not exist. It may have been deleted.').waitFor();
    await context.close();
  });
});
