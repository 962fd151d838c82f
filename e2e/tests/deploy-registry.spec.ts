import { readFileSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Browser, Page, Request } from '@playwright/test';
import { repoRoot } from '../../scripts/lib/build.mjs';
import { expectAccessible } from '../support/a11y';
import {
  changedReleaseOf,
  copyRemoteSources,
  hashTree,
  remoteCommand,
  startRemoteDevServer,
  startStaticHost,
} from '../support/deploy';
import { expect, isolatedSiteTest as test, type Site } from '../support/fixtures';

// In order, on one site: each test leaves the search remote on its built-in release.
test.describe.configure({ mode: 'default', timeout: 120_000 });

// The literal the release changes on the search page (the site's own build may already be redeployed
// by deploy.spec.ts on this worker's site, so its heading is read, not assumed).
const searchText = 'Search Cars';
const searchHeading = (page: Page) =>
  page.locator('[data-remote="mfe_search"]').getByRole('heading', { level: 1 });

/**
 * The next page loads show `text`: the server re-reads the registry within a second, so a few
 * reloads are enough; the limit is generous for a busy machine (the delay itself is the unit tests').
 */
async function expectHeadingSoon(page: Page, text: string) {
  await expect(async () => {
    await page.goto('/search');
    await expect(searchHeading(page)).toHaveText(text);
  }).toPass({ timeout: 30_000, intervals: [500] });
}

// The contract the site provides, and the next minor: what a remote built against a newer one needs.
const siteShared: string = JSON.parse(
  readFileSync(path.join(repoRoot, 'shared/package.json'), 'utf8'),
).version;
const [sharedMajor, sharedMinor] = siteShared.split('.').map(Number);
const newerShared = `${sharedMajor}.${sharedMinor! + 1}.0`;
const asPattern = (text: string) => text.replace(/[.^]/g, '\\$&');

/** What a build against the next minor of @carmarket/shared states in its manifest. */
async function requireNewerSharedContract(dist: string) {
  const file = path.join(dist, 'mf-manifest.json');
  const manifest = JSON.parse(await readFile(file, 'utf8'));
  for (const module of manifest.shared) {
    if (module.name.startsWith('@carmarket/shared'))
      Object.assign(module, { version: newerShared, requiredVersion: `^${newerShared}` });
  }
  await writeFile(file, JSON.stringify(manifest));
}

/** An operator editing the registry file by hand, past publish's checks. */
async function forceLive(site: Site, version: string, url: string) {
  const file = path.join(site.workDir, 'data/remotes/registry.json');
  const registry = JSON.parse(await readFile(file, 'utf8').catch(() => '{ "remotes": {}, "history": [] }'));
  const search = (registry.remotes.search ??= { releases: [], live: 'built-in', previous: [], canary: null });
  search.releases.push({
    version,
    entry: `${url}/mf-manifest.json`,
    origins: [url],
    publishedAt: new Date().toISOString(),
    publishedBy: 'hand',
  });
  search.previous.push(search.live);
  search.live = version;
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, JSON.stringify(registry));
}

async function browserWithBucket(browser: Browser, site: Site, bucket: number) {
  const context = await browser.newContext({ baseURL: site.url });
  await context.addCookies([{ name: 'carmarket_bucket', value: String(bucket), url: site.url }]);
  return context.newPage();
}

test('a release on another origin goes live by the registry command and is rolled back, the shell untouched', async ({
  page,
  site,
}) => {
  const shellDist = path.join(site.staticRoot, 'shell/dist');
  const shellBefore = await hashTree(shellDist);
  const host = await startStaticHost(await changedReleaseOf('search', searchText, 'Search Cars Anywhere'));
  const entryRequests: Request[] = [];
  page.on('request', (request) => {
    if (request.url() === `${host.url}/remoteEntry.js`) entryRequests.push(request);
  });
  const browserErrors: string[] = [];
  page.on('pageerror', (error) => browserErrors.push(error.message));
  try {
    await page.goto('/search');
    const builtIn = (await searchHeading(page).textContent()) ?? '';

    expect(await remoteCommand(site, 'publish', 'search', `${host.url}/`, '--version', '2.0.0')).toBe(
      'search 2.0.0 is live',
    );
    await expectHeadingSoon(page, 'Search Cars Anywhere');
    // Loaded with crossorigin (a CORS request, so it sends Origin): its errors would reach the page in full.
    expect(entryRequests.length).toBeGreaterThan(0);
    expect((await entryRequests.at(-1)?.allHeaders())?.origin).toBe(site.url);
    await expectAccessible(page);
    // The rest of the site is the same shell: the header still navigates.
    await expect(page.getByRole('banner')).toBeVisible();

    expect(await remoteCommand(site, 'rollback', 'search')).toBe('search rolled back: built-in is live');
    await expectHeadingSoon(page, builtIn);
    expect(await remoteCommand(site, 'history', 'search')).toMatch(
      /search publish 2\.0\.0.*\n.*search rollback built-in/,
    );
    expect(await hashTree(shellDist)).toEqual(shellBefore);
    expect(browserErrors).toEqual([]);
  } finally {
    await host.stop();
  }
});

