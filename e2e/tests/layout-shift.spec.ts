// No layout shift (issue: fast pages on a phone): search and a listing load through every stage a
// slow phone sees (the shell's placeholder while the remote's code loads, the page's skeleton while
// its data loads, then the content and its photos) and nothing on screen moves. Each stage is held
// until the one before it has been painted, so the test does not depend on the machine's speed.
import type { Page } from '@playwright/test';
import { Mailbox } from '../../scripts/lib/smtp-catcher.mjs';
import { signUpViaApi, uniqueEmail } from '../../scripts/lib/session.mjs';
import { ListingPage } from '../pages/listing-page';
import { SearchPage } from '../pages/search-page';
import { expectAccessible } from '../support/a11y';
import { expect, test } from '../support/fixtures';
import { createListingViaApi, type ApiListing } from '../support/listings';
import { createTestImages } from '../support/test-images';

// One worker for the file: its tests share what beforeAll lists, which each worker would list again.
test.describe.configure({ mode: 'default' });

// The goals for cumulative layout shift (Lighthouse's mobile and desktop presets).
const VIEWPORTS = [
  { name: 'phone', size: { width: 360, height: 740 }, goal: 0.05 },
  { name: 'desktop', size: { width: 1280, height: 800 }, goal: 0.02 },
];

const WAGON = { make: 'Volvo', model: 'V70', bodyType: 'wagon' };

let listing: ApiListing;

test.beforeAll(async ({ playwright }) => {
  const baseURL = process.env.E2E_BASE_URL!;
  const request = await playwright.request.newContext({ baseURL });
  const mailbox = new Mailbox(process.env.E2E_MAIL_DIR!);
  const seller = await signUpViaApi({ baseURL, mailbox, email: uniqueEmail('shift-seller') });
  const photos = await createTestImages(4);
  // Enough cars that the results fill a phone's screen whatever else the suite has listed; wagons of
  // a model no other spec lists, so they never crowd another spec's similar cars.
  listing = await createListingViaApi(request, seller, photos, { vehicle: WAGON });
  for (const year of [2009, 2011]) {
    await createListingViaApi(request, seller, photos, { vehicle: { ...WAGON, year } });
  }
  await request.dispose();
});

/**
 * Holds the requests matching `url` until the returned function is called: the page stays in the
 * stage before them, and the test opens the next stage once it has seen this one on screen.
 */
