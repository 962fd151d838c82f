import { Mailbox } from '../../scripts/lib/smtp-catcher.mjs';
import { signUpViaApi, uniqueEmail } from '../../scripts/lib/session.mjs';
import { AuthPage } from '../pages/auth-page';
import { ListingPage } from '../pages/listing-page';
import { expectAccessible } from '../support/a11y';
import { expect, storeSession, test, waitUntilCodeMaySend, type Session } from '../support/fixtures';
import { browserLocale, browserTimeZone } from '../support/locale';
import { civicDescription, createListingViaApi, type ApiListing } from '../support/listings';
import { createTestImages } from '../support/test-images';

// One worker for the file: its tests share what beforeAll lists, which each worker would list again.
test.describe.configure({ mode: 'default' });

let seller: Session;
let listing: ApiListing;
let similar: ApiListing;

test.beforeAll(async ({ playwright }) => {
  const baseURL = process.env.E2E_BASE_URL!;
  const mailbox = new Mailbox(process.env.E2E_MAIL_DIR!);
  const request = await playwright.request.newContext({ baseURL });
  seller = await signUpViaApi({ baseURL, mailbox, email: uniqueEmail('seller') });
  const photos = await createTestImages(4);
  // A model no other spec lists: the similar cars rank same make and model first, then the closest,
  // so the other specs' 2012 Civics (running beside this one) would crowd this spec's similar car out.
  listing = await createListingViaApi(request, seller, photos, {
    vehicle: { model: 'Ridgeline' },
    title: '2012 Honda Ridgeline LX, one owner',
  });
  similar = await createListingViaApi(request, seller, photos, {
    vehicle: { model: 'Ridgeline', year: 2013, mileage: 61_000 },
    price: 8900,
  });
  await request.dispose();
});

test('a guest sees every section of the listing, with the spec texts', async ({ page }) => {
  const view = new ListingPage(page);
  await view.goto(listing._id);

  await expect(view.breadcrumb.getByRole('listitem')).toHaveText(['Home', 'Search', '2012 Honda Ridgeline']);
  await expect(view.heading).toHaveText('2012 Honda Ridgeline LX');
  await expect(view.price).toContainText('$7,400');
  await expect(view.price.getByText('Negotiable', { exact: true })).toBeVisible();

  await expect(view.fact(view.quickFacts, 'Mileage')).toHaveText('98,500 mi');
  await expect(view.fact(view.quickFacts, 'Transmission')).toHaveText('Automatic');
  await expect(view.fact(view.quickFacts, 'Fuel type')).toHaveText('Gasoline');
  await expect(view.fact(view.quickFacts, 'Location')).toHaveText('Austin, TX');

  const details = view.vehicleDetails;
  for (const [term, value] of [
    ['Make', 'Honda'],
    ['Model', 'Ridgeline'],
    ['Year', '2012'],
    ['Body type', 'Sedan'],
    ['Exterior color', 'Blue'],
    ['Interior color', 'Gray'],
    ['Drivetrain', 'Front-Wheel Drive (FWD)'],
    ['VIN', 'Ask Seller'],
    ['Condition', 'Good'],
  ]) {
    await expect(view.fact(details, term!)).toHaveText(value!);
  }
  await expect(view.fact(details, 'Engine')).toBeVisible();
  await expect(view.root.getByRole('region', { name: 'Description' })).toContainText(civicDescription);
  // No features were listed: the section is left out.
  await expect(view.root.getByRole('heading', { name: 'Features' })).toHaveCount(0);

  // The page shows the date in the browser's time zone, which differs from this process's around midnight.
  const listedOn = new Date(listing.createdAt).toLocaleDateString(browserLocale, {
    timeZone: browserTimeZone,
    month: 'long',
    day: 'numeric',
    year: 'numeric',
  });
  await expect(view.fact(view.sellerInformation, 'Seller type')).toHaveText('Private Seller');
  await expect(view.fact(view.sellerInformation, 'Listed')).toHaveText(listedOn);
  await expect(view.fact(view.sellerInformation, 'Views')).toHaveText(/^\d+$/);
  await expect(view.fact(view.sellerInformation, 'Favorites')).toHaveText('0');

  await expect(view.root.getByRole('button', { name: /^Show photo \d of 4$/ })).toHaveCount(4);
  await expect(view.messageSeller).toBeVisible();
  await expect(view.addToFavorites).toBeVisible();

  // Other tests' cars are in the same site: find this spec's similar car, and never the listing itself.
  const similarCard = view.similarCars.locator(`a[href="/listing/${similar._id}"]`);
  await expect(similarCard).toContainText('2013 Honda Ridgeline LX');
  await expect(similarCard).toContainText('$8,900');
  await expect(view.similarCars.locator(`a[href="/listing/${listing._id}"]`)).toHaveCount(0);

  await expect(page).toHaveTitle('2012 Honda Ridgeline — $7,400 | CarMarket');
  await expect(page.locator('meta[name="description"]')).toHaveAttribute(
    'content',
    /^One owner, garage kept/,
  );
  await expectAccessible(page);

  await similarCard.click();
  await expect(page).toHaveURL(`/listing/${similar._id}`);
  await expect(view.heading).toHaveText('2013 Honda Ridgeline LX');
});

