import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { zipCoordinates } from '../geocoding/zip-coordinates.js';
import { makeDealer, seedImages, seedListing } from '../../test/seed.js';
import {
  signUp,
  STARTUP_TIMEOUT_MS,
  startTestApp,
  type SignedIn,
  type TestApp,
} from '../../test/test-app.js';
import { waitFor } from '../../test/wait-for.js';

type Overrides = NonNullable<Parameters<typeof seedListing>[2]>;

const NO_FEATURES = { safety: [], interior: [], technology: [], exterior: [], other: [] };
const at = (zip: string) => {
  const { latitude, longitude } = zipCoordinates(zip)!;
  return { zipCode: zip, latitude, longitude };
};

// A fixture small enough to know every answer: Austin (78701) is 17 miles from Round Rock (78664),
// 147 from Houston (77002) and 183 from Dallas (75201).
const FIXTURE: (Overrides & { key: string; dealer: boolean })[] = [
  {
    key: 'camry',
    dealer: false,
    title: '2015 Toyota Camry SE, clean and reliable',
    description: 'Running smoothly with new brakes and a full service history from the dealer.',
    make: 'Toyota',
    model: 'Camry',
    trim: 'SE',
    year: 2015,
    priceAmount: 8000,
    mileage: 90_000,
    bodyType: 'sedan',
    fuelType: 'gasoline',
    transmission: 'automatic',
    condition: 'good',
    titleStatus: 'clean',
    exteriorColor: 'Blue',
    interiorColor: 'Gray',
    doors: 4,
    features: { ...NO_FEATURES, safety: ['ABS', 'Airbags'], technology: ['Bluetooth'] },
    hasWarranty: true,
    cityMpg: 25,
    highwayMpg: 35,
    combinedMpg: 29,
    city: 'Austin',
    state: 'TX',
    ...at('78701'),
  },
  {
    key: 'corolla',
    dealer: true,
    title: '2012 Toyota Corolla with a manual gearbox',
    description: 'Economical commuter car, timing belt done, tires at half tread, no accidents.',
    make: 'Toyota',
    model: 'Corolla',
    year: 2012,
    priceAmount: 5500,
    mileage: 120_000,
    bodyType: 'sedan',
    fuelType: 'gasoline',
    transmission: 'manual',
    condition: 'fair',
    titleStatus: 'clean',
    exteriorColor: 'Red',
    interiorColor: 'Black',
    doors: 4,
    features: { ...NO_FEATURES, safety: ['ABS'] },
    acceptsTradeIn: true,
    cityMpg: 28,
    highwayMpg: 36,
    combinedMpg: 31,
    city: 'Round Rock',
    state: 'TX',
    ...at('78664'),
  },
  {
    key: 'civic',
    dealer: true,
    title: '2018 Honda Civic hybrid hatchback',
    description: 'Low miles, excellent condition, navigation and heated seats, one careful owner.',
    make: 'Honda',
    model: 'Civic',
    year: 2018,
    priceAmount: 9500,
    mileage: 40_000,
    bodyType: 'hatchback',
    fuelType: 'hybrid',
    transmission: 'cvt',
    condition: 'excellent',
    titleStatus: 'clean',
    exteriorColor: 'Blue',
    interiorColor: 'Black',
    doors: 4,
    features: { ...NO_FEATURES, technology: ['Bluetooth', 'Navigation'] },
    financingAvailable: true,
    cityMpg: 44,
    highwayMpg: 47,
    combinedMpg: 45,
    city: 'Houston',
    state: 'TX',
    ...at('77002'),
  },
  {
    key: 'f150',
    dealer: false,
    title: '2010 Ford F-150 work truck',
    description: 'Diesel work truck with a long bed, salvage title after hail, drives fine daily.',
    make: 'Ford',
    model: 'F-150',
    year: 2010,
    priceAmount: 7000,
    mileage: 150_000,
    bodyType: 'truck',
    fuelType: 'diesel',
    transmission: 'automatic',
    condition: 'poor',
    titleStatus: 'salvage',
    exteriorColor: 'White',
    interiorColor: 'Gray',
    doors: 2,
    features: NO_FEATURES,
    city: 'Dallas',
    state: 'TX',
    ...at('75201'),
  },
  {
    key: 'escape',
    dealer: true,
    title: '2016 Ford Escape electric conversion',
    description: 'Rebuilt title, leather seats, sunroof and a tow package, charges overnight at home.',
    make: 'Ford',
    model: 'Escape',
    year: 2016,
    priceAmount: 9900,
    mileage: 60_000,
    bodyType: 'suv',
    fuelType: 'electric',
    transmission: 'automatic',
    condition: 'good',
    titleStatus: 'rebuilt',
    exteriorColor: 'Black',
    interiorColor: 'Tan',
    doors: 4,
    features: { ...NO_FEATURES, interior: ['Leather seats'], exterior: ['Sunroof'], other: ['Tow package'] },
    city: 'Austin',
    state: 'TX',
    ...at('78701'),
  },
];
type FixtureListing = (typeof FIXTURE)[number];

