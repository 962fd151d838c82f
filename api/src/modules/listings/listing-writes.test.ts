import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { conversations, favorites, listings } from '../../db/schema.js';
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

const nextYear = new Date().getFullYear() + 1;
const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';

const create = (overrides: JsonBody = {}, token = seller.accessToken) =>
  createListingViaApi(t, token, overrides);

/** The listing as its owner sees it. */
const read = async (id: string) =>
  (await t.request('GET', `/api/listings/${id}`, { token: seller.accessToken })).body.data;

beforeAll(async () => {
  t = await startTestApp();
  seller = await signUp(t, 'writer@example.com');
  other = await signUp(t, 'someone-else@example.com');
}, STARTUP_TIMEOUT_MS);

afterAll(async () => {
  await t?.close();
});

describe('POST /api/listings', () => {
  it('creates the listing and answers it as spec §3 shapes it', async () => {
    const res = await t.request('POST', '/api/listings', {
      json: createListingPayload(),
      token: seller.accessToken,
    });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({
      _id: expect.any(String),
      title: '2012 Honda Civic EX, one owner',
      status: 'active',
      views: 0,
      favoriteCount: 0,
      isFavorite: false,
      primaryImage: null,
      price: { amount: 6500, currency: 'USD', negotiable: false },
      contactPreferences: { phone: '512-555-0100', preferredMethod: 'both' },
      seller: { _id: seller.user._id, role: 'private' },
      vehicle: {
        make: 'Honda',
        model: 'Civic',
        year: 2012,
        trim: 'EX',
        engine: '1.8L I4',
        mileage: 98000,
        vin: '1HGCM82633A004352',
        color: { exterior: 'Blue', interior: 'Black' },
        doors: 4,
        images: [],
        features: { safety: [], interior: [], technology: [], exterior: [], other: [] },
      },
    });
    expect(await read(res.body.data._id)).toEqual(res.body.data);
  });

  it('stores make, model and trim as the catalogue spells them, and the contact default', async () => {
    const listing = await create({
      vehicle: { make: 'honda', model: 'civic', trim: 'ex-l', vin: '' },
      contactPreferences: { phone: '' },
    });
    expect(listing.vehicle).toMatchObject({ make: 'Honda', model: 'Civic', trim: 'EX-L', vin: null });
    expect(listing.contactPreferences).toEqual({ phone: null, preferredMethod: 'email' });
  });

  it('keeps a trim the catalogue does not know, without an engine', async () => {
    const listing = await create({ vehicle: { trim: 'Custom Build' } });
    expect(listing.vehicle).toMatchObject({ trim: 'Custom Build', engine: null });
  });

  it('takes the coordinates of a known ZIP from the offline dataset, whatever the client sent', async () => {
    const listing = await create({
      vehicle: {
        location: {
          type: 'Point',
          coordinates: [0, 0],
          address: { city: 'Seattle', state: 'wa', zipCode: '98101' },
        },
      },
    });
    expect(listing.vehicle.location).toEqual({
      type: 'Point',
      coordinates: [-122.3305, 47.6114],
      address: { city: 'Seattle', state: 'WA', zipCode: '98101' },
    });
  });

  it('keeps the coordinates sent for a ZIP the dataset lacks', async () => {
    const location = {
      type: 'Point',
      coordinates: [-97.6789, 30.5083],
      address: { city: 'Round Rock', state: 'TX', zipCode: '00000' },
    };
    const listing = await create({ vehicle: { location } });
    expect(listing.vehicle.location).toEqual(location);
  });

  /** A vehicle location whose address differs from Austin 78701 in `address`. */
  const at = (address: JsonBody) => ({
    location: {
      type: 'Point',
      coordinates: [0, 0],
      address: { city: 'Austin', state: 'TX', zipCode: '78701', ...address },
    },
  });
  const vehicleCases: [string, JsonBody, string][] = [
    ['vehicle.year', { year: '' }, 'Year is required'],
    ['vehicle.year', { year: 1899 }, 'Year must be 1900 or later'],
    ['vehicle.year', { year: nextYear + 1 }, 'Invalid year'],
    ['vehicle.make', { make: '' }, 'Make is required'],
    ['vehicle.model', { model: ' ' }, 'Model is required'],
    ['vehicle.mileage', { mileage: undefined }, 'Mileage is required'],
    ['vehicle.mileage', { mileage: -1 }, 'Mileage cannot be negative'],
    ['vehicle.mileage', { mileage: 500001 }, 'Mileage seems too high'],
    ['vehicle.vin', { vin: '1HGCM82633A00435O' }, 'Invalid VIN format'],
    // A real VIN with its last digit mistyped: the check digit no longer matches.
    ['vehicle.vin', { vin: '1HGCM82633A004353' }, "VIN check digit doesn't match: check it for a typo"],
    ['vehicle.bodyType', { bodyType: '' }, 'Body type is required'],
    ['vehicle.fuelType', { fuelType: 'steam' }, 'Fuel type is required'],
    ['vehicle.transmission', { transmission: undefined }, 'Transmission is required'],
    ['vehicle.drivetrain', { drivetrain: '' }, 'Drivetrain is required'],
    ['vehicle.color.exterior', { color: { exterior: '', interior: 'Black' } }, 'Exterior color is required'],
    ['vehicle.color.interior', { color: { exterior: 'Blue', interior: '' } }, 'Interior color is required'],
    ['vehicle.doors', { doors: undefined }, 'Doors is required'],
    ['vehicle.doors', { doors: 6 }, 'Doors must be between 2 and 5'],
    ['vehicle.condition', { condition: '' }, 'Condition is required'],
    ['vehicle.titleStatus', { titleStatus: 'stolen' }, 'Title status is required'],
    ['vehicle.images', { images: [{ url: '/x.jpg' }] }, 'Upload photos after creating the listing'],
    ['vehicle.location.address.city', at({ city: '' }), 'City is required'],
    ['vehicle.location.address.state', at({ state: 'Texas' }), 'Use 2-letter state code'],
    ['vehicle.location.address.zipCode', at({ zipCode: '787' }), 'ZIP code must be 5 digits'],
  ];
  const listingCases: [string, JsonBody, string][] = [
    ['title', { title: 'Too short' }, 'Title must be at least 10 characters'],
    ['title', { title: 'x'.repeat(101) }, 'Title must be less than 100 characters'],
    ['description', { description: 'x'.repeat(49) }, 'Description must be at least 50 characters'],
    ['description', { description: 'x'.repeat(2001) }, 'Description must be less than 2000 characters'],
    ['price.amount', { price: { amount: 99, currency: 'USD' } }, 'Price must be at least $100'],
    ['price.amount', { price: { amount: 50001, currency: 'USD' } }, 'Price cannot exceed $50,000'],
    ['price.amount', { price: { currency: 'USD' } }, 'Price is required'],
    [
      'contactPreferences.phone',
      { contactPreferences: { phone: '5125550100' } },
      'Phone format: 123-456-7890',
    ],
  ];

  it.each([
    ...vehicleCases.map(([field, vehicle, message]): [string, JsonBody, string] => [
      field,
      { vehicle },
      message,
    ]),
    ...listingCases,
  ])('answers 400 on %s: %j → %s', async (field, overrides, message) => {
    const before = (await t.app.database.db.select().from(listings)).length;
    const res = await t.request('POST', '/api/listings', {
      json: createListingPayload(overrides),
      token: seller.accessToken,
    });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ success: false, code: 'VALIDATION_ERROR' });
    expect(res.body.details[field]).toBe(message);
    expect((await t.app.database.db.select().from(listings)).length).toBe(before);
  });

  it.each([
    [{ make: 'x'.repeat(41) }, 'vehicle.make', 'Make must be at most 40 characters'],
    [
      { model: 'Civic<script>' },
      'vehicle.model',
      "Model may contain letters, numbers, spaces and - & . ' / + ( )",
    ],
    [{ trim: '-EX' }, 'vehicle.trim', "Trim may contain letters, numbers, spaces and - & . ' / + ( )"],
  ])('answers 400 on a typed vehicle name or year it cannot take: %j', async (vehicle, field, message) => {
    const res = await t.request('POST', '/api/listings', {
      json: createListingPayload({ vehicle }),
      token: seller.accessToken,
    });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      success: false,
      code: 'VALIDATION_ERROR',
      details: { [field]: message },
    });
  });

  it('reports every invalid field of an empty payload at once', async () => {
    const res = await t.request('POST', '/api/listings', { json: {}, token: seller.accessToken });
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.details)).toEqual(
      expect.arrayContaining(['vehicle', 'title', 'description', 'price', 'contactPreferences']),
    );
  });

  it('requires a signed-in user before looking at the payload', async () => {
    const res = await t.request('POST', '/api/listings', { json: {} });
    expect(res.status).toBe(401);
  });
});

