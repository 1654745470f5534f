import type { Browser, Page } from 'playwright-core';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, addMonths, monthOf } from '../src/client/components/month-calendar/month-grid';
import { clinicToday } from '../src/client/lib/clinic-clock';
import { type TakingsResponse, takingsCsvColumns } from '../src/shared/takings';
import { adminAuthorization, bookAndPay, createSlots, freshDays, runSurname, type SlotKind } from './api';
import {
  axeViolations,
  baseUrl,
  downloadOf,
  fitsWidth,
  launchBrowser,
  notice,
  openAdminPage,
  screenshot,
  viewports,
  type WatchedPage,
} from './browser';

/*
 * Issue 32 in the back office: part of a card payment given back from the appointment's screen, money taken at the
 * desk in two parts (decision 0023) with its receipt and a refund from the payment chosen, and the takings page (its
 * tiles, its chart, its table, Takings.csv), at 360 and 1280 px with no axe finding. The appointments are this run's
 * own, on days of their own (ten months ahead); their money moves today.
 */

let browser: Browser;
let auth: { authorization: string };
beforeAll(async () => {
  browser = await launchBrowser();
  auth = await adminAuthorization();
});
afterAll(() => browser?.close());

const freshDay = freshDays(addMonths(monthOf(addDays(clinicToday(), 29)), 10), 20);
const runName = runSurname('Tk');
const adultTest: SlotKind = { isAdult: true, isVideoCall: false };

const patientFields = (first: string, extra: Record<string, unknown> = {}) => ({
  is_adult: true,
  is_video_call: false,
  first_name: first,
  last_name: runName,
  phone: '087 123 4567',
  dob: '1990-04-12',
  consultant_name: 'Dr Walsh',
  consultant_addres: '12 Harcourt Street, Dublin 2',
  antihistamine: true,
  agreement: true,
  ...extra,
});

/** This run's appointment of `first`'s id, from the list. */
async function appointmentIdOf(first: string): Promise<number> {
  const response = await fetch(
    `${baseUrl()}/api/admin/transactions?page=1&per_page=10&search_transaction=${first}%20${runName}`,
    { headers: auth },
  );
  const { transactions } = (await response.json()) as { transactions: { id: number }[] };
  expect(transactions).toHaveLength(1);
  return transactions[0]!.id;
}

/** Today's takings, as the API answers them. */
async function todaysTakings(): Promise<TakingsResponse> {
  const today = clinicToday().split('-').reverse().join('/');
  const response = await fetch(`${baseUrl()}/api/admin/takings?from=${today}&to=${today}`, { headers: auth });
  expect(response.status).toBe(200);
  return (await response.json()) as TakingsResponse;
}

const cents = (text: string) => Math.round(Number(text) * 100);

/** The PDF's text, as an insurer's clerk would read it. */
async function pdfText(bytes: Buffer): Promise<string> {
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(bytes)), { mergePages: true });
  return text;
}

