import { Mailbox } from '../../scripts/lib/smtp-catcher.mjs';
import { signUpViaApi, uniqueEmail } from '../../scripts/lib/session.mjs';
import { expect, test } from '../support/fixtures';
import { createListingViaApi, type ApiListing } from '../support/listings';
import { createTestImages } from '../support/test-images';

// One worker for the file: its tests share what beforeAll lists, which each worker would list again.
test.describe.configure({ mode: 'default' });

let listing: ApiListing;

test.beforeAll(async ({ playwright }) => {
  const baseURL = process.env.E2E_BASE_URL!;
  const mailbox = new Mailbox(process.env.E2E_MAIL_DIR!);
  const request = await playwright.request.newContext({ baseURL });
  const seller = await signUpViaApi({ baseURL, mailbox, email: uniqueEmail('seo-seller') });
  const photos = await createTestImages(4);
  listing = await createListingViaApi(request, seller, photos);
  // Another Civic: the first listing always has a similar car.
  await createListingViaApi(request, seller, photos);
  await request.dispose();
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('a listing page shows the car and its price', async ({ page }) => {
    await page.goto(`/listing/${listing._id}`);
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { level: 1 })).toHaveText('2012 Honda Civic LX');
    await expect(main).toContainText('$7,400');
    await expect(page).toHaveTitle('2012 Honda Civic — $7,400');
    // What the page shows below the car comes in the same response.
    await expect(main.getByRole('region', { name: /^Deal rating/ })).toBeVisible();
    // The other Civic, or closer ones other specs made on this site.
    const similarCars = main.getByRole('region', { name: 'Similar Cars' });
    await expect(similarCars.getByRole('link').first()).toHaveAttribute('href', /^\/listing\/[0-9a-f-]{36}$/);
  });

  test('a search page names its search and lists its results, each title a link to its listing', async ({
    page,
  }) => {
    await page.goto('/search?make=Honda');
    await expect(page).toHaveTitle('Honda for sale — CarMarket');
    const results = page.locator('[data-remote="mfe_search"]').getByRole('article');
    await expect(results.first()).toBeVisible();
    for (const title of await results.getByRole('heading').allTextContents()) expect(title).toMatch(/Honda/);
    await expect(results.getByRole('link', { name: '2012 Honda Civic LX' }).first()).toHaveAttribute(
      'href',
      /^\/listing\//,
    );
  });
});

test('a guest’s listing page arrives whole: the browser asks the API for nothing on load', async ({
  page,
}) => {
  const apiCalls: string[] = [];
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (pathname.startsWith('/api/')) apiCalls.push(pathname);
  });
  await page.goto(`/listing/${listing._id}`, { waitUntil: 'networkidle' });
  await expect(page.getByRole('region', { name: 'Similar Cars' })).toBeVisible();
  expect(apiCalls).toEqual([]);
});

test('a listing names the car and its price in JSON-LD, beside the page the browser renders', async ({
  page,
}) => {
  await page.goto(`/listing/${listing._id}`);
  await expect(page.getByRole('heading', { level: 1, name: '2012 Honda Civic LX' })).toBeVisible();
  const data = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent())!);
  expect(data).toMatchObject({
    '@type': 'Car',
    name: '2012 Honda Civic LX',
    offers: { '@type': 'Offer', price: 7400, priceCurrency: 'USD' },
  });
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
    'href',
    new RegExp(`/listing/${listing._id}$`),
  );
});
