import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  isEditorChunk,
  launchBrowser,
  openAdminPage,
  openPage,
  pageWidth,
  screenshot,
  searchList,
  submit,
  viewports,
  waitForHydration,
} from './browser';

const REQUIRED = 'This field is required, please fill in.';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

const answerEditor = (page: Page) => page.getByRole('textbox', { name: 'Answer' });

/** Opens a question on the public FAQ page and answers its answer panel. */
async function openPublicAnswer(page: Page, title: string) {
  await page.goto('/faq');
  await waitForHydration(page);
  const toggle = page.getByRole('button', { name: title });
  await toggle.click();
  return page.locator(`#${await toggle.getAttribute('aria-controls')}`);
}

describe('admin FAQ', () => {
  it('creates an FAQ with an HTML answer typed in the editor, edits and deletes it; the public FAQ page follows', async () => {
    const title = `Should I bring my medicines ${Date.now()}?`;
    const { page, errors, requests, context } = await openAdminPage(browser, { viewport: viewports.desktop });

    await page.goto('/admin/faq');
    await page.getByRole('heading', { level: 1, name: 'FAQ' }).waitFor();
    const table = page.getByRole('table', { name: 'Frequently asked questions' });
    await table.getByRole('row').nth(1).waitFor();
    expect(await table.getByRole('columnheader').allTextContents()).toEqual(['Title', 'Answer', 'Actions']);
    // The Answer column: at most 50 characters, then an ellipsis.
    const answers = await table.locator('td.faq-admin__answer').allTextContents();
    expect(answers.length).toBeGreaterThan(0);
    for (const answer of answers) {
      expect(answer.length).toBeLessThanOrEqual(51);
      expect(answer).not.toMatch(/[<>]/);
    }
    expect(answers.some((answer) => answer.endsWith('…'))).toBe(true);
    await screenshot(page, 'admin-faq-1280');

    await page.getByRole('link', { name: 'Add FAQ' }).first().click();
    await page.waitForURL('**/admin/faq/add');
    await page.getByRole('heading', { level: 1, name: 'Add FAQ' }).waitFor();
    // A plain answer needs no editor: TipTap is not downloaded.
    await page.getByRole('textbox', { name: 'Answer' }).waitFor();
    expect(requests.filter(isEditorChunk)).toEqual([]);

    await submit(page, 'Add FAQ');
    await expect.poll(() => page.getByText(REQUIRED, { exact: true }).count()).toBe(2);
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.id))
      .toBe(await page.getByLabel('Title').getAttribute('id'));

    // Plain text typed first is kept when switching to HTML.
    await page.getByLabel('Title').fill(title);
    await page.getByRole('textbox', { name: 'Answer' }).fill('Yes, please.');
    await page.getByLabel('Answer is HTML').check();
    await expect.poll(() => requests.some(isEditorChunk)).toBe(true);
    await answerEditor(page).waitFor();
    await expect.poll(() => answerEditor(page).textContent()).toBe('Yes, please.');

    // An HTML answer with no text counts as empty.
    await answerEditor(page).click();
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.press('Delete');
    await expect.poll(() => answerEditor(page).textContent()).toBe('');
    await submit(page, 'Add FAQ');
    await page.getByText(REQUIRED, { exact: true }).waitFor();
    expect(await page.getByText(REQUIRED, { exact: true }).count()).toBe(1);

    await answerEditor(page).click();
    await page.keyboard.type('Bring ');
    await page.keyboard.press('ControlOrMeta+b');
    await page.keyboard.type('a list of your medicines');
    await page.keyboard.press('ControlOrMeta+b');
    await page.keyboard.type(' to the appointment.');
    await expect
      .poll(() => answerEditor(page).innerHTML())
      .toBe('<p>Bring <strong>a list of your medicines</strong> to the appointment.</p>');
    await screenshot(page, 'admin-faq-form-1280');
    await submit(page, 'Add FAQ');
    await page.getByText('FAQ was successfully created').waitFor();
    await page.waitForURL('**/admin/faq');
    await searchList(page, 'Search by title', title);
    await table.getByRole('rowheader', { name: title }).waitFor();
    await table
      .getByRole('cell', { name: 'Bring a list of your medicines to the appointment.', exact: true })
      .waitFor();

    // The public FAQ page shows it, bold text included, last in the list.
    const visitor = await openPage(browser, { viewport: viewports.desktop });
    let panel = await openPublicAnswer(visitor.page, title);
    await panel.getByText('a list of your medicines', { exact: true }).waitFor();
    expect(await panel.locator('strong').textContent()).toBe('a list of your medicines');
    expect(await visitor.page.locator('.faq-item__title').last().textContent()).toBe(title);

    // Edit: the cleared title shows its message; switching to plain text and back keeps the words.
    await table.getByRole('link', { name: `Edit ${title}` }).click();
    await page.waitForURL('**/admin/faq/edit/*');
    await page.getByRole('heading', { level: 1, name: 'Edit FAQ' }).waitFor();
    expect(await page.getByLabel('Answer is HTML').isChecked()).toBe(true);
    await expect
      .poll(() => answerEditor(page).textContent())
      .toBe('Bring a list of your medicines to the appointment.');
    await page.getByLabel('Title').fill('');
    await submit(page, 'Save changes');
    await page.getByText(REQUIRED, { exact: true }).waitFor();
    const newTitle = `${title} (updated)`;
    await page.getByLabel('Title').fill(newTitle);
    await page.getByLabel('Answer is HTML').uncheck();
    await expect
      .poll(() => page.getByRole('textbox', { name: 'Answer' }).inputValue())
      .toBe('Bring a list of your medicines to the appointment.');
    await page.getByLabel('Answer is HTML').check();
    await expect
      .poll(() => answerEditor(page).textContent())
      .toBe('Bring a list of your medicines to the appointment.');
    // The editor is made anew when HTML is switched back on: before typing, the caret must be at the end of
    // the text both on screen and in the editor's own state (ProseMirror reads a caret move from the browser's
    // 'selectionchange' event, which can come after the next key on a busy machine: Enter then split at the start).
    await answerEditor(page).click();
    await expect
      .poll(async () => {
        await page.keyboard.press('ControlOrMeta+End');
        return page.evaluate(() => {
          type EditorState = {
            selection: { empty: boolean; from: number };
            doc: { content: { size: number }; textBetween: (from: number, to: number) => string };
          };
          const dom = document.querySelector<
            HTMLElement & { editor?: { isFocused: boolean; state: EditorState } }
          >('.ProseMirror');
          const editor = dom?.editor;
          const domSelection = window.getSelection();
          const node = domSelection?.anchorNode;
          const text = node?.textContent ?? '';
          const onScreenAtEnd =
            node?.nodeType === Node.TEXT_NODE
              ? domSelection?.anchorOffset === text.length && text.endsWith('appointment.')
              : false;
          if (!editor?.isFocused || !onScreenAtEnd) return false;
          const { selection, doc } = editor.state;
          return selection.empty && doc.textBetween(selection.from, doc.content.size) === '';
        });
      })
      .toBe(true);
    await page.keyboard.press('Enter');
    await page.keyboard.type('Your inhalers too.');
    await expect
      .poll(() => answerEditor(page).innerHTML())
      .toContain('to the appointment.</p><p>Your inhalers too.</p>');
    await submit(page, 'Save changes');
    await page.getByText('FAQ was successfully updated').waitFor();
    await page.waitForURL('**/admin/faq');

    panel = await openPublicAnswer(visitor.page, newTitle);
    await panel.getByText('Your inhalers too.', { exact: true }).waitFor();
    expect(await panel.locator('p').count()).toBe(2);

    // Delete, with the confirmation.
    await searchList(page, 'Search by title', newTitle);
    await table.getByRole('button', { name: `Delete ${newTitle}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete this FAQ?' });
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain(newTitle);
    await dialog.getByRole('button', { name: 'Delete', exact: true }).click();
    await page.getByText('You have successfully deleted the FAQ').waitFor();
    await table.getByRole('rowheader', { name: newTitle }).waitFor({ state: 'detached' });

    await visitor.page.goto('/faq');
    await visitor.page.getByRole('heading', { level: 1, name: 'FAQs' }).waitFor();
    expect(await visitor.page.getByRole('button', { name: newTitle }).count()).toBe(0);

    expect(errors).toEqual([]);
    expect(visitor.errors).toEqual([]);
    await visitor.context.close();
    await context.close();
  });

  it('lays out the list and the form at 360 px without sideways scrolling', async () => {
    const { page, context } = await openAdminPage(browser, { viewport: viewports.phone });
    await page.goto('/admin/faq');
    await page.getByRole('table', { name: 'Frequently asked questions' }).getByRole('row').nth(1).waitFor();
    expect(await pageWidth(page)).toBeLessThanOrEqual(360);
    await screenshot(page, 'admin-faq-360');

    await page.goto('/admin/faq/add');
    await page.getByRole('heading', { level: 1, name: 'Add FAQ' }).waitFor();
    await page.getByLabel('Answer is HTML').check();
    await answerEditor(page).waitFor();
    await submit(page, 'Add FAQ');
    await expect.poll(() => page.getByText(REQUIRED, { exact: true }).count()).toBe(2);
    expect(await pageWidth(page)).toBeLessThanOrEqual(360);
    await screenshot(page, 'admin-faq-form-360');
    await context.close();
  });

  it('says so for an FAQ that does not exist', async () => {
    const { page, context } = await openAdminPage(browser);
    await page.goto('/admin/faq/edit/999999');
    await page.getByText('This FAQ does not exist. It may have been deleted.').waitFor();
    await context.close();
  });
});
