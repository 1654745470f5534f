import { resolve } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  fitsWidth,
  isEditorChunk,
  launchBrowser,
  openAdminPage,
  openPage,
  pageWidth,
  screenshot,
  viewports,
} from './browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

const contentEditor = (page: Page) => page.getByRole('textbox', { name: 'Content' });

describe('admin lists', () => {
  it('show an article under the date the public blog shows it, and every Add button beside the search', async () => {
    const { page, errors } = await openPage(browser, { viewport: viewports.desktop });
    await page.goto('/blog');
    const card = page.locator('.blog-card').first();
    const publicTitle = (await card.getByRole('heading').textContent())?.trim() ?? '';
    const publicDate = (await card.locator('time').textContent())?.trim() ?? '';
    expect(publicDate).toMatch(/^\d{2} \w+ \d{4}$/);
    await page.context().close();

    const admin = await openAdminPage(browser, { viewport: viewports.desktop });
    await admin.page.goto('/admin/blog');
    await admin.page.getByLabel('Search by title').fill(publicTitle.slice(0, 40));
    const row = admin.page.getByRole('row').filter({ hasText: publicTitle });
    await row.getByText(`Published ${publicDate}`).waitFor();

    for (const [path, add] of [
      ['/admin/blog', 'Add article'],
      ['/admin/team', 'Add team member'],
      ['/admin/faq', 'Add FAQ'],
      ['/admin/fees', 'Add category'],
    ] as const) {
      await admin.page.goto(path);
      await admin.page.locator('.data-table__toolbar').getByRole('link', { name: add }).waitFor();
      expect(await admin.page.locator('.admin-page__header').getByRole('link', { name: add }).count()).toBe(
        0,
      );
    }
    expect([...errors, ...admin.errors]).toEqual([]);
  });
});

