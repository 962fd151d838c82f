import { rename } from 'node:fs/promises';
import path from 'node:path';
import { expectAccessible } from '../support/a11y';
import { deployChangedRemote, hashTree } from '../support/deploy';
import { expect, isolatedSiteTest as test } from '../support/fixtures';
import { isSameDocument, markDocument } from '../support/navigation';
import { DashboardPage } from '../pages/dashboard-page';
import { SiteLayout } from '../pages/site-layout';

// One worker, one site, in this order: the second test redeploys what the first one restored.
test.describe.configure({ mode: 'default' });

const unavailable = 'This section is unavailable';
// Text of the search page that is a literal in the remote's built code, and what a release changes it to.
const searchText = 'Search Cars';
const redeployedText = 'Search Used Cars';

test('a remote that fails to load is contained, and Retry brings it back without a reload', async ({
  page,
  site,
  signInViaApi,
}) => {
  const { user } = await signInViaApi();
  const layout = new SiteLayout(page);
  const dist = path.join(site.staticRoot, 'mfe-search/dist');
  await rename(dist, `${dist}.away`);
  try {
    await page.goto('/search');
    await expect(page.getByText(unavailable)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Retry' })).toBeVisible();
    await expect(layout.header).toBeVisible();
    await expect(layout.footer).toBeVisible();
    await expectAccessible(page);

    await layout.headerLink('/dashboard').click();
    await expect(page).toHaveURL('/dashboard');
    await expect(new DashboardPage(page).welcome(user.email)).toBeVisible();
    await layout.headerLink('/search').click();
    await expect(page.getByText(unavailable)).toBeVisible();
  } finally {
    await rename(`${dist}.away`, dist);
  }

  await markDocument(page);
  await page.getByRole('button', { name: 'Retry' }).click();
  await expect(page.locator('[data-remote="mfe_search"]')).toBeVisible();
  await expect(page.getByText(unavailable)).toBeHidden();
  expect(await isSameDocument(page)).toBe(true);
});

test("redeploying one remote changes the site while the shell's files stay byte-identical", async ({
  page,
  site,
}) => {
  const shellDist = path.join(site.staticRoot, 'shell/dist');
  const shellBefore = await hashTree(shellDist);
  const searchRoot = page.locator('[data-remote="mfe_search"]');
  await page.goto('/search');
  await expect(searchRoot.getByRole('heading', { name: searchText, exact: true })).toBeVisible();

  const searchDist = path.join(site.staticRoot, 'mfe-search/dist');
  await deployChangedRemote(searchDist, searchText, redeployedText);
  try {
    await page.goto('/search');
    await expect(searchRoot.getByRole('heading', { name: redeployedText, exact: true })).toBeVisible();
    await expectAccessible(page);
    expect(await hashTree(shellDist)).toEqual(shellBefore);
  } finally {
    // The worker's site is shared with later files (the visual baselines shoot /search on it).
    await deployChangedRemote(searchDist, redeployedText, searchText);
  }
});