let t: TestApp;
let privateSeller: SignedIn;
let dealer: SignedIn;
let buyer: SignedIn;
let other: SignedIn;
const ids: Record<string, string> = {};

const keysOf = (body: { data: { _id: string }[] }) =>
  body.data.map((listing) => Object.keys(ids).find((key) => ids[key] === listing._id));

async function search(query: string) {
  const res = await t.request('GET', `/api/search${query ? `?${query}` : ''}`);
  expect(res.status).toBe(200);
  return res.body;
}

beforeAll(async () => {
  t = await startTestApp();
  const signInAs = (email: string) => signUp(t, email);
  [privateSeller, dealer, buyer, other] = await Promise.all([
    signInAs('private@example.com'),
    signInAs('dealer@example.com'),
    signInAs('buyer@example.com'),
    signInAs('other@example.com'),
  ]);
  const { db } = t.app.database;
  await makeDealer(db, dealer.user._id);
  const start = Date.parse('2024-01-01T00:00:00Z');
  for (const [index, { key, dealer: isDealer, ...values }] of FIXTURE.entries()) {
    const seller = isDealer ? dealer : privateSeller;
    const row = await seedListing(db, seller.user._id, {
      ...values,
      createdAt: new Date(start + index * 60_000),
    });
    ids[key] = row.id;
  }
  await seedImages(db, ids.camry!, 'camry', 4);
  await seedImages(db, ids.civic!, 'civic', 4);
  // Neither a sold listing nor a draft is ever found.
  await seedListing(db, dealer.user._id, { status: 'sold', title: 'Sold Toyota Camry', make: 'Toyota' });
  await seedListing(db, dealer.user._id, { status: 'draft', title: 'Draft Toyota Camry', make: 'Toyota' });
}, STARTUP_TIMEOUT_MS);

afterAll(async () => {
  await t?.close();
});

