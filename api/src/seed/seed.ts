import type { Db } from '../db/client.js';
import type { NewListingImageRow } from '../modules/listings/listing-photos.repository.js';
import type { NewListingRow } from '../modules/listings/listings.repository.js';
import { newPublicId } from '../modules/uploads/photo-files.js';
import type { PhotoStorage } from '../storage/photo-storage.js';
import { ensureDemoPhotos, type DemoPhoto } from './demo-photos.js';
import { ListingGenerator, type DemoSeller } from './listing-generator.js';
import { DEALER_TRADES, DEALER_WORDS, FIRST_NAMES, LAST_NAMES } from './people.js';
import { demoCities } from './places.js';
import { createRandom, weighted, type Random } from './random.js';
import { SeedRepository } from './seed.repository.js';
import type { VehicleProfile } from './vehicles.js';

export const START_UP_LISTINGS = 200;

/** Listings per transaction: large enough for fast multi-row inserts, small enough to stream. */
const BATCH_SIZE = 1000;
const DEALER_SHARE = 0.2;
/** A dealer has this many times as many listings as a private seller, on average. */
const DEALER_STOCK = 8;

export interface SeedOptions {
  listings: number;
  /** Fixes the random choices, so a run can be repeated exactly. */
  seed?: number;
  now?: Date;
  log?: (line: string) => void;
}

export interface SeedReport {
  listings: number;
  images: number;
  sellers: number;
  /** Demo photo files rendered in this run (the rest were already in storage). */
  renderedPhotos: number;
  seconds: number;
}

/** Demo sellers get fixed addresses, so seeding again reuses them instead of adding more. */
export const demoSellerEmail = (index: number) =>
  `demo.seller.${String(index + 1).padStart(4, '0')}@example.com`;

/**
 * Adds `listings` demo listings (about one seller per 20 listings, a fifth of them dealers)
 * with four photos each, the photos shared by the listings of one model. Everything is written
 * in batches of multi-row inserts, one transaction per batch.
 */
export async function seedDemoData(db: Db, storage: PhotoStorage, options: SeedOptions): Promise<SeedReport> {
  const started = performance.now();
  const log = options.log ?? (() => undefined);
  const random = createRandom(options.seed ?? Date.now());
  const now = options.now ?? new Date();
  const repository = new SeedRepository(db);
  const generator = new ListingGenerator(random, now);

  const sellers = await createSellers(
    repository,
    random,
    Math.min(5000, Math.max(10, Math.round(options.listings / 20))),
  );
  const pickSeller = weighted(
    sellers.map((seller) => [seller, seller.role === 'dealer' ? DEALER_STOCK : 1] as const),
  );
  log(`seed: ${sellers.length} sellers`);

  const photos = new Map<VehicleProfile, DemoPhoto[]>();
  let renderedPhotos = 0;
  let images = 0;
  for (let done = 0; done < options.listings;) {
    const size = Math.min(BATCH_SIZE, options.listings - done);
    const batch = Array.from({ length: size }, () => generator.generate(pickSeller(random)));
    const missing = batch.map(({ profile }) => profile).filter((profile) => !photos.has(profile));
    if (missing.length > 0) {
      const ensured = await ensureDemoPhotos(storage, missing);
      ensured.photos.forEach((list, profile) => photos.set(profile, list));
      renderedPhotos += ensured.rendered;
    }
    const imageRows = batch.flatMap(({ row, profile }) => demoImages(row, photos.get(profile)!, random));
    await repository.insertListings(
      batch.map(({ row }) => row),
      imageRows,
    );
    done += size;
    images += imageRows.length;
    if (done % 10_000 === 0 || done === options.listings) {
      log(
        `seed: ${done} of ${options.listings} listings (${((performance.now() - started) / 1000).toFixed(1)} s)`,
      );
    }
  }
  return {
    listings: options.listings,
    images,
    sellers: sellers.length,
    renderedPhotos,
    seconds: (performance.now() - started) / 1000,
  };
}

/**
 * The start-up seed: about 200 listings, only into a database without any listing, so the site
 * is alive on its first run and never gets demo data mixed into real data.
 */
export async function seedIfEmpty(
  db: Db,
  storage: PhotoStorage,
  log: (line: string) => void,
): Promise<SeedReport | undefined> {
  if (await new SeedRepository(db).hasListings()) return undefined;
  log(
    `seed: the database has no listings; adding ${START_UP_LISTINGS} demo listings (SEED_ON_START=false turns this off)`,
  );
  return seedDemoData(db, storage, { listings: START_UP_LISTINGS, log });
}

async function createSellers(
  repository: SeedRepository,
  random: Random,
  count: number,
): Promise<DemoSeller[]> {
  const cities = demoCities().filter((city) => city.zips.length > 0);
  const pickCity = weighted(cities.map((city) => [city, city.weight] as const));
  const rows = Array.from({ length: count }, (_, index) => {
    const city = pickCity(random);
    const dealer = random.chance(DEALER_SHARE);
    return {
      email: demoSellerEmail(index),
      name: dealer
        ? `${random.pick(DEALER_WORDS)} ${random.pick(DEALER_TRADES)}`
        : `${random.pick(FIRST_NAMES)} ${random.pick(LAST_NAMES)}`,
      phone: dealer ? `${city.areaCode}-555-01${String(random.int(0, 99)).padStart(2, '0')}` : null,
      city: city.city,
      state: city.state,
      role: dealer ? ('dealer' as const) : ('private' as const),
      verifiedAt: new Date(),
    };
  });
  const byName = new Map(cities.map((city) => [`${city.city}|${city.state}`, city]));
  // Sellers kept from an earlier seed keep their stored city, as long as it is a demo city.
  return (await repository.upsertSellers(rows)).map((seller) => ({
    id: seller.id,
    name: seller.name ?? 'Demo seller',
    role: seller.role,
    city: byName.get(`${seller.city}|${seller.state}`) ?? pickCity(random),
  }));
}

/** The model's four demo photos in a random order, the first one primary. */
function demoImages(
  listing: NewListingRow & { id: string },
  photos: DemoPhoto[],
  random: Random,
): NewListingImageRow[] {
  const start = random.int(0, photos.length - 1);
  const alt = `${listing.year} ${listing.make} ${listing.model} photo`;
  return photos.map((_, position) => {
    const photo = photos[(start + position) % photos.length]!;
    return {
      listingId: listing.id,
      publicId: newPublicId(),
      url: photo.url,
      medium: photo.medium,
      thumbnail: photo.thumbnail,
      alt: `${alt} ${position + 1}`,
      position,
      isPrimary: position === 0,
    };
  });
}