async function holdRequests(page: Page, url: RegExp) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(url, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

/** Records every layout shift from the first paint on (shifts right after input do not count). */
async function recordLayoutShifts(page: Page) {
  await page.addInitScript(() => {
    const shifts: { value: number; sources: string[] }[] = [];
    Object.assign(window, { layoutShifts: shifts });
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & {
        value: number;
        hadRecentInput: boolean;
        sources: { node?: Node; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }[];
      })[]) {
        if (entry.hadRecentInput) continue;
        const sources = entry.sources.map(({ node, previousRect: from, currentRect: to }) => {
          const name = node instanceof Element ? node.outerHTML.slice(0, 80) : (node?.nodeName ?? '?');
          return `${name} moved from y=${from.y} (h=${from.height}) to y=${to.y} (h=${to.height})`;
        });
        shifts.push({ value: entry.value, sources });
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

/** Opens `path` through the site's router, as a link would, but without input (see recordLayoutShifts). */
const openInApp = (page: Page, path: string) =>
  page.evaluate((to) => {
    history.pushState(null, '', to);
    dispatchEvent(new PopStateEvent('popstate'));
  }, path);

/** Two animation frames: whatever is on screen now has been laid out and painted. */
const painted = (page: Page) =>
  page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));

/** Waits until every photo in the viewport has loaded (a photo without a sized box would shift). */
async function photosInViewLoaded(page: Page) {
  await page.waitForFunction(() =>
    [...document.images]
      .filter((image) => {
        const box = image.getBoundingClientRect();
        return box.bottom > 0 && box.top < window.innerHeight && box.width > 0;
      })
      .every((image) => image.complete),
  );
  await painted(page);
}

/** The sum of every shift so far (at least the page's CLS, which takes the worst window of them). */
async function expectLayoutShiftWithin(page: Page, goal: number) {
  const shifts = await page.evaluate(
    () => (window as unknown as { layoutShifts: { value: number; sources: string[] }[] }).layoutShifts,
  );
  const total = shifts.reduce((sum, shift) => sum + shift.value, 0);
  const report = shifts.map((shift) => `${shift.value.toFixed(4)}: ${shift.sources.join('; ')}`).join('\n');
  expect(total, `layout shifts on ${page.url()}:\n${report}`).toBeLessThanOrEqual(goal);
}

for (const { name, size, goal } of VIEWPORTS) {
  test.describe(`on a ${name} (${size.width}×${size.height})`, () => {
    test.use({ viewport: size });

    test(`search rendered by the server loads without layout shift (≤ ${goal})`, async ({ page }) => {
      // Two axe runs over 24 cards: on a loaded machine one took 30 s.
      test.slow();
      const search = new SearchPage(page);
      await recordLayoutShifts(page);
      const releaseRemote = await holdRequests(page, /\/remoteEntry\.js$/);
      await page.goto('/search', { waitUntil: 'domcontentloaded' });

      // The server's page is on screen before the remote's code runs, then hydrated in place.
      await expect(search.resultsCount).toHaveText(/^\d+ Cars Found$/);
      await expect(search.cards.first()).toBeVisible();
      await photosInViewLoaded(page);
      await expectAccessible(page);
      releaseRemote();
      await expect(search.sort).toBeEnabled();
      await photosInViewLoaded(page);

      await expectLayoutShiftWithin(page, goal);
      await expectAccessible(page);
    });

    test(`search opened from another page loads without layout shift (≤ ${goal})`, async ({ page }) => {
      // Three pages and two axe runs: on a loaded machine one axe run took 30 s.
      test.slow();
      const search = new SearchPage(page);
      await recordLayoutShifts(page);
      // A page the browser renders, then the search through the site's router: every stage is the browser's.
      await page.goto('/safety-tips');
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await painted(page);
      const releaseRemote = await holdRequests(page, /\/remoteEntry\.js$/);
      const releaseResults = await holdRequests(page, /\/api\/search(\?|$)/);
      // Only the search's shifts count.
      await page.evaluate(() => ((window as unknown as { layoutShifts: unknown[] }).layoutShifts.length = 0));
      await openInApp(page, '/search');

      await expect(page.getByRole('status').filter({ hasText: 'Loading…' })).toBeAttached();
      await painted(page);
      releaseRemote();
      await expect(search.root.getByTestId('listing-skeleton').first()).toBeVisible();
      await painted(page);
      releaseResults();
      await expect(search.resultsCount).toHaveText(/^\d+ Cars Found$/);
      await expect(search.cards.first()).toBeVisible();
      await photosInViewLoaded(page);

      await expectLayoutShiftWithin(page, goal);
      await expectAccessible(page);

      // The placeholders (results and the filter options without counts) pass axe too. Checked on
      // results that never come: an axe run can outlast the page's 10 s request time limit, which
      // would have failed a search held for it above.
      await page.route(/\/api\/search(\?|$)/, () => undefined);
      await openInApp(page, '/safety-tips');
      await expect(page.getByRole('heading', { level: 1, name: /safety/i })).toBeVisible();
      await openInApp(page, '/search?sort=year_asc');
      await expect(search.root.getByTestId('listing-skeleton').first()).toBeVisible();
      await expectAccessible(page);
    });

    test(`a listing loads without layout shift (≤ ${goal})`, async ({ page }) => {
      const listingPage = new ListingPage(page);
      await recordLayoutShifts(page);
      // The server renders the listing and hands its data over: the browser never reads it again.
      const listingReads: string[] = [];
      page.on('request', (request) => {
        if (new RegExp(`/api/listings/${listing._id}(\\?|$)`).test(request.url()))
          listingReads.push(request.url());
      });
      const releaseRemote = await holdRequests(page, /\/remoteEntry\.js$/);
      await page.goto(`/listing/${listing._id}`, { waitUntil: 'domcontentloaded' });

      // The server's page is on screen before the remote's code runs, then hydrated in place.
      await expect(listingPage.heading).toHaveText(/Volvo V70/);
      await painted(page);
      await expectAccessible(page);
      releaseRemote();
      await expect(page).toHaveTitle(/Volvo V70/);
      await expect(listingPage.similarCars.getByRole('link').first()).toBeVisible();
      await photosInViewLoaded(page);

      await expectLayoutShiftWithin(page, goal);
      await expectAccessible(page);
      expect(listingReads).toEqual([]);
    });
  });
}
