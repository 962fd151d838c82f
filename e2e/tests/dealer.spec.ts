import { expectAccessible } from '../support/a11y';
import { expect, test } from '../support/fixtures';
import { createListingViaApi, getListingViaApi } from '../support/listings';
import { createTestImages } from '../support/test-images';
import { ProfilePage } from '../pages/profile-page';

test('a seller becomes a dealer from the profile; the dealer page shows the business and its cars', async ({
  page,
  signInViaApi,
  request,
}) => {
  test.setTimeout(90_000);
  const session = await signInViaApi();
  const listing = await createListingViaApi(request, session, await createTestImages(4));
  const profile = new ProfilePage(page);
  await profile.goto();

  await profile.root.getByRole('button', { name: 'Set Up a Dealer Account' }).click();
  await profile.dealerField('Business name').fill('Hill Country Motors');
  await profile.dealerField('Street address').fill('1200 S Congress Ave');
  await profile.dealerField('City').fill('Austin');
  await profile.dealerField('State').fill('TX');
  await profile.dealerField('ZIP code').fill('78704');
  await profile.dealerField('Business phone').fill('5125550188');
  await profile.dealerField('Website').fill('hillcountry');
  await profile.dealerForm.getByRole('button', { name: 'Become a Dealer' }).click();
  await expect(profile.dealerForm.getByText('Phone format: 123-456-7890')).toBeVisible();
  await expect(profile.dealerForm.getByText('Website must start with http:// or https://')).toBeVisible();
  await profile.dealerField('Business phone').fill('512-555-0188');
  await profile.dealerField('Website').fill('https://hillcountrymotors.example');
  await profile.dealerForm.getByRole('button', { name: 'Become a Dealer' }).click();
  await expect(profile.root.getByText('Dealer details saved.')).toBeVisible();
  await expectAccessible(page);

  // Bulk inventory: two good rows and one the wizard would refuse, reported by line.
  const header =
    'year,make,model,mileage,bodyType,fuelType,transmission,drivetrain,exteriorColor,interiorColor,doors,condition,titleStatus,safetyFeatures,title,description,price,city,state,zipCode';
  const details = 'sedan,gasoline,automatic,fwd,Blue,Black,4,good,clean,ABS; Backup Camera';
  const about = 'Traded in on our lot, inspected and serviced, clean title and two keys included.';
  const csv = [
    header,
    `2010,Toyota,Camry,99000,${details},2010 Toyota Camry from the lot,"${about}",7400,Austin,TX,78704`,
    `1979,DATSUN,280zx,81000,${details},1979 Datsun 280ZX survivor,"${about}",9800,Austin,TX,78704`,
    `1899,Ford,Model T,1000,${details},Too old for the site,"${about}",9000,Austin,TX,78704`,
  ].join('\n');
  await profile.root.getByLabel('CSV file').setInputFiles({
    name: 'inventory.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(csv),
  });
  await profile.root.getByRole('button', { name: 'Import' }).click();
  await expect(
    profile.root.getByText('3 rows: 2 listings created as drafts, 1 rows with errors.'),
  ).toBeVisible();
  const report = profile.root.getByRole('table', { name: 'Import report' });
  await expect(report.getByRole('row').filter({ hasText: '1979 Datsun 280ZX survivor' })).toBeVisible();
  // The feature column lands in the wizard's feature groups; photos are added in the editor.
  const datsunEditor = await report
    .getByRole('link', { name: '1979 Datsun 280ZX survivor' })
    .getAttribute('href');
  const datsun = await getListingViaApi(request, session, datsunEditor!.split('/').pop()!);
  expect(datsun.vehicle.features.safety).toEqual(['ABS', 'Backup Camera']);
  await expect(profile.root.getByText(/Photos are not imported from the file/)).toBeVisible();
  await expect(report.getByRole('row').filter({ hasText: 'year: Year must be 1900 or later' })).toContainText(
    '4',
  );
  await expectAccessible(page);

  await profile.root.getByRole('link', { name: 'View your dealer page' }).click();
  await expect(page).toHaveURL(`/dealer/${session.user._id}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/Hill Country Motors\s*Dealer/);
  await expect(page.getByText('1200 S Congress Ave, Austin, TX 78704')).toBeVisible();
  await expect(page.getByRole('link', { name: '512-555-0188' })).toHaveAttribute('href', 'tel:512-555-0188');
  const inventory = page.getByRole('list', { name: 'Inventory' });
  // The dealer sees its imported drafts here too (a seller's own list); buyers see active cars only.
  await expect(inventory.getByRole('listitem')).toHaveCount(3);
  await expect(inventory.getByRole('link', { name: /2012 Honda Civic/ })).toBeVisible();
  await expectAccessible(page);

  // The listing now says Dealer, and search's seller-type filter finds it.
  await inventory.getByRole('link', { name: /2012 Honda Civic/ }).click();
  await expect(page).toHaveURL(`/listing/${listing._id}`);
  await expect(page.getByText('Dealer', { exact: true }).first()).toBeVisible();
  const dealers = await (await request.get('/api/search?sellerType=dealer&limit=100')).json();
  expect(dealers.data.map((found: { _id: string }) => found._id)).toContain(listing._id);

  // A private seller has no dealer page.
  await page.goto('/dealer/00000000-0000-4000-8000-000000000000');
  await expect(page.getByRole('heading', { name: 'Dealer not found' })).toBeVisible();
});
