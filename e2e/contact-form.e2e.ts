import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTACT_SUCCESS_MESSAGE } from '../src/shared/contact';
import { launchBrowser, openPage, viewports, waitForHydration } from './browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

/** Fills the form as Mary Byrne would, with this message, and sends it. */
async function sendMessage(page: Page, message: string): Promise<void> {
  await page.getByLabel('Name', { exact: true }).fill('Mary Byrne');
  await page.getByLabel('E-mail', { exact: true }).fill('mary@example.ie');
  await page.getByLabel('Message', { exact: true }).fill(message);
  await page.getByRole('button', { name: /send/i }).click();
}

describe('contact form', () => {
  it('shows the spec texts for bad input and sends nothing', async () => {
    const { page, requests, context } = await openPage(browser, { viewport: viewports.phone });
    // Zod must not even probe for eval: the page's Content-Security-Policy forbids it (a reported violation).
    await page.addInitScript(() => {
      const violations: string[] = [];
      Object.assign(window, { cspViolations: violations });
      document.addEventListener('securitypolicyviolation', (event) =>
        violations.push(event.violatedDirective),
      );
    });
    await page.goto('/contact_us');
    await waitForHydration(page);
    const submit = page.getByRole('button', { name: /send/i });
    await submit.click();
    // The validation code loads when the form is first used: wait for its first answer.
    await page.getByText('This field is required, please fill in.').first().waitFor();
    expect(await page.getByText('This field is required, please fill in.').count()).toBe(3);
    // The browser's ids are the server's (the same tree on both sides): each error is named by its field's id.
    expect(
      await page.evaluate(() =>
        [...document.querySelectorAll('input[aria-describedby], textarea[aria-describedby]')].map((field) => [
          field.getAttribute('aria-describedby'),
          `${field.id}-error`,
        ]),
      ),
    ).toSatisfy(
      (pairs: string[][]) => pairs.length === 3 && pairs.every(([named, expected]) => named === expected),
    );
    expect(await page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('name');
    await page.getByLabel('Name', { exact: true }).fill('A');
    await page.getByLabel('E-mail', { exact: true }).fill('not-an-email');
    // A '.' is not dropped as typed but refused (issue 21).
    await page.getByLabel('Phone (optional)', { exact: true }).pressSequentially('087.123.4567');
    expect(await page.getByLabel('Phone (optional)', { exact: true }).inputValue()).toBe('087.123.4567');
    await page.getByLabel('Message', { exact: true }).fill('short');
    await submit.click();
    expect(await page.getByText('Text is too short.').count()).toBe(2);
    await page.getByText('Mail is invalid.').waitFor();
    await page.getByText('Phone number is invalid.').waitFor();
    expect(requests.filter((url) => url.includes('/api/contact_us'))).toEqual([]);
    // Each change checks its field again after a submit.
    await page.getByLabel('Phone (optional)', { exact: true }).fill('+353 1 234 5678');
    await expect.poll(() => page.getByText('Phone number is invalid.').count()).toBe(0);
    expect(await page.getByText('Text is too short.').count()).toBe(2);
    expect(
      await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations),
    ).toEqual([]);
    await context.close();
  });

  it('sends a message and says so', async () => {
    const { page, errors, context } = await openPage(browser, { viewport: viewports.desktop });
    await page.goto('/contact_us');
    await waitForHydration(page);
    await sendMessage(page, 'Could my son be seen before Christmas for a skin prick test?');
    await page.getByText(CONTACT_SUCCESS_MESSAGE).waitFor();
    expect(await page.getByLabel('Message', { exact: true }).inputValue()).toBe('');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('cannot be sent by the browser itself before its scripts run, nor without JavaScript, which it says', async () => {
    const { page, context } = await openPage(browser, { javaScriptEnabled: false });
    await page.goto('/contact_us');
    expect(await page.getByRole('button', { name: /send/i }).isDisabled()).toBe(true);
    // (The emulation turns scripts off but leaves <noscript> unparsed: its text is checked in the page.)
    expect(await page.content()).toContain('Sending this form needs JavaScript. Please call');
    await page.getByLabel('Name', { exact: true }).fill('Mary Byrne');
    await page.getByLabel('Message', { exact: true }).fill('About my son and his egg allergy');
    await page.getByLabel('Message', { exact: true }).press('Enter');
    await page.getByLabel('Name', { exact: true }).press('Enter');
    expect(new URL(page.url()).search).toBe('');
    expect(await page.getByLabel('Name', { exact: true }).inputValue()).toBe('Mary Byrne');
    await context.close();
  });

  it('at 360 px, a tap clears the notice over a field, and does not reach what lies beneath', async () => {
    const { page, errors, context } = await openPage(browser, { viewport: viewports.phone });
    await page.goto('/contact_us');
    await waitForHydration(page);
    await sendMessage(page, 'Could my son be seen before Christmas?');
    const shown = page.locator('.notification', { hasText: CONTACT_SUCCESS_MESSAGE });
    await shown.waitFor();
    await page.waitForFunction(() => document.getAnimations().length === 0);
    // The field the notice lies over.
    const box = await shown.boundingBox();
    let covered: string | undefined;
    for (const label of ['Name', 'E-mail', 'Phone (optional)', 'Message']) {
      const field = await page.getByLabel(label, { exact: true }).boundingBox();
      if (box && field && field.y < box.y + box.height && box.y < field.y + field.height) covered = label;
    }
    expect(covered, 'a field under the notice').toBeDefined();
    const field = page.getByLabel(covered ?? '', { exact: true });
    const fieldBox = await field.boundingBox();
    if (!box || !fieldBox) throw new Error('no boxes');
    const overBoth = { x: fieldBox.x + fieldBox.width / 3, y: Math.max(fieldBox.y, box.y) + 4 };
    // A tap on the notice clears it and nothing else: the field beneath does not get it.
    await page.mouse.click(overBoth.x, overBoth.y);
    await shown.waitFor({ state: 'detached' });
    expect(await field.evaluate((element) => element === document.activeElement)).toBe(false);
    // The field is then one tap away.
    await page.mouse.click(overBoth.x, overBoth.y);
    await expect.poll(() => field.evaluate((element) => element === document.activeElement)).toBe(true);
    // Another notice is cleared by a tap elsewhere, which does what it does.
    await sendMessage(page, 'And could my daughter come too?');
    await shown.waitFor();
    const again = await shown.boundingBox();
    if (!again) throw new Error('no notice');
    await page.mouse.click(again.x + again.width / 2, again.y + again.height + 24);
    await shown.waitFor({ state: 'detached' });
    expect(errors).toEqual([]);
    await context.close();
  });
});