describe('a listing with fewer than 4 photos', () => {
  let draftId: string;

  beforeAll(async () => {
    draftId = (await create({ title: 'Draft waiting for its photos' }))._id;
  });

  it('is shown to its owner as active', async () => {
    expect((await read(draftId)).status).toBe('active');
  });

  it('is hidden from everyone else: listing page, search, the seller page', async () => {
    expect((await t.request('GET', `/api/listings/${draftId}`)).status).toBe(404);
    expect((await t.request('GET', `/api/listings/${draftId}`, { token: other.accessToken })).status).toBe(
      404,
    );
    const ids = (body: JsonBody) => body.data.map((listing: JsonBody) => listing._id);
    expect(ids((await t.request('GET', '/api/search?limit=100')).body)).not.toContain(draftId);
    expect(
      ids((await t.request('GET', `/api/listings/user/${seller.user._id}?limit=100`)).body),
    ).not.toContain(draftId);
    const own = await t.request('GET', `/api/listings/user/${seller.user._id}?limit=100`, {
      token: seller.accessToken,
    });
    expect(ids(own.body)).toContain(draftId);
  });

  it('stays hidden when its owner marks it active, and shows as sold once sold', async () => {
    const active = await t.request('PATCH', `/api/listings/${draftId}/status`, {
      json: { status: 'active' },
      token: seller.accessToken,
    });
    expect(active.body.data.status).toBe('active');
    expect((await t.request('GET', `/api/listings/${draftId}`)).status).toBe(404);

    const sold = await t.request('PATCH', `/api/listings/${draftId}/status`, {
      json: { status: 'sold' },
      token: seller.accessToken,
    });
    expect(sold.body.data.status).toBe('sold');
    expect((await t.request('GET', `/api/listings/${draftId}`)).body.data.status).toBe('sold');
  });
});

