/* eslint-disable no-empty-pattern -- Playwright reads a fixture's dependencies from the object
   pattern of its first parameter, so fixtures without dependencies must destructure nothing. */
import { test as base, type Page } from '@playwright/test';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startSite } from '../../scripts/lib/server.mjs';
import { Mailbox } from '../../scripts/lib/smtp-catcher.mjs';
import { persistedSession, signUpViaApi, uniqueEmail } from '../../scripts/lib/session.mjs';

export { expect } from '@playwright/test';

export interface Session {
  user: { _id: string; email: string };
  accessToken: string;
  refreshToken: string;
}

interface Fixtures {
  /** Mail the site under test sent, per recipient. */
  mailbox: Mailbox;
  /** A fresh address for this test. */
  email: string;
  /**
   * Signs a new user up through the API (code from the mail catcher) and stores the session the way
   * the shell persists it, before the page's first load; for tests whose subject is not sign-in.
   */
  signInViaApi: (page?: Page) => Promise<Session>;
}

function requiredEnv(name: string) {
  const value = process.env[name];
  if (!value)
    throw new Error(`${name} is not set: run the suite through playwright.config.ts (global setup)`);
  return value;
}

export const test = base.extend<Fixtures>({
  baseURL: async ({}, use) => use(requiredEnv('E2E_BASE_URL')),
  mailbox: async ({}, use) => use(new Mailbox(requiredEnv('E2E_MAIL_DIR'))),
  email: async ({}, use, testInfo) => use(uniqueEmail(`w${testInfo.workerIndex}`)),
  signInViaApi: async ({ page, baseURL, mailbox }, use) => {
    await use(async (target = page) => {
      const session: Session = await signUpViaApi({ baseURL, mailbox, email: uniqueEmail('api') });
      await storeSession(target, session);
      return session;
    });
  },
});

/**
 * Writes `auth-storage` before the next document of `page` runs, once per tab: later reloads keep
 * whatever the app stored (a logout stays a logout).
 */
export async function storeSession(page: Page, session: Session) {
  await page.addInitScript((value) => {
    if (window.top !== window || sessionStorage.getItem('e2e-session-stored')) return;
    localStorage.setItem('auth-storage', value);
    sessionStorage.setItem('e2e-session-stored', 'yes');
  }, persistedSession(session));
}

export interface Site {
  url: string;
  staticRoot: string;
}

/**
 * For tests that break or redeploy a remote: a site of their own (started once per worker), so the
 * rest of the suite keeps running against the shared one meanwhile. Its mail goes to the same catcher.
 */
export const isolatedSiteTest = test.extend<object, { site: Site }>({
  site: [
    async ({}, use) => {
      const workDir = await mkdtemp(path.join(tmpdir(), 'carmarket-e2e-isolated-'));
      const site = await startSite({ workDir, smtpUrl: requiredEnv('E2E_SMTP_URL') });
      await use(site);
      await site.stop();
      await rm(workDir, { recursive: true, force: true });
    },
    { scope: 'worker', timeout: 120_000 },
  ],
  baseURL: async ({ site }, use) => use(site.url),
});

/**
 * The API sends an address at most one code per minute (OTP_RESEND_INTERVAL_MS), whatever the
 * reason, even when the previous code was used: a second code for one address needs this wait.
 */
const codeIntervalMs = 60_000;

export async function waitUntilCodeMaySend(mailbox: Mailbox, email: string) {
  const last = await mailbox.lastReceivedAt(email);
  if (last === null) return;
  const wait = last + codeIntervalMs + 250 - Date.now();
  if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
}