describe('GET /api/search filters', () => {
  it('finds every active listing, newest first, in the envelope of spec §3', async () => {
    const body = await search('');
    expect(Object.keys(body).sort()).toEqual(['data', 'filters', 'pagination', 'success']);
    expect(keysOf(body)).toEqual(['escape', 'f150', 'civic', 'corolla', 'camry']);
    expect(body.pagination).toEqual({ total: 5, page: 1, pages: 1, hasPrevPage: false, hasNextPage: false });
    expect(Object.keys(body.filters.available).sort()).toEqual(
      [
        'bodyTypes',
        'conditions',
        'dealRatings',
        'doors',
        'exteriorColors',
        'features',
        'fuelTypes',
        'interiorColors',
        'sellerTypes',
        'titleStatuses',
        'transmissions',
      ].sort(),
    );
  });

  it.each([
    ['minPrice=8000', ['escape', 'civic', 'camry']],
    ['maxPrice=7000', ['f150', 'corolla']],
    ['yearMin=2016', ['escape', 'civic']],
    ['yearMax=2012', ['f150', 'corolla']],
    ['make=toyota', ['corolla', 'camry']],
    ['make=Toyota&model=Camry', ['camry']],
    ['make=Toyota&model=Camry&trim=se', ['camry']],
    ['bodyType=sedan', ['corolla', 'camry']],
    ['bodyType=sedan&bodyType=suv', ['escape', 'corolla', 'camry']],
    ['bodyType=truck,suv', ['escape', 'f150']],
    ['fuelType=hybrid,electric', ['escape', 'civic']],
    ['transmission=manual', ['corolla']],
    ['condition=good', ['escape', 'camry']],
    ['mileageMin=100000', ['f150', 'corolla']],
    ['mileageMax=60000', ['escape', 'civic']],
    ['exteriorColor=blue', ['civic', 'camry']],
    ['interiorColor=Black,Tan', ['escape', 'civic', 'corolla']],
    ['doors=2', ['f150']],
    ['doorsMin=3&doorsMax=4', ['escape', 'civic', 'corolla', 'camry']],
    ['titleStatus=salvage,rebuilt', ['escape', 'f150']],
    ['cityMpgMin=28', ['civic', 'corolla']],
    ['cityMpgMax=25', ['camry']],
    ['highwayMpgMin=36&highwayMpgMax=40', ['corolla']],
    ['combinedMpgMin=40', ['civic']],
    ['combinedMpgMax=30', ['camry']],
    ['safetyFeatures=ABS', ['corolla', 'camry']],
    ['safetyFeatures=ABS,Airbags', ['camry']],
    ['technologyFeatures=Bluetooth', ['civic', 'camry']],
    ['interiorFeatures=Leather seats', ['escape']],
    ['exteriorFeatures=Sunroof', ['escape']],
    ['otherFeatures=Tow package', ['escape']],
    ['sellerType=dealer', ['escape', 'civic', 'corolla']],
    ['sellerType=private', ['f150', 'camry']],
    ['hasImages=true', ['civic', 'camry']],
    ['hasWarranty=true', ['camry']],
    ['acceptsTradeIn=true', ['corolla']],
    ['financingAvailable=true', ['civic']],
    ['hasWarranty=false', ['escape', 'f150', 'civic', 'corolla', 'camry']],
    ['q=camry', ['camry']],
    ['q=runs', ['camry']],
    ['q=toyota -corolla', ['camry']],
    ['q=Toyta', ['corolla', 'camry']],
    ['q=Hond Civc', ['civic']],
    ['q=zzzzqqq', []],
    ['make=Ford&bodyType=suv&maxPrice=10000&sellerType=dealer', ['escape']],
    ['q=toyota&minPrice=6000&condition=good,fair&sort=price_asc', ['camry']],
    ['bodyType=sedan&safetyFeatures=ABS&transmission=automatic&hasWarranty=true&yearMin=2014', ['camry']],
  ])('%s', async (query, expected) => {
    expect(keysOf(await search(query))).toEqual(expected);
  });

  it.each([
    ['25', ['escape', 'corolla', 'camry']],
    ['150', ['escape', 'civic', 'corolla', 'camry']],
    ['200', ['escape', 'f150', 'civic', 'corolla', 'camry']],
    ['10', ['escape', 'camry']],
  ])('radius %s miles around ZIP 78701', async (radius, expected) => {
    expect(keysOf(await search(`zipCode=78701&radius=${radius}`))).toEqual(expected);
  });

  it('takes a radius around a point', async () => {
    const { latitude, longitude } = zipCoordinates('77002')!;
    expect(keysOf(await search(`lat=${latitude}&lon=${longitude}&radius=20`))).toEqual(['civic']);
  });
});

describe('GET /api/search results', () => {
  it('shows each listing found with its own photos, in display order', async () => {
    const body = await search('');
    const photosOf = (key: string) =>
      body.data
        .find((listing: { _id: string }) => listing._id === ids[key])
        .vehicle.images.map((image: { publicId: string }) => image.publicId);
    const inOrder = (prefix: string) => [0, 1, 2, 3].map((position) => `${prefix}-${position}`);
    expect(photosOf('camry')).toEqual(inOrder('camry'));
    expect(photosOf('civic')).toEqual(inOrder('civic'));
    expect(photosOf('corolla')).toEqual([]);
  });
});

