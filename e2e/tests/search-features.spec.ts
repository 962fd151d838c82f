import { SearchPage } from '../pages/search-page';
import { expectAccessible } from '../support/a11y';
import { expect, test } from '../support/fixtures';
import { createListingViaApi } from '../support/listings';
import { createTestImages } from '../support/test-images';

// This run's listings sit in a price window of their own (above the other search tests' window),
// so other tests' listings never show up in the counts.
const base = 45_000 + (Math.floor(Date.now() / 1000) % 490) * 10;
const priceWindow = `minPrice=${base}&maxPrice=${base + 9}`;

test('the Features section filters by a feature and by warranty, through the URL', async ({
  page,
  signInViaApi,
  request,
}) => {
  test.setTimeout(60_000);
  const seller = await signInViaApi();
  const photos = await createTestImages(4);
  const heatedWheel = { interior: ['Heated Steering Wheel'], technology: ['Bluetooth'] };
  // The feature and a warranty; the warranty alone; the feature alone.
  await createListingViaApi(request, seller, photos, {
    vehicle: { make: 'Toyota', model: 'Camry', year: 2015, features: heatedWheel },
    terms: { hasWarranty: true },
    price: base + 1,
  });
  await createListingViaApi(request, seller, photos, {
    vehicle: { features: { technology: ['Bluetooth'] } },
    terms: { hasWarranty: true },
    price: base + 2,
  });
  await createListingViaApi(request, seller, photos, {
    vehicle: { make: 'Ford', model: 'F-150', year: 2011, bodyType: 'truck', features: heatedWheel },
    price: base + 3,
  });

  const search = new SearchPage(page);
  await search.goto(priceWindow);
  await expect(search.resultsCount).toHaveText('3 Cars Found');

  // Features starts collapsed (spec §2); its options carry the counts of this search.
  const features = search.filters.locator('details', { has: page.getByText('Features', { exact: true }) });
  await features.getByText('Features', { exact: true }).click();
  const interior = features.getByRole('group', { name: 'Interior', exact: true });
  await expect(interior.getByLabel('Heated Steering Wheel (2)')).toBeVisible();
  await expectAccessible(page);

  // The box follows the URL, which updates a moment after the click.
  await interior.getByLabel('Heated Steering Wheel (2)').click();
  await expect.poll(() => search.query().interiorFeatures).toBe('Heated Steering Wheel');
  await expect(search.resultsCount).toHaveText('2 Cars Found');
  await expect(search.card('2015 Toyota Camry')).toBeVisible();
  await expect(search.card('2011 Ford F-150')).toBeVisible();
  await expect(search.card('2012 Honda Civic')).toHaveCount(0);

  await features.getByLabel('Has warranty').click();
  await expect.poll(() => search.query().hasWarranty).toBe('true');
  await expect(search.resultsCount).toHaveText('1 Cars Found');
  await expect(search.card('2015 Toyota Camry')).toBeVisible();
  await expect(search.card('2011 Ford F-150')).toHaveCount(0);
  expect(search.query()).toMatchObject({
    minPrice: String(base),
    maxPrice: String(base + 9),
    interiorFeatures: 'Heated Steering Wheel',
    hasWarranty: 'true',
  });

  // Back drops the warranty filter again; a shared link opens the same filtered search.
  await page.goBack();
  await expect.poll(() => search.query().hasWarranty).toBeUndefined();
  await expect(search.resultsCount).toHaveText('2 Cars Found');
  await search.goto(`${priceWindow}&interiorFeatures=Heated Steering Wheel&hasWarranty=true`);
  await expect(search.resultsCount).toHaveText('1 Cars Found');
  await expect(search.card('2015 Toyota Camry')).toBeVisible();
});
