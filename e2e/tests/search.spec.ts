import { Mailbox } from '../../scripts/lib/smtp-catcher.mjs';
import { signUpViaApi, uniqueEmail } from '../../scripts/lib/session.mjs';
import { SearchPage } from '../pages/search-page';
import { expectAccessible } from '../support/a11y';
import { expect, test, type Session } from '../support/fixtures';
import { createListingViaApi } from '../support/listings';
import { createTestImages } from '../support/test-images';

// This run's listings sit in a price window of their own, so other tests' data never shows up; one
// worker runs the file so that they are created once.
test.describe.configure({ mode: 'serial' });
const base = 20_000 + (Math.floor(Date.now() / 1000) % 2_500) * 10;
const priceWindow = `minPrice=${base}&maxPrice=${base + 9}`;
let seller: Session;

test.beforeAll(async ({ playwright }) => {
  const baseURL = process.env.E2E_BASE_URL!;
  const request = await playwright.request.newContext({ baseURL });
  seller = await signUpViaApi({
    baseURL,
    mailbox: new Mailbox(process.env.E2E_MAIL_DIR!),
    email: uniqueEmail('search'),
  });
  const photos = await createTestImages(4);
  await createListingViaApi(request, seller, photos, { price: base + 1 });
  await createListingViaApi(request, seller, photos, {
    vehicle: { make: 'Toyota', model: 'Camry', year: 2015, mileage: 70_000 },
    price: base + 2,
  });
  await createListingViaApi(request, seller, photos, {
    vehicle: { make: 'Ford', model: 'F-150', year: 2011, mileage: 140_000, bodyType: 'truck' },
    price: base + 3,
  });
  await request.dispose();
});

test('filters, sort and back/forward follow the URL', async ({ page }) => {
  const search = new SearchPage(page);
  await search.goto(priceWindow);
  await expect(search.resultsCount).toHaveText('3 Cars Found');
  await expect(search.cards).toHaveCount(3);
  await expect(search.card('2015 Toyota Camry')).toContainText(`$${(base + 2).toLocaleString('en-US')}`);
  await expect(search.card('2015 Toyota Camry')).toContainText('70,000 mi');
  await expectAccessible(page);

  // Price: typed, applied once typing stops.
  await search.filters.getByLabel('Max price ($)').fill(String(base + 2));
  await expect.poll(() => search.query().maxPrice).toBe(String(base + 2));
  await expect(search.resultsCount).toHaveText('2 Cars Found');

  // Make, then model; changing the make clears the model.
  await search.filters.getByLabel('Make').selectOption('Toyota');
  await expect.poll(() => search.query().make).toBe('Toyota');
  await expect(search.cards).toHaveCount(1);
  await search.filters.getByLabel('Model').selectOption('Camry');
  await expect.poll(() => search.query().model).toBe('Camry');
  await search.filters.getByLabel('Make').selectOption('');
  await expect.poll(() => search.query()).toEqual({ minPrice: String(base), maxPrice: String(base + 2) });
  await expect(search.resultsCount).toHaveText('2 Cars Found');

  // Body type with its facet count, and a dead end disabled (the price window back to this run's
  // own: other test files list dearer cars).
  await search.filters.getByLabel('Max price ($)').fill(String(base + 9));
  await expect(search.resultsCount).toHaveText('3 Cars Found');
  await expect(search.filters.getByLabel('Van (0)')).toBeDisabled();
  // The box follows the URL, which updates a moment after the click: click, then wait for the URL
  // (Playwright's check() insists the state flips synchronously).
  await search.filters.getByLabel('Truck (1)').click();
  await expect.poll(() => search.query().bodyType).toBe('truck');
  await expect(search.cards).toHaveCount(1);
  await expect(search.card('2011 Ford F-150')).toBeVisible();
  await search.filters.getByLabel('Truck (1)').click();
  await expect.poll(() => search.query().bodyType).toBeUndefined();
  await expect(search.resultsCount).toHaveText('3 Cars Found');

  // Sort; then back restores the previous order.
  await search.sort.selectOption('price_desc');
  await expect.poll(() => search.query().sort).toBe('price_desc');
  await expect(search.cards.first()).toContainText('2011 Ford F-150');
  await page.goBack();
  await expect.poll(() => search.query().sort).toBeUndefined();
  await expect(search.cards.first()).toContainText('2011 Ford F-150');
  await expect(search.cards.last()).toContainText('2012 Honda Civic');
  await page.goForward();
  await expect(search.cards.last()).toContainText('2012 Honda Civic');
  await expect(search.sort).toHaveValue('price_desc');
});

test('a suggestion picked from the search box becomes a filter', async ({ page }) => {
  const search = new SearchPage(page);
  await search.goto(priceWindow);
  await search.searchBox.fill('Toyo');
  await expect(search.suggestions.getByRole('option', { name: /Toyota Camry/ })).toBeVisible();
  await expectAccessible(page);
  await search.searchBox.press('ArrowDown');
  await search.suggestions.getByRole('option', { name: /Toyota Camry/ }).click();
  await expect.poll(() => search.query()).toMatchObject({ make: 'Toyota', model: 'Camry' });
  await expect(search.cards).toHaveCount(1);

  await search.searchBox.fill('one owner');
  await search.searchBox.press('Enter');
  await expect(search.resultsCount).toHaveText('1 Cars Found for "one owner"');
});

