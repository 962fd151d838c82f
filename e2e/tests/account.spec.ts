import { Mailbox } from '../../scripts/lib/smtp-catcher.mjs';
import { signUpViaApi, uniqueEmail } from '../../scripts/lib/session.mjs';
import { DashboardPage } from '../pages/dashboard-page';
import { FavoritesPage } from '../pages/favorites-page';
import { ListingPage } from '../pages/listing-page';
import { expectAccessible } from '../support/a11y';
import { expect, test, type Session } from '../support/fixtures';
import { createListingViaApi, type ApiListing } from '../support/listings';
import { createTestImages } from '../support/test-images';

let seller: Session;
let listing: ApiListing;

test.beforeAll(async ({ playwright }) => {
  const baseURL = process.env.E2E_BASE_URL!;
  const request = await playwright.request.newContext({ baseURL });
  seller = await signUpViaApi({
    baseURL,
    mailbox: new Mailbox(process.env.E2E_MAIL_DIR!),
    email: uniqueEmail('seller'),
  });
  listing = await createListingViaApi(request, seller, await createTestImages(4), {
    vehicle: { model: 'Accord' },
    price: 9100,
  });
  await request.dispose();
});

test('a saved listing shows on /favorites and in the dashboard count, and removing it unsaves it everywhere', async ({
  page,
  signInViaApi,
}) => {
  const { user } = await signInViaApi();
  const view = new ListingPage(page);
  await view.goto(listing._id);
  await view.addToFavorites.click();
  await expect(view.removeFromFavorites).toBeVisible();

  // Within the single-page app from here on, so the cached listing is what the page shows later.
  const header = page.getByRole('banner');
  const dashboard = new DashboardPage(page);
  await header.getByRole('link', { name: 'Dashboard', exact: true }).click();
  await expect(dashboard.welcome(user.email)).toBeVisible();
  await expect(dashboard.stat('Favorites')).toHaveText('1');
  await expect(dashboard.stat('Active Listings')).toHaveText('0');
  await expect(dashboard.root.getByRole('heading', { name: 'No Listings Yet' })).toBeVisible();
  await dashboard.tab('My Favorites').click();
  await expect(dashboard.listing('2012 Honda Accord LX')).toBeVisible();
  await expectAccessible(page);

  const favorites = new FavoritesPage(page);
  await header.getByRole('link', { name: 'Favorites', exact: true }).click();
  await favorites.heading.waitFor();
  const item = favorites.item('2012 Honda Accord LX');
  await expect(item).toContainText('$9,100');
  await favorites.root.getByRole('button', { name: 'List view' }).click();
  await expect(favorites.root.getByRole('button', { name: 'List view' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expectAccessible(page);

  await item.getByRole('button', { name: 'Remove from Favorites' }).click();
  await expect(favorites.root.getByRole('heading', { name: 'No favorites yet' })).toBeVisible();
  await expect(favorites.root.getByRole('link', { name: 'Browse Cars' })).toBeVisible();
  await expectAccessible(page);

  // The cached listing was marked not saved: going back shows it without a reload.
  await page.goBack();
  await page.goBack();
  await expect(view.addToFavorites).toBeVisible();
});

test('a sold favorite stays on /favorites with a Sold badge', async ({ page, request, signInViaApi }) => {
  const sold = await createListingViaApi(request, seller, await createTestImages(4), {
    vehicle: { model: 'Fit', bodyType: 'hatchback' },
  });
  const buyer = await signInViaApi();
  const saved = await request.post(`/api/listings/${sold._id}/favorite`, {
    headers: { authorization: `Bearer ${buyer.accessToken}` },
  });
  expect(saved.ok()).toBe(true);
  const marked = await request.patch(`/api/listings/${sold._id}/status`, {
    headers: { authorization: `Bearer ${seller.accessToken}` },
    data: { status: 'sold' },
  });
  expect(marked.ok()).toBe(true);
  const favorites = new FavoritesPage(page);
  await favorites.goto();
  await expect(favorites.item('2012 Honda Fit LX').getByText('Sold', { exact: true })).toBeVisible();
  await expectAccessible(page);
});

test('the dashboard lists own listings: mark as sold, mark as active, delete after the confirm', async ({
  page,
  request,
  signInViaApi,
}) => {
  const owner = await signInViaApi();
  const own = await createListingViaApi(request, owner, await createTestImages(4), {
    vehicle: { model: 'CR-V', bodyType: 'suv' },
  });
  const dashboard = new DashboardPage(page);
  await dashboard.goto();
  await expect(dashboard.stat('Active Listings')).toHaveText('1');
  await expect(dashboard.stat('Sold Listings')).toHaveText('0');
  const row = dashboard.listing('2012 Honda CR-V LX');
  await expect(row).toContainText(/\d+ views · 0 saves/);
  await expect(row.getByRole('link', { name: 'View' })).toHaveAttribute('href', `/listing/${own._id}`);
  await expect(row.getByRole('link', { name: 'Edit' })).toHaveAttribute('href', `/edit-listing/${own._id}`);
  await expect(dashboard.root.getByRole('link', { name: 'Create New Listing' })).toHaveAttribute(
    'href',
    '/create-listing',
  );
  await expect(dashboard.root.getByRole('link', { name: 'Browse Cars' })).toHaveAttribute('href', '/search');
  await expectAccessible(page);

  await row.getByRole('button', { name: 'Mark as sold' }).click();
  await expect(dashboard.stat('Sold Listings')).toHaveText('1');
  await expect(dashboard.stat('Active Listings')).toHaveText('0');
  await expect(row.getByText('Sold', { exact: true })).toBeVisible();
  await expect(row).not.toContainText('views');
  await row.getByRole('button', { name: 'Mark as active' }).click();
  await expect(dashboard.stat('Active Listings')).toHaveText('1');

  page.once('dialog', async (dialog) => {
    expect(dialog.message()).toBe('Are you sure you want to delete this listing?');
    await dialog.accept();
  });
  await row.getByRole('button', { name: 'Delete' }).click();
  await expect(dashboard.root.getByRole('heading', { name: 'No Listings Yet' })).toBeVisible();
  await expect(dashboard.stat('Active Listings')).toHaveText('0');
});
