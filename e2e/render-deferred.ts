import type { Page } from 'playwright-core';

/**
 * Draws the parts the browser lays out only near the screen (content-visibility: auto: the footer, the home
 * page's lower sections) for a check or a full-page screenshot, which would otherwise find them blank;
 * answers a function that leaves them to the browser again.
 */
export async function renderDeferred(page: Page): Promise<() => Promise<void>> {
  const deferred = await page.evaluateHandle(() => {
    const elements = [...document.querySelectorAll<HTMLElement>('body *')].filter(
      (element) => getComputedStyle(element).contentVisibility === 'auto',
    );
    for (const element of elements) element.style.contentVisibility = 'visible';
    return elements;
  });
  return async () => {
    await deferred.evaluate((elements) => {
      for (const element of elements) element.style.contentVisibility = '';
    });
    await deferred.dispose();
  };
}
