import { access } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BODY_TYPES,
  CONDITIONS,
  DRIVETRAINS,
  FEATURE_CATEGORIES,
  FEATURE_OPTIONS,
  FUEL_TYPES,
  maxModelYear,
  TITLE_STATUSES,
  TRANSMISSIONS,
} from '@carmarket/shared/constants';
import { createListingPayloadSchema, decodeVin, isConsistentVin } from '@carmarket/shared/schemas';
import { count, eq, like } from 'drizzle-orm';
import zipcodes from 'zipcodes';
import { listingImages, listings, users } from '../db/schema.js';
import { catalogueService } from '../modules/catalogue/catalogue.service.js';
import { createStorage } from '../storage/storage.js';
import { signUp, STARTUP_TIMEOUT_MS, startTestApp, type JsonBody, type TestApp } from '../test/test-app.js';
import { ListingGenerator, type DemoSeller } from './listing-generator.js';
import { demoCities } from './places.js';
import { createRandom } from './random.js';
import { seedDemoData, seedIfEmpty, type SeedReport } from './seed.js';
import { VEHICLE_PROFILES } from './vehicles.js';

let t: TestApp;
let report: SeedReport;
let seeded: JsonBody[];

const catalogue = catalogueService();

beforeAll(async () => {
  t = await startTestApp({ listen: true });
  report = await seedDemoData(t.app.database.db, createStorage(t.config), { listings: 30, seed: 42 });
  const ids = (await t.app.database.db.select({ id: listings.id }).from(listings)).map((row) => row.id);
  // Read back through the API, as the site shows them (sold ones too: the listing page shows those).
  seeded = await Promise.all(
    ids.map(async (id) => (await t.request('GET', `/api/listings/${id}`)).body.data as JsonBody),
  );
}, STARTUP_TIMEOUT_MS);

afterAll(async () => {
  await t?.close();
});

