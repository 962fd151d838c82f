import { cp, readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { repoRoot } from '../../scripts/lib/build.mjs';
import { remoteCommand, untilServed } from '../support/deploy';
import { expect, isolatedSiteTest } from '../support/fixtures';
import { listingOfNewSeller, type ApiListing } from '../support/listings';
import { testFilesDir } from '../support/temp-dir';
import { SearchPage } from '../pages/search-page';

// The server render of the release a site's registry serves (docs/architecture.md, "Server-rendered
// first view"): a remote published alone is rendered in its new version at once, and one whose
// server build fails is rendered by the browser as before. On a site of its own: its releases change.

// One worker, in order: the tests change which release the site serves, and share beforeAll's listing.
isolatedSiteTest.describe.configure({ mode: 'default' });

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
    siteListing = await listingOfNewSeller(site.url, request, 'ssr-seller');
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
        new SearchPage(page).root.getByRole('heading', { name: '2012 Honda Civic LX' }).first(),
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
