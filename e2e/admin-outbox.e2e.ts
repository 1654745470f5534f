import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outboxTexts } from '../src/shared/outbox';
import { adminAuthorization, runSurname, sendReferral } from './api';
import {
  axeViolations,
  baseUrl,
  fitsWidth,
  launchBrowser,
  notice,
  openAdminPage,
  screenshot,
  searchList,
  viewportSweep,
} from './browser';

let browser: Browser;
let auth: { authorization: string };

beforeAll(async () => {
  browser = await launchBrowser();
  auth = await adminAuthorization();
});
afterAll(() => browser?.close());

interface ListedEmail {
  id: number;
  to: string;
  subject: string;
  status: string;
  attempts: number;
}

/** The outbox's e-mails to `address`, as staff's API lists them. */
async function emailsTo(address: string): Promise<ListedEmail[]> {
  const response = await fetch(`${baseUrl()}/api/admin/emails?${new URLSearchParams({ search: address })}`, {
    headers: auth,
  });
  expect(response.status).toBe(200);
  return ((await response.json()) as { emails: ListedEmail[] }).emails;
}

/** Whether the audit log has staff's resend of e-mail `id`. */
async function resendAudited(id: number): Promise<boolean> {
  const response = await fetch(`${baseUrl()}/api/admin/audit_log?search=email&per_page=100`, {
    headers: auth,
  });
  const { audit_entries } = (await response.json()) as {
    audit_entries: { action: string; entity: string; entity_id: string | null }[];
  };
  return audit_entries.some(
    (entry) => entry.action === 'update' && entry.entity === 'email' && entry.entity_id === String(id),
  );
}

describe('the e-mail outbox (back office)', () => {
  for (const viewport of viewportSweep) {
    it(`shows a refused e-mail as failed with its error, and sends it again, at ${viewport.width} px`, async () => {
      // The local mail server refuses every @bounce.test mailbox for good (e2e/global-setup.ts).
      const surname = runSurname('Bounce');
      const address = `${surname.toLowerCase()}.${viewport.width}@bounce.test`;
      await sendReferral(auth, { fullName: `Nuala ${surname}`, email: address, dob: '1988-02-03' });
      await expect.poll(async () => (await emailsTo(address))[0]?.status, { timeout: 30_000 }).toBe('failed');
      const [failed] = await emailsTo(address);

      const { page, errors } = await openAdminPage(browser, { viewport });
      await page.goto('/admin/emails');
      await page.getByRole('heading', { level: 1, name: 'E-mails' }).waitFor();
      await searchList(page, 'Search by recipient or subject', address);
      const row = page.getByRole('row').filter({ hasText: address });
      await row.getByText('Failed', { exact: true }).waitFor();
      await row.getByText('No such mailbox').waitFor();
      expect(await row.getByRole('link', { name: 'Referral' }).getAttribute('href')).toMatch(
        /^\/admin\/referrals\/\d+$/,
      );
      expect(await fitsWidth(page)).toBe(true);
      expect(await axeViolations(page, `outbox ${viewport.width}`)).toEqual([]);
      await screenshot(page, `admin-outbox-${viewport.width}`);

      // The state filter keeps the failed one and says so in the address.
      await page.getByLabel('Delivery').selectOption('failed');
      await page.waitForURL(/status=failed/);
      await row.waitFor();

      await row.getByRole('button', { name: /^Send again/ }).click();
      const dialog = page.getByRole('dialog', { name: 'Send this e-mail again?' });
      await dialog.getByText(address).waitFor();
      await dialog.getByRole('button', { name: 'Send again', exact: true }).click();
      await notice(page, outboxTexts.resent);
      await expect.poll(() => resendAudited(failed?.id ?? 0)).toBe(true);
      // The mail server refuses it again: failed once more, after a fresh try.
      await expect
        .poll(async () => (await emailsTo(address))[0], { timeout: 30_000 })
        .toMatchObject({ status: 'failed', attempts: 1 });
      expect(errors).toEqual([]);
    });
  }
});
