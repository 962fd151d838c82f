import { devices, type Locator, type Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { listingOfNewSeller, type ApiListing } from '../support/listings';
import { ListingPage } from '../pages/listing-page';
import { SearchPage } from '../pages/search-page';

// One worker for the file: its tests share what beforeAll lists, which each worker would list again.
test.describe.configure({ mode: 'default' });

// The server render (docs/architecture.md, "Server-rendered first view"): the page arrives rendered
// and the browser hydrates it without a mismatch. The releases a site's registry serves, rendered on
// the server or not: server-render-releases.spec.ts.

/** Console errors and warnings of the page, hydration's among them. */
function consoleProblems(page: Page) {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  return problems;
}

/** Keeps the document's first h1, as the server sent it, before any of the site's code has rendered. */
async function keepServedHeading(page: Page) {
  await page.addInitScript(() =>
    document.addEventListener('DOMContentLoaded', () =>
      Object.assign(window, { __e2eServerHeading: document.querySelector('h1') }),
    ),
  );
}

/** Opens `url` with its console watched and its first h1 kept: the problems seen, and the HTML served. */
async function openServed(page: Page, url: string) {
  const problems = consoleProblems(page);
  await keepServedHeading(page);
  const response = await page.goto(url);
  return { problems, html: (await response?.text()) ?? '' };
}

/** Whether the page's h1 is still the element the server sent (hydrated, not rendered anew). */
const servedHeadingKept = (page: Page) =>
  page.evaluate(() => {
    const served = (window as { __e2eServerHeading?: Element | null }).__e2eServerHeading;
    return served ? served === document.querySelector('h1') : 'no h1 served';
  });

let listing: ApiListing;

test.beforeAll(async ({ playwright }) => {
  const baseURL = process.env.E2E_BASE_URL!;
  const request = await playwright.request.newContext({ baseURL });
  listing = await listingOfNewSeller(baseURL, request, 'ssr-seller');
  await request.dispose();
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('a listing page is the listings remote rendered by the server, not a noscript stand-in', async ({
    page,
  }) => {
    await page.goto(`/listing/${listing._id}`);
    const remote = page.locator('[data-remote="mfe_listings"]');
    await expect(remote.getByRole('heading', { level: 1 })).toHaveText('2012 Honda Civic LX');
    await expect(remote).toContainText('$7,400');
    await expect(remote.getByRole('img').first()).toBeVisible();
    // Its first photo, the page's largest paint, is asked for from the top of the head.
    const firstPhoto = await remote.locator('img[fetchpriority="high"]').getAttribute('src');
    await expect(page.locator(`head > link[rel="preload"][as="image"][href="${firstPhoto}"]`)).toHaveCount(1);
    // The site's header and footer come with it, styled as in the browser.
    await expect(page.getByRole('banner')).toBeVisible();
    await expect(page.getByRole('contentinfo')).toBeVisible();
    expect(await page.locator('style[data-styled]').count()).toBeGreaterThan(0);
    await expect(page.locator('noscript')).toHaveCount(0);
    // Until the page's code has taken over, its buttons would swallow a tap: they arrive disabled.
    for (const name of ['Add to Favorites', 'Message Seller', /full screen/]) {
      await expect(remote.getByRole('button', { name }).first()).toBeDisabled();
    }
  });

  test('a search is the search remote rendered by the server: its result titles and prices', async ({
    page,
  }) => {
    await page.goto('/search?make=Honda');
    const remote = page.locator('[data-remote="mfe_search"]');
    await expect(remote.getByRole('heading', { name: /\d+ Cars? Found/ })).toBeVisible();
    // This spec's listing: other specs on the same site add 2012 Honda Civics of their own. Its
    // title links to it without the page's code; the form controls wait for that code, disabled.
    const ownLink = `a[href="/listing/${listing._id}"]`;
    await expect(remote.locator(ownLink)).toHaveText('2012 Honda Civic LX');
    const card = remote
      .getByRole('article', { name: '2012 Honda Civic LX' })
      .filter({ has: page.locator(ownLink) });
    await expect(card.getByRole('heading', { name: '2012 Honda Civic LX' })).toBeVisible();
    await expect(card).toContainText('$7,400');
    for (const title of await remote.getByRole('article').getByRole('heading').allTextContents()) {
      expect(title).toContain('Honda');
    }
    await expect(remote.getByRole('combobox', { name: 'Sort by' })).toBeDisabled();
    await expect(
      remote.getByRole('button', { name: 'Add 2012 Honda Civic LX to favorites' }).first(),
    ).toBeDisabled();
    await expect(page.locator('noscript')).toHaveCount(0);
  });

  test('the home page is rendered by the server, and its search form works as a plain form', async ({
    page,
  }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Find Your Perfect Used Car Under $10k');
    const newest = page.getByRole('region', { name: 'Newest Cars' });
    await expect(newest.getByRole('article').first()).toBeVisible();
    await expect(newest.getByRole('article').first().getByRole('link')).toHaveAttribute(
      'href',
      /^\/listing\//,
    );
    await expect(page.getByRole('heading', { name: 'Popular Makes' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Why CarMarket?' })).toBeVisible();
    expect(await page.locator('style[data-styled]').count()).toBeGreaterThan(0);
    // Until the header's code has loaded, its buttons refuse a tap visibly.
    await expect(page.getByRole('button', { name: /Switch to .* theme/ })).toBeDisabled();

    const search = page.getByRole('search', { name: 'Find a car' });
    await search.getByLabel('Make').fill('Honda');
    await search.getByRole('button', { name: 'Search cars' }).click();
    await expect(page).toHaveURL(/\/search\?make=Honda/);
    await expect(
      new SearchPage(page).root.getByRole('heading', { name: '2012 Honda Civic LX' }).first(),
    ).toBeVisible();
  });
});

/** The address an image element shows, once it has loaded (its pick from its srcset). */
const shownFile = async (image: Locator) =>
  new URL(
    await image.evaluate(
      (element: HTMLImageElement) =>
        new Promise<string>((resolve) =>
          element.complete && element.currentSrc
            ? resolve(element.currentSrc)
            : element.addEventListener('load', () => resolve(element.currentSrc), { once: true }),
        ),
    ),
  ).pathname;

// Lighthouse's phone: a 412 px wide screen at a device pixel ratio of 1.75, with a phone's browser
// (with the desktop browser's screen of the suite's defaults, the preload picked the 1600 px file).
const { defaultBrowserType: _browser, ...phone } = devices['Pixel 7'];

test.describe('on a phone', () => {
  test.use({
    ...phone,
    viewport: { width: 412, height: 823 },
    screen: { width: 412, height: 823 },
    deviceScaleFactor: 1.75,
  });

  test("photos come from their 800 px files: the listing's, asked for from the head, and a search card's", async ({
    page,
  }) => {
    const primary = listing.vehicle.images.find((image) => image.isPrimary)!;
    expect(primary.medium).toMatch(/-800\.webp$/);
    const photosAskedFor: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'image') photosAskedFor.push(new URL(request.url()).pathname);
    });
    await page.goto(`/listing/${listing._id}`);
    await expect(page.locator('head > link[rel="preload"][as="image"]')).toHaveAttribute(
      'imagesrcset',
      `${primary.medium} 800w, ${primary.url} 1600w`,
    );
    const photo = page.locator('[data-remote="mfe_listings"] img[fetchpriority="high"]');
    expect(await shownFile(photo)).toBe(primary.medium);
    // The preload picked the same file: the 1600 px one was never downloaded.
    expect(photosAskedFor).toContain(primary.medium);
    expect(photosAskedFor).not.toContain(primary.url);
    // Full screen, a phone's screen still takes the 800 px file.
    await page.getByRole('button', { name: /full screen/ }).click();
    const viewer = page.getByRole('dialog');
    expect(await shownFile(viewer.locator('img'))).toBe(primary.medium);
    await viewer.getByRole('button', { name: 'Close' }).click();

    await page.goto('/search?make=Honda');
    const card = page
      .getByRole('article', { name: '2012 Honda Civic LX' })
      .filter({ has: page.locator(`a[href="/listing/${listing._id}"]`) });
    await card.scrollIntoViewIfNeeded();
    expect(await shownFile(card.locator('img'))).toBe(primary.medium);
  });
});

test("a wide screen shows the listing's photo from its 1600 px file", async ({ page }) => {
  const primary = listing.vehicle.images.find((image) => image.isPrimary)!;
  await page.goto(`/listing/${listing._id}`);
  expect(await shownFile(page.locator('[data-remote="mfe_listings"] img[fetchpriority="high"]'))).toBe(
    primary.url,
  );
});

test('the browser hydrates the listing the server rendered: same elements, no mismatch warning', async ({
  page,
}) => {
  const { problems, html } = await openServed(page, `/listing/${listing._id}`);
  expect(html).toContain('data-remote="mfe_listings"');

  // The remote's code ran (its effect names the document), on the very h1 the server sent.
  await expect(page).toHaveTitle('2012 Honda Civic — $7,400 | CarMarket');
  await expect(page.locator('[data-remote="mfe_listings"] h1')).toHaveText('2012 Honda Civic LX');
  expect(await servedHeadingKept(page), problems.join('\n')).toBe(true);
  await expect(page.getByRole('button', { name: 'Add to Favorites' })).toBeEnabled();
  expect(problems).toEqual([]);
});

test('the browser hydrates the home page the server rendered: same elements, no mismatch warning', async ({
  page,
}) => {
  const { problems, html } = await openServed(page, '/');
  expect(html).toContain('Newest Cars');

  const toggle = page.getByRole('button', { name: /Switch to .* theme/ });
  await expect(toggle).toBeEnabled();
  expect(await servedHeadingKept(page), problems.join('\n')).toBe(true);
  // Hydrated means working: the hero search lands on the search page in the browser.
  const search = page.getByRole('search', { name: 'Find a car' });
  await search.getByLabel('Make').fill('Honda');
  await search.getByRole('button', { name: 'Search cars' }).click();
  await expect(page).toHaveURL(/\/search\?make=Honda/);
  await expect(page.getByRole('heading', { name: '2012 Honda Civic LX' }).first()).toBeVisible();
  expect(problems).toEqual([]);
});

test('the browser hydrates the search the server rendered: same elements, no mismatch warning', async ({
  page,
}) => {
  const { problems, html } = await openServed(page, '/search?make=Honda');
  expect(html).toContain('data-remote="mfe_search"');

  const remote = page.locator('[data-remote="mfe_search"]');
  const sort = remote.getByRole('combobox', { name: 'Sort by' });
  await expect(sort).toBeEnabled();
  expect(await servedHeadingKept(page), problems.join('\n')).toBe(true);
  // Hydrated means working: sorting is the browser's, the URL follows.
  await sort.selectOption('price_asc');
  await expect(page).toHaveURL(/sort=price_asc/);
  await expect(remote.getByRole('heading', { name: '2012 Honda Civic LX' }).first()).toBeVisible();
  expect(problems).toEqual([]);
});

/** The shell's page script, content-hashed (start-shell.js adds it). */
const SHELL_SCRIPT = /\/main\.[0-9a-f]+\.js$/;

test("the shell's script is asked for once the page's first photo has arrived, and without it when it does not come", async ({
  page,
}) => {
  const seen: string[] = [];
  page.on('requestfinished', (request) => {
    if (request.resourceType() === 'image') seen.push(`photo ${new URL(request.url()).pathname}`);
  });
  page.on('request', (request) => {
    if (SHELL_SCRIPT.test(request.url())) seen.push('shell script');
  });
  // The listing's own page: search's first card may be anyone's, and a photo still processing has no img.
  const view = new ListingPage(page);
  const firstPhoto = view.root.locator('img[fetchpriority="high"]');

  // Photos a second slow, as on a phone's connection: the script still waits for the first.
  await page.route('**/*.webp', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    await route.continue();
  });
  await view.goto(listing._id);
  // The gallery's button is enabled once hydrated.
  await expect(view.mainPhoto).toBeEnabled();
  const photo = `photo ${new URL(await firstPhoto.evaluate((img: HTMLImageElement) => img.currentSrc)).pathname}`;
  expect(seen).toContain(photo);
  expect(seen.indexOf('shell script')).toBeGreaterThan(seen.indexOf(photo));

  // A photo that never arrives holds the page back a few seconds, not for good.
  await page.unrouteAll();
  await page.route('**/*.webp', () => undefined);
  await page.goto(`/listing/${listing._id}`, { waitUntil: 'domcontentloaded' });
  await expect(view.mainPhoto).toBeEnabled();
  expect(await firstPhoto.evaluate((img: HTMLImageElement) => img.complete)).toBe(false);
  await page.unrouteAll({ behavior: 'ignoreErrors' });
});
