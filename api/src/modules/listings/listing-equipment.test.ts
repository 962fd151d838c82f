// Features, fuel economy and sale terms: what the search filters on (spec §3 "Search filters"),
// written through the listing calls and read back from the listing, the seller page and search.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createListingPayload,
  createListingViaApi,
  listingDetailsPayload as detailsPayload,
  vehiclePayload,
} from '../../test/listing-payload.js';
import { seedImages } from '../../test/seed.js';
import {
  signUp,
  STARTUP_TIMEOUT_MS,
  startTestApp,
  type JsonBody,
  type SignedIn,
  type TestApp,
} from '../../test/test-app.js';

let t: TestApp;
let seller: SignedIn;
let other: SignedIn;

const NO_FEATURES = { safety: [], interior: [], technology: [], exterior: [], other: [] };
const NO_MPG = { city: null, highway: null, combined: null };

const equipped = {
  vehicle: {
    features: {
      safety: ['Backup Camera', 'ABS'],
      technology: ['Apple CarPlay'],
      other: ['One Owner'],
    },
    mpg: { city: 28, highway: 36, combined: 31 },
  },
  hasWarranty: true,
  acceptsTradeIn: true,
};

const create = (overrides: JsonBody = {}) => createListingViaApi(t, seller.accessToken, overrides);

/** The listing as its owner sees it. */
const read = async (id: string) =>
  (await t.request('GET', `/api/listings/${id}`, { token: seller.accessToken })).body.data;

beforeAll(async () => {
  t = await startTestApp();
  seller = await signUp(t, 'equipped-seller@example.com');
  other = await signUp(t, 'equipped-other@example.com');
}, STARTUP_TIMEOUT_MS);

afterAll(async () => {
  await t?.close();
});

describe('POST /api/listings with features, fuel economy and sale terms', () => {
  it('stores them and answers them on the listing, features in the list order', async () => {
    const created = await create(equipped);
    const expected = {
      hasWarranty: true,
      acceptsTradeIn: true,
      financingAvailable: false,
      vehicle: {
        features: {
          ...NO_FEATURES,
          safety: ['ABS', 'Backup Camera'],
          technology: ['Apple CarPlay'],
          other: ['One Owner'],
        },
        mpg: { city: 28, highway: 36, combined: 31 },
      },
    };
    expect(created).toMatchObject(expected);
    expect(await read(created._id)).toMatchObject(expected);
  });

  it('without them: no features, unknown fuel economy, no warranty, trade-in or financing', async () => {
    const created = await create();
    expect(created).toMatchObject({
      hasWarranty: false,
      acceptsTradeIn: false,
      financingAvailable: false,
      vehicle: { features: NO_FEATURES, mpg: NO_MPG },
    });
  });

  it('is found by its feature, warranty and MPG once active, and search results carry them', async () => {
    const { _id: id } = await create({
      ...equipped,
      vehicle: { ...equipped.vehicle, features: { exterior: ['Running Boards', 'Bed Liner'] } },
      financingAvailable: true,
    });
    const { _id: plainId } = await create();
    await seedImages(t.app.database.db, id, `equipped-${id}`, 4);
    await seedImages(t.app.database.db, plainId, `plain-${plainId}`, 4);
    await t.request('PATCH', `/api/listings/${id}/status`, {
      json: { status: 'active' },
      token: seller.accessToken,
    });
    await t.request('PATCH', `/api/listings/${plainId}/status`, {
      json: { status: 'active' },
      token: seller.accessToken,
    });

    const found = async (query: string) => {
      const res = await t.request('GET', `/api/search?${query}`);
      expect(res.status).toBe(200);
      return res.body.data.map((listing: JsonBody) => listing._id);
    };
    const matching = await found(
      'exteriorFeatures=Running%20Boards&hasWarranty=true&financingAvailable=true',
    );
    expect(matching).toEqual([id]);
    expect(await found('combinedMpgMin=31&combinedMpgMax=31&cityMpgMin=28')).toContain(id);
    expect(await found('combinedMpgMin=31')).not.toContain(plainId);
    const all = await t.request('GET', '/api/search?limit=100');
    expect(all.body.data.find((listing: JsonBody) => listing._id === id)).toMatchObject({
      hasWarranty: true,
      financingAvailable: true,
      vehicle: { features: { exterior: ['Bed Liner', 'Running Boards'] }, mpg: { combined: 31 } },
    });
    // The facet lists the feature with its count.
    expect(all.body.filters.available.features.exterior).toContainEqual({
      value: 'Running Boards',
      count: 1,
    });
  });

  const at = (vehicle: JsonBody): JsonBody => ({ vehicle });
  it.each<[string, JsonBody, string | undefined]>([
    ['vehicle.mpg.city', at({ mpg: { city: 0 } }), 'City MPG must be a whole number from 1 to 150'],
    [
      'vehicle.mpg.highway',
      at({ mpg: { highway: 151 } }),
      'Highway MPG must be a whole number from 1 to 150',
    ],
    [
      'vehicle.mpg.combined',
      at({ mpg: { combined: 30.5 } }),
      'Combined MPG must be a whole number from 1 to 150',
    ],
    [
      'vehicle.mpg.combined',
      at({ mpg: { city: 20, highway: 28, combined: 35 } }),
      'Combined MPG must be between city and highway MPG',
    ],
    [
      'vehicle.features.safety.1',
      at({ features: { safety: ['ABS', 'Ejector Seat'] } }),
      'Unknown safety feature',
    ],
    ['vehicle.features.other', at({ features: { other: 'One Owner' } }), 'Other features must be a list'],
    [
      'vehicle.features',
      at({ features: { comfort: ['Massage Seats'] } }),
      'Unknown feature category: comfort',
    ],
    ['hasWarranty', { hasWarranty: 'yes' }, undefined],
    ['acceptsTradeIn', { acceptsTradeIn: 1 }, undefined],
    ['financingAvailable', { financingAvailable: null }, undefined],
  ])('answers 400 on %s: %j, creating nothing', async (field, overrides, message) => {
    const mine = async () =>
      (
        await t.request('GET', `/api/listings/user/${seller.user._id}?limit=100`, {
          token: seller.accessToken,
        })
      ).body.pagination.total;
    const before = await mine();
    const res = await t.request('POST', '/api/listings', {
      json: createListingPayload(overrides),
      token: seller.accessToken,
    });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ success: false, code: 'VALIDATION_ERROR' });
    expect(res.body.details[field]).toEqual(message ?? expect.any(String));
    expect(res.body.error).toBe(Object.values(res.body.details)[0]);
    expect(await mine()).toBe(before);
  });
});

