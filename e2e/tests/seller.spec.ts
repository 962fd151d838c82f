import { stat } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { expectAccessible } from '../support/a11y';
import { expect, test } from '../support/fixtures';
import { createListingViaApi, getListingViaApi } from '../support/listings';
import { createHugePhoto, createTestImages, createTextFile } from '../support/test-images';
import { DashboardPage } from '../pages/dashboard-page';
import { ListingEditorPage } from '../pages/listing-editor-page';
import { ListingPage } from '../pages/listing-page';
import { ListingWizardPage } from '../pages/listing-wizard-page';

/** Accepts every alert/confirm of the page and keeps its text, in order. */
function recordDialogs(page: Page): string[] {
  const messages: string[] = [];
  page.on('dialog', (dialog) => {
    messages.push(dialog.message());
    void dialog.accept();
  });
  return messages;
}

const description =
  'One owner, garage kept, new tires and brakes last year. Cold A/C, no warning lights, all service records.';

test('a seller creates a listing through the six steps with five real photos and sees it', async ({
  page,
  signInViaApi,
  request,
}) => {
  test.setTimeout(120_000);
  const session = await signInViaApi();
  const photos = await createTestImages(5);
  const wizard = new ListingWizardPage(page);
  await wizard.goto();

  // Step 1: every message on an empty Next; make waits for a year, model for a make.
  await expect(wizard.stepHeading).toHaveText('Step 1 of 6: Vehicle Info');
  await expect(wizard.progress.locator('[aria-current="step"]')).toHaveText('1. Vehicle Info');
  await expect(wizard.field('Make')).toBeDisabled();
  await expect(wizard.field('Model')).toBeDisabled();
  await expectAccessible(page);
  await wizard.next.click();
  for (const text of ['Year is required', 'Make is required', 'Model is required', 'Mileage is required']) {
    await expect(wizard.message(text)).toBeVisible();
  }
  await wizard.fillVehicleInfo({ year: '2012', make: 'Honda', model: 'Civic', mileage: '85000' });
  await expect(wizard.field('Trim')).toBeEnabled();
  // Changing the year clears make and model.
  await wizard.field('Year').selectOption('2011');
  await expect(wizard.field('Make')).toHaveValue('');
  await expect(wizard.field('Model')).toBeDisabled();
  await wizard.fillVehicleInfo({ year: '2012', make: 'Honda', model: 'Civic', mileage: '600000' });
  await wizard.field('VIN').fill('ABC123');
  await wizard.next.click();
  await expect(wizard.message('Mileage seems too high')).toBeVisible();
  await expect(wizard.message('Invalid VIN format')).toBeVisible();
  await wizard.field('Mileage').fill('85000');
  await wizard.field('VIN').fill('1hgcm82633a004352');
  await wizard.next.click();

  // Step 2, its feature checkboxes included, fits a 360 px wide phone.
  await expect(wizard.stepHeading).toHaveText('Step 2 of 6: Vehicle Details');
  await expectAccessible(page);
  const desktop = page.viewportSize()!;
  await page.setViewportSize({ width: 360, height: 740 });
  await expect(wizard.feature('Exterior', 'Power Liftgate')).toBeVisible();
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
  ).toBeLessThanOrEqual(0);
  await page.setViewportSize(desktop);
  await wizard.next.click();
  for (const text of [
    'Body type is required',
    'Fuel type is required',
    'Transmission is required',
    'Drivetrain is required',
    'Exterior color is required',
    'Interior color is required',
    'Doors is required',
    'Condition is required',
    'Title status is required',
  ]) {
    await expect(wizard.message(text)).toBeVisible();
  }
  await wizard.fillVehicleDetails();
  await wizard.field('Doors').fill('7');
  // Fuel economy and features are optional; a combined figure outside city and highway is a typo.
  await wizard.fillFuelEconomy('31', '40', '45');
  await wizard.next.click();
  await expect(wizard.message('Doors must be between 2 and 5')).toBeVisible();
  await expect(wizard.message('Combined MPG must be between city and highway MPG')).toBeVisible();
  await wizard.field('Doors').fill('4');
  await wizard.field('Combined MPG').fill('34');
  await wizard.feature('Safety', 'Backup Camera').check();
  await wizard.feature('Technology', 'Apple CarPlay').check();
  await wizard.feature('Other', 'One Owner').check();
  await wizard.next.click();

  // Step 3: a text file is refused before any upload; three photos are not enough.
  await expect(wizard.stepHeading).toHaveText('Step 3 of 6: Photos');
  await wizard.photoInput.setInputFiles([await createTextFile()]);
  await expect(wizard.message('Only JPEG, PNG, and WebP images are allowed')).toBeVisible();
  await wizard.photoInput.setInputFiles(photos.slice(0, 3));
  await expect(wizard.photoTiles).toHaveCount(3);
  await expect(wizard.photoTiles.first().getByText('Primary')).toBeVisible();
  await expectAccessible(page);
  await wizard.next.click();
  await expect(wizard.message('Please upload at least 4 photos')).toBeVisible();
  await expect(wizard.stepHeading).toHaveText('Step 3 of 6: Photos');
  await wizard.photoInput.setInputFiles(photos.slice(3));
  await expect(wizard.photoTiles).toHaveCount(5);
  await wizard.next.click();

  // Step 4.
  await expect(wizard.stepHeading).toHaveText('Step 4 of 6: Listing Details');
  await expectAccessible(page);
  await wizard.next.click();
  for (const text of ['Title is required', 'Description is required', 'Price is required']) {
    await expect(wizard.message(text)).toBeVisible();
  }
  await wizard.fillListingDetails('Short', 'Too short.', '50');
  await wizard.next.click();
  await expect(wizard.message('Title must be at least 10 characters')).toBeVisible();
  await expect(wizard.message('Description must be at least 50 characters')).toBeVisible();
  await expect(wizard.message('Price must be at least $100')).toBeVisible();
  await wizard.fillListingDetails('2012 Honda Civic, one owner', description, '6500');
  await expect(wizard.root.getByText(`${description.length}/2000 characters`)).toBeVisible();
  await wizard.field('Warranty included').check();
  await wizard.field('Financing available').check();

  // The draft survives a reload; photos cannot, so the wizard resumes at the Photos step.
  await page.reload();
  await expect(wizard.stepHeading).toHaveText('Step 3 of 6: Photos');
  await expect(wizard.photoTiles).toHaveCount(0);
  await wizard.photoInput.setInputFiles(photos);
  await expect(wizard.photoTiles).toHaveCount(5);
  await wizard.next.click();
  await expect(wizard.field('Title')).toHaveValue('2012 Honda Civic, one owner');

  // The progress bar jumps back only: later steps are not buttons.
  await expect(wizard.progress.getByRole('button', { name: '5. Contact & Location' })).toHaveCount(0);
  await wizard.progress.getByRole('button', { name: '1. Vehicle Info' }).click();
  await expect(wizard.stepHeading).toHaveText('Step 1 of 6: Vehicle Info');
  await expect(wizard.field('Make')).toHaveValue('Honda');
  await expect(wizard.field('Model')).toHaveValue('Civic');
  await wizard.next.click();
  await expect(wizard.field('Body type')).toHaveValue('sedan');
  await expect(wizard.field('Combined MPG')).toHaveValue('34');
  await expect(wizard.feature('Technology', 'Apple CarPlay')).toBeChecked();
  await wizard.next.click();
  await expect(wizard.photoTiles).toHaveCount(5);
  await wizard.next.click();
  await wizard.next.click();

  // Step 5.
  await expect(wizard.stepHeading).toHaveText('Step 5 of 6: Contact & Location');
  await expectAccessible(page);
  await wizard.fillContactLocation('', '', '');
  await wizard.field('Phone').fill('5125550142');
  await wizard.next.click();
  for (const text of [
    'Phone format: 123-456-7890',
    'City is required',
    'Use 2-letter state code',
    'ZIP code must be 5 digits',
  ]) {
    await expect(wizard.message(text)).toBeVisible();
  }
  await wizard.field('Phone').fill('512-555-0142');
  await wizard.field('Preferred contact method').selectOption({ label: 'Email or Phone' });
  await wizard.fillContactLocation('Austin', 'tx', '78701');
  await wizard.next.click();

  // Review: vehicle, price, location, photo count, 4 thumbnails and '+1 more'.
  await expect(wizard.stepHeading).toHaveText('Step 6 of 6: Review');
  await expect(wizard.root.getByText('2012 Honda Civic', { exact: false }).first()).toBeVisible();
  await expect(wizard.root.getByText('$6,500')).toBeVisible();
  await expect(wizard.root.getByText('Austin, TX 78701')).toBeVisible();
  await expect(wizard.root.getByText('5 photos')).toBeVisible();
  await expect(wizard.root.getByRole('img', { name: /^Photo \d/ })).toHaveCount(4);
  await expect(wizard.root.getByText('+1 more')).toBeVisible();
  await expect(wizard.root.getByText('31 city / 40 highway / 34 combined MPG')).toBeVisible();
  await expect(wizard.root.getByText('Backup Camera', { exact: true })).toBeVisible();
  await expect(wizard.root.getByText('Warranty included, Financing available')).toBeVisible();
  await expectAccessible(page);

  const created = page.waitForResponse(
    (response) => response.url().endsWith('/api/listings') && response.request().method() === 'POST',
  );
  await wizard.submit.click();
  const listingId = ((await (await created).json()) as { data: { _id: string } }).data._id;
  await expect(page).toHaveURL(`/listing/${listingId}`, { timeout: 30_000 });
  await expect(page.getByRole('heading', { level: 1, name: /2012 Honda Civic/ })).toBeVisible();
  // The uploads were answered while the photos were processed: the page shows 'Processing…' in their
  // place and reads the listing again until they are ready, then shows them (never a failed image).
  const mainPhoto = page.getByRole('button', { name: /View photo 1 of 5/ }).locator('img');
  await expect.poll(() => mainPhoto.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  await expect(page.getByText('Image could not be loaded')).toHaveCount(0);

  const listing = await getListingViaApi(request, null, listingId);
  expect(listing.title).toBe('2012 Honda Civic, one owner');
  expect(listing.vehicle.images).toHaveLength(5);
  expect(listing.vehicle.images[0]!.isPrimary).toBe(true);
  expect(listing.vehicle.mpg).toEqual({ city: 31, highway: 40, combined: 34 });
  expect(listing).toMatchObject({ hasWarranty: true, acceptsTradeIn: false, financingAvailable: true });

  // The listing page shows the features by category, the fuel economy and the sale terms.
  const view = new ListingPage(page);
  const features = view.root.getByRole('region', { name: 'Features' });
  await expect(features.getByRole('heading', { level: 3 })).toHaveText(['Safety', 'Technology', 'Other']);
  for (const feature of ['Backup Camera', 'Apple CarPlay', 'One Owner']) {
    await expect(features.getByRole('listitem').filter({ hasText: feature })).toBeVisible();
  }
  await expect(view.fact(view.vehicleDetails, 'Fuel economy')).toHaveText(
    '31 city / 40 highway / 34 combined MPG',
  );
  await expect(view.price.getByText('Warranty included', { exact: true })).toBeVisible();
  await expect(view.price.getByText('Financing available', { exact: true })).toBeVisible();
  await expect(view.price.getByText('Trade-ins accepted', { exact: true })).toHaveCount(0);

  // The draft was forgotten: a new wizard starts empty.
  await wizard.goto();
  await expect(wizard.field('Year')).toHaveValue('');
  expect(session.user._id).toBe(listing.seller._id);
});

