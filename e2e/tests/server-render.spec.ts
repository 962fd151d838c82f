import { cp, readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { devices, type Locator, type Page } from '@playwright/test';
import { repoRoot } from '../../scripts/lib/build.mjs';
import { Mailbox } from '../../scripts/lib/smtp-catcher.mjs';
import { signUpViaApi, uniqueEmail } from '../../scripts/lib/session.mjs';
import { remoteCommand, untilServed } from '../support/deploy';
import { expect, isolatedSiteTest, test } from '../support/fixtures';
import { createListingViaApi, type ApiListing } from '../support/listings';
import { testFilesDir } from '../support/temp-dir';
import { createTestImages } from '../support/test-images';
import { ListingPage } from '../pages/listing-page';

// One worker for the file: its tests share what beforeAll lists, which each worker would list again.
test.describe.configure({ mode: 'default' });

// The server render (docs/architecture.md, "Server-rendered first view"): the page arrives rendered,
// the browser hydrates it without a mismatch, and a remote that fails on the server is rendered by
// the browser as before.

async function sellerListing(baseURL: string, request: Parameters<typeof createListingViaApi>[0]) {
  const mailbox = new Mailbox(process.env.E2E_MAIL_DIR!);
  const seller = await signUpViaApi({ baseURL, mailbox, email: uniqueEmail('ssr-seller') });
  return createListingViaApi(request, seller, await createTestImages(4));
}

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
  listing = await sellerListing(baseURL, request);
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
      page
        .locator('[data-remote="mfe_search"]')
        .getByRole('heading', { name: '2012 Honda Civic LX' })
        .first(),
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

type RemoteShort = 'listings' | 'search';

/** A copy of a remote's release whose server build throws as soon as it is loaded. */
async function releaseWithBrokenServerBuild(short: RemoteShort) {
  const dir = path.join(await testFilesDir(`${short}-ssr-broken`), 'dist');
  await cp(path.join(repoRoot, `mfe-${short}`, 'dist'), dir, { recursive: true });
  await writeFile(
    path.join(dir, 'server', 'render.js'),
    "throw new Error('server build broken on purpose');\n",
  );
  return dir;
}

/** A copy of a remote's release with `from` replaced by `to` in its browser and server builds. */
async function releaseWithText(short: RemoteShort, from: string, to: string) {
  const dir = path.join(await testFilesDir(`${short}-ssr-text`), 'dist');
  await cp(path.join(repoRoot, `mfe-${short}`, 'dist'), dir, { recursive: true });
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !entry.name.endsWith('.js')) continue;
    const file = path.join(entry.parentPath, entry.name);
    await writeFile(file, (await readFile(file, 'utf8')).replaceAll(from, to));
  }
  return dir;
}

/** Makes `dir` the site's release `version` of a remote, once remotes.json serves it. */
async function publishRelease(
  site: { url: string; workDir: string },
  short: RemoteShort,
  dir: string,
  version: string,
) {
  await remoteCommand(site, 'publish', short, dir, '--version', version);
  await untilServed(site.url, (remote) => remote.name === `mfe_${short}` && remote.version === version);
}

isolatedSiteTest.describe('the release the registry serves', () => {
  let siteListing: ApiListing;

  isolatedSiteTest.beforeAll(async ({ site, playwright }) => {
    const request = await playwright.request.newContext({ baseURL: site.url });
    siteListing = await sellerListing(site.url, request);
    await request.dispose();
  });

  isolatedSiteTest.afterEach(async ({ site }) => {
    for (const short of ['listings', 'search'] as const) {
      await remoteCommand(site, 'use', short, 'built-in');
      await untilServed(
        site.url,
        (remote) => remote.name === `mfe_${short}` && remote.version === 'built-in',
      );
    }
  });

  isolatedSiteTest(
    'a search remote whose server build throws is rendered by the browser, and the page is served',
    async ({ page, site }) => {
      await publishRelease(site, 'search', await releaseWithBrokenServerBuild('search'), 'ssr-broken');
      const response = await page.request.get('/search?make=Honda');
      expect(response.status()).toBe(200);
      expect(await response.text()).toContain('<div id="root"></div>');

      await page.goto('/search?make=Honda');
      await expect(
        page
          .locator('[data-remote="mfe_search"]')
          .getByRole('heading', { name: '2012 Honda Civic LX' })
          .first(),
      ).toBeVisible();
      await expect(page.getByRole('combobox', { name: 'Sort by' })).toBeEnabled();
    },
  );

  isolatedSiteTest(
    'a remote whose server build throws is rendered by the browser, and the page is served',
    async ({ page, site }) => {
      await publishRelease(site, 'listings', await releaseWithBrokenServerBuild('listings'), 'ssr-broken');
      const response = await page.request.get(`/listing/${siteListing._id}`);
      expect(response.status()).toBe(200);
      // The browser's own render: nothing of the listing in the markup, which still carries its SEO.
      const html = await response.text();
      expect(html).toContain('<div id="root"></div>');
      expect(html).toContain('application/ld+json');

      await page.goto(`/listing/${siteListing._id}`);
      await expect(
        page
          .locator('[data-remote="mfe_listings"]')
          .getByRole('heading', { level: 1, name: '2012 Honda Civic LX' }),
      ).toBeVisible();
    },
  );

  isolatedSiteTest.describe('without JavaScript', () => {
    isolatedSiteTest.use({ javaScriptEnabled: false });

    isolatedSiteTest(
      'a remote published alone is rendered on the server in its new version',
      async ({ page, site }) => {
        await publishRelease(
          site,
          'listings',
          await releaseWithText('listings', 'Quick facts', 'Key facts'),
          'ssr-text',
        );
        await page.goto(`/listing/${siteListing._id}`);
        await expect(page.getByLabel('Key facts')).toBeVisible();
        await expect(page.getByLabel('Quick facts')).toHaveCount(0);
      },
    );

    isolatedSiteTest(
      'a search remote published alone is rendered on the server in its new version',
      async ({ page, site }) => {
        await publishRelease(
          site,
          'search',
          await releaseWithText('search', 'Cars Found', 'Cars Listed'),
          'ssr-text',
        );
        await page.goto('/search?make=Honda');
        await expect(page.getByRole('heading', { name: /\d+ Cars? Listed/ })).toBeVisible();
        await expect(page.getByText('Cars Found')).toHaveCount(0);
      },
    );
  });
});