describe('refunds, desk payments and takings (back office)', () => {
  let paidId = 0;
  let deskId = 0;
  let before: TakingsResponse;
  const pages: WatchedPage[] = [];

  beforeAll(async () => {
    const day = freshDay();
    const [paidSlot, deskSlot] = await createSlots(auth, day, adultTest, [9 * 60, 10 * 60]);
    before = await todaysTakings();
    await bookAndPay(paidSlot ?? 0, patientFields('Orla', { email: 'orla.takings@example.ie' }));
    paidId = await appointmentIdOf('Orla');
    const booked = await fetch(`${baseUrl()}/api/admin/patients`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify({ ...patientFields('Declan', { payment_type: 'Cash' }), session_id: deskSlot }),
    });
    expect(booked.status).toBe(201);
    deskId = ((await booked.json()) as { transaction: { id: number } }).transaction.id;
  }, 120_000);

  afterAll(async () => {
    for (const { page, errors } of pages) {
      await page.close();
      expect(errors).toEqual([]);
    }
  });

  async function open(path: string, viewport: { width: number; height: number }): Promise<Page> {
    const watched = await openAdminPage(browser, { viewport });
    pages.push(watched);
    await watched.page.goto(path);
    return watched.page;
  }

  it('gives back part of a card payment from the appointment’s screen, with a reason', async () => {
    const page = await open(`/admin/appointment/edit?id=${paidId}`, viewports.desktop);
    await page.getByRole('heading', { level: 1, name: `Orla ${runName}` }).waitFor();
    await page.getByRole('button', { name: 'Refund', exact: true }).click();
    // All that is left, at first: the spec's dialog, word for word.
    const full = page.getByRole('dialog', { name: 'Make Refund ?' });
    await full
      .getByText('This appointment will be deleted. Are you sure you want to make refund ?')
      .waitFor();
    // The dialog's title follows the amount: found as the one dialog open.
    const dialog = page.getByRole('dialog');
    const amount = dialog.getByLabel('Amount (€)');
    expect(await amount.inputValue()).toBe('180');
    await amount.fill('30');
    const part = page.getByRole('dialog', { name: 'Give back part of the payment?' });
    await part
      .getByText(`Orla ${runName}: €30 of €180 paid goes back to the card it was paid with.`)
      .waitFor();
    // More than was paid is refused in the dialog, on its field.
    await amount.fill('200');
    await dialog.getByRole('button', { name: 'Refund €180' }).click();
    await dialog
      .getByText('That is more than what is left of the payment to give back: at most €180.')
      .waitFor();
    await amount.fill('30');
    await part.getByLabel('Reason (optional)').fill('Skin prick test not done');
    expect(await axeViolations(page, 'refund dialog 1280')).toEqual([]);
    await screenshot(page, 'admin-takings-refund-dialog-1280');
    await part.getByRole('button', { name: 'Refund €30' }).click();
    await notice(page, 'Refund has been successfully processed');

    const refunds = page.getByRole('table', { name: 'Refunds' });
    const row = refunds.getByRole('row').nth(1);
    await row.getByText('€30').waitFor();
    await row.getByText('Skin prick test not done').waitFor();
    await row.getByText('admin@clinic.test').waitFor();
    await row.getByText(/^re_test_/).waitFor();
    await page.getByText('Partly refunded').first().waitFor();
    // The appointment stays booked, and the rest can still be given back.
    await page.getByRole('button', { name: 'Refund', exact: true }).waitFor();
    expect(await axeViolations(page, 'appointment after refund 1280')).toEqual([]);
    await screenshot(page, 'admin-takings-refunded-part-1280');
    await page.setViewportSize(viewports.phone);
    expect(await fitsWidth(page)).toBe(true);
    expect(await axeViolations(page, 'appointment after refund 360')).toEqual([]);
    await screenshot(page, 'admin-takings-refunded-part-360');
  });

  it('records a part paid in cash at the desk, then the balance on the card terminal, each listed, with one receipt', async () => {
    const page = await open(`/admin/appointment/edit?id=${deskId}`, viewports.phone);
    await page.getByRole('heading', { level: 1, name: `Declan ${runName}` }).waitFor();
    const panel = page.getByRole('region', { name: 'Payment at the desk' });
    await panel.getByText('Not yet').waitFor();
    await page.getByRole('button', { name: 'Record payment' }).click();
    const dialog = page.getByRole('dialog', { name: 'Record a payment taken at the desk?' });
    const amount = dialog.getByLabel('Amount (€)');
    expect(await amount.inputValue()).toBe('180');
    // The booking said 'Cash': chosen already.
    expect(await dialog.getByRole('radio', { name: 'Cash' }).isChecked()).toBe(true);
    // No more than is left to pay of the price: said under the field, which keeps the focus.
    await amount.fill('180.01');
    await dialog.getByRole('button', { name: 'Record payment' }).click();
    await dialog
      .locator('.field__error', {
        hasText: "At most €180 is left to pay (the appointment's price less what was paid).",
      })
      .waitFor();
    expect(await amount.getAttribute('aria-invalid')).toBe('true');
    // A part now: the patient pays the rest later.
    await amount.fill('100');
    expect(await fitsWidth(page)).toBe(true);
    expect(await axeViolations(page, 'desk payment dialog 360')).toEqual([]);
    await screenshot(page, 'admin-takings-desk-payment-dialog-360');
    await dialog.getByRole('button', { name: 'Record payment' }).click();
    await notice(page, 'The payment was recorded.');
    await panel.getByText('Partly paid').waitFor();
    await panel.getByText('€80', { exact: true }).waitFor();
    await page.getByText('Partly paid').first().waitFor();

    // The balance, as a second payment: the dialog starts at it and says what was paid before.
    await page.getByRole('button', { name: 'Record payment' }).click();
    const again = page.getByRole('dialog', { name: 'Record another payment taken at the desk?' });
    expect(await again.getByLabel('Amount (€)').inputValue()).toBe('80');
    await again.getByText('€100 was paid before.').waitFor();
    await again.getByText('At most €80 is left to pay').waitFor();
    await again.getByRole('radio', { name: 'Card terminal' }).check();
    await again.getByRole('button', { name: 'Record payment' }).click();
    await notice(page, 'The payment was recorded.');
    await panel.getByText('Paid in cash and by card terminal').waitFor();
    const payments = panel.getByRole('list', { name: 'Payments (2)' });
    const items = payments.getByRole('listitem');
    expect(await items.count()).toBe(2);
    await items.nth(0).getByText('€100').waitFor();
    await items.nth(0).getByText('Cash', { exact: true }).waitFor();
    await items
      .nth(0)
      .getByText(/recorded by admin@clinic\.test/)
      .waitFor();
    await items.nth(1).getByText('€80').waitFor();
    await items.nth(1).getByText('Card terminal', { exact: true }).waitFor();
    // Paid in full: nothing more to record.
    expect(await page.getByRole('button', { name: 'Record payment' }).count()).toBe(0);
    expect(await fitsWidth(page)).toBe(true);
    expect(await axeViolations(page, 'two desk payments 360')).toEqual([]);
    await screenshot(page, 'admin-takings-desk-paid-in-parts-360');
    await page.setViewportSize(viewports.desktop);
    expect(await axeViolations(page, 'two desk payments 1280')).toEqual([]);
    await screenshot(page, 'admin-takings-desk-paid-in-parts-1280');

    // One receipt: both parts, each with how, when and how much; nothing due.
    const receipt = await downloadOf(page, () =>
      panel.getByRole('button', { name: 'Download receipt' }).click(),
    );
    expect(receipt.name).toMatch(/^receipt-\d{4}-\d{6}\.pdf$/);
    const text = await pdfText(receipt.bytes);
    const today = clinicToday().split('-').reverse().join('/');
    expect(text).toMatch(new RegExp(`Patient\\s+Declan ${runName}`));
    expect(text).toMatch(/Fee\s+€180\s+Amount paid\s+€180\s+Amount refunded\s+€0/);
    expect(text).not.toContain('Balance due');
    expect(text).toMatch(new RegExp(`Paid in cash on\\s+${today}: €100`));
    expect(text).toMatch(new RegExp(`Paid by card at the\\s+clinic on\\s+${today}: €80`));
    expect(text).not.toContain('Payment reference');

    // A refund asks which payment: the latest at first; the cash one chosen, €20 of it goes back in cash.
    await page.getByRole('button', { name: 'Refund', exact: true }).click();
    // The whole of one payment at first; the title follows the amount (the one dialog open).
    await page.getByRole('dialog', { name: 'Give the payment back?' }).waitFor();
    const refund = page.getByRole('dialog');
    const from = refund.getByRole('group', { name: 'Give back from' });
    expect(await from.getByRole('radio').count()).toBe(2);
    expect(await from.getByRole('radio', { name: /€80 left of €80, Card terminal/ }).isChecked()).toBe(true);
    expect(await refund.getByLabel('Amount (€)').inputValue()).toBe('80');
    await from.getByRole('radio', { name: /€100 left of €100, Cash/ }).check();
    expect(await refund.getByLabel('Amount (€)').inputValue()).toBe('100');
    await refund.getByLabel('Amount (€)').fill('20');
    await refund
      .getByText(`Declan ${runName}: €20 of €100 paid is handed back in cash at the desk.`)
      .waitFor();
    expect(await axeViolations(page, 'refund from a payment 1280')).toEqual([]);
    await screenshot(page, 'admin-takings-refund-from-a-payment-1280');
    await refund.getByRole('button', { name: 'Refund €20' }).click();
    await notice(page, 'Refund has been successfully processed');
    await panel.getByText('Partly refunded').waitFor();
    await panel.getByText('€20 refunded').waitFor();

    await page.goto(`/admin?search=${runName}`);
    const list = page.getByRole('table', { name: /appointments$/ });
    await list
      .getByRole('row')
      .filter({ hasText: `Declan ${runName}` })
      .getByText('Partly refunded')
      .waitFor();
    await list
      .getByRole('row')
      .filter({ hasText: `Orla ${runName}` })
      .getByText('Partly refunded')
      .waitFor();
  });

  it('shows the takings as tiles, a chart and a table that add up what was recorded, and downloads Takings.csv', async () => {
    const after = await todaysTakings();
    expect(cents(after.totals.paid) - cents(before.totals.paid)).toBe(18_000 + 10_000 + 8000);
    expect(cents(after.totals.refunded) - cents(before.totals.refunded)).toBe(3000 + 2000);
    expect(after.totals.payments_count - before.totals.payments_count).toBe(3);
    expect(after.totals.refunds_count - before.totals.refunds_count).toBe(2);
    const byMethod = (method: 'cash' | 'card_terminal', kind: 'paid' | 'refunded') =>
      cents(after.totals.by_method[method][kind]) - cents(before.totals.by_method[method][kind]);
    expect(byMethod('cash', 'paid')).toBe(10_000);
    expect(byMethod('cash', 'refunded')).toBe(2000);
    expect(byMethod('card_terminal', 'paid')).toBe(8000);

    const scripts: string[] = [];
    const watched = await openAdminPage(browser, { viewport: viewports.desktop });
    pages.push(watched);
    const { page } = watched;
    page.on('response', (response) => {
      if (response.request().resourceType() === 'script') scripts.push(response.url());
    });
    await page.goto('/admin');
    await page.getByRole('link', { name: 'Takings', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: 'Takings' }).waitFor();

    // This month by default, drawn with uPlot (loaded for this page only), the canvas hidden from screen readers.
    const month = monthOf(clinicToday());
    expect(await page.getByLabel('From', { exact: true }).inputValue()).toBe(`${month}-01`);
    const plot = page.locator('.takings-chart__plot');
    await plot.locator('canvas').waitFor();
    expect(await plot.getAttribute('aria-hidden')).toBe('true');
    await page.getByRole('figure').getByText('The table below gives every figure.').waitFor();
    expect(scripts.some((url) => /\/uPlot[^/]*\.js$/.test(url))).toBe(true);

    const figure = (text: string) => {
      const [whole = '0', decimals = '00'] = text.replace(/^-/, '').split('.');
      return `${text.startsWith('-') ? '-' : ''}€${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${decimals}`;
    };
    const count = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`;
    // The month's totals, as the API answers them now (the tiles and the table's totals row say the same).
    const monthLast = new Date(Date.UTC(Number(month.slice(0, 4)), Number(month.slice(5, 7)), 0))
      .toISOString()
      .slice(0, 10);
    const apiDay = (isoDay: string) => isoDay.split('-').reverse().join('/');
    const shownMonth = (await (
      await fetch(`${baseUrl()}/api/admin/takings?from=${apiDay(`${month}-01`)}&to=${apiDay(monthLast)}`, {
        headers: auth,
      })
    ).json()) as TakingsResponse;
    const { totals } = shownMonth;
    // Each tile names what it is: paid with how many payments, refunded with how many refunds, and net.
    const tiles = page.locator('.takings-summary');
    const tile = (name: string) =>
      tiles.locator('div', { has: page.getByRole('term').filter({ hasText: name }) });
    expect(await tile('Paid').getByRole('definition').textContent()).toBe(
      `${figure(totals.paid)}${count(totals.payments_count, 'payment')}`,
    );
    expect(await tile('Refunded').getByRole('definition').textContent()).toBe(
      `${figure(totals.refunded)}${count(totals.refunds_count, 'refund')}`,
    );
    expect(await tile('Net').getByRole('definition').textContent()).toBe(
      `${figure(totals.net)}Paid less refunded`,
    );
    const methods = page.getByRole('table', { name: 'By method' });
    const cashRow = methods.getByRole('row').filter({ has: page.getByRole('rowheader', { name: 'Cash' }) });
    const cashNet = (cents(totals.by_method.cash.paid) - cents(totals.by_method.cash.refunded)) / 100;
    expect(await cashRow.getByRole('cell').allTextContents()).toEqual([
      figure(totals.by_method.cash.paid),
      figure(totals.by_method.cash.refunded),
      figure(cashNet.toFixed(2)),
    ]);

    // The table's day is the API's day; the totals row the API's totals, the same as the tiles.
    const today = clinicToday().split('-').reverse().join('/');
    const table = page.getByRole('table', { name: 'Takings day by day, in euro, with the totals' });
    expect(await table.getByRole('columnheader').allTextContents()).toEqual([
      'Day',
      'Paid',
      'Refunded',
      'Net',
      'Payments / refunds',
    ]);
    const todayRow = table.getByRole('row').filter({ has: page.getByRole('rowheader', { name: today }) });
    const day = after.days[0]!;
    expect(await todayRow.getByRole('cell').allTextContents()).toEqual([
      figure(day.paid),
      figure(day.refunded),
      figure(day.net),
      `${day.payments_count} / ${day.refunds_count}`,
    ]);
    const totalsRow = table.getByRole('row').filter({ has: page.getByRole('rowheader', { name: 'Total' }) });
    expect(await totalsRow.getByRole('cell').allTextContents()).toEqual([
      figure(totals.paid),
      figure(totals.refunded),
      figure(totals.net),
      `${totals.payments_count} / ${totals.refunds_count}`,
    ]);
    expect(await axeViolations(page, 'takings 1280')).toEqual([]);
    await screenshot(page, 'admin-takings-1280');

    const file = await downloadOf(page, () => page.getByRole('button', { name: 'Download CSV' }).click());
    expect(file.name).toBe(`Takings ${month}-01 to ${monthLast}.csv`);
    const lines = file.bytes
      .toString('utf8')
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\n');
    expect(lines[0]).toBe(takingsCsvColumns.join(','));
    const ours = lines.filter((line) => line.includes(runName));
    expect(ours).toEqual([
      expect.stringMatching(
        new RegExp(`^${today},\\d\\d:\\d\\d,payment,card,180\\.00,Orla ${runName},${paidId},pi_test_\\w+,$`),
      ),
      expect.stringMatching(
        new RegExp(
          `^${today},\\d\\d:\\d\\d,refund,card,30\\.00,Orla ${runName},${paidId},re_test_\\w+,Skin prick test not done$`,
        ),
      ),
      expect.stringMatching(
        new RegExp(`^${today},\\d\\d:\\d\\d,payment,cash,100\\.00,Declan ${runName},${deskId},,$`),
      ),
      expect.stringMatching(
        new RegExp(`^${today},\\d\\d:\\d\\d,payment,card_terminal,80\\.00,Declan ${runName},${deskId},,$`),
      ),
      expect.stringMatching(
        new RegExp(`^${today},\\d\\d:\\d\\d,refund,cash,20\\.00,Declan ${runName},${deskId},,$`),
      ),
    ]);

    await page.setViewportSize(viewports.phone);
    expect(await fitsWidth(page)).toBe(true);
    expect(await axeViolations(page, 'takings 360')).toEqual([]);
    await screenshot(page, 'admin-takings-360');
  });

  it('refuses a reversed range on the page, and keeps uPlot out of the back office’s first load', async () => {
    const scripts: string[] = [];
    const watched = await openAdminPage(browser, { viewport: viewports.desktop });
    pages.push(watched);
    const { page } = watched;
    page.on('response', (response) => {
      if (response.request().resourceType() === 'script') scripts.push(response.url());
    });
    await page.goto('/admin');
    await page.getByRole('heading', { level: 1, name: 'Booking appointments' }).waitFor();
    expect(scripts.filter((url) => /uPlot/i.test(url))).toEqual([]);
    for (const url of scripts) expect(await (await fetch(url)).text()).not.toContain('u-legend');

    await page.goto('/admin/takings?from=2031-03-10&to=2031-03-01');
    await page.getByRole('alert').getByText('The last day must not be before the first.').waitFor();
    expect(await page.getByLabel('To', { exact: true }).getAttribute('aria-invalid')).toBe('true');
    expect(await page.getByRole('button', { name: 'Download CSV' }).count()).toBe(0);
    await page.getByRole('button', { name: 'Last month' }).click();
    await page.locator('.takings-chart__plot canvas').waitFor();
  });
});