test('a new seller lists a 1978 car the vehicle list lacks by typing make and model, and gives their name', async ({
  page,
  signInViaApi,
  request,
}) => {
  test.setTimeout(90_000);
  // No display name yet: the first listing asks for one on the review step.
  await signInViaApi(page, { name: null });
  const wizard = new ListingWizardPage(page);
  await wizard.goto();

  // 1978 is older than the vehicle list: make and model become text fields, checked like the API.
  await wizard.field('Year').selectOption('1978');
  await expect(wizard.root.getByText('The vehicle list has no makes for 1978: type it')).toBeVisible();
  await wizard.fillTypedVehicleInfo({ year: '1978', make: 'AMC', model: 'pacer<>', mileage: '76000' });
  await wizard.next.click();
  await expect(
    wizard.message("Model may contain letters, numbers, spaces and - & . ' / + ( )"),
  ).toBeVisible();
  await wizard.field('Model').fill('pacer');
  await wizard.field('Trim').fill('DL');
  await expectAccessible(page);
  await wizard.next.click();

  await wizard.fillVehicleDetails();
  await wizard.next.click();
  await wizard.photoInput.setInputFiles(await createTestImages(4));
  await expect(wizard.photoTiles).toHaveCount(4);
  await wizard.next.click();
  await wizard.fillListingDetails('1978 AMC Pacer, a survivor', description, '7900');
  await wizard.next.click();
  await wizard.fillContactLocation('Austin', 'TX', '78701');
  await wizard.next.click();
  await expect(wizard.root.getByText('1978 AMC pacer', { exact: false }).first()).toBeVisible();
  const sellerName = wizard.root.getByRole('textbox', { name: 'Your name' });
  await wizard.submit.click();
  await expect(wizard.message('Please enter your name')).toBeVisible();
  await expect(sellerName).toBeFocused();
  await expectAccessible(page);
  await sellerName.fill('Alex Garage');

  const created = page.waitForResponse(
    (response) => response.url().endsWith('/api/listings') && response.request().method() === 'POST',
  );
  await wizard.submit.click();
  const listingId = ((await (await created).json()) as { data: { _id: string } }).data._id;
  await expect(page).toHaveURL(`/listing/${listingId}`, { timeout: 30_000 });
  // Stored in tidy case, so it is one make and model for search.
  await expect(page.getByRole('heading', { level: 1, name: /1978 AMC Pacer DL/ })).toBeVisible();
  const listingPage = new ListingPage(page);
  await expect(listingPage.fact(listingPage.sellerInformation, 'Seller')).toHaveText('Alex Garage');
  const found = await (await request.get('/api/search?make=amc&model=PACER')).json();
  expect(found.data.map((listing: { _id: string }) => listing._id)).toEqual([listingId]);
});