describe('GET /api/search sort and paging', () => {
  it.each([
    ['newest', ['escape', 'f150', 'civic', 'corolla', 'camry']],
    ['price_asc', ['corolla', 'f150', 'camry', 'civic', 'escape']],
    ['price_desc', ['escape', 'civic', 'camry', 'f150', 'corolla']],
    ['year_desc', ['civic', 'escape', 'camry', 'corolla', 'f150']],
    ['year_asc', ['f150', 'corolla', 'camry', 'escape', 'civic']],
    ['mileage_asc', ['civic', 'escape', 'camry', 'corolla', 'f150']],
    ['mileage_desc', ['f150', 'corolla', 'camry', 'escape', 'civic']],
  ])('sort=%s', async (sort, expected) => {
    expect(keysOf(await search(`sort=${sort}`))).toEqual(expected);
  });

  it('pages through the results without overlap', async () => {
    const pages = await Promise.all([1, 2, 3].map((page) => search(`sort=price_asc&limit=2&page=${page}`)));
    expect(pages.map(keysOf)).toEqual([['corolla', 'f150'], ['camry', 'civic'], ['escape']]);
    expect(pages[0].pagination).toEqual({
      total: 5,
      page: 1,
      pages: 3,
      hasPrevPage: false,
      hasNextPage: true,
    });
    expect(pages[2].pagination).toEqual({
      total: 5,
      page: 3,
      pages: 3,
      hasPrevPage: true,
      hasNextPage: false,
    });
  });

  it('answers a page past the end with no listings and the real pagination', async () => {
    const body = await search('limit=2&page=9');
    expect(body.data).toEqual([]);
    expect(body.pagination).toEqual({ total: 5, page: 9, pages: 3, hasPrevPage: true, hasNextPage: false });
  });

  it('answers a search without results with zero pages', async () => {
    const body = await search('make=Lada');
    expect(body.pagination).toEqual({ total: 0, page: 1, pages: 0, hasPrevPage: false, hasNextPage: false });
  });
});

describe('GET /api/search facets', () => {
  // The brute-force answer: a facet counts the fixture listings that pass every other filter.
  type Check = (listing: FixtureListing) => boolean;
  function bruteForce(
    filters: Record<string, Check>,
    facet: string,
    valueOf: (listing: FixtureListing) => string[],
  ) {
    const counts = new Map<string, number>();
    for (const listing of FIXTURE) {
      const passes = Object.entries(filters).every(([name, check]) => name === facet || check(listing));
      if (!passes) continue;
      for (const value of valueOf(listing)) counts.set(value, (counts.get(value) ?? 0) + 1);
    }
    return counts;
  }

  const asMap = (options: { value: string | number; count: number }[]) =>
    new Map(
      options.filter((option) => option.count > 0).map((option) => [String(option.value), option.count]),
    );

  it('counts each value under the other active filters', async () => {
    const body = await search('bodyType=sedan,suv&exteriorColor=Blue,Black&safetyFeatures=ABS&minPrice=5000');
    const filters: Record<string, Check> = {
      price: (listing) => listing.priceAmount! >= 5000,
      bodyTypes: (listing) => ['sedan', 'suv'].includes(listing.bodyType!),
      exteriorColors: (listing) => ['Blue', 'Black'].includes(listing.exteriorColor!),
      safety: (listing) => listing.features!.safety.includes('ABS'),
    };
    const available = body.filters.available;
    expect(body.pagination.total).toBe(1);
    expect(asMap(available.bodyTypes)).toEqual(bruteForce(filters, 'bodyTypes', (l) => [l.bodyType!]));
    expect(asMap(available.exteriorColors)).toEqual(
      bruteForce(filters, 'exteriorColors', (l) => [l.exteriorColor!]),
    );
    expect(asMap(available.features.safety)).toEqual(
      bruteForce(filters, 'safety', (l) => l.features!.safety),
    );
    expect(asMap(available.features.technology)).toEqual(
      bruteForce(filters, 'technology', (l) => l.features!.technology),
    );
    expect(asMap(available.transmissions)).toEqual(
      bruteForce(filters, 'transmissions', (l) => [l.transmission!]),
    );
    expect(asMap(available.doors)).toEqual(bruteForce(filters, 'doors', (l) => [String(l.doors)]));
    expect(asMap(available.sellerTypes)).toEqual(
      bruteForce(filters, 'sellerTypes', (l) => [l.dealer ? 'dealer' : 'private']),
    );
  });

  it('lists every value of an enumerated facet, with 0 for dead ends', async () => {
    const body = await search('make=Toyota');
    expect(body.filters.available.bodyTypes).toEqual([
      { value: 'sedan', count: 2 },
      { value: 'suv', count: 0 },
      { value: 'truck', count: 0 },
      { value: 'coupe', count: 0 },
      { value: 'convertible', count: 0 },
      { value: 'van', count: 0 },
      { value: 'wagon', count: 0 },
      { value: 'hatchback', count: 0 },
    ]);
    expect(body.filters.available.exteriorColors).toEqual([
      { value: 'Blue', count: 1 },
      { value: 'Red', count: 1 },
    ]);
  });
});

