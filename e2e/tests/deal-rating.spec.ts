import type { APIRequestContext } from '@playwright/test';
import { expectAccessible } from '../support/a11y';
import { expect, test, type Session } from '../support/fixtures';
import { createListingViaApi, type ListingOverrides } from '../support/listings';
import { createTestImages } from '../support/test-images';
import { ListingEditorPage } from '../pages/listing-editor-page';
import { ListingPage } from '../pages/listing-page';
import { SearchPage } from '../pages/search-page';

/**
 * Lists `vehicle`, a model no other test lists, for `seller` at a given price: the listings made
 * with one lister are each other's comparables.
 */
async function modelLister(
  request: APIRequestContext,
  seller: Session,
  vehicle: ListingOverrides['vehicle'],
) {
  const photos = await createTestImages(4);
  return (price: number) => createListingViaApi(request, seller, photos, { vehicle, price });
}

test('a listing shows its deal rating with the estimate, the reasons and a link to the comparables', async ({
  page,
  request,
  signInViaApi,
}) => {
  test.setTimeout(90_000);
  const seller = await signInViaApi();
  const listOutback = await modelLister(request, seller, {
    make: 'Subaru',
    model: 'Outback',
    year: 2021,
    mileage: 40_000,
  });
  // Five comparables with a median of $22,000.
  for (const price of [20_000, 21_000, 22_000, 23_000, 24_000]) await listOutback(price);
  const subject = await listOutback(18_000);

  await page.goto(`/listing/${subject._id}`);
  const panel = page.getByRole('region', { name: /^Deal rating/ });
  await expect(panel.getByRole('heading', { level: 2 })).toHaveText('Deal rating Great Deal');
  await expect(panel).toContainText(
    'Estimated market value $22,000 (likely $21,000–$23,000), from 5 comparable listings.',
  );
  await expect(panel.locator('figcaption')).toHaveText(
    'This price, $18,000: 0 of the 5 comparables are priced lower once adjusted, $20,000 to $24,000.',
  );
  const reasons = panel.getByRole('list', { name: 'Why this rating' }).getByRole('listitem');
  await expect(reasons.first()).toHaveText(
    'Compared with 5 2018–2024 Subaru Outback listings within 50,000 mi of this one’s 40,000 mi.',
  );
  await expect(reasons.last()).toHaveText(
    'The price is $4,000 (18%) below the estimated market value of $22,000: Great Deal.',
  );
  await expectAccessible(page);

  // The link opens search on the comparables (and this listing, which matches them too).
  await panel.getByRole('link', { name: 'See the comparable listings in search' }).click();
  const search = new SearchPage(page);
  await expect(page).toHaveURL(
    (url) => url.pathname === '/search' && url.searchParams.get('model') === 'Outback',
  );
  const filters = new URL(page.url()).searchParams;
  expect(
    Object.fromEntries(
      ['make', 'yearMin', 'yearMax', 'mileageMax', 'radius'].map((key) => [key, filters.get(key)]),
    ),
  ).toEqual({
    make: 'Subaru',
    yearMin: '2018',
    yearMax: '2024',
    mileageMax: '90000',
    radius: '200',
  });
  await expect(search.cards).toHaveCount(6);
});

test('a listing shows its days on market and the yearly fuel cost at the buyer’s fuel price', async ({
  page,
  request,
  signInViaApi,
}) => {
  const seller = await signInViaApi();
  const listing = await createListingViaApi(request, seller, await createTestImages(4), {
    vehicle: { mpg: { city: 30, highway: 40, combined: 34 } },
  });
  await page.goto(`/listing/${listing._id}`);
  const view = new ListingPage(page);
  await expect(view.fact(view.quickFacts, 'On the market')).toHaveText('Listed today');

  // 12,000 miles at 34 MPG is 353 gallons: $1,147 at the default $3.25, $1,412 at $4.
  const section = page.getByRole('region', { name: 'Running cost' });
  await expect(section.getByRole('paragraph')).toHaveText(
    'About $1,147 a year in fuel: 353 gallons for 12,000 miles at 34 MPG combined.',
  );
  await section.getByLabel('Fuel price ($ per gallon)').fill('4');
  await expect(section.getByRole('paragraph')).toHaveText(
    'About $1,412 a year in fuel: 353 gallons for 12,000 miles at 34 MPG combined.',
  );
  await expectAccessible(page);
});

test('search shows each card’s deal rating, filters by it and sorts the best deals first', async ({
  page,
  request,
  signInViaApi,
}) => {
  test.setTimeout(90_000);
  const seller = await signInViaApi();
  const listMdx = await modelLister(request, seller, {
    make: 'Acura',
    model: 'MDX',
    year: 2019,
    mileage: 50_000,
  });
  // Five comparables with a median of $32,000, then one far below it and one far above.
  for (const price of [30_000, 31_000, 32_000, 33_000, 34_000, 26_000, 40_000]) await listMdx(price);

  const search = new SearchPage(page);
  await search.goto('make=Acura&model=MDX&sort=price_asc');
  await expect(search.cards).toHaveCount(7);
  const cheapest = search.cards.filter({ hasText: '$26,000' });
  await expect(cheapest).toContainText('Great Deal');
  await expect(search.cards.filter({ hasText: '$40,000' })).toContainText('Overpriced');

  await search.sort.selectOption({ label: 'Best Deals First' });
  await expect.poll(() => search.query().sort).toBe('best_deal');
  await expect(search.cards.first()).toContainText('$26,000');
  await expect(search.cards.last()).toContainText('$40,000');

  await search.filters.getByText('Deal rating', { exact: true }).first().click();
  // A click, not check(): the box follows the URL, which the search page updates a moment later.
  await search.filters.getByLabel('Great Deal (1)').click();
  await expect.poll(() => search.query().dealRating).toBe('great');
  await expect(search.cards).toHaveCount(1);
  await expect(search.cards.first()).toContainText('$26,000');
  await expectAccessible(page);
});

test('the editor shows the seller where a price would land before they save it', async ({
  page,
  request,
  signInViaApi,
}) => {
  test.setTimeout(90_000);
  const seller = await signInViaApi();
  const listTacoma = await modelLister(request, seller, {
    make: 'Toyota',
    model: 'Tacoma',
    year: 2017,
    mileage: 70_000,
  });
  // Five comparables with a median of $18,000.
  for (const price of [16_000, 17_000, 18_000, 19_000, 20_000]) await listTacoma(price);
  const subject = await listTacoma(18_000);

  const editor = new ListingEditorPage(page);
  await editor.goto(subject._id);
  const preview = page.getByRole('region', { name: /^Where your price lands/ });
  await expect(preview.getByRole('heading')).toHaveText('Where your price lands Fair Price');
  await expect(preview).toContainText('Estimated market value $18,000');
  await editor.field('Price (USD)').fill('14000');
  await expect(preview.getByRole('heading')).toHaveText('Where your price lands Great Deal');
  await expectAccessible(page);
});