test('the seller edits each tab, reorders photos and changes the primary; others cannot edit', async ({
  page,
  browser,
  signInViaApi,
  request,
}) => {
  test.setTimeout(90_000);
  const session = await signInViaApi();
  const listing = await createListingViaApi(request, session, await createTestImages(5));
  const dialogs = recordDialogs(page);
  const editor = new ListingEditorPage(page);
  await editor.goto(listing._id);
  await expect(editor.heading).toHaveText('Edit Listing');
  await expect(editor.root.getByRole('link', { name: 'Back to Dashboard' })).toBeVisible();
  await expectAccessible(page);

  // Listing Details: the edit rules have no upper bound on price.
  await editor.field('Title').fill('x');
  await editor.button('Save Listing Details').click();
  await expect(editor.root.getByText('Title must be at least 10 characters')).toBeVisible();
  await editor.field('Title').fill('2012 Honda Civic, price drop');
  await editor.field('Price (USD)').fill('60000');
  await editor.button('Save Listing Details').click();
  await expect.poll(() => dialogs).toContain('Listing details updated successfully!');
  await page.reload();
  await expect(editor.field('Title')).toHaveValue('2012 Honda Civic, price drop');
  await expect(editor.field('Price (USD)')).toHaveValue('60000');
  await expect(editor.field('Trade-ins accepted')).not.toBeChecked();
  await editor.field('Trade-ins accepted').check();
  await editor.button('Save Listing Details').click();
  await expect
    .poll(async () => (await getListingViaApi(request, session, listing._id)).acceptsTradeIn)
    .toBe(true);

  // Vehicle Information: no upper bound on mileage.
  await editor.tab('Vehicle Information').click();
  await expect(editor.field('Make')).toHaveValue('Honda');
  await expectAccessible(page);
  await editor.field('Mileage').fill('');
  await editor.button('Save Vehicle Information').click();
  await expect(editor.root.getByText('Mileage is required')).toBeVisible();
  await editor.field('Mileage').fill('612000');
  await editor.field('Highway MPG').fill('0');
  await editor.button('Save Vehicle Information').click();
  await expect(editor.root.getByText('Highway MPG must be a whole number from 1 to 150')).toBeVisible();
  await editor.field('Highway MPG').fill('38');
  await editor.root.getByRole('group', { name: 'Exterior' }).getByLabel('Sunroof').check();
  await editor.button('Save Vehicle Information').click();
  await expect.poll(() => dialogs).toContain('Vehicle details updated successfully!');
  await expect
    .poll(async () => (await getListingViaApi(request, session, listing._id)).vehicle.mileage)
    .toBe(612000);
  const vehicle = (await getListingViaApi(request, session, listing._id)).vehicle;
  expect(vehicle.mpg).toEqual({ city: null, highway: 38, combined: null });
  expect(vehicle.features.exterior).toEqual(['Sunroof']);

  // Photos: move the first photo right with the keyboard, make the fourth primary, save.
  const [first, second, third, fourth] = listing.vehicle.images.map((image) => image.publicId);
  await editor.tab('Photos').click();
  await expect(editor.photoTiles).toHaveCount(5);
  await expect(editor.photoTiles.first().getByText('Saved')).toBeVisible();
  await expectAccessible(page);
  await editor.button('Move photo 1 right').focus();
  await page.keyboard.press('Enter');
  await expect(editor.button('Move photo 2 right')).toBeFocused();
  await editor.button('Set as Primary: photo 4').click();
  await expect(editor.photoTiles.nth(3).getByText('Primary')).toBeVisible();
  await expect(editor.root.getByText('Primary', { exact: true })).toHaveCount(1);
  await editor.button('Save Photos').click();
  await expect.poll(() => dialogs).toContain('Images updated successfully!');

  const saved = await getListingViaApi(request, session, listing._id);
  expect(saved.vehicle.images.map((image) => image.publicId).slice(0, 4)).toEqual([
    second,
    first,
    third,
    fourth,
  ]);
  expect(saved.vehicle.images.filter((image) => image.isPrimary).map((image) => image.publicId)).toEqual([
    fourth,
  ]);
  // The listing page opens on the new primary photo, and shows the photos in the new order.
  await page.goto(`/listing/${listing._id}`);
  await expect(page.getByRole('button', { name: /View photo 4 of 5/ }).locator('img')).toHaveAttribute(
    'src',
    saved.vehicle.images[3]!.url,
  );
  await page.getByRole('button', { name: 'Show photo 1 of 5' }).click();
  await expect(page.getByRole('button', { name: /View photo 1 of 5/ }).locator('img')).toHaveAttribute(
    'src',
    saved.vehicle.images[0]!.url,
  );

  // Another signed-in user is told the listing is not theirs; the API refuses them with 403.
  const otherContext = await browser.newContext();
  const otherPage = await otherContext.newPage();
  const other = await signInViaApi(otherPage);
  const otherEditor = new ListingEditorPage(otherPage);
  await otherEditor.goto(listing._id);
  await expect(otherEditor.heading).toHaveText('You cannot edit this listing');
  const refused = await request.put(`/api/listings/${listing._id}/vehicle`, {
    headers: { Authorization: `Bearer ${other.accessToken}` },
    data: {
      make: 'Honda',
      model: 'Civic',
      year: 2012,
      mileage: 1,
      bodyType: 'sedan',
      fuelType: 'gasoline',
      transmission: 'automatic',
      drivetrain: 'fwd',
      color: { exterior: 'Red', interior: 'Black' },
      doors: 4,
      condition: 'good',
      titleStatus: 'clean',
    },
  });
  expect(refused.status()).toBe(403);
  await otherContext.close();

  // Removing a saved photo deletes it at once; under 4 photos Save is disabled.
  await editor.goto(listing._id);
  await editor.tab('Photos').click();
  await editor.button('Remove photo 5').click();
  await expect(editor.photoTiles).toHaveCount(4);
  await editor.button('Remove photo 4').click();
  await expect(editor.photoTiles).toHaveCount(3);
  await expect(editor.button('Save Photos')).toBeDisabled();
  await expect(editor.root.getByText('Please upload at least 4 photos')).toBeVisible();
  await expect
    .poll(async () => (await getListingViaApi(request, session, listing._id)).vehicle.images.length)
    .toBe(3);
});

