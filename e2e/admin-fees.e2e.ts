import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { feeTexts } from '../src/shared/fees';
import { texts } from '../src/shared/validation-texts';
import {
  fitsWidth,
  launchBrowser,
  openAdminPage,
  openPage,
  screenshot,
  viewportSweep,
  viewports,
} from './browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

const isFocused = (locator: Locator) => locator.evaluate((element) => element === document.activeElement);

const notice = (page: Page, text: string) => page.getByText(text, { exact: true }).first().waitFor();

const priceField = (page: Page, line: number, field: 'Description' | 'Amount in euro') =>
  page.getByLabel(`Price ${line} ${field}`, { exact: true });

/** The public fees: the /fees page and the home page's fees section. */
async function publicFees(page: Page, path: '/fees' | '/'): Promise<string> {
  await page.goto(path);
  const section = page.getByRole('region', { name: 'Fees', exact: true });
  await section.waitFor();
  return section.innerText();
}

describe('admin fees', () => {
  it('creates a category and a service with price lines, edits and removes lines, deletes both; the public fees follow', async () => {
    const stamp = Date.now();
    const category = `E2E fees ${stamp}`;
    const renamed = `E2E fee category ${stamp}`;
    const service = `E2E allergy review ${stamp}`;
    const extra = `E2E free advice ${stamp}`;
    const { page, errors, context } = await openAdminPage(browser, { viewport: viewports.desktop });
    const visitor = await openPage(browser, { viewport: viewports.desktop });

    // Add a category: the required message first.
    await page.goto('/admin/fees');
    await page.getByRole('heading', { level: 1, name: 'Fee categories' }).waitFor();
    await page.getByRole('table', { name: 'Fee categories' }).getByRole('row').nth(1).waitFor();
    await page.getByRole('link', { name: 'Add category' }).click();
    await page.waitForURL('**/admin/fees/add');
    await page.getByRole('button', { name: 'Create category' }).click();
    await page.getByText(texts.required, { exact: true }).waitFor();
    await expect.poll(() => isFocused(page.getByLabel('Title'))).toBe(true);
    await page.getByLabel('Title').fill(category);
    await page.getByRole('button', { name: 'Create category' }).click();
    await notice(page, texts.notices.categoryCreated);
    await page.waitForURL(/\/admin\/fees$/);

    // Find it by searching, and open its services.
    await page.getByLabel('Search fee categories').fill(category);
    await page.waitForURL(/search=/);
    const categoryLink = page.getByRole('link', { name: category, exact: true });
    await categoryLink.click();
    await page.waitForURL(/\/admin\/fees\/\d+\/services$/);
    const categoryId = /\/admin\/fees\/(\d+)\/services/.exec(page.url())?.[1];
    await page.getByRole('heading', { level: 1, name: category }).waitFor();
    await page.getByText('No services in this category yet.').waitFor();

    // Add a service: required messages for the title and the first price line, then a bad amount.
    await page.getByRole('link', { name: 'Add service' }).click();
    await page.waitForURL(`**/admin/fees/${categoryId}/services/add`);
    await page.getByRole('heading', { level: 1, name: 'Add fee service' }).waitFor();
    await page.getByRole('button', { name: 'Create service' }).click();
    await expect.poll(() => page.getByText(texts.required, { exact: true }).count()).toBe(3);
    await page.getByLabel('Title').fill(service);
    await priceField(page, 1, 'Description').fill('New patient');
    await priceField(page, 1, 'Amount in euro').fill('180.505');
    expect(await priceField(page, 1, 'Amount in euro').getAttribute('inputmode')).toBe('decimal');

    // A second line from the keyboard: the focus goes to its description.
    await page.getByRole('button', { name: 'Add price line' }).focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => isFocused(priceField(page, 2, 'Description'))).toBe(true);
    await page.keyboard.type('Review');
    await priceField(page, 2, 'Amount in euro').fill('85.5');
    await page.getByRole('button', { name: 'Create service' }).click();
    await page.getByText(feeTexts.amountInvalid, { exact: true }).waitFor();
    await priceField(page, 1, 'Amount in euro').fill('180');
    await page.getByRole('button', { name: 'Create service' }).click();
    await notice(page, texts.notices.serviceCreated);
    await page.waitForURL(new RegExp(`/admin/fees/${categoryId}/services$`));
    const services = page.getByRole('table', { name: 'Fee services' });
    const row = services.getByRole('row').filter({ hasText: service });
    await row.getByText('€85.50').waitFor();
    expect(await row.innerText()).toContain('€180');

    // The public fees list it with both prices.
    const fees = await publicFees(visitor.page, '/fees');
    expect(fees).toContain(category);
    expect(fees).toContain(service);
    expect(fees).toMatch(/New patient\s*€180/);
    expect(fees).toMatch(/Review\s*€85\.50/);

    // Edit: change the first line, remove the second (the focus goes back to the first line).
    await row.getByRole('link', { name: `Edit ${service}` }).click();
    await page.waitForURL(/\/services\/\d+$/);
    await page.getByRole('heading', { level: 1, name: 'Edit fee service' }).waitFor();
    await expect.poll(() => priceField(page, 2, 'Description').inputValue()).toBe('Review');
    await priceField(page, 1, 'Description').fill('New patient consultation');
    await priceField(page, 1, 'Amount in euro').fill('195.50');
    await page.getByRole('button', { name: 'Remove price 2' }).click();
    await expect.poll(() => priceField(page, 2, 'Description').count()).toBe(0);
    await expect.poll(() => isFocused(priceField(page, 1, 'Description'))).toBe(true);
    await page.getByRole('button', { name: 'Save changes' }).click();
    await notice(page, texts.notices.serviceUpdated);
    await page.waitForURL(new RegExp(`/admin/fees/${categoryId}/services$`));
    await row.getByText('€195.50').waitFor();
    expect(await row.innerText()).not.toContain('Review');

    // The home page's fees section shows the change.
    const home = await publicFees(visitor.page, '/');
    expect(home).toMatch(/New patient consultation\s*€195\.50/);
    expect(home).not.toContain('€85.50');
    expect(home).toContain(service);

    // A second service without price lines (allowed: it is listed without a price).
    await page.getByRole('link', { name: 'Add service' }).click();
    await page.getByLabel('Title').fill(extra);
    await page.getByRole('button', { name: 'Remove price 1' }).click();
    await expect.poll(() => isFocused(page.getByRole('button', { name: 'Add price line' }))).toBe(true);
    await page.getByText('No price lines.').waitFor();
    await page.getByRole('button', { name: 'Create service' }).click();
    await notice(page, texts.notices.serviceCreated);
    await services.getByRole('row').filter({ hasText: extra }).getByText('No prices').waitFor();

    // Delete the first service, with its confirmation.
    await row.getByRole('button', { name: `Delete ${service}` }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('The service and its prices will be removed from the website.').waitFor();
    await dialog.getByRole('button', { name: 'Delete', exact: true }).click();
    await notice(page, texts.notices.serviceDeleted);
    await expect.poll(() => row.count()).toBe(0);

    // Rename the category, meeting the required message on the way.
    await page.getByRole('link', { name: `Edit category ${category}` }).click();
    await page.waitForURL(`**/admin/fees/${categoryId}`);
    await expect.poll(() => page.getByLabel('Title').inputValue()).toBe(category);
    await page.getByLabel('Title').fill('   ');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.getByText(texts.required, { exact: true }).waitFor();
    await page.getByLabel('Title').fill(renamed);
    await page.getByRole('button', { name: 'Save changes' }).click();
    await notice(page, texts.notices.categoryUpdated);
    await page.waitForURL(/\/admin\/fees$/);
    expect(await publicFees(visitor.page, '/fees')).toContain(renamed);

    // Delete the category: the dialog says its service goes too.
    await page.getByLabel('Search fee categories').fill(renamed);
    // The category's own row: once it is gone, the empty state's row still names the search.
    const categoryRow = page
      .getByRole('table', { name: 'Fee categories' })
      .getByRole('row')
      .filter({ has: page.getByRole('button', { name: `Delete ${renamed}` }) });
    await categoryRow.getByText('1 service').waitFor();
    await categoryRow.getByRole('button', { name: `Delete ${renamed}` }).click();
    await dialog.getByText(/its 1 service, with all their prices, will be removed/).waitFor();
    await dialog.getByRole('button', { name: 'Delete', exact: true }).click();
    await notice(page, texts.notices.categoryDeleted);
    await expect.poll(() => categoryRow.count()).toBe(0);

    const after = await publicFees(visitor.page, '/fees');
    expect(after).not.toContain(renamed);
    expect(after).not.toContain(extra);

    expect(errors).toEqual([]);
    expect(visitor.errors).toEqual([]);
    await visitor.context.close();
    await context.close();
  });

  it('lays the four screens out at 360 px without sideways scrolling, and at 1280 px', async () => {
    const stamp = Date.now();
    const { page, errors, context } = await openAdminPage(browser, { viewport: viewports.phone });
    // A category with a long-described service, made through the API with the page's own token.
    await page.goto('/admin/fees');
    const headers = {
      authorization: `Bearer ${await page.evaluate(() => localStorage.getItem('auth_token'))}`,
    };
    const created = await page.request.post('/api/admin/fee_categories', {
      headers,
      data: { title: `E2E layout ${stamp} with a rather long category title` },
    });
    const categoryId = (await created.json()).fee_category.id as number;
    const serviceAnswer = await page.request.post('/api/admin/services', {
      headers,
      data: {
        service: {
          title: 'Supervised oral food challenge with a long title to wrap',
          fee_category_id: categoryId,
          prices_attributes: [
            {
              description: 'Half-day supervised challenge in the day ward, with the consultant review',
              amount: '450',
            },
            { description: 'Review', amount: '150.50' },
          ],
        },
      },
    });
    const serviceId = (await serviceAnswer.json()).service.id as number;

    const screens: [string, string, string][] = [
      ['/admin/fees', 'Fee categories', 'admin-fees'],
      [`/admin/fees/${categoryId}`, 'Edit fee category', 'admin-fee-category-form'],
      [
        `/admin/fees/${categoryId}/services`,
        `E2E layout ${stamp} with a rather long category title`,
        'admin-fee-services',
      ],
      [`/admin/fees/${categoryId}/services/${serviceId}`, 'Edit fee service', 'admin-fee-service-form'],
    ];
    for (const viewport of viewportSweep) {
      await page.setViewportSize(viewport);
      for (const [path, heading, name] of screens) {
        await page.goto(path);
        await page.getByRole('heading', { level: 1, name: heading }).waitFor();
        if (name.includes('form'))
          await expect.poll(() => page.getByLabel('Title').inputValue()).not.toBe('');
        if (path.endsWith(`/${serviceId}`))
          await expect.poll(() => priceField(page, 2, 'Description').count()).toBe(1);
        if (!name.includes('form')) await page.getByRole('table').getByRole('row').nth(1).waitFor();
        expect({ path, width: viewport.width, fits: await fitsWidth(page) }).toEqual({
          path,
          width: viewport.width,
          fits: true,
        });
        await screenshot(page, `${name}-${viewport.width}`);
      }
    }

    // The required messages of the service form at 360 px still fit.
    await page.setViewportSize(viewports.phone);
    await page.goto(`/admin/fees/${categoryId}/services/add`);
    await page.getByRole('button', { name: 'Create service' }).click();
    await expect.poll(() => page.getByText(texts.required, { exact: true }).count()).toBe(3);
    expect(await fitsWidth(page)).toBe(true);
    await screenshot(page, 'admin-fee-service-form-errors-360');

    await page.request.delete(`/api/admin/fee_categories/${categoryId}`, { headers });
    expect(errors).toEqual([]);
    await context.close();
  });
});
