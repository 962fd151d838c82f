import { Mailbox } from '../../scripts/lib/smtp-catcher.mjs';
import { persistedSession, signUpViaApi, uniqueEmail } from '../../scripts/lib/session.mjs';
import { DashboardPage } from '../pages/dashboard-page';
import { FavoritesPage } from '../pages/favorites-page';
import { ListingPage } from '../pages/listing-page';
import { expectAccessible } from '../support/a11y';
import { expect, storeSession, test, waitUntilCodeMaySend, type Session } from '../support/fixtures';
import { createListingViaApi, type ApiListing } from '../support/listings';
import { createTestImages } from '../support/test-images';

// One worker for the file: its tests share what beforeAll lists, which each worker would list again.
test.describe.configure({ mode: 'default' });

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
  // The button left with the card: focus goes to the page heading, not to the document.
  await expect(favorites.heading).toBeFocused();
  await expect(favorites.root.getByRole('link', { name: 'Browse Cars' })).toBeVisible();
  await expectAccessible(page);

  // The cached listing was marked not saved: going back shows it without a reload.
  await page.goBack();
  await page.goBack();
  await expect(view.addToFavorites).toBeVisible();
});

test('a saved listing still shows as saved when its page is loaded anew', async ({ page, signInViaApi }) => {
  await signInViaApi();
  const view = new ListingPage(page);
  await view.goto(listing._id);
  await view.addToFavorites.click();
  await expect(view.removeFromFavorites).toBeVisible();
  // The server renders a guest's page: the signed-in browser reads the listing as its user.
  await page.reload();
  await expect(view.removeFromFavorites).toBeVisible();
  await view.removeFromFavorites.click();
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

test('the dashboard and /favorites show a page at a time, and the cards count every listing', async ({
  page,
  request,
  signInViaApi,
}) => {
  test.slow(); // Thirteen listings with their photos, created through the API.
  const owner = await signInViaApi();
  const headers = { authorization: `Bearer ${owner.accessToken}` };
  const photos = await createTestImages(4);
  // One more than a page (12); the first one created is the last shown, on page 2. Vans and a
  // hatchback above the other tests' prices, so none of them turns up among those tests' similar cars.
  const oldest = await createListingViaApi(request, owner, photos, {
    vehicle: { model: 'Insight', bodyType: 'hatchback' },
    price: 14_000,
  });
  for (let made = 1; made < 13; made += 1) {
    await createListingViaApi(request, owner, photos, {
      vehicle: { model: 'Odyssey', bodyType: 'van' },
      price: 14_000,
    });
  }
  const all = await request.get(`/api/listings/user/${owner.user._id}?limit=100`, { headers });
  // Saved oldest first: the favorites list shows the most recently saved first, so the Insight is last.
  for (const { _id } of ((await all.json()).data as { _id: string }[]).reverse()) {
    expect((await request.post(`/api/listings/${_id}/favorite`, { headers })).ok()).toBe(true);
  }
  const sold = await request.patch(`/api/listings/${oldest._id}/status`, {
    headers,
    data: { status: 'sold' },
  });
  expect(sold.ok()).toBe(true);

  const dashboard = new DashboardPage(page);
  await dashboard.goto();
  await expect(dashboard.stat('Active Listings')).toHaveText('12');
  await expect(dashboard.stat('Sold Listings')).toHaveText('1');
  await expect(dashboard.stat('Favorites')).toHaveText('13');
  await expect(dashboard.rows()).toHaveCount(12);
  const listingsPager = dashboard.pager('My Listings');
  await expect(listingsPager).toContainText('Page 1 of 2');
  await expect(listingsPager.getByRole('button', { name: 'Previous' })).toHaveAttribute(
    'aria-disabled',
    'true',
  );
  await expectAccessible(page);
  // From the keyboard: Enter on Next, and focus stays there on the last page.
  const next = listingsPager.getByRole('button', { name: 'Next' });
  await next.focus();
  await page.keyboard.press('Enter');
  await expect(listingsPager).toContainText('Page 2 of 2');
  await expect(dashboard.rows()).toHaveCount(1);
  await expect(
    dashboard.listing('2012 Honda Insight LX').getByRole('button', { name: 'Mark as active' }),
  ).toBeVisible();
  await expect(next).toBeFocused();
  await expect(next).toHaveAttribute('aria-disabled', 'true');
  await expect(page).toHaveURL('/dashboard?page=2');

  // The tab and its page are in the URL: a listing opened from page 2 of My Favorites comes back
  // to that tab and page. The tab is switched from the keyboard, which starts it at page 1.
  await dashboard.tab('My Listings').focus();
  await page.keyboard.press('ArrowRight');
  await expect(dashboard.tab('My Favorites')).toBeFocused();
  await expect(dashboard.tab('My Favorites')).toHaveAttribute('aria-selected', 'true');
  await expect(page).toHaveURL('/dashboard?tab=favorites');
  await expect(dashboard.rows()).toHaveCount(12);
  await dashboard.pager('My Favorites').getByRole('button', { name: 'Next' }).click();
  await expect(page).toHaveURL('/dashboard?tab=favorites&page=2');
  await expect(dashboard.rows()).toHaveCount(1);
  await expect(dashboard.pager('My Favorites')).toContainText('Page 2 of 2');
  await expectAccessible(page);
  await dashboard
    .listing('2012 Honda Insight LX')
    .getByRole('link', { name: '2012 Honda Insight LX' })
    .click();
  await expect(new ListingPage(page).heading).toContainText('2012 Honda Insight');
  await page.goBack();
  await expect(dashboard.tab('My Favorites')).toHaveAttribute('aria-selected', 'true');
  await expect(dashboard.pager('My Favorites')).toContainText('Page 2 of 2');
  await expect(dashboard.listing('2012 Honda Insight LX')).toBeVisible();
  await expect(dashboard.rows()).toHaveCount(1);

  const favorites = new FavoritesPage(page);
  await favorites.goto();
  await expect(favorites.items).toHaveCount(12);
  await expect(favorites.pager).toContainText('Page 1 of 2');
  await favorites.pager.getByRole('button', { name: 'Next' }).click();
  await expect(page).toHaveURL('/favorites?page=2');
  const last = favorites.item('2012 Honda Insight LX');
  await expect(favorites.items).toHaveCount(1);
  await expect(last.getByText('Sold', { exact: true })).toBeVisible();
  await expectAccessible(page);

  // Unsaving the only listing of the last page goes back to the page before, now the only one;
  // focus, on the button that left, goes to the page heading.
  await last.getByRole('button', { name: 'Remove from Favorites' }).click();
  await expect(page).toHaveURL('/favorites');
  await expect(favorites.items).toHaveCount(12);
  await expect(favorites.pager).toHaveCount(0);
  await expect(favorites.heading).toBeFocused();

  // From the keyboard: the card that takes the removed one's place gets focus on its title, or at
  // the end of the list the card before it.
  const focused = page.locator(':focus');
  const titleOf = (index: number) => favorites.items.nth(index).getByRole('link').getAttribute('href');
  const third = await titleOf(2);
  const removeButton = (index: number) =>
    favorites.items.nth(index).getByRole('button', { name: 'Remove from Favorites' });
  await removeButton(1).focus();
  await page.keyboard.press('Enter');
  await expect(favorites.items).toHaveCount(11);
  await expect(focused).toHaveAttribute('href', third!);
  const lastButOne = await titleOf(9);
  // A removal under way holds the other buttons (aria-disabled) until the server has answered.
  await expect(removeButton(10)).not.toHaveAttribute('aria-disabled', 'true');
  await removeButton(10).focus();
  await page.keyboard.press('Enter');
  await expect(favorites.items).toHaveCount(10);
  await expect(focused).toHaveAttribute('href', lastButOne!);
  await expectAccessible(page);

  await page.setViewportSize({ width: 360, height: 740 });
  for (const path of ['/favorites', '/dashboard']) {
    await page.goto(path);
    await expect(page.locator('[data-remote="mfe_account"] h1')).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, path).toBeLessThanOrEqual(0);
  }
  await expect(dashboard.pager('My Listings')).toBeVisible();
  await expectAccessible(page);
});

test('the dashboard shows each saved search with its new listings, and opening one on /search resets it', async ({
  page,
  request,
  signInViaApi,
}) => {
  const user = await signInViaApi();
  const headers = { authorization: `Bearer ${user.accessToken}` };
  // Prices no other test uses, so only this test's listing can be new for these searches.
  const save = async (name: string, price: number) => {
    const saved = await request.post('/api/search/saved', {
      headers,
      data: { name, params: { make: 'Honda', minPrice: price, maxPrice: price } },
    });
    expect(saved.ok()).toBe(true);
  };
  await save('Hondas at $9,337', 9337);
  await save('Hondas at $9,338', 9338);
  await createListingViaApi(request, seller, await createTestImages(4), {
    vehicle: { model: 'Pilot', bodyType: 'suv' },
    price: 9337,
  });

  const dashboard = new DashboardPage(page);
  await dashboard.goto();
  const saved = dashboard.root.getByRole('region', { name: 'Saved Searches' });
  const fresh = saved.getByRole('listitem').filter({ hasText: 'Hondas at $9,337' });
  await expect(fresh).toContainText('1 new since last viewed');
  await expect(saved.getByRole('listitem').filter({ hasText: 'Hondas at $9,338' })).toContainText(
    'No new listings',
  );
  await expectAccessible(page);

  await fresh.getByRole('link', { name: 'Hondas at $9,337' }).click();
  await expect(page).toHaveURL(/\/search\?/);
  const query = Object.fromEntries(new URL(page.url()).searchParams);
  expect(query).toEqual({ make: 'Honda', minPrice: '9337', maxPrice: '9337' });
  await expect(page.locator('[data-remote="mfe_search"]').getByText('1 Cars Found')).toBeVisible();

  await page.goBack();
  await expect(fresh).toContainText('No new listings');

  await page.setViewportSize({ width: 360, height: 740 });
  await expect(fresh.getByRole('link')).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});

test('a new account is welcomed, welcomed back from its second sign-in, and a phone shows the figures in one row', async ({
  page,
  mailbox,
}) => {
  const baseURL = process.env.E2E_BASE_URL!;
  const email = uniqueEmail('welcome');
  const dashboard = new DashboardPage(page);
  await storeSession(page, await signUpViaApi({ baseURL, mailbox, email }));
  await page.goto('/dashboard');
  await expect(dashboard.root.getByText(`Welcome, ${email}!`)).toBeVisible();

  // Signed in again (a second code verified), as on another device: this tab takes that session.
  await waitUntilCodeMaySend(mailbox, email);
  const again = persistedSession(await signUpViaApi({ baseURL, mailbox, email }));
  await page.evaluate((value) => localStorage.setItem('auth-storage', value), again);
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto('/dashboard');
  await expect(dashboard.root.getByText(`Welcome back, ${email}!`)).toBeVisible();
  const labels = ['Active Listings', 'Sold Listings', 'Favorites'] as const;
  for (const label of labels) await expect(dashboard.stat(label)).toHaveText('0');
  const tops = await Promise.all(labels.map(async (label) => (await dashboard.stat(label).boundingBox())!.y));
  expect(new Set(tops).size).toBe(1);
  await expectAccessible(page);
});