test('an unknown listing id shows Listing not found in the editor', async ({ page, signInViaApi }) => {
  await signInViaApi();
  const editor = new ListingEditorPage(page);
  await editor.goto('00000000-0000-4000-8000-000000000000');
  await expect(editor.heading).toHaveText('Listing not found');
  await expectAccessible(page);
});

test('the seller deletes a listing from the dashboard after the confirm', async ({
  page,
  signInViaApi,
  request,
}) => {
  const session = await signInViaApi();
  const listing = await createListingViaApi(request, session, await createTestImages(4));
  const dialogs = recordDialogs(page);
  const dashboard = new DashboardPage(page);
  await page.goto('/dashboard');
  const view = dashboard.root.getByRole('link', { name: 'View' });
  await expect(view).toHaveAttribute('href', `/listing/${listing._id}`);
  await dashboard.root.getByRole('button', { name: 'Delete' }).click();
  await expect.poll(() => dialogs).toEqual(['Are you sure you want to delete this listing?']);
  await expect(view).toHaveCount(0);
  const gone = await request.get(`/api/listings/${listing._id}`);
  expect(gone.status()).toBe(404);
});

test('removing a photo that would hide a live listing asks first; its owner then sees why and the fix', async ({
  page,
  signInViaApi,
  request,
}) => {
  const session = await signInViaApi();
  const listing = await createListingViaApi(request, session, await createTestImages(4));
  const name = '2012 Honda Civic LX';
  const editor = new ListingEditorPage(page);
  await editor.goto(listing._id);
  await editor.tab('Photos').click();
  await expect(editor.photoTiles).toHaveCount(4);

  const asked: string[] = [];
  page.once('dialog', (dialog) => {
    asked.push(dialog.message());
    void dialog.dismiss();
  });
  await editor.button('Remove photo 4').click();
  await expect
    .poll(() => asked)
    .toEqual([
      'Remove this photo? Your listing would have 3 photos and be hidden from buyers (out of search, ' +
        'its page not found) until it has 4 again.',
    ]);
  await expect(editor.photoTiles).toHaveCount(4);
  expect((await getListingViaApi(request, null, listing._id)).vehicle.images).toHaveLength(4);

  page.once('dialog', (dialog) => void dialog.accept());
  await editor.button('Remove photo 4').click();
  await expect(editor.photoTiles).toHaveCount(3);
  const hidden = 'Hidden from buyers: a listing needs at least 4 photos to appear in search.';
  await expect(editor.root.getByText(hidden)).toBeVisible();
  expect((await request.get(`/api/listings/${listing._id}`)).status()).toBe(404);
  await expectAccessible(page);

  // The dashboard says the listing is hidden, one click from the photos.
  const dashboard = new DashboardPage(page);
  await dashboard.goto();
  const row = dashboard.listing(name);
  await expect(row.getByText('Hidden: needs photos')).toBeVisible();
  await expect(row.getByText(/views/)).toHaveCount(0);
  await expectAccessible(page);

  // So does the listing page, for its owner.
  const view = new ListingPage(page);
  await view.goto(listing._id);
  await expect(view.root.getByText(hidden)).toBeVisible();
  await expectAccessible(page);
  await view.root.getByRole('link', { name: 'Add photos' }).click();
  await expect(page).toHaveURL(`/edit-listing/${listing._id}?tab=photos`);
  await expect(editor.tab('Photos')).toHaveAttribute('aria-selected', 'true');

  // With a fourth photo again the listing is back for buyers and the notice is gone.
  const saved = recordDialogs(page);
  await editor.photoInput.setInputFiles(await createTestImages(1));
  await editor.button('Save Photos').click();
  await expect.poll(() => saved).toEqual(['Images updated successfully!']);
  await expect.poll(async () => (await request.get(`/api/listings/${listing._id}`)).status()).toBe(200);
  await expect(editor.root.getByText(hidden)).toHaveCount(0);
  await dashboard.goto();
  await expect(dashboard.listing(name).getByText('Hidden: needs photos')).toHaveCount(0);
  await expect(dashboard.listing(name).getByText(/ · \d+ views? · 0 saves$/)).toBeVisible();
});