describe('PUT /api/listings/:id: sale terms', () => {
  it('changes the terms sent and keeps the ones left out', async () => {
    const { _id: id } = await create(equipped);
    const changed = await t.request('PUT', `/api/listings/${id}`, {
      json: detailsPayload({ hasWarranty: false, financingAvailable: true }),
      token: seller.accessToken,
    });
    expect(changed.status).toBe(200);
    expect(changed.body.data).toMatchObject({
      hasWarranty: false,
      acceptsTradeIn: true,
      financingAvailable: true,
    });

    const kept = await t.request('PUT', `/api/listings/${id}`, {
      json: detailsPayload(),
      token: seller.accessToken,
    });
    expect(kept.body.data).toMatchObject({
      hasWarranty: false,
      acceptsTradeIn: true,
      financingAvailable: true,
    });
    expect(await read(id)).toMatchObject({
      hasWarranty: false,
      acceptsTradeIn: true,
      financingAvailable: true,
    });
  });

  it('answers 400 on a term that is not true or false, changing nothing', async () => {
    const { _id: id } = await create(equipped);
    const before = await read(id);
    const res = await t.request('PUT', `/api/listings/${id}`, {
      json: detailsPayload({ title: 'A title changed with a bad term', acceptsTradeIn: 'no' }),
      token: seller.accessToken,
    });
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.details)).toEqual(['acceptsTradeIn']);
    expect(await read(id)).toEqual(before);
  });

  it("refuses another user's terms with 403", async () => {
    const { _id: id } = await create(equipped);
    const before = await read(id);
    const res = await t.request('PUT', `/api/listings/${id}`, {
      json: detailsPayload({ hasWarranty: false }),
      token: other.accessToken,
    });
    expect(res.status).toBe(403);
    expect(await read(id)).toEqual(before);
  });
});

describe('PUT /api/listings/:id/vehicle: features and fuel economy', () => {
  it('replaces them when sent, whole, and keeps them when left out', async () => {
    const { _id: id } = await create(equipped);
    const kept = await t.request('PUT', `/api/listings/${id}/vehicle`, {
      json: vehiclePayload({ mileage: 99000 }),
      token: seller.accessToken,
    });
    expect(kept.status).toBe(200);
    expect(kept.body.data.vehicle).toMatchObject({
      mileage: 99000,
      features: { safety: ['ABS', 'Backup Camera'], other: ['One Owner'] },
      mpg: { city: 28, highway: 36, combined: 31 },
    });

    const replaced = await t.request('PUT', `/api/listings/${id}/vehicle`, {
      json: vehiclePayload({ features: { interior: ['Heated Seats'] }, mpg: { highway: 35 } }),
      token: seller.accessToken,
    });
    expect(replaced.body.data.vehicle).toMatchObject({
      features: { ...NO_FEATURES, interior: ['Heated Seats'] },
      mpg: { city: null, highway: 35, combined: null },
    });
    expect((await read(id)).vehicle.features).toEqual({ ...NO_FEATURES, interior: ['Heated Seats'] });
  });

  it.each([
    ['mpg.city', { mpg: { city: -3 } }, 'City MPG must be a whole number from 1 to 150'],
    [
      'mpg.combined',
      { mpg: { city: 30, highway: 40, combined: 29 } },
      'Combined MPG must be between city and highway MPG',
    ],
    ['features.technology.0', { features: { technology: ['Jetpack'] } }, 'Unknown technology feature'],
    ['features', { features: ['ABS'] }, 'Features must be lists by category'],
  ])('answers 400 on %s: %j, changing nothing', async (field, overrides, message) => {
    const { _id: id } = await create(equipped);
    const before = await read(id);
    const res = await t.request('PUT', `/api/listings/${id}/vehicle`, {
      json: vehiclePayload({ mileage: 1, ...overrides }),
      token: seller.accessToken,
    });
    expect(res.status).toBe(400);
    expect(res.body.details[field]).toBe(message);
    expect(await read(id)).toEqual(before);
  });
});
