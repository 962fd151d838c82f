// The listing page's hierarchy (issue: a listing page that sells): the contact card beside the
// details on a wide screen, the phone's sticky bar, the inline gallery, whole VINs, one row of
// similar cars, and a sold car that takes no new buyers.
import type { Locator, Page } from '@playwright/test';
import { Mailbox } from '../../scripts/lib/smtp-catcher.mjs';
import { signUpViaApi, uniqueEmail } from '../../scripts/lib/session.mjs';
import { ListingPage } from '../pages/listing-page';
import { expectAccessible } from '../support/a11y';
import { expect, storeSession, test, type Session } from '../support/fixtures';
import { createListingViaApi, type ApiListing } from '../support/listings';
import { createTestImages } from '../support/test-images';

// One worker for the file: its tests share what beforeAll lists, which each worker would list again.
test.describe.configure({ mode: 'default' });

const PHONE = { width: 360, height: 740 };
const VIN = 'JM1NC2EF8A0212345';
// Convertibles no other spec lists, so these cars never crowd another spec's similar cars.
const MIATA = { make: 'Mazda', model: 'MX-5 Miata', bodyType: 'convertible' };

let seller: Session;
let buyer: Session;
let listing: ApiListing;
let emailOnly: ApiListing;
let sold: ApiListing;

test.beforeAll(async ({ playwright }) => {
  const baseURL = process.env.E2E_BASE_URL!;
  const mailbox = new Mailbox(process.env.E2E_MAIL_DIR!);
  const request = await playwright.request.newContext({ baseURL });
  seller = await signUpViaApi({ baseURL, mailbox, email: uniqueEmail('layout-seller') });
  buyer = await signUpViaApi({ baseURL, mailbox, email: uniqueEmail('layout-buyer') });
  const headers = { authorization: `Bearer ${seller.accessToken}` };
  await request.put('/api/auth/profile', {
    headers,
    data: { name: 'Dana Layout', city: 'Austin', state: 'TX' },
  });
  const photos = await createTestImages(4);
  listing = await createListingViaApi(request, seller, photos, { vehicle: { ...MIATA, vin: VIN } });
  // The third photo made primary: the gallery opens on it.
  const primary = await request.put('/api/upload/primary', {
    headers,
    data: { listingId: listing._id, publicId: listing.vehicle.images[2]!.publicId },
  });
  expect(primary.ok()).toBe(true);
  for (const year of [2010, 2011, 2013]) {
    await createListingViaApi(request, seller, photos, { vehicle: { ...MIATA, year }, price: 6000 + year });
  }
  emailOnly = await createListingViaApi(request, seller, photos, {
    vehicle: { ...MIATA, year: 2014 },
    contact: { phone: '512-555-0199', preferredMethod: 'email' },
  });
  sold = await createListingViaApi(request, seller, photos, {
    vehicle: { ...MIATA, year: 2009 },
    price: 5200,
  });
  const marked = await request.patch(`/api/listings/${sold._id}/status`, {
    headers,
    data: { status: 'sold' },
  });
  expect(marked.ok()).toBe(true);
  await request.dispose();
});

/** The number of lines an element's text takes. */
const lineCount = (locator: Locator) =>
  locator.evaluate((element) => {
    const range = document.createRange();
    range.selectNodeContents(element);
    return new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size;
  });

const scrollToBottom = (page: Page) => page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));

test('on a wide screen the contact card says who sells and stays in view beside the details', async ({
  page,
}) => {
  const view = new ListingPage(page);
  await view.goto(listing._id);
  const card = view.contactCard;
  await expect(card).toContainText('$7,400');
  await expect(card.getByRole('button', { name: 'Message Seller' })).toBeVisible();
  await expect(card.getByRole('button', { name: 'Add to Favorites' })).toBeVisible();
  const seller = view.sellerInformation;
  await expect(card.getByRole('region', { name: 'Seller Information' })).toBeVisible();
  await expect(view.fact(seller, 'Seller')).toHaveText('Dana Layout');
  await expect(view.fact(seller, 'Location')).toHaveText('Austin, TX');
  await expect(view.fact(seller, 'Seller type')).toHaveText('Private Seller');
  await expect(view.fact(seller, 'Member since')).toHaveText(/^[A-Z][a-z]+ \d{1,2}, \d{4}$/);
  // The seller asked for calls as well as mail: the number is there, ready to dial.
  await expect(seller.getByRole('link', { name: '512-555-0100' })).toHaveAttribute('href', 'tel:5125550100');
  await expect(view.contactBar).toBeHidden();

  await view.vehicleDetails.scrollIntoViewIfNeeded();
  await view.root.getByRole('region', { name: 'Description' }).scrollIntoViewIfNeeded();
  await expect(card.getByRole('button', { name: 'Message Seller' })).toBeInViewport();
  await expectAccessible(page);

  await view.goto(emailOnly._id);
  await expect(view.fact(view.sellerInformation, 'Seller type')).toBeVisible();
  await expect(view.fact(view.sellerInformation, 'Phone')).toHaveCount(0);
});