test('pages move through the results and back returns to page 1', async ({ page }) => {
  const search = new SearchPage(page);
  await search.goto(`${priceWindow}&limit=2&sort=price_asc`);
  await expect(search.pagination).toContainText('Page 1 of 2');
  await expect(search.pagination.getByRole('button', { name: 'Previous' })).toHaveAttribute(
    'aria-disabled',
    'true',
  );
  // From the keyboard: Enter on Next; at the last page focus stays on it and it does nothing more.
  const next = search.pagination.getByRole('button', { name: 'Next' });
  // The server's page keeps its controls disabled until React has hydrated it: focus waits for that.
  await expect(next).toBeEnabled();
  await next.focus();
  await page.keyboard.press('Enter');
  await expect.poll(() => search.query().page).toBe('2');
  await expect(search.pagination).toContainText('Page 2 of 2');
  await expect(search.cards).toHaveCount(1);
  await expect(search.card('2011 Ford F-150')).toBeVisible();
  await expect(next).toBeFocused();
  await expect(next).toHaveAttribute('aria-disabled', 'true');
  await page.keyboard.press('Enter');
  await expect(search.pagination).toContainText('Page 2 of 2');
  expect(search.query().page).toBe('2');
  await page.goBack();
  await expect(search.pagination).toContainText('Page 1 of 2');
  await expect(search.cards).toHaveCount(2);
});

test('empty and error states', async ({ page }) => {
  const search = new SearchPage(page);
  await search.goto(`${priceWindow}&make=Lada`);
  await expect(search.root.getByRole('heading', { name: 'No cars found' })).toBeVisible();
  await expectAccessible(page);

  // No Toyota truck in the window: without the make one car (the F-150) is left, without the body
  // type one too (the Camry); the first of the narrowest is offered, as a link that removes it.
  await search.goto(`${priceWindow}&make=Toyota&bodyType=truck`);
  await expect(search.root.getByRole('heading', { name: 'No cars found' })).toBeVisible();
  const hint = search.root.getByText('1 car without the make filter:');
  await expect(hint).toBeVisible();
  // It arrives after its counts: below Clear Filters, so it never moves the button under a pointer.
  const clearFilters = search.root.getByRole('button', { name: 'Clear Filters' }).last();
  expect((await hint.boundingBox())!.y).toBeGreaterThan((await clearFilters.boundingBox())!.y);
  // Instead of a column of zeros, the panel keeps only the chosen option at (0), to untick it.
  await expect(search.filters.getByLabel('Truck (0)')).toBeChecked();
  await expect(search.filters.getByLabel(/\(0\)$/)).toHaveCount(1);
  await search.root.getByRole('link', { name: 'Remove Make' }).click();
  await expect(search.resultsCount).toHaveText('1 Cars Found');
  await expect(search.card('2011 Ford F-150')).toBeVisible();
  expect(search.query()).toEqual({ minPrice: String(base), maxPrice: String(base + 9), bodyType: 'truck' });
  await search.goto(`${priceWindow}&make=Lada`);
  await clearFilters.click();
  await expect.poll(() => page.url()).toMatch(/\/search$/);

  // The server reads a page's first results in-process: the failing API is the browser's next search.
  await search.goto(priceWindow);
  await page.route('**/api/search?**', (route) => route.fulfill({ status: 500, body: '{}' }));
  await search.sort.selectOption('year_asc');
  await expect(search.root.getByText('Something went wrong')).toBeVisible();
  await expect(search.root.getByText('Unable to load listings. Please try again.')).toBeVisible();
  await expectAccessible(page);
  await page.unroute('**/api/search?**');
  await search.root.getByRole('button', { name: 'Retry' }).click();
  await expect(search.resultsCount).toHaveText('3 Cars Found');
});

test('a guest pressing the heart goes to sign in', async ({ page }) => {
  const search = new SearchPage(page);
  await search.goto(priceWindow);
  await search
    .card('2015 Toyota Camry')
    .getByRole('button', { name: /Add .* to favorites/ })
    .click();
  await expect(page).toHaveURL(/\/login$/);
});

test('a signed-in user favorites a car and saves a search, then finds it again with its new listing', async ({
  page,
  request,
  signInViaApi,
}) => {
  await signInViaApi();
  const search = new SearchPage(page);
  await search.goto(`${priceWindow}&make=Honda`);
  const heart = search.card('2012 Honda Civic').getByRole('button', { name: /favorites/ });
  await heart.click();
  await expect(heart).toHaveAttribute('aria-pressed', 'true');

  await search.filters.getByRole('button', { name: 'Save this search' }).click();
  await search.filters.getByLabel('Name this search').fill('Honda in my price range');
  await search.filters.getByRole('button', { name: 'Save', exact: true }).click();
  const saved = search.filters.getByRole('button', { name: 'Honda in my price range', exact: true });
  await expect(saved).toBeVisible();
  await expectAccessible(page);

  // A Honda listed after the search was saved is new for it, until the search is opened again.
  await createListingViaApi(request, seller, await createTestImages(4), {
    vehicle: { model: 'Accord' },
    price: base + 4,
  });
  await search.goto();
  const entry = search.filters.getByRole('listitem').filter({ hasText: 'Honda in my price range' });
  await expect(entry.getByText('1 new', { exact: true })).toBeVisible();
  await entry.getByRole('button', { name: 'Honda in my price range', exact: true }).click();
  await expect.poll(() => search.query()).toMatchObject({ make: 'Honda', minPrice: String(base) });
  await expect(search.cards).toHaveCount(2);
  await expect(search.card('2012 Honda Accord')).toBeVisible();
  await expect(entry.getByText('1 new', { exact: true })).toHaveCount(0);
});

test('on a phone the filters open in a drawer', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  const search = new SearchPage(page);
  await search.goto(priceWindow);
  await expect(search.filters).toBeHidden();
  await search.root.getByRole('button', { name: 'Filters' }).click();
  await expect(search.filters).toBeVisible();
  await expectAccessible(page);
  await search.filters.getByRole('button', { name: 'Show results' }).click();
  await expect(search.filters).toBeHidden();
});