test("an unknown listing shows 'Listing not found' with Browse Cars", async ({ page }) => {
  await page.goto('/listing/00000000-0000-4000-8000-000000000000');
  const root = page.locator('[data-remote="mfe_listings"]');
  await expect(root.getByRole('heading', { name: 'Listing not found' })).toBeVisible();
  await expect(
    root.getByText("The listing you're looking for doesn't exist or has been removed."),
  ).toBeVisible();
  await expectAccessible(page);
  await root.getByRole('link', { name: 'Browse Cars' }).click();
  await expect(page).toHaveURL('/search');
});

test('the gallery opens full screen and is driven from the keyboard', async ({ page }) => {
  const view = new ListingPage(page);
  await view.goto(listing._id);
  // A guest's page arrives rendered by the server; its buttons take focus once its code has run.
  await expect(view.mainPhoto).toBeEnabled();
  await view.mainPhoto.focus();
  await page.keyboard.press('Enter');
  await expect(view.viewer).toBeVisible();
  await expect(view.viewer.getByText('Photo 1 of 4')).toBeVisible();
  await expect(view.viewer.getByRole('button', { name: 'Close' })).toBeFocused();
  await expectAccessible(page);

  await page.keyboard.press('ArrowRight');
  await expect(view.viewer.getByText('Photo 2 of 4')).toBeVisible();
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('ArrowLeft');
  await expect(view.viewer.getByText('Photo 4 of 4')).toBeVisible();
  // Focus stays in the viewer while it is open.
  for (let step = 0; step < 4; step += 1) await page.keyboard.press('Tab');
  await expect(view.viewer.locator(':focus')).toHaveCount(1);

  await page.keyboard.press('Escape');
  await expect(view.viewer).toBeHidden();
  await expect(view.mainPhoto).toBeFocused();
  await expect(view.mainPhoto).toHaveAccessibleName('View photo 4 of 4 full screen');
});

test('the seller sees “Your Listing” instead of Message Seller', async ({ page }) => {
  await storeSession(page, seller);
  const view = new ListingPage(page);
  await view.goto(listing._id);
  await expect(view.root.getByText('Your Listing', { exact: true })).toBeVisible();
  await expect(view.messageSeller).toHaveCount(0);
  await expectAccessible(page);
});

test('the favorite toggle keeps the keyboard focus while it saves', async ({ page, signInViaApi }) => {
  await signInViaApi();
  const view = new ListingPage(page);
  await view.goto(listing._id);
  // The server's page (a guest's) until the user's own replaces it; its button takes focus then.
  await expect(view.addToFavorites).toBeEnabled();
  await view.addToFavorites.focus();
  await page.keyboard.press('Space');
  await expect(view.removeFromFavorites).toBeFocused();
  await page.keyboard.press('Space');
  await expect(view.addToFavorites).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(view.removeFromFavorites).toBeFocused();
  // Left as it was found: the spec's other tests count this listing's favorites.
  await page.keyboard.press('Enter');
  await expect(view.addToFavorites).toBeFocused();
});

test('a buyer messages the seller from the listing and lands in the conversation', async ({
  page,
  signInViaApi,
}) => {
  await signInViaApi();
  const view = new ListingPage(page);
  await view.goto(listing._id);
  await view.messageSeller.click();
  const box = view.root.getByLabel('Message to the seller');
  await expect(box).toHaveValue('Hi, is your 2012 Honda Ridgeline still available?');
  await expect(view.root.getByText('49/1000')).toBeVisible();
  await expectAccessible(page);
  await box.fill('Hello! Is the 2012 Ridgeline still for sale?');
  await expect(view.root.getByText('44/1000')).toBeVisible();
  await view.root.getByRole('button', { name: 'Send Message' }).click();
  await expect(page).toHaveURL(/\/messages\/[0-9a-f-]{36}$/);
});