describe('seedDemoData (30 listings)', () => {
  it('creates the listings, four photos each, and ten sellers of both kinds', async () => {
    expect(report).toMatchObject({ listings: 30, images: 120, sellers: 10 });
    expect(seeded).toHaveLength(30);
    const { db } = t.app.database;
    const [images] = await db.select({ total: count() }).from(listingImages);
    expect(images?.total).toBe(120);
    const sellers = await db.select().from(users).where(like(users.email, 'demo.seller.%@example.com'));
    expect(sellers).toHaveLength(10);
    expect(new Set(sellers.map((seller) => seller.role))).toEqual(new Set(['private', 'dealer']));
  });

  it('makes every listing valid by the create form rules, with values in their ranges', () => {
    const thisYear = new Date().getFullYear();
    for (const listing of seeded) {
      const { vehicle } = listing;
      const payload = {
        // Features, fuel economy and sale terms too: the seed writes only what a seller could.
        vehicle: { ...vehicle, images: [], engine: undefined },
        title: listing.title,
        description: listing.description,
        price: listing.price,
        contactPreferences: listing.contactPreferences,
        hasWarranty: listing.hasWarranty,
        acceptsTradeIn: listing.acceptsTradeIn,
        financingAvailable: listing.financingAvailable,
      };
      expect(createListingPayloadSchema.safeParse(payload).error?.issues).toBeUndefined();
      expect(listing.price.amount).toBeGreaterThanOrEqual(100);
      expect(listing.price.amount).toBeLessThanOrEqual(50_000);
      expect(vehicle.year).toBeGreaterThanOrEqual(1995);
      expect(vehicle.year).toBeLessThanOrEqual(thisYear);
      expect(vehicle.mileage).toBeGreaterThanOrEqual(0);
      expect(vehicle.mileage).toBeLessThanOrEqual(500_000);
      expect(BODY_TYPES).toContain(vehicle.bodyType);
      expect(FUEL_TYPES).toContain(vehicle.fuelType);
      expect(TRANSMISSIONS).toContain(vehicle.transmission);
      expect(DRIVETRAINS).toContain(vehicle.drivetrain);
      expect(CONDITIONS).toContain(vehicle.condition);
      expect(TITLE_STATUSES).toContain(vehicle.titleStatus);
      expect(['active', 'sold']).toContain(listing.status);
    }
  });

  it('uses real catalogue vehicles: make and model of that year, the trim and engine of that model', () => {
    for (const { vehicle } of seeded) {
      expect(catalogue.models(vehicle.year, vehicle.make).map((entry) => entry.model)).toContain(
        vehicle.model,
      );
      const trims = catalogue.trims(vehicle.year, vehicle.make, vehicle.model);
      if (vehicle.trim !== null) {
        const trim = trims.find((entry) => entry.trim === vehicle.trim);
        expect(trim).toBeDefined();
        expect(vehicle.engine).toBe(trim!.engineSize ?? null);
        expect(vehicle.transmission).toBe(trim!.transmission);
      } else {
        expect(trims).toEqual([]);
      }
    }
  });

  it('places every listing at a real ZIP of its city, with that ZIP’s coordinates', () => {
    for (const { vehicle } of seeded) {
      const { address, coordinates } = vehicle.location;
      const zip = zipcodes.lookup(address.zipCode);
      expect(zip).toMatchObject({
        state: address.state,
        latitude: coordinates[1],
        longitude: coordinates[0],
      });
    }
  });

  it('gives every listing at least 4 photos, one primary, stored and served', async () => {
    for (const listing of seeded) {
      const { images } = listing.vehicle;
      expect(images.length).toBeGreaterThanOrEqual(4);
      expect(images.filter((image: JsonBody) => image.isPrimary)).toHaveLength(1);
      expect(listing.primaryImage).toEqual(images[0]);
      images.forEach((image: JsonBody, index: number) =>
        expect(image.alt).toBe(
          `${listing.vehicle.year} ${listing.vehicle.make} ${listing.vehicle.model} photo ${index + 1}`,
        ),
      );
    }
    const urls = new Set(
      seeded.flatMap((listing) =>
        listing.vehicle.images.flatMap((image: JsonBody) => [image.url, image.thumbnail]),
      ),
    );
    for (const url of urls) {
      await access(path.join(t.config.uploadDir, url.replace(/^\/uploads\//, '')));
    }
    const [first] = seeded[0].vehicle.images;
    const response = await fetch(t.baseUrl + first.url);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/webp');
  });

  it('shows the active ones in search', async () => {
    const active = seeded.filter((listing) => listing.status === 'active').length;
    const res = await t.request('GET', '/api/search?limit=100');
    expect(res.body.pagination.total).toBe(active);
  });

  it('reuses its sellers and photos when run again', async () => {
    // The same choices as the first run: the same models, whose photos are all stored already.
    const again = await seedDemoData(t.app.database.db, createStorage(t.config), { listings: 30, seed: 42 });
    expect(again).toMatchObject({ listings: 30, sellers: 10, renderedPhotos: 0 });
    const sellers = await t.app.database.db.select().from(users).where(like(users.email, 'demo.seller.%'));
    expect(sellers).toHaveLength(10);
    const photos = (await t.app.database.db.select().from(listingImages)).map((image) => image.url);
    expect(new Set(photos.filter((url) => !url.startsWith('/uploads/demo/')))).toEqual(new Set());
  });

  it('seeds on start only into a database without listings', async () => {
    expect(await seedIfEmpty(t.app.database.db, createStorage(t.config), () => undefined)).toBeUndefined();
    const [total] = await t.app.database.db.select({ total: count() }).from(listings);
    expect(total?.total).toBe(60);
  });

  it('lets a demo seller delete a listing without deleting the photos other listings share', async () => {
    const { db } = t.app.database;
    const [listing] = await db.select().from(listings).limit(1);
    const [owner] = await db.select().from(users).where(eq(users.id, listing!.sellerId));
    const { accessToken } = await signUp(t, owner!.email);
    const images = await db.select().from(listingImages).where(eq(listingImages.listingId, listing!.id));

    const res = await t.request('DELETE', `/api/listings/${listing!.id}`, { token: accessToken });
    expect(res.status).toBe(200);
    for (const image of images) {
      await access(path.join(t.config.uploadDir, image.url.replace(/^\/uploads\//, '')));
    }
  });
});

describe('ListingGenerator (5,000 listings, no database)', () => {
  const now = new Date();
  const random = createRandom(7);
  const generator = new ListingGenerator(random, now);
  const cities = demoCities().filter((city) => city.zips.length > 0);
  const sellers: DemoSeller[] = ['private', 'dealer'].map((role, index) => ({
    id: `00000000-0000-4000-8000-00000000000${index}`,
    name: role === 'dealer' ? 'Valley Motors' : 'Maria Lopez',
    role: role as DemoSeller['role'],
    city: cities[index]!,
  }));
  const rows = Array.from({ length: 5000 }, (_, index) => generator.generate(sellers[index % 2]!).row);
  const ageOf = (row: (typeof rows)[number]) => now.getFullYear() - row.year;
  const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;

  it('has every profile in the catalogue and every city with ZIP codes', () => {
    for (const profile of VEHICLE_PROFILES) expect(generator.modelYears(profile).length).toBeGreaterThan(0);
    for (const city of demoCities()) expect(city.zips.length).toBeGreaterThan(0);
  });

  it('prices every car under $10k (the tagline), spread from a few hundred dollars up', () => {
    const prices = rows.map((row) => row.priceAmount);
    expect(Math.min(...prices)).toBeGreaterThanOrEqual(100);
    expect(Math.max(...prices)).toBeLessThan(10_000);
    expect(prices.filter((price) => price < 3_000).length / prices.length).toBeGreaterThan(0.05);
    expect(prices.filter((price) => price >= 7_000).length / prices.length).toBeGreaterThan(0.08);
  });

  it('prices newer cars higher and gives older cars more miles', () => {
    const newer = rows.filter((row) => ageOf(row) <= 5);
    const older = rows.filter((row) => ageOf(row) >= 15);
    expect(mean(newer.map((row) => row.priceAmount))).toBeGreaterThan(
      2 * mean(older.map((row) => row.priceAmount)),
    );
    expect(mean(older.map((row) => row.mileage))).toBeGreaterThan(2 * mean(newer.map((row) => row.mileage)));
    for (const row of rows) expect(row.mileage).toBeLessThanOrEqual(Math.max(1, ageOf(row)) * 40_000);
  });

  it('spreads body types, fuels, colours and conditions', () => {
    const distinct = (key: 'bodyType' | 'fuelType' | 'exteriorColor' | 'condition' | 'titleStatus') =>
      new Set(rows.map((row) => row[key]));
    expect(distinct('bodyType')).toEqual(new Set(BODY_TYPES));
    expect(distinct('fuelType').size).toBeGreaterThanOrEqual(4);
    expect(distinct('exteriorColor').size).toBeGreaterThanOrEqual(10);
    expect(distinct('condition')).toEqual(new Set(CONDITIONS));
    expect(distinct('titleStatus')).toEqual(new Set(TITLE_STATUSES));
  });

  it('equips cars by era: backup cameras on every 2018+ car, CarPlay never before 2017', () => {
    for (const row of rows) {
      if (row.year >= 2018) expect(row.features?.safety).toContain('Backup Camera');
      if (row.year < 2017) expect(row.features?.technology).not.toContain('Apple CarPlay');
    }
  });

  it('gives VINs that decode to the listing: check digit, year and manufacturer', () => {
    const withVin = rows.filter((row) => row.vin !== null);
    expect(withVin.length).toBeGreaterThan(rows.length / 3);
    for (const row of withVin) expect(isConsistentVin(row.vin, row)).toBe(true);
    // Most seeded makes are in the shipped manufacturer table.
    const known = withVin.filter((row) => decodeVin(row.vin!)!.makes.length > 0);
    expect(known.length / withVin.length).toBeGreaterThan(0.9);
  });

  it('offers financing only at dealers', () => {
    expect(rows.filter((row) => row.financingAvailable && row.sellerId === sellers[0]!.id)).toEqual([]);
    expect(rows.some((row) => row.financingAvailable)).toBe(true);
    expect(rows.every((row) => row.year <= maxModelYear())).toBe(true);
  });

  it('names features from the shared list only, in its order, and uses every one of them', () => {
    const used = new Set<string>();
    for (const row of rows) {
      for (const category of FEATURE_CATEGORIES) {
        const names = row.features![category];
        const options: readonly string[] = FEATURE_OPTIONS[category];
        expect(names).toEqual(options.filter((option) => names.includes(option)));
        names.forEach((name) => used.add(`${category}:${name}`));
      }
    }
    const all = FEATURE_CATEGORIES.flatMap((category) =>
      FEATURE_OPTIONS[category].map((name) => `${category}:${name}`),
    );
    expect([...used].sort()).toEqual(all.sort());
  });

  it('rates fuel economy for most cars: hybrids and electric cars best, combined between city and highway', () => {
    const rated = rows.filter((row) => row.combinedMpg !== null);
    expect(rated.length / rows.length).toBeGreaterThan(0.8);
    for (const row of rated) {
      const figures = [row.cityMpg!, row.highwayMpg!, row.combinedMpg!];
      for (const figure of figures) expect(figure).toBeGreaterThanOrEqual(1);
      for (const figure of figures) expect(figure).toBeLessThanOrEqual(150);
      expect(row.combinedMpg).toBeGreaterThanOrEqual(Math.min(row.cityMpg!, row.highwayMpg!));
      expect(row.combinedMpg).toBeLessThanOrEqual(Math.max(row.cityMpg!, row.highwayMpg!));
    }
    const combined = (fuel: string) =>
      mean(rated.filter((row) => row.fuelType === fuel).map((row) => row.combinedMpg!));
    expect(combined('hybrid')).toBeGreaterThan(combined('gasoline') + 10);
    expect(combined('electric')).toBeGreaterThan(90);
  });

  it('gives dealers the warranties, trade-ins and financing, and private sellers a few', () => {
    const share = (role: 'private' | 'dealer', key: 'hasWarranty' | 'acceptsTradeIn') => {
      const own = rows.filter((row) => row.sellerId === sellers[role === 'private' ? 0 : 1]!.id);
      return own.filter((row) => row[key]).length / own.length;
    };
    expect(share('dealer', 'hasWarranty')).toBeGreaterThan(2 * share('private', 'hasWarranty'));
    expect(share('private', 'hasWarranty')).toBeGreaterThan(0);
    expect(share('dealer', 'acceptsTradeIn')).toBeGreaterThan(0.7);
    expect(share('private', 'acceptsTradeIn')).toBeLessThan(0.2);
  });
});
