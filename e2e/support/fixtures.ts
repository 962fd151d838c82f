/* eslint-disable no-empty-pattern -- Playwright reads a fixture's dependencies from the object
   pattern of its first parameter, so fixtures without dependencies must destructure nothing. */
import { test as base, expect, type Page, type WorkerInfo } from '@playwright/test';
import { execFile } from 'node:child_process';
import { appendFile, copyFile, mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { repoRoot } from '../../scripts/lib/build.mjs';
import { siteCodeResendIntervalMs, startSite } from '../../scripts/lib/server.mjs';
import { mailedSecrets, serverLogProblems } from '../../scripts/lib/server-log.mjs';
import { Mailbox } from '../../scripts/lib/smtp-catcher.mjs';
import { persistedSession, signUpViaApi, uniqueEmail } from '../../scripts/lib/session.mjs';
import { publishRemoteUnderTest, remoteLoadsFile, remoteUnderTestPaths, type RemoteLoads } from './deploy';

export { expect };

export interface Session {
  user: { _id: string; email: string; name: string | null };
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
   * The user has a display name (E2E_USER_NAME unless `name` says otherwise), so the one-time name
   * prompt before a first message or listing only shows in tests that pass `name: null`.
   */
  signInViaApi: (page?: Page, options?: { name?: string | null }) => Promise<Session>;
  /**
   * In a per-remote run (E2E_REMOTE_UNDER_TEST), checks that the test's pages loaded the remote
   * only from its release under test, never from the site's own build, and notes what they loaded
   * for the run's summary (global setup). Automatic; does nothing in other runs.
   */
  remoteUnderTest: void;
}

/** The display name signInViaApi gives its users by default. */
export const E2E_USER_NAME = 'E2E Driver';

async function setDisplayName(baseURL: string, session: Session, name: string): Promise<Session['user']> {
  const response = await fetch(`${baseURL}/api/auth/profile/name`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${session.accessToken}` },
    body: JSON.stringify({ name }),
  });
  if (!response.ok) throw new Error(`PUT /api/auth/profile/name answered ${response.status}`);
  return ((await response.json()) as { data: { user: Session['user'] } }).data.user;
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
    await use(async (target = page, { name = E2E_USER_NAME } = {}) => {
      const session: Session = await signUpViaApi({ baseURL, mailbox, email: uniqueEmail('api') });
      if (name !== null) session.user = await setDisplayName(baseURL!, session, name);
      await storeSession(target, session);
      return session;
    });
  },
  remoteUnderTest: [
    async ({ context }, use, testInfo) => {
      const short = process.env.E2E_REMOTE_UNDER_TEST;
      if (!short) return use();
      const paths = remoteUnderTestPaths(short);
      const loads: RemoteLoads = { test: testInfo.titlePath.join(' › '), release: [], builtIn: [] };
      context.on('requestfinished', (request) => {
        const { pathname } = new URL(request.url());
        if (pathname.startsWith(paths.release)) loads.release.push(pathname);
        if (pathname.startsWith(paths.builtIn)) loads.builtIn.push(pathname);
      });
      await use();
      await appendFile(remoteLoadsFile(requiredEnv('E2E_WORK_DIR')), `${JSON.stringify(loads)}\n`);
      expect(
        loads.builtIn,
        `${short} was loaded from the site's own build, not the release under test`,
      ).toEqual([]);
    },
    { auto: true },
  ],
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
  /** Holds the site's data directory (`data/`, with the deploy registry in `data/remotes`). */
  workDir: string;
}

/**
 * The end of a worker's own site (stopped already) as global teardown ends the shared one: its log is
 * kept next to the test results as `server-<name>-w<worker>.log`, its work dir removed, and a 5xx
 * answer or a mailed secret in the log fails the worker's teardown.
 */
async function checkSiteLog(workDir: string, name: string, { project, workerIndex }: WorkerInfo) {
  const log = path.join(project.outputDir, `server-${name}-w${workerIndex}.log`);
  try {
    await mkdir(project.outputDir, { recursive: true });
    await copyFile(path.join(workDir, 'server.log'), log);
  } finally {
    await rm(workDir, { recursive: true, force: true });
  }
  const mailed = await mailedSecrets(requiredEnv('E2E_MAIL_DIR'));
  const problems = serverLogProblems(await readFile(log, 'utf8'), mailed);
  if (problems.length > 0) {
    throw new Error(`The ${name} site's log (${log}) shows:\n${problems.slice(0, 20).join('\n')}`);
  }
}

