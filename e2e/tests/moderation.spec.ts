import { signUpViaApi, uniqueEmail } from '../../scripts/lib/session.mjs';
import type { APIRequestContext } from '@playwright/test';
import { expectAccessible } from '../support/a11y';
import { adminSiteTest as test, expect, type Session } from '../support/fixtures';
import { createListingViaApi } from '../support/listings';
import { createTestImages } from '../support/test-images';
import { ModerationPage } from '../pages/moderation-page';
import { SearchPage } from '../pages/search-page';
import { SiteLayout } from '../pages/site-layout';

// One worker, one administrator's site (two starts and the admin command: the costliest site to make)
// for both tests, in order.
test.describe.configure({ mode: 'default' });

async function report(request: APIRequestContext, reporter: Session, listingId: string, reason: string) {
  const reported = await request.post(`/api/reports/listings/${listingId}`, {
    headers: { authorization: `Bearer ${reporter.accessToken}` },
    data: { reason, details: reason === 'scam' ? 'Wants a deposit before a viewing' : undefined },
  });
  expect(reported.ok()).toBe(true);
}

test('an administrator restores a listing reported three times to search and blocks a seller', async ({
  page,
  request,
  baseURL,
  mailbox,
  signInAsAdmin,
}) => {
  test.slow(); // seven sign-ups, two listings with their photos and three accessibility scans in one test
  const signUp = (label: string) => signUpViaApi({ baseURL, mailbox, email: uniqueEmail(label) });
  const photos = await createTestImages(4);
  // At once rather than one after the other: on a busy machine the test runs close to its time limit.
  const [seller, scammer, scamReporter, reporters] = await Promise.all([
    signUp('reported-seller'),
    signUp('scammer'),
    signUp('scam-reporter'),
    Promise.all(
      ['scam', 'misleading', 'already-sold'].map(async (reason) => ({
        reason,
        reporter: await signUp(`reporter-${reason}`),
      })),
    ),
  ]);
  // Prices no other listing of this site has find each listing alone in search.
  const [reported, scam] = await Promise.all([
    createListingViaApi(request, seller, photos, { price: 8713, title: 'Civic, cash only' }),
    createListingViaApi(request, scammer, photos, { price: 8714, title: 'Civic, deposit first' }),
  ]);
  // One after the other: a case lists its reports newest first.
  for (const { reason, reporter } of reporters) await report(request, reporter, reported._id, reason);
  await report(request, scamReporter, scam._id, 'scam');

  const search = new SearchPage(page);
  await signInAsAdmin(page);
  await search.goto('minPrice=8713&maxPrice=8713');
  await expect(search.resultsCount).toHaveText('0 Cars Found');

  // The header shows an administrator the way in.
  await new SiteLayout(page).header.getByRole('link', { name: 'Moderation' }).click();
  const moderation = new ModerationPage(page);
  await expect(moderation.heading).toBeVisible();
  const threeTimes = moderation.listingCase('Civic, cash only');
  await expect(threeTimes).toContainText('3 reporters');
  await expect(threeTimes).toContainText('Hidden from search');
  await expect(threeTimes).toContainText('Under review');
  await expect(moderation.reports(threeTimes)).toHaveText([
    /^Already sold.*Under review/,
    /^Wrong or misleading details.*Under review/,
    /^Scam or fraud“Wants a deposit before a viewing”.*Under review/,
  ]);
  await expectAccessible(page);

  // Restored from the keyboard: the listing is back in search and its reports need no action.
  const restore = threeTimes.getByRole('button', { name: 'Restore listing' });
  await restore.focus();
  await page.keyboard.press('Enter');
  await expect(moderation.announcement).toHaveText('“Civic, cash only” is back in search');
  await expect(threeTimes).not.toContainText('Hidden from search');
  await expect(moderation.reports(threeTimes).filter({ hasText: 'Under review' })).toHaveCount(0);
  // The same button now offers the opposite decision, and keeps focus.
  await expect(threeTimes.getByRole('button', { name: 'Hide listing' })).toBeFocused();

  // Blocking the other seller takes their listing out of search.
  const deposit = moderation.listingCase('Civic, deposit first');
  await deposit.getByRole('button', { name: 'Block user' }).click();
  await expect(moderation.announcement).toHaveText(/is blocked$/);
  await expect(deposit).toContainText('User blocked');
  await expect(deposit.getByRole('button', { name: 'Unblock user' })).toBeVisible();

  // Narrow, and in the other theme.
  await page.setViewportSize({ width: 360, height: 740 });
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await expectAccessible(page);
  const layout = new SiteLayout(page);
  await layout.menuButton.click();
  await layout.themeToggle.click();
  // Dark by default: axe judges the light theme once it is on.
  await expect(page.locator('html')).not.toHaveClass(/\bdark\b/);
  await expectAccessible(page);

  // Of the two, the restored listing is in search and the blocked seller's is not.
  await search.goto('minPrice=8713&maxPrice=8714');
  await expect(search.cards).toHaveCount(1);
  await expect(search.cards).toContainText('$8,713');
});

test('someone who is not an administrator sees neither the link nor any report', async ({
  page,
  request,
  baseURL,
  mailbox,
  signInViaApi,
}) => {
  const seller = await signUpViaApi({ baseURL, mailbox, email: uniqueEmail('seller') });
  const listing = await createListingViaApi(request, seller, await createTestImages(4), {
    price: 8715,
    title: 'Civic nobody else may see reported',
  });
  const member = await signInViaApi(page);
  await report(request, member, listing._id, 'spam');

  await page.goto('/');
  const layout = new SiteLayout(page);
  await expect(layout.header.getByRole('link', { name: 'Dashboard' })).toBeAttached();
  await expect(layout.header.getByRole('link', { name: 'Moderation' })).toHaveCount(0);

  const moderation = new ModerationPage(page);
  await moderation.goto();
  await expect(moderation.root.getByRole('heading', { name: 'Moderation is not available' })).toBeVisible();
  await expect(moderation.root.getByRole('article')).toHaveCount(0);
  await expect(page.getByText('Civic nobody else may see reported')).toHaveCount(0);
  await expectAccessible(page);
});
