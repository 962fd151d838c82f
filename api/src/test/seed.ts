import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { listingImages, listings, users } from '../db/schema.js';

type NewListing = typeof listings.$inferInsert;

let seeded = 0;

/** A complete, valid listing row; `overrides` sets what a test cares about. */
export async function seedListing(db: Db, sellerId: string, overrides: Partial<NewListing> = {}) {
  seeded += 1;
  const [row] = await db
    .insert(listings)
    .values({
      sellerId,
      title: `Well kept car number ${seeded}`,
      description: 'A well kept car with a full service history, new tires and no accidents.',
      priceAmount: 5000 + seeded,
      make: 'Toyota',
      model: 'Corolla',
      year: 2010,
      mileage: 100_000,
      bodyType: 'sedan',
      fuelType: 'gasoline',
      transmission: 'automatic',
      drivetrain: 'fwd',
      exteriorColor: 'Blue',
      interiorColor: 'Gray',
      doors: 4,
      condition: 'good',
      titleStatus: 'clean',
      city: 'Austin',
      state: 'TX',
      zipCode: '78701',
      latitude: 30.2672,
      longitude: -97.7431,
      ...overrides,
    })
    .returning();
  return row!;
}

/** Images with public ids `<prefix>-0`, `<prefix>-1`, …, in the given display order. */
export async function seedImages(db: Db, listingId: string, prefix: string, count: number, primaryIndex = 0) {
  await db.insert(listingImages).values(
    Array.from({ length: count }, (_, position) => ({
      listingId,
      publicId: `${prefix}-${position}`,
      url: `/uploads/${prefix}-${position}.webp`,
      thumbnail: `/uploads/${prefix}-${position}-thumb.webp`,
      alt: `Photo ${position + 1}`,
      position,
      isPrimary: position === primaryIndex,
    })),
  );
}

export async function makeDealer(db: Db, userId: string) {
  await db.update(users).set({ role: 'dealer' }).where(eq(users.id, userId));
}