test('a failed send shows the alert of the spec and keeps the message to send again', async ({
  page,
  signInViaApi,
}) => {
  await signInViaApi();
  const view = new ListingPage(page);
  await view.goto(listing._id);
  // The API fails this one send; nothing else.
  await page.route('**/api/messages', (route) =>
    route.request().method() === 'POST'
      ? route.fulfill({
          status: 500,
          json: { success: false, error: 'Internal server error', code: 'INTERNAL_ERROR' },
        })
      : route.fallback(),
  );
  await view.messageSeller.click();
  const box = view.root.getByLabel('Message to the seller');
  await box.fill('Is the Ridgeline still for sale?');
  const alerts: string[] = [];
  page.on('dialog', (dialog) => {
    alerts.push(`${dialog.type()}: ${dialog.message()}`);
    void dialog.accept();
  });
  await view.root.getByRole('button', { name: 'Send Message' }).click();
  await expect.poll(() => alerts).toEqual(['alert: Failed to send message. Please try again.']);

  await expect(box).toBeFocused();
  await expect(box).toHaveValue('Is the Ridgeline still for sale?');
  await expect(page).toHaveURL(`/listing/${listing._id}`);
  await expect(view.root.getByRole('alert')).toHaveCount(0);

  await page.unroute('**/api/messages');
  await view.root.getByRole('button', { name: 'Send Message' }).click();
  await expect(page).toHaveURL(/\/messages\/[0-9a-f-]{36}$/);
});

test("messaging a listing removed since the page opened shows 'No listing data'", async ({
  page,
  request,
  signInViaApi,
}) => {
  const removed = await createListingViaApi(request, seller, await createTestImages(4), {
    vehicle: { model: 'Fit', bodyType: 'hatchback' },
  });
  await signInViaApi();
  const view = new ListingPage(page);
  await view.goto(removed._id);
  await view.messageSeller.click();
  const deleted = await request.delete(`/api/listings/${removed._id}`, {
    headers: { authorization: `Bearer ${seller.accessToken}` },
  });
  expect(deleted.ok()).toBe(true);

  const alerts: string[] = [];
  page.on('dialog', (dialog) => {
    alerts.push(dialog.message());
    void dialog.accept();
  });
  await view.root.getByRole('button', { name: 'Send Message' }).click();
  const notice = view.root.getByRole('alert');
  await expect(notice).toHaveText('No listing data');
  await expect(notice).toBeFocused();
  await expect(view.root.getByLabel('Message to the seller')).toHaveCount(0);
  await expect(view.messageSeller).toHaveCount(0);
  await expect(page).toHaveURL(`/listing/${removed._id}`);
  expect(alerts).toEqual([]);
  await expectAccessible(page);
  await page.setViewportSize({ width: 360, height: 740 });
  await expect(notice).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await view.root.getByRole('link', { name: 'Browse Cars' }).click();
  await expect(page).toHaveURL('/search');
});

test('a guest who adds a favorite signs in and comes back to the listing', async ({ page, mailbox }) => {
  const baseURL = process.env.E2E_BASE_URL!;
  const email = uniqueEmail('guest');
  await signUpViaApi({ baseURL, mailbox, email });

  const view = new ListingPage(page);
  await view.goto(listing._id);
  await view.addToFavorites.click();
  await expect(page).toHaveURL('/login');

  const auth = new AuthPage(page);
  await waitUntilCodeMaySend(mailbox, email);
  const before = (await mailbox.messages(email)).length;
  await auth.requestCode(email);
  await auth.enterCode(await mailbox.waitForCode(email, { count: before + 1 }));
  await expect(page).toHaveURL(`/listing/${listing._id}`);

  await view.addToFavorites.click();
  await expect(view.removeFromFavorites).toBeVisible();
  await expect(view.fact(view.sellerInformation, 'Favorites')).toHaveText('1');
  await view.removeFromFavorites.click();
  await expect(view.addToFavorites).toBeVisible();
  await expect(view.fact(view.sellerInformation, 'Favorites')).toHaveText('0');
});
