import { copyFile, mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FullConfig } from '@playwright/test';
import { buildStale } from '../../scripts/lib/build.mjs';
import { createDatabaseTemplate, startSite } from '../../scripts/lib/server.mjs';
import { mailedSecrets, serverLogProblems } from '../../scripts/lib/server-log.mjs';
import { startSmtpCatcher } from '../../scripts/lib/smtp-catcher.mjs';
import { publishRemoteUnderTest, remoteLoadsFile, remoteUnderTestPaths, type RemoteLoads } from './deploy';

/**
 * A per-remote run's evidence that the swap happened: how many tests mounted the release under test
 * (the site's own copy of the remote is refused per test by the remoteUnderTest fixture). A run in
 * which no test loaded the remote at all would prove nothing, so it fails.
 */
async function summariseRemoteLoads(workDir: string) {
  const short = process.env.E2E_REMOTE_UNDER_TEST;
  if (!short) return;
  const lines = await readFile(remoteLoadsFile(workDir), 'utf8').catch(() => '');
  const tests = lines
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as RemoteLoads);
  const { release } = remoteUnderTestPaths(short);
  const mounted = tests.filter((test) => test.release.includes(`${release}remoteEntry.js`)).length;
  const builtIn = tests.filter((test) => test.builtIn.length > 0).length;
  console.log(
    `${short} under test: ${mounted} of ${tests.length} tests mounted ${release}remoteEntry.js, ${builtIn} loaded the site's own build of ${short}`,
  );
  if (tests.length > 0 && mounted === 0)
    throw new Error(`no test mounted ${short} from ${release}: the run does not test that release`);
}

/**
 * One mail catcher and one production server (built front ends copied to a temporary STATIC_ROOT,
 * empty embedded database) for the whole run. Workers find them through the E2E_* variables.
 */
export default async function globalSetup(config: FullConfig) {
  // As `npm start` does: what is stale is built first, so the suite never tests an old build.
  buildStale();
  const workDir = await mkdtemp(path.join(tmpdir(), 'carmarket-e2e-'));
  const mailDir = path.join(workDir, 'mail');
  const catcher = await startSmtpCatcher({ mailDir });
  const databaseTemplate = path.join(workDir, 'database-template');
  // The shared site starts on a new data directory, as `npm start` does on a new machine; the sites
  // tests start for themselves (fixtures.ts) copy the template made meanwhile instead.
  const [started, template] = await Promise.allSettled([
    startSite({ workDir: path.join(workDir, 'site'), smtpUrl: catcher.url }),
    createDatabaseTemplate(databaseTemplate),
  ]);
  if (started.status === 'rejected' || template.status === 'rejected') {
    if (started.status === 'fulfilled') await started.value.stop();
    await catcher.stop();
    throw started.status === 'rejected' ? started.reason : (template as PromiseRejectedResult).reason;
  }
  const site = started.value;
  const published = await publishRemoteUnderTest(site).catch(async (error: unknown) => {
    await site.stop();
    await catcher.stop();
    throw error;
  });
  if (published) console.log(published);
  Object.assign(process.env, {
    E2E_BASE_URL: site.url,
    E2E_MAIL_DIR: mailDir,
    E2E_SMTP_URL: catcher.url,
    E2E_WORK_DIR: workDir,
    E2E_DATABASE_TEMPLATE: databaseTemplate,
  });

  return async () => {
    await site.stop();
    await catcher.stop();
    // The server's log outlives the run next to the test results, for diagnosing failures.
    const resultsDir = config.projects[0]?.outputDir ?? path.join(config.rootDir, 'test-results');
    await mkdir(resultsDir, { recursive: true });
    const log = path.join(resultsDir, 'server.log');
    await copyFile(path.join(site.workDir, 'server.log'), log);
    let mailed;
    try {
      mailed = await mailedSecrets(mailDir);
      await summariseRemoteLoads(workDir);
    } finally {
      await rm(workDir, { recursive: true, force: true });
    }
    const problems = serverLogProblems(await readFile(log, 'utf8'), mailed);
    if (problems.length > 0) {
      throw new Error(`The server's log (${log}) shows:\n${problems.slice(0, 20).join('\n')}`);
    }
  };
}