describe('PATCH /api/listings/:id/status', () => {
  it('marks a listing with its photos sold and active again', async () => {
    const { _id: id } = await create();
    await seedImages(t.app.database.db, id, `status-${id}`, 4);
    await t.request('PATCH', `/api/listings/${id}/status`, {
      json: { status: 'active' },
      token: seller.accessToken,
    });
    expect((await t.request('GET', `/api/listings/${id}`)).body.data.status).toBe('active');

    const sold = await t.request('PATCH', `/api/listings/${id}/status`, {
      json: { status: 'sold' },
      token: seller.accessToken,
    });
    expect(sold.status).toBe(200);
    expect((await t.request('GET', `/api/listings/${id}`)).body.data.status).toBe('sold');
    const search = await t.request('GET', '/api/search?limit=100');
    expect(search.body.data.map((listing: JsonBody) => listing._id)).not.toContain(id);

    await t.request('PATCH', `/api/listings/${id}/status`, {
      json: { status: 'active' },
      token: seller.accessToken,
    });
    expect((await t.request('GET', `/api/listings/${id}`)).body.data.status).toBe('active');
  });

  it.each([{}, { status: 'draft' }, { status: 'archived' }])('rejects %j', async (body) => {
    const { _id: id } = await create();
    const res = await t.request('PATCH', `/api/listings/${id}/status`, {
      json: body,
      token: seller.accessToken,
    });
    expect(res.status).toBe(400);
    expect(res.body.details).toEqual({ status: 'Status must be active or sold' });
  });
});

