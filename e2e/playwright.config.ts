import { defineConfig, devices } from '@playwright/test';
import { chromiumLaunchArgs, findChromium } from '../scripts/ensure-chromium.mjs';
import { browserLocale, browserTimeZone } from './support/locale';

const executablePath = findChromium();
if (!executablePath) {
  throw new Error('No Chromium found: run `node scripts/ensure-chromium.mjs` (or set CHROMIUM_PATH).');
}

/** Specs with tests on a site of their own (`isolatedSiteTest`, `adminSiteTest`… in support/fixtures.ts). */
const specsWithSitesOfTheirOwn = [
  'auth.spec.ts',
  'deploy-registry.spec.ts',
  'deploy.spec.ts',
  'listing-renewal.spec.ts',
  'moderation.spec.ts',
  'server-render-releases.spec.ts',
  'visual.spec.ts',
].map((file) => `**/${file}`);

export default defineConfig({
  testDir: 'tests',
  globalSetup: './support/global-setup.ts',
  // A test spends much of its time waiting (for pages, the server, timers): four workers passed the
  // suite in 449 s where two took 683 s at the same load; six took no less than four
  // (docs/benchmarks.md, seventh round).
  workers: 4,
  fullyParallel: true,
  forbidOnly: !!process.env.CI,
  retries: 0,
  timeout: 45_000,
  expect: { timeout: 10_000 },
  // The visual baselines' names without the project's.
  snapshotPathTemplate: '{snapshotDir}/{testFileDir}/{testFileName}-snapshots/{arg}{-snapshotSuffix}{ext}',
  reporter: process.env.CI ? [['list'], ['html', { open: 'never' }]] : [['list']],
  projects: [
    // Their sites start once per worker (fixtures.ts, about 5 CPU seconds each): two workers, as
    // before. First, so those two start on them while the others take the shared site's tests, and
    // all four end on the shared site's many short ones (second, they ran last on two workers alone).
    { name: 'own-sites', testMatch: specsWithSitesOfTheirOwn, workers: 2 },
    { name: 'shared-site', testIgnore: specsWithSitesOfTheirOwn },
  ],
  use: {
    ...devices['Desktop Chrome'],
    // Tests never depend on the host's locale or time zone (dates and prices are formatted for the US).
    locale: browserLocale,
    timezoneId: browserTimeZone,
    // Recording a trace for every test cost about a quarter of the suite's CPU (the screencast keeps
    // the browser and its GPU process drawing frames), and is kept only for the rare failure: turn
    // it on when chasing one (`npx playwright test --trace retain-on-failure`).
    trace: 'off',
    screenshot: 'only-on-failure',
    launchOptions: { executablePath, args: chromiumLaunchArgs },
  },
});
