import { copyFile, mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FullConfig } from '@playwright/test';
import { buildStale } from '../../scripts/lib/build.mjs';
import { startSite } from '../../scripts/lib/server.mjs';
import { startSmtpCatcher } from '../../scripts/lib/smtp-catcher.mjs';

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
  const site = await startSite({ workDir: path.join(workDir, 'site'), smtpUrl: catcher.url }).catch(
    async (error: unknown) => {
      await catcher.stop();
      throw error;
    },
  );
  Object.assign(process.env, {
    E2E_BASE_URL: site.url,
    E2E_MAIL_DIR: mailDir,
    E2E_SMTP_URL: catcher.url,
    E2E_WORK_DIR: workDir,
  });

  return async () => {
    await site.stop();
    await catcher.stop();
    // The server's log outlives the run next to the test results, for diagnosing failures.
    const resultsDir = config.projects[0]?.outputDir ?? path.join(config.rootDir, 'test-results');
    await mkdir(resultsDir, { recursive: true });
    await copyFile(path.join(site.workDir, 'server.log'), path.join(resultsDir, 'server.log'));
    await rm(workDir, { recursive: true, force: true });
  };
}
