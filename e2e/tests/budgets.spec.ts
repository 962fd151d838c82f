// The bundle budgets (scripts/check-budgets.mjs), measured on the site this suite already runs
// instead of a site of their own after the suite: what a browser downloads does not depend on the
// data other tests create (the listing page is measured on a listing of this test's own). Fails when
// a figure is over its regression ceiling.
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { repoRoot } from '../../scripts/lib/build.mjs';
import { expect, test } from '../support/fixtures';
import { createListingViaApi } from '../support/listings';
import { createTestImages } from '../support/test-images';

const execFileAsync = promisify(execFile);

test('the built site stays within the bundle budgets', async ({ baseURL, request, signInViaApi }) => {
  // A fresh browser context for each of the site's 19 routes: 49 s alone on a slow 2-core machine,
  // over 135 s beside three busy workers.
  test.setTimeout(300_000);
  const listing = await createListingViaApi(request, await signInViaApi(), await createTestImages(4));
  const check = await execFileAsync(
    process.execPath,
    [
      path.join(repoRoot, 'scripts/check-budgets.mjs'),
      '--url',
      baseURL!,
      '--mail-dir',
      process.env.E2E_MAIL_DIR!,
      '--listing',
      listing._id,
    ],
    { cwd: repoRoot },
  ).then(
    ({ stdout, stderr }) => ({ passed: true, output: stdout + stderr }),
    (error: { stdout?: string; stderr?: string; message: string }) => ({
      passed: false,
      output: `${error.stdout ?? ''}${error.stderr ?? error.message}`,
    }),
  );
  console.log(check.output);
  expect(check.passed, check.output).toBe(true);
});