describe('admin blog', () => {
  it('creates an article with a cover image, edits its title and deletes it; the public blog follows', async () => {
    const title = `Pollen diary ${Date.now()}`;
    const { page, errors, requests, context } = await openAdminPage(browser, { viewport: viewports.desktop });

    // The list: no editor code yet.
    await page.goto('/admin/blog');
    await page.getByRole('heading', { level: 1, name: 'Blog' }).waitFor();
    await page.getByRole('table', { name: 'Articles' }).getByRole('row').nth(1).waitFor();
    await screenshot(page, 'admin-blog-1280');
    expect(requests.filter(isEditorChunk)).toEqual([]);

    await page.getByRole('link', { name: 'Add article' }).click();
    await page.waitForURL('**/admin/article/create');
    await page.getByRole('heading', { level: 1, name: 'Add article' }).waitFor();
    await contentEditor(page).waitFor();
    expect(requests.some(isEditorChunk)).toBe(true);

    // Both required messages first, the focus on the first invalid field.
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText('Title is required', { exact: true }).waitFor();
    await page.getByText('Content is required', { exact: true }).waitFor();
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.id))
      .toBe(await page.getByLabel('Title').getAttribute('id'));
    await screenshot(page, 'admin-article-form-errors-1280');

    await page.getByLabel('Title').fill(title);
    await contentEditor(page).click();
    await page.keyboard.type('Grass pollen peaks in June. Keep windows closed in the morning.');
    await page.getByLabel('Cover image', { exact: true }).setInputFiles(resolve('testdata/photo.jpg'));
    await page.getByText('photo.jpg', { exact: true }).waitFor();
    await page.getByLabel('Cover image description').fill('Grass in flower on a June morning.');
    await page.getByLabel('Video URL').fill('not a link');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText(/Enter a web address starting with https:\/\//).waitFor();
    expect(await page.getByText('Title is required', { exact: true }).count()).toBe(0);
    expect(await page.getByText('Content is required', { exact: true }).count()).toBe(0);
    await page.getByLabel('Video URL').fill('');
    await screenshot(page, 'admin-article-form-1280');

    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText('Article was successfully created').waitFor();
    await page.waitForURL('**/admin/blog');
    await page.getByRole('rowheader', { name: title }).waitFor();

    // The public blog shows it, with the cover's variants in srcset.
    const visitor = await openPage(browser, { viewport: viewports.desktop });
    await visitor.page.goto('/blog');
    const card = visitor.page.locator('.blog-card', { hasText: title });
    await card.waitFor();
    const cardImage = card.locator('img.blog-card__image');
    expect(await cardImage.getAttribute('srcset')).toMatch(
      /^\/uploads\/[0-9a-f-]+\/w400 400w, \/uploads\/[0-9a-f-]+\/w800 800w$/,
    );
    expect(await cardImage.getAttribute('sizes')).toBeTruthy();
    expect(await cardImage.getAttribute('alt')).toBe('Grass in flower on a June morning.');
    await card.getByRole('link', { name: title }).click();
    await visitor.page.waitForURL(/\/article\/pollen-diary-\d+$/);
    await visitor.page.getByRole('heading', { level: 1, name: title }).waitFor();
    const slug = new URL(visitor.page.url()).pathname.split('/').at(-1) ?? '';
    const articleImage = visitor.page.locator('img.article__image');
    expect(await articleImage.getAttribute('srcset')).toContain('/w800 800w');
    await expect
      .poll(() =>
        articleImage.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0),
      )
      .toBe(true);
    expect(await articleImage.evaluate((image: HTMLImageElement) => image.currentSrc)).toMatch(
      /\/w(400|800)$/,
    );
    await visitor.page.getByText('Grass pollen peaks in June.').waitFor();
    // The public pages never download the editor.
    expect(visitor.requests.filter(isEditorChunk)).toEqual([]);

    // Edit the title: the address stays.
    await page.getByLabel('Search by title').fill(title);
    await page.getByRole('link', { name: `Edit ${title}` }).click();
    await page.waitForURL(/\/admin\/article\/\d+$/);
    await page.getByRole('heading', { level: 1, name: 'Edit article' }).waitFor();
    expect(await page.getByLabel('Title').inputValue()).toBe(title);
    await page.getByRole('link', { name: /^photo\.jpg/ }).waitFor();
    const editedTitle = `${title} (edited)`;
    await page.getByLabel('Title').fill(editedTitle);
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.getByText('Article was successfully updated').waitFor();
    await page.waitForURL('**/admin/blog**');
    await page.getByRole('rowheader', { name: editedTitle }).waitFor();

    await visitor.page.goto(`/article/${slug}`);
    await visitor.page.getByRole('heading', { level: 1, name: editedTitle }).waitFor();

    // Delete it, after the confirmation.
    await page.getByRole('button', { name: `Delete ${editedTitle}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete this article?' });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await page.getByText('You have successfully deleted the article').waitFor();
    await page.getByRole('rowheader', { name: editedTitle }).waitFor({ state: 'detached' });

    await visitor.page.goto('/blog');
    await visitor.page.locator('.blog-card').first().waitFor();
    expect(await visitor.page.locator('.blog-card', { hasText: title }).count()).toBe(0);
    expect(visitor.errors).toEqual([]);
    // Its address is gone too (the browser logs that 404 as a console error).
    expect((await visitor.page.goto(`/article/${slug}`))?.status()).toBe(404);
    expect(errors).toEqual([]);
    await visitor.context.close();
    await context.close();
  });

  it('shows a server refusal of a file on its field', async () => {
    const { page, context } = await openAdminPage(browser, { viewport: viewports.desktop });
    await page.goto('/admin/article/create');
    await contentEditor(page).waitFor();
    await page.getByLabel('Title').fill(`Refused file ${Date.now()}`);
    await contentEditor(page).click();
    await page.keyboard.type('Body text.');
    // Named .pdf, but a program: the name passes in the browser, the server reads the bytes.
    await page
      .getByLabel('PDF attachment', { exact: true })
      .setInputFiles(resolve('testdata/program-named.pdf'));
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText('Choose a .pdf file.').waitFor();
    expect(page.url()).toMatch(/\/admin\/article\/create$/);
    await context.close();
  });

  it('sends /admin/article/edit without an id to the list, and says when an article does not exist', async () => {
    const { page, context } = await openAdminPage(browser, { viewport: viewports.desktop });
    await page.goto('/admin/article/edit');
    await page.waitForURL('**/admin/blog');
    await page.goto('/admin/article/99999999');
    await page.getByRole('heading', { level: 1, name: 'Article not found' }).waitFor();
    await context.close();
  });

  it('is usable at 360 px: no sideways scrolling on the list or the form', async () => {
    const { page, errors, context } = await openAdminPage(browser, { viewport: viewports.phone });
    await page.goto('/admin/blog');
    await page.getByRole('table', { name: 'Articles' }).getByRole('row').nth(1).waitFor();
    expect(await fitsWidth(page)).toBe(true);
    await screenshot(page, 'admin-blog-360');

    await page.getByRole('link', { name: 'Add article' }).click();
    await contentEditor(page).waitFor();
    await page.getByLabel('Cover image', { exact: true }).setInputFiles({
      name: 'a-very-long-cover-image-file-name-from-the-camera-2026.jpg',
      mimeType: 'image/jpeg',
      buffer: Buffer.from('not checked in the browser'),
    });
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText('Title is required', { exact: true }).waitFor();
    expect(await fitsWidth(page)).toBe(true);
    expect(await pageWidth(page)).toBeLessThanOrEqual(360);
    await screenshot(page, 'admin-article-form-360');
    expect(errors).toEqual([]);
    await context.close();
  });
});
