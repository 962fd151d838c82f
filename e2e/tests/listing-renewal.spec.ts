import { DashboardPage } from '../pages/dashboard-page';
import { SearchPage } from '../pages/search-page';
import { expectAccessible } from '../support/a11y';
import { expect, SHORT_RENEWAL_PERIOD_MS, shortRenewalPeriodTest as test } from '../support/fixtures';
import { createListingViaApi } from '../support/listings';
import { createTestImages } from '../support/test-images';

test('an expired listing shows its notice on My Listings and one click on Renew puts it back in search', async ({
  page,
  request,
  signInViaApi,
}) => {
  test.setTimeout(SHORT_RENEWAL_PERIOD_MS + 90_000);
  const owner = await signInViaApi(page);
  await createListingViaApi(request, owner, await createTestImages(4), {
    vehicle: { model: 'Element', bodyType: 'suv' },
  });
  const search = new SearchPage(page);
  const inSearch = search.card('2012 Honda Element LX');
  await search.goto('make=Honda&model=Element');
  await expect(inSearch).toHaveCount(1);

  // This site's listings leave search a few seconds after they are listed; the dashboard says so
  // on its next load.
  const dashboard = new DashboardPage(page);
  const row = dashboard.listing('2012 Honda Element LX');
  const notice = row.getByText(/^Not in search since /);
  await expect(async () => {
    await dashboard.goto();
    await expect(notice).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: SHORT_RENEWAL_PERIOD_MS + 15_000 });
  await expectAccessible(page);
  await search.goto('make=Honda&model=Element');
  await expect(search.resultsCount).toBeVisible();
  await expect(inSearch).toHaveCount(0);

  await dashboard.goto();
  await row.getByRole('button', { name: 'Renew 2012 Honda Element LX' }).click();
  await expect(notice).toBeHidden();
  await expect(row.getByRole('button', { name: /^Renew/ })).toHaveCount(0);
  await search.goto('make=Honda&model=Element');
  await expect(inSearch).toHaveCount(1);
});