describe('PUT /api/listings/:id', () => {
  it('changes the listing details, keeping negotiable unless sent', async () => {
    const { _id: id } = await create({ price: { amount: 6500, currency: 'USD', negotiable: true } });
    const res = await t.request('PUT', `/api/listings/${id}`, {
      json: detailsPayload(),
      token: seller.accessToken,
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      _id: id,
      title: 'Updated title for the Civic',
      price: { amount: 5900, negotiable: true },
      contactPreferences: { phone: null, preferredMethod: 'email' },
    });
    expect(await read(id)).toMatchObject({ title: 'Updated title for the Civic' });

    const notNegotiable = await t.request('PUT', `/api/listings/${id}`, {
      json: detailsPayload({ price: { amount: 5900, currency: 'USD', negotiable: false } }),
      token: seller.accessToken,
    });
    expect(notNegotiable.body.data.price.negotiable).toBe(false);
  });

  it('has no upper bounds on title, description and price (spec §5 "Edit listing")', async () => {
    const { _id: id } = await create();
    const res = await t.request('PUT', `/api/listings/${id}`, {
      json: detailsPayload({
        title: 'T'.repeat(150),
        description: 'D'.repeat(2500),
        price: { amount: 75000, currency: 'USD' },
      }),
      token: seller.accessToken,
    });
    expect(res.status).toBe(200);
    expect(res.body.data.price.amount).toBe(75000);
    expect(res.body.data.title).toHaveLength(150);
  });

  it.each([
    ['title', { title: 'Too short' }, 'Title must be at least 10 characters'],
    ['title', { title: undefined }, 'Title is required'],
    ['description', { description: 'x'.repeat(49) }, 'Description must be at least 50 characters'],
    ['price.amount', { price: { amount: 99, currency: 'USD' } }, 'Price must be at least $100'],
    ['price.amount', { price: { amount: 'cheap', currency: 'USD' } }, 'Price must be a number'],
    [
      'contactPreferences.phone',
      { contactPreferences: { phone: '555 0100', preferredMethod: 'phone' } },
      'Phone format: 123-456-7890',
    ],
    [
      'contactPreferences.preferredMethod',
      { contactPreferences: { phone: null } },
      'Preferred contact method is required',
    ],
  ])('answers 400 on %s: %j → %s', async (field, overrides, message) => {
    const { _id: id } = await create();
    const before = await read(id);
    const res = await t.request('PUT', `/api/listings/${id}`, {
      json: detailsPayload(overrides),
      token: seller.accessToken,
    });
    expect(res.status).toBe(400);
    expect(res.body.details[field]).toBe(message);
    expect(await read(id)).toEqual(before);
  });
});

describe('PUT /api/listings/:id/vehicle', () => {
  it('changes the vehicle, keeping the trim and engine while make and model stay', async () => {
    const { _id: id } = await create();
    const res = await t.request('PUT', `/api/listings/${id}/vehicle`, {
      json: vehiclePayload(),
      token: seller.accessToken,
    });
    expect(res.status).toBe(200);
    expect(res.body.data.vehicle).toMatchObject({
      make: 'Honda',
      model: 'Civic',
      year: 2013,
      trim: 'EX',
      engine: '1.8L I4',
      mileage: 101000,
      color: { exterior: 'Silver', interior: 'Gray' },
      condition: 'fair',
      vin: '1HGCM82633A004352',
    });
  });

  it('clears the trim and engine of the old model when make or model change', async () => {
    const { _id: id } = await create();
    const res = await t.request('PUT', `/api/listings/${id}/vehicle`, {
      json: vehiclePayload({ make: 'toyota', model: 'corolla' }),
      token: seller.accessToken,
    });
    expect(res.body.data.vehicle).toMatchObject({
      make: 'Toyota',
      model: 'Corolla',
      trim: null,
      engine: null,
    });
  });

  it('has no mileage ceiling and no door limits (spec §5 "Edit listing")', async () => {
    const { _id: id } = await create();
    const res = await t.request('PUT', `/api/listings/${id}/vehicle`, {
      json: vehiclePayload({ mileage: 900000, doors: 7 }),
      token: seller.accessToken,
    });
    expect(res.status).toBe(200);
    expect(res.body.data.vehicle).toMatchObject({ mileage: 900000, doors: 7 });
  });

  it.each([
    ['year', { year: '' }, 'Year is required'],
    ['year', { year: 1800 }, 'Year must be 1900 or later'],
    ['year', { year: nextYear + 1 }, 'Invalid year'],
    ['make', { make: '' }, 'Make is required'],
    ['model', { model: '' }, 'Model is required'],
    ['mileage', { mileage: '' }, 'Mileage is required'],
    ['mileage', { mileage: -5 }, 'Mileage cannot be negative'],
    ['bodyType', { bodyType: '' }, 'Body type is required'],
    ['fuelType', { fuelType: '' }, 'Fuel type is required'],
    ['transmission', { transmission: '' }, 'Transmission is required'],
    ['drivetrain', { drivetrain: '' }, 'Drivetrain is required'],
    ['color.exterior', { color: { exterior: '', interior: 'Gray' } }, 'Exterior color is required'],
    ['color.interior', { color: { exterior: 'Red' } }, 'Interior color is required'],
    ['doors', { doors: '' }, 'Doors is required'],
    ['condition', { condition: '' }, 'Condition is required'],
    ['titleStatus', { titleStatus: '' }, 'Title status is required'],
    ['make', { make: 'x'.repeat(41) }, 'Make must be at most 40 characters'],
    ['model', { model: '#1' }, "Model may contain letters, numbers, spaces and - & . ' / + ( )"],
  ])('answers 400 on %s: %j → %s', async (field, overrides, message) => {
    const { _id: id } = await create();
    const before = await read(id);
    const res = await t.request('PUT', `/api/listings/${id}/vehicle`, {
      json: vehiclePayload(overrides),
      token: seller.accessToken,
    });
    expect(res.status).toBe(400);
    expect(res.body.details[field]).toBe(message);
    expect(await read(id)).toEqual(before);
  });
});