test('on a phone the price and Message Seller ride at the bottom without covering the footer', async ({
  page,
}) => {
  await storeSession(page, buyer);
  await page.setViewportSize(PHONE);
  const view = new ListingPage(page);
  await view.goto(listing._id);
  const bar = view.contactBar;
  await expect(bar).toBeInViewport();
  await expect(bar).toContainText('$7,400');
  // One Message Seller on a phone: the bar's.
  await expect(view.messageSeller).toHaveCount(1);
  await expectAccessible(page);

  await scrollToBottom(page);
  const footer = page.getByRole('contentinfo');
  await expect(footer).toBeInViewport();
  const barBox = (await bar.boundingBox())!;
  const footerBox = (await footer.boundingBox())!;
  expect(barBox.y + barBox.height).toBeLessThanOrEqual(footerBox.y);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);

  await bar.getByRole('button', { name: 'Message Seller' }).click();
  const box = view.root.getByLabel('Message to the seller');
  await expect(box).toBeFocused();
  await expect(box).toBeInViewport();
  await expect(bar).toHaveCount(0);
});

test('the gallery opens on the primary photo and turns inline with buttons and arrow keys', async ({
  page,
}) => {
  const view = new ListingPage(page);
  await view.goto(listing._id);
  await expect(view.mainPhoto).toHaveAccessibleName('View photo 3 of 4 full screen');
  await view.nextPhoto.click();
  await expect(view.mainPhoto).toHaveAccessibleName('View photo 4 of 4 full screen');
  await expect(view.root.getByText('Photo 4 of 4')).toBeVisible();
  await expect(view.nextPhoto).toBeFocused();
  await page.keyboard.press('ArrowRight');
  await expect(view.mainPhoto).toHaveAccessibleName('View photo 1 of 4 full screen');
  await view.previousPhoto.focus();
  await page.keyboard.press('Enter');
  await expect(view.mainPhoto).toHaveAccessibleName('View photo 4 of 4 full screen');
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('ArrowLeft');
  await expect(view.mainPhoto).toHaveAccessibleName('View photo 2 of 4 full screen');
  // The full-screen viewer opens on the same photo and turns it once per key.
  await view.mainPhoto.click();
  await expect(view.viewer.getByText('Photo 2 of 4')).toBeVisible();
  await page.keyboard.press('ArrowRight');
  await expect(view.viewer.getByText('Photo 3 of 4')).toBeVisible();
});

test('a VIN is never broken, and the similar cars make one row', async ({ page }) => {
  const view = new ListingPage(page);
  for (const size of [PHONE, { width: 1280, height: 900 }]) {
    await page.setViewportSize(size);
    await view.goto(listing._id);
    const vin = view.fact(view.vehicleDetails, 'VIN');
    await expect(vin).toHaveText(VIN);
    expect(await lineCount(vin)).toBe(1);

    const cards = view.similarCars.getByRole('listitem');
    await expect(cards).not.toHaveCount(0);
    const tops = await cards.evaluateAll((items) => items.map((item) => item.getBoundingClientRect().top));
    expect(new Set(tops).size).toBe(1);
  }
});

test('a sold car says so and takes no new buyers', async ({ page }) => {
  await storeSession(page, buyer);
  const view = new ListingPage(page);
  await view.goto(sold._id);
  await expect(view.root.getByText('Sold: this car is no longer available')).toBeVisible();
  await expect(view.contactCard).toContainText('This car has been sold');
  await expect(view.messageSeller).toHaveCount(0);
  await expect(view.addToFavorites).toBeVisible();
  await expectAccessible(page);

  await page.setViewportSize(PHONE);
  await expect(view.contactBar).toHaveCount(0);
  await expect(view.messageSeller).toHaveCount(0);
});