describe('GET /api/search malformed parameters', () => {
  it.each([
    ['bodyType=boat', 'bodyType'],
    ['minPrice=cheap', 'minPrice'],
    ['yearMin=1800', 'yearMin'],
    ['sort=cheapest', 'sort'],
    ['limit=500', 'limit'],
    ['page=0', 'page'],
    ['hasImages=maybe', 'hasImages'],
    ['radius=25', 'radius'],
    ['zipCode=123', 'zipCode'],
    ['zipCode=00000&radius=10', 'zipCode'],
    ['lat=30', 'lon'],
  ])('%s → 400 naming %s', async (query, parameter) => {
    const res = await t.request('GET', `/api/search?${query}`);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ success: false, code: 'VALIDATION_ERROR' });
    expect(Object.keys(res.body.details).map((key) => key.split('.')[0])).toContain(parameter);
  });

  it('rejects an unknown parameter by name', async () => {
    const res = await t.request('GET', '/api/search?colour=red');
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('Unknown parameter: colour');
  });
});

describe('GET /api/search/suggestions', () => {
  const suggest = async (q: string) => {
    const res = await t.request('GET', `/api/search/suggestions?q=${encodeURIComponent(q)}`);
    expect(res.status).toBe(200);
    return res.body.suggestions;
  };

  it('answers nothing under 2 characters', async () => {
    expect(await suggest('t')).toEqual([]);
    expect(await suggest('')).toEqual([]);
  });

  it('ranks makes, models and locations by how many active listings each finds', async () => {
    expect(await suggest('to')).toEqual([
      { type: 'make', value: 'Toyota', label: 'Toyota' },
      { type: 'model', value: 'Camry', label: 'Toyota Camry', make: 'Toyota' },
      { type: 'model', value: 'Corolla', label: 'Toyota Corolla', make: 'Toyota' },
    ]);
    expect(await suggest('aus')).toEqual([{ type: 'location', value: '78701', label: 'Austin, TX' }]);
    expect((await suggest('ford e')).map((s: { label: string }) => s.label)).toEqual(['Ford Escape']);
  });

  it('tolerates typos', async () => {
    expect((await suggest('hnda')).map((s: { label: string }) => s.label)).toEqual(['Honda', 'Honda Civic']);
    expect((await suggest('Huston')).map((s: { label: string }) => s.label)).toEqual(['Houston, TX']);
  });
});

describe('GET /api/search from many guests at once', () => {
  it('answers each the same, counts each search, and a later search sees a new listing', async () => {
    const asked = await Promise.all([1, 2, 3].map(() => t.request('GET', '/api/search?make=Trabant')));
    expect(asked.map((res) => res.status)).toEqual([200, 200, 200]);
    expect(asked[1]!.body).toEqual(asked[0]!.body);
    expect(asked[2]!.body).toEqual(asked[0]!.body);
    const popular = await waitFor(
      () => t.request('GET', '/api/search/popular'),
      (read) =>
        read.body.data?.makes.some(
          (make: { value: string; count: number }) => make.value === 'Trabant' && make.count === 3,
        ),
    );
    expect(popular.body.data.makes).toContainEqual({ value: 'Trabant', count: 3 });

    // Only searches still running are shared: one asked after a change finds it.
    await seedListing(t.app.database.db, dealer.user._id, { make: 'Trabant', title: 'Trabant 601' });
    const after = await t.request('GET', '/api/search?make=Trabant&page=2');
    expect(after.body.pagination.total).toBe(asked[0]!.body.pagination.total + 1);
  });
});

