import { defineConfig, devices } from '@playwright/test';
import { chromiumLaunchArgs, findChromium } from '../scripts/ensure-chromium.mjs';
import { browserLocale, browserTimeZone } from './support/locale';

const executablePath = findChromium();
if (!executablePath) {
  throw new Error('No Chromium found: run `node scripts/ensure-chromium.mjs` (or set CHROMIUM_PATH).');
}

export default defineConfig({
  testDir: 'tests',
  globalSetup: './support/global-setup.ts',
  // Two cores: two workers drive browsers next to the server under test.
  workers: 2,
  fullyParallel: true,
  forbidOnly: !!process.env.CI,
  retries: 0,
  timeout: 45_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list'], ['html', { open: 'never' }]] : [['list']],
  use: {
    ...devices['Desktop Chrome'],
    // Tests never depend on the host's locale or time zone (dates and prices are formatted for the US).
    locale: browserLocale,
    timezoneId: browserTimeZone,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: { executablePath, args: chromiumLaunchArgs },
  },
});
