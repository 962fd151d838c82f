import { cp, mkdtemp, readdir, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { repoRoot } from '../../scripts/lib/build.mjs';
import { Mailbox } from '../../scripts/lib/smtp-catcher.mjs';
import { signUpViaApi, uniqueEmail } from '../../scripts/lib/session.mjs';
import { remoteCommand, untilServed } from '../support/deploy';
import { expect, isolatedSiteTest, test } from '../support/fixtures';
import { createListingViaApi, type ApiListing } from '../support/listings';
import { createTestImages } from '../support/test-images';

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
    // The site's header and footer come with it, styled as in the browser.
    await expect(page.getByRole('banner')).toBeVisible();
    await expect(page.getByRole('contentinfo')).toBeVisible();
    expect(await page.locator('style[data-styled]').count()).toBeGreaterThan(0);
    await expect(page.locator('noscript')).toHaveCount(0);
  });
});

test('the browser hydrates the listing the server rendered: same elements, no mismatch warning', async ({
  page,
}) => {
  const problems = consoleProblems(page);
  // The h1 the document arrived with, taken before any of the site's code has rendered.
  await page.addInitScript(() =>
    document.addEventListener('DOMContentLoaded', () =>
      Object.assign(window, { __e2eServerHeading: document.querySelector('h1') }),
    ),
  );
  const response = await page.goto(`/listing/${listing._id}`);
  expect(await response?.text()).toContain('data-remote="mfe_listings"');

  // The remote's code ran (its effect names the document), on the very h1 the server sent.
  await expect(page).toHaveTitle('2012 Honda Civic — $7,400 | CarMarket');
  await expect(page.locator('[data-remote="mfe_listings"] h1')).toHaveText('2012 Honda Civic LX');
  expect(
    await page.evaluate(() => {
      const served = (window as { __e2eServerHeading?: Element | null }).__e2eServerHeading;
      return served ? served === document.querySelector('h1') : 'no h1 served';
    }),
    problems.join('\n'),
  ).toBe(true);
  expect(problems).toEqual([]);
});

/** A copy of the listings remote's release whose server build throws as soon as it is loaded. */
async function releaseWithBrokenServerBuild() {
  const dir = path.join(await mkdtemp(path.join(tmpdir(), 'carmarket-listings-ssr-broken-')), 'dist');
  await cp(path.join(repoRoot, 'mfe-listings', 'dist'), dir, { recursive: true });
  await writeFile(
    path.join(dir, 'server', 'render.js'),
    "throw new Error('server build broken on purpose');\n",
  );
  return dir;
}

/** A copy of the listings remote's release with `from` replaced by `to` in its browser and server builds. */
async function releaseWithText(from: string, to: string) {
  const dir = path.join(await mkdtemp(path.join(tmpdir(), 'carmarket-listings-ssr-text-')), 'dist');
  await cp(path.join(repoRoot, 'mfe-listings', 'dist'), dir, { recursive: true });
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !entry.name.endsWith('.js')) continue;
    const file = path.join(entry.parentPath, entry.name);
    await writeFile(file, (await readFile(file, 'utf8')).replaceAll(from, to));
  }
  return dir;
}

const listingsAt = (version: string) => (remote: { name: string; version: string }) =>
  remote.name === 'mfe_listings' && remote.version === version;

isolatedSiteTest.describe('the release the registry serves', () => {
  let siteListing: ApiListing;

  isolatedSiteTest.beforeAll(async ({ site, playwright }) => {
    const request = await playwright.request.newContext({ baseURL: site.url });
    siteListing = await sellerListing(site.url, request);
    await request.dispose();
  });

  isolatedSiteTest.afterEach(async ({ site }) => {
    await remoteCommand(site, 'use', 'listings', 'built-in');
    await untilServed(site.url, listingsAt('built-in'));
  });

  isolatedSiteTest(
    'a remote whose server build throws is rendered by the browser, and the page is served',
    async ({ page, site }) => {
      await remoteCommand(
        site,
        'publish',
        'listings',
        await releaseWithBrokenServerBuild(),
        '--version',
        'ssr-broken',
      );
      await untilServed(site.url, listingsAt('ssr-broken'));
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
        await remoteCommand(
          site,
          'publish',
          'listings',
          await releaseWithText('Quick facts', 'Key facts'),
          '--version',
          'ssr-text',
        );
        await untilServed(site.url, listingsAt('ssr-text'));
        await page.goto(`/listing/${siteListing._id}`);
        await expect(page.getByLabel('Key facts')).toBeVisible();
        await expect(page.getByLabel('Quick facts')).toHaveCount(0);
      },
    );
  });
});