describe('GET /api/search/popular', () => {
  it('counts makes, models and queries searched for', async () => {
    await search('make=Saab&model=900');
    await search('make=Saab');
    await search('make=Saab');
    await search('make=Saab&sort=price_asc');
    await search('q=convertible roof');
    // Later pages of a search already counted are not new searches.
    await search('make=Honda&page=2');
    // Recording does not hold up the answer: read once the last search has landed.
    const res = await waitFor(
      () => t.request('GET', '/api/search/popular'),
      (read) =>
        read.body.data?.queries.some((query: { value: string }) => query.value === 'convertible roof') &&
        read.body.data.makes[0]?.count === 4,
    );
    expect(res.status).toBe(200);
    expect(res.body.data.makes[0]).toEqual({ value: 'Saab', count: 4 });
    expect(res.body.data.models).toContainEqual({ value: 'Saab 900', count: 1 });
    expect(res.body.data.queries).toContainEqual({ value: 'convertible roof', count: 1 });
    expect(res.body.data.makes.map((make: { value: string }) => make.value)).not.toContain('Honda');
  });
});

describe('saved searches', () => {
  it('saves, lists with new listing counts, marks seen and deletes for the owner only', async () => {
    const saved = await t.request('POST', '/api/search/saved', {
      token: buyer.accessToken,
      json: {
        name: 'Cheap Toyotas',
        params: { make: 'Toyota', maxPrice: 9000, bodyType: ['sedan'], sort: 'price_asc' },
      },
    });
    expect(saved.status).toBe(201);
    expect(saved.body.data).toMatchObject({
      name: 'Cheap Toyotas',
      params: { make: 'Toyota', maxPrice: 9000, bodyType: ['sedan'], sort: 'price_asc' },
      newCount: 0,
      lastViewedAt: null,
    });
    const id = saved.body.data._id;

    // A matching listing published after the search was saved counts as new; others do not.
    await seedListing(t.app.database.db, dealer.user._id, {
      make: 'Toyota',
      model: 'Yaris',
      priceAmount: 6000,
      bodyType: 'sedan',
    });
    await seedListing(t.app.database.db, dealer.user._id, { make: 'Toyota', priceAmount: 20_000 });
    const listed = await t.request('GET', '/api/search/saved', { token: buyer.accessToken });
    expect(listed.body.data).toEqual([expect.objectContaining({ _id: id, newCount: 1 })]);

    const viewed = await t.request('POST', `/api/search/saved/${id}/viewed`, { token: buyer.accessToken });
    expect(viewed.status).toBe(200);
    expect(viewed.body.data).toMatchObject({ _id: id, newCount: 0, lastViewedAt: expect.any(String) });

    expect((await t.request('GET', '/api/search/saved', { token: other.accessToken })).body.data).toEqual([]);
    expect((await t.request('DELETE', `/api/search/saved/${id}`, { token: other.accessToken })).status).toBe(
      403,
    );
    expect(
      (await t.request('POST', `/api/search/saved/${id}/viewed`, { token: other.accessToken })).status,
    ).toBe(403);
    expect((await t.request('DELETE', `/api/search/saved/${id}`)).status).toBe(401);
    expect((await t.request('DELETE', `/api/search/saved/${id}`, { token: buyer.accessToken })).status).toBe(
      200,
    );
    expect((await t.request('GET', '/api/search/saved', { token: buyer.accessToken })).body.data).toEqual([]);
    expect((await t.request('DELETE', `/api/search/saved/${id}`, { token: buyer.accessToken })).status).toBe(
      404,
    );
  });

  it.each([
    [{ params: {} }, 'name'],
    [{ name: 'x', params: { bodyType: ['boat'] } }, 'params.bodyType.0'],
    [{ name: 'x', params: { page: 2 } }, 'params'],
  ])('rejects %j', async (json, field) => {
    const res = await t.request('POST', '/api/search/saved', { token: buyer.accessToken, json });
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.details)).toContain(field);
    expect((await t.request('GET', '/api/search/saved', { token: buyer.accessToken })).body.data).toEqual([]);
  });

  it('needs a signed-in user', async () => {
    expect((await t.request('GET', '/api/search/saved')).status).toBe(401);
    expect((await t.request('POST', '/api/search/saved', { json: { name: 'x', params: {} } })).status).toBe(
      401,
    );
  });
});