describe('DELETE /api/listings/:id', () => {
  it('removes the listing and its favorites; its conversations keep their title', async () => {
    const { db } = t.app.database;
    const { _id: id } = await create({ title: 'Listing that will be deleted' });
    await db.insert(favorites).values({ userId: other.user._id, listingId: id });
    const [conversation] = await db
      .insert(conversations)
      .values({
        listingId: id,
        listingTitle: 'Listing that will be deleted',
        buyerId: other.user._id,
        sellerId: seller.user._id,
      })
      .returning();

    const res = await t.request('DELETE', `/api/listings/${id}`, { token: seller.accessToken });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, data: { message: 'Listing deleted' } });

    expect((await t.request('GET', `/api/listings/${id}`, { token: seller.accessToken })).status).toBe(404);
    expect(await db.select().from(favorites).where(eq(favorites.listingId, id))).toEqual([]);
    const [kept] = await db.select().from(conversations).where(eq(conversations.id, conversation!.id));
    expect(kept).toMatchObject({ listingId: null, listingTitle: 'Listing that will be deleted' });
  });
});

describe('only the owner writes', () => {
  let id: string;
  let before: JsonBody;

  beforeAll(async () => {
    ({ _id: id } = await create({ title: 'Owned by the writer only' }));
    before = await read(id);
  });

  it.each([
    ['PUT', '', detailsPayload()],
    ['PUT', '/vehicle', vehiclePayload()],
    ['PATCH', '/status', { status: 'sold' }],
    ['DELETE', '', undefined],
  ])(
    "%s /api/listings/:id%s with another user's token → 403, nothing changed",
    async (method, path, json) => {
      const res = await t.request(method, `/api/listings/${id}${path}`, { json, token: other.accessToken });
      expect(res.status).toBe(403);
      expect(res.body).toMatchObject({
        success: false,
        error: 'Not your listing',
        code: 'NOT_LISTING_OWNER',
      });
      expect(await read(id)).toEqual(before);
    },
  );

  it.each([
    ['PUT', '', detailsPayload()],
    ['PUT', '/vehicle', vehiclePayload()],
    ['PATCH', '/status', { status: 'sold' }],
    ['DELETE', '', undefined],
  ])('%s /api/listings/:id%s without a token → 401', async (method, path, json) => {
    const res = await t.request(method, `/api/listings/${id}${path}`, { json });
    expect(res.status).toBe(401);
  });

  it.each([UNKNOWN_ID, 'not-a-uuid'])('answers 404 for the unknown listing %s', async (unknown) => {
    for (const [method, path, json] of [
      ['PUT', '', detailsPayload()],
      ['PUT', '/vehicle', vehiclePayload()],
      ['PATCH', '/status', { status: 'sold' }],
      ['DELETE', '', undefined],
    ] as const) {
      const res = await t.request(method, `/api/listings/${unknown}${path}`, {
        json,
        token: seller.accessToken,
      });
      expect(res.status).toBe(404);
      expect(res.body.code).toBe('LISTING_NOT_FOUND');
    }
  });
});