test('a canary at 50% reaches the browsers on its side, each keeping its version on reload', async ({
  browser,
  page,
  site,
}) => {
  const host = await startStaticHost(await changedReleaseOf('search', searchText, 'Search Cars Canary'));
  try {
    await page.goto('/search');
    const builtIn = (await searchHeading(page).textContent()) ?? '';
    expect(
      await remoteCommand(site, 'publish', 'search', host.url, '--version', '3.0.0', '--canary', '50'),
    ).toBe('search 3.0.0 is a canary for 50% of browsers');

    const canarySide = await browserWithBucket(browser, site, 10);
    const liveSide = await browserWithBucket(browser, site, 90);
    await expectHeadingSoon(canarySide, 'Search Cars Canary');
    await expectHeadingSoon(liveSide, builtIn);
    for (const [tab, text] of [
      [canarySide, 'Search Cars Canary'],
      [liveSide, builtIn],
    ] as const) {
      await tab.reload();
      await expect(searchHeading(tab)).toHaveText(text);
    }

    await remoteCommand(site, 'canary', 'search', 'off');
    await expectHeadingSoon(canarySide, builtIn);
    await Promise.all([canarySide.context().close(), liveSide.context().close()]);
  } finally {
    await host.stop();
  }
});

test('a remote built against a newer shared contract: publish refuses it; forced in, it shows its fallback and the console says why', async ({
  page,
  site,
}) => {
  const release = await changedReleaseOf('search', searchText, 'Search Cars Next');
  await requireNewerSharedContract(release);
  const host = await startStaticHost(release);
  const consoleErrors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') consoleErrors.push(message.text());
  });
  try {
    await expect(remoteCommand(site, 'publish', 'search', host.url, '--version', '5.0.0')).rejects.toThrow(
      new RegExp(
        `search 5\\.0\\.0 cannot run in this site: it needs @carmarket/shared/router ${asPattern(`^${newerShared}`)}, the site provides ${asPattern(siteShared)};.* it needs @carmarket/shared ${asPattern(`^${newerShared}`)}, the site provides ${asPattern(siteShared)}`,
      ),
    );
    expect(await remoteCommand(site, 'status')).not.toContain('5.0.0');

    await forceLive(site, '5.0.0', host.url);
    await expect(async () => {
      await page.goto('/search');
      await expect(page.getByText('This section is unavailable')).toBeVisible();
    }).toPass({ timeout: 30_000, intervals: [500] });
    await expect(page.getByText('Search Cars Next')).toHaveCount(0);
    expect(consoleErrors.join('\n')).toContain(
      `Remote mfe_search (${host.url}/mf-manifest.json) is not mounted: it needs @carmarket/shared/router ^${newerShared}, the site provides ${siteShared}`,
    );
    await expectAccessible(page);

    // The rest of the site works.
    await page.getByRole('banner').getByRole('link', { name: 'CarMarket' }).first().click();
    await expect(page).toHaveURL('/');
    await expect(page.getByText('This section is unavailable')).toHaveCount(0);
  } finally {
    await remoteCommand(site, 'use', 'search', 'built-in');
    await host.stop();
  }
});

test("the search remote's dev server renders inside the production site, and an edit of its sources reaches the open page by live reload", async ({
  page,
  site,
}) => {
  // Compiling in development mode on a busy machine takes most of this test's time.
  test.setTimeout(240_000);
  // The dev server runs on a copy of the sources, which the test edits.
  const sources = await copyRemoteSources('search');
  const devServer = await startRemoteDevServer('search', sources.dir).catch(async (error: unknown) => {
    await sources.remove();
    throw error;
  });
  const fromDevServer: string[] = [];
  page.on('request', (request) => {
    if (request.url().startsWith(`${devServer.url}/`)) fromDevServer.push(request.url());
  });
  const liveReload: string[] = [];
  page.on('websocket', (socket) => liveReload.push(socket.url()));
  const browserErrors: string[] = [];
  page.on('pageerror', (error) => browserErrors.push(error.message));
  try {
    await page.goto('/search');
    const builtIn = (await searchHeading(page).textContent()) ?? '';

    expect(await remoteCommand(site, 'publish', 'search', `${devServer.url}/`, '--version', 'dev')).toBe(
      'search dev is live',
    );
    // The dev server compiles the sources, whatever the site's build of the remote says. Its heading is
    // the built-in one's, so what shows the switch is where the page's remote comes from.
    await expect(async () => {
      fromDevServer.length = 0;
      await page.goto('/search');
      await expect(searchHeading(page)).toHaveText(searchText);
      expect(fromDevServer).toContain(`${devServer.url}/remoteEntry.js`);
    }).toPass({ timeout: 60_000, intervals: [500] });
    // The live-reload client inside the remote reaches its own dev server, past the site's CSP.
    await expect.poll(() => liveReload).toContain(`ws://127.0.0.1:${new URL(devServer.url).port}/ws`);
    await expectAccessible(page);

    // An edit recompiles, and the client reloads the open page (no navigation from here) with it.
    const searchPage = path.join(sources.dir, 'src/pages/search/search-page.tsx');
    const source = await readFile(searchPage, 'utf8');
    const edited = source.replace(`<h1>${searchText}</h1>`, '<h1>Search Cars Live</h1>');
    expect(edited).not.toBe(source);
    await writeFile(searchPage, edited);
    await expect(searchHeading(page)).toHaveText('Search Cars Live', { timeout: 60_000 });

    expect(await remoteCommand(site, 'use', 'search', 'built-in')).toBe('search built-in is live');
    await expect(async () => {
      fromDevServer.length = 0;
      await page.goto('/search');
      await expect(searchHeading(page)).toHaveText(builtIn);
      expect(fromDevServer).toEqual([]);
    }).toPass({ timeout: 30_000, intervals: [500] });
    expect(browserErrors).toEqual([]);
  } finally {
    await remoteCommand(site, 'use', 'search', 'built-in').catch(() => undefined);
    await devServer.stop();
    await sources.remove();
  }
});