test('a huge photo added in the editor is uploaded resized, then shows once the server has processed it', async ({
  page,
  signInViaApi,
  request,
}) => {
  const session = await signInViaApi();
  const listing = await createListingViaApi(request, session, await createTestImages(4));
  const editor = new ListingEditorPage(page);
  await editor.goto(listing._id);
  await editor.tab('Photos').click();
  await expect(editor.photoTiles).toHaveCount(4);

  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.accept();
  });
  const huge = await createHugePhoto();
  await editor.photoInput.setInputFiles(huge);
  await expect(editor.photoTiles).toHaveCount(5);
  const uploaded = page.waitForRequest((req) => req.url().includes('/api/upload/listing/'));
  await editor.button('Save Photos').click();
  // The 5000 px PNG leaves the browser resized, as a 4096 px JPEG several times smaller than the file.
  const sent = Number((await (await uploaded).allHeaders())['content-length']);
  expect(sent).toBeLessThan((await stat(huge)).size / 2);
  await expect.poll(() => dialogs).toContain('Images updated successfully!');

  // The upload was answered while the server made the photo's files: the tile says 'Processing…'
  // in the photo's place until the listing, read again, says it is ready; then the preview loads.
  const added = editor.photoTiles.nth(4).getByRole('img', { name: 'Photo 5' });
  await expect.poll(() => added.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  await expect(editor.root.getByText('Processing…')).toHaveCount(0);
  await expectAccessible(page);
  const saved = await getListingViaApi(request, session, listing._id);
  expect(saved.vehicle.images.map((image) => image.status)).toEqual(Array(5).fill('ready'));
});
