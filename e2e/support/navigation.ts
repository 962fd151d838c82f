import type { Page } from '@playwright/test';

/**
 * Client-side navigation, the way the router reacts to back/forward: the document and every module
 * already loaded stay in place, so a test can observe one page across several remotes.
 */
export async function navigateInApp(page: Page, path: string) {
  await page.evaluate((target) => {
    window.history.pushState(null, '', target);
    window.dispatchEvent(new PopStateEvent('popstate', { state: null }));
  }, path);
}

/** Sets a marker on `window` that only a full page load would remove. */
export async function markDocument(page: Page) {
  await page.evaluate(() => Object.assign(window, { __e2eSameDocument: true }));
}

export function isSameDocument(page: Page) {
  return page.evaluate(() => (window as { __e2eSameDocument?: boolean }).__e2eSameDocument === true);
}
