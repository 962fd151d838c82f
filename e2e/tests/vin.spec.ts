import { expectAccessible } from '../support/a11y';
import { expect, test } from '../support/fixtures';
import { createListingViaApi } from '../support/listings';
import { createTestImages } from '../support/test-images';
import { ListingWizardPage } from '../pages/listing-wizard-page';
import { SearchPage } from '../pages/search-page';

test('the wizard checks a VIN offline, fills year and make from it and flags a contradiction', async ({
  page,
  signInViaApi,
}) => {
  await signInViaApi();
  const wizard = new ListingWizardPage(page);
  await wizard.goto();
  const vinStatus = wizard.root.getByRole('status').filter({ hasText: /VIN/ });

  // One mistyped character breaks the check digit: said while typing, and Next refuses it.
  await wizard.field('VIN').fill('1HGCM82633A004353');
  await expect(vinStatus).toContainText("The VIN's check digit doesn't match");
  await wizard.next.click();
  await expect(wizard.message("VIN check digit doesn't match: check it for a typo")).toBeVisible();

  // A real 2003 Honda Accord VIN decodes offline and offers its year and make.
  await wizard.field('VIN').fill('1hgcm82633a004352');
  await expect(vinStatus).toContainText('VIN check digit OK. It decodes to a 2003 Honda (Honda of America).');
  await wizard.root.getByRole('button', { name: 'Use 2003 Honda from the VIN' }).click();
  await expect(wizard.field('Year')).toHaveValue('2003');
  await expect(wizard.field('Make')).toHaveValue('Honda');
  await expect(wizard.root.getByRole('button', { name: /from the VIN/ })).toHaveCount(0);
  await wizard.field('Model').selectOption('Accord');
  await expect(wizard.message("VIN check digit doesn't match: check it for a typo")).toHaveCount(0);

  // Choosing another year afterwards contradicts the VIN, and the seller is told so.
  await wizard.field('Year').selectOption('2005');
  await expect(vinStatus).toContainText('The VIN says model year 2003, but the year entered is 2005.');
  await expectAccessible(page);
  await wizard.root.getByRole('button', { name: 'Use 2003 Honda from the VIN' }).click();
  await expect(wizard.field('Year')).toHaveValue('2003');
  await expect(vinStatus).not.toContainText('The VIN says');
});

test('a listing with a consistent VIN, 4 photos and a verified seller is marked Verified, and search filters by it', async ({
  page,
  request,
  signInViaApi,
}) => {
  test.setTimeout(60_000);
  const seller = await signInViaApi();
  const photos = await createTestImages(4);
  // A model no other test lists; 1HGCM82633A004352 is a 2003 Honda.
  const element = { make: 'Honda', model: 'Element', year: 2003 };
  const verified = await createListingViaApi(request, seller, photos, {
    vehicle: { ...element, vin: '1HGCM82633A004352' },
    price: 4200,
  });
  await createListingViaApi(request, seller, photos, { vehicle: element, price: 3900 });

  const search = new SearchPage(page);
  await search.goto('make=Honda&model=Element');
  await expect(search.cards).toHaveCount(2);
  await expect(search.cards.filter({ hasText: '$4,200' })).toContainText('Verified');
  await expect(search.cards.filter({ hasText: '$3,900' })).not.toContainText('Verified');
  // A click, not check(): the box follows the URL, which the search page updates a moment later.
  await search.filters.getByLabel('Verified listings only').click();
  await expect.poll(() => search.query().verified).toBe('true');
  await expect(search.cards).toHaveCount(1);
  await expectAccessible(page);

  await search.cards.first().getByRole('link').first().click();
  await expect(page).toHaveURL(`/listing/${verified._id}`);
  await page.getByText('What this means').click();
  await expect(page.getByRole('list', { name: 'Verified means' }).getByRole('listitem')).toHaveText([
    'The VIN passes its check digit and matches the model year and make listed.',
    'The listing has at least 4 photos.',
    'The seller’s email address is verified.',
  ]);
  await expectAccessible(page);
});