/** A site of its own per worker, started with `env` on top of the test settings. */
function siteTest(name: string, env: Record<string, string>) {
  return test.extend<object, { site: Site }>({
    site: [
      async ({}, use, workerInfo) => {
        const workDir = await mkdtemp(path.join(tmpdir(), `carmarket-e2e-${name}-`));
        const site = await startSite({
          workDir,
          smtpUrl: requiredEnv('E2E_SMTP_URL'),
          env,
          databaseTemplate: requiredEnv('E2E_DATABASE_TEMPLATE'),
        });
        await publishRemoteUnderTest(site);
        await use(site);
        await site.stop();
        await checkSiteLog(workDir, name, workerInfo);
      },
      { scope: 'worker', timeout: 120_000 },
    ],
    baseURL: async ({ site }, use) => use(site.url),
  });
}

/**
 * For tests that break or redeploy a remote: a site of their own (started once per worker), so the
 * rest of the suite keeps running against the shared one meanwhile. Its mail goes to the same catcher.
 */
export const isolatedSiteTest = siteTest('isolated', {});

/**
 * For the visual baselines: a site that holds only their fixed data. On the isolated site other
 * files add listings and searches, which change the home page's rows and its popular makes.
 */
export const visualSiteTest = siteTest('visual', {});

/** A site with the product's one-minute resend interval, for tests of that rule itself. */
export const productResendIntervalTest = siteTest('resend-interval', {
  AUTH_CODE_RESEND_INTERVAL_MS: '60000',
});

/**
 * How long a listing stays in search on `shortRenewalPeriodTest`'s site (60 days in the product):
 * long enough to list a car and find it in search on a loaded machine (15 s was not, once), short
 * enough to wait out.
 */
export const SHORT_RENEWAL_PERIOD_MS = 30_000;

/** A site whose listings leave search SHORT_RENEWAL_PERIOD_MS after they were listed or renewed. */
export const shortRenewalPeriodTest = siteTest('renewal', {
  LISTING_RENEWAL_PERIOD_MS: String(SHORT_RENEWAL_PERIOD_MS),
});

/**
 * For the moderation pages: a site of its own per worker with an administrator, made the way an
 * operator makes one (`npm run admin -- grant <email>` after the account signed up). The command
 * needs the embedded database to itself, so the site is stopped for it and started again.
 */
export const adminSiteTest = test.extend<
  { signInAsAdmin: (page?: Page) => Promise<Session> },
  { adminSite: Site; adminEmail: string }
>({
  adminEmail: [async ({}, use) => use(uniqueEmail('moderator')), { scope: 'worker' }],
  adminSite: [
    async ({ adminEmail }, use, workerInfo) => {
      const workDir = await mkdtemp(path.join(tmpdir(), 'carmarket-e2e-admin-'));
      const mailbox = new Mailbox(requiredEnv('E2E_MAIL_DIR'));
      let site = await startSite({
        workDir,
        smtpUrl: requiredEnv('E2E_SMTP_URL'),
        databaseTemplate: requiredEnv('E2E_DATABASE_TEMPLATE'),
      });
      try {
        await signUpViaApi({ baseURL: site.url, mailbox, email: adminEmail });
        site = await site.restartWith((env: NodeJS.ProcessEnv) =>
          promisify(execFile)(process.execPath, ['api/dist/modules/admin/cli.js', 'grant', adminEmail], {
            cwd: repoRoot,
            env,
          }),
        );
        await publishRemoteUnderTest(site);
        await use(site);
      } finally {
        await site.stop();
        await checkSiteLog(workDir, 'admin', workerInfo);
      }
    },
    { scope: 'worker', timeout: 180_000 },
  ],
  baseURL: async ({ adminSite }, use) => use(adminSite.url),
  signInAsAdmin: async ({ page, baseURL, mailbox, adminEmail }, use) => {
    await use(async (target = page) => {
      await waitUntilCodeMaySend(mailbox, adminEmail);
      const session: Session = await signUpViaApi({ baseURL, mailbox, email: adminEmail });
      await storeSession(target, session);
      return session;
    });
  },
});

/**
 * The API mails an address at most one code per resend interval, whatever the reason, even when the
 * previous code was used: a second code for one address waits out the test site's short interval.
 */
export async function waitUntilCodeMaySend(mailbox: Mailbox, email: string) {
  const last = await mailbox.lastReceivedAt(email);
  if (last === null) return;
  const wait = last + siteCodeResendIntervalMs + 250 - Date.now();
  if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
}
