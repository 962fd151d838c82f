import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { STARTUP_TIMEOUT_MS } from '../test/test-app.js';
import { createTestDatabase, type TestDatabase } from '../test/test-database.js';
import { openDatabase, type Database } from './client.js';
import journal from './migrations/meta/_journal.json' with { type: 'json' };
import { listings, users } from './schema.js';

let testDatabase: TestDatabase;
let database: Database;

// Both drivers answer raw SQL with a result holding `rows`.
const rows = async <T>(query: ReturnType<typeof sql>) =>
  ((await database.db.execute(query)) as unknown as { rows: T[] }).rows;

beforeAll(async () => {
  testDatabase = await createTestDatabase();
  database = await openDatabase(testDatabase.config);
}, STARTUP_TIMEOUT_MS);

afterAll(async () => {
  await database?.close();
  await testDatabase?.drop();
});

describe('migrations', () => {
  it(
    'apply on an empty database and again without changes',
    async () => {
      await database.migrate();
      await database.migrate();

      const applied = await rows<{ count: number | string }>(
        sql`select count(*) as count from drizzle.__drizzle_migrations`,
      );
      expect(Number(applied[0]?.count)).toBe(journal.entries.length);

      const tables = await rows<{ table_name: string }>(
        sql`select table_name from information_schema.tables where table_schema = 'public' order by table_name`,
      );
      expect(tables.map((row) => row.table_name)).toEqual([
        'conversations',
        'dealers',
        'favorites',
        'listing_images',
        'listing_price_changes',
        'listing_tombstones',
        'listing_views',
        'listings',
        'messages',
        'notifications',
        'one_time_codes',
        'refresh_tokens',
        'reports',
        'saved_searches',
        'search_events',
        'user_blocks',
        'users',
      ]);
      const extensions = await rows<{ extname: string }>(
        sql`select extname from pg_extension order by extname`,
      );
      expect(extensions.map((row) => row.extname)).toEqual(
        expect.arrayContaining(['cube', 'earthdistance', 'pg_trgm']),
      );
    },
    STARTUP_TIMEOUT_MS,
  );

  it('generate the weighted search vector and support radius and trigram queries', async () => {
    const [seller] = await database.db.insert(users).values({ email: 'seller@example.com' }).returning();
    await database.db.insert(listings).values({
      sellerId: seller!.id,
      title: 'Reliable commuter sedan',
      description: 'One owner, full service history.',
      priceAmount: 6500,
      make: 'Honda',
      model: 'Civic',
      year: 2012,
      mileage: 98000,
      bodyType: 'sedan',
      fuelType: 'gasoline',
      transmission: 'automatic',
      drivetrain: 'fwd',
      exteriorColor: 'Silver',
      interiorColor: 'Black',
      doors: 4,
      condition: 'good',
      titleStatus: 'clean',
      city: 'Austin',
      state: 'TX',
      zipCode: '78701',
      latitude: 30.2672,
      longitude: -97.7431,
    });

    const [match] = await rows<{ title: string; miles: number }>(sql`
      select title, earth_distance(ll_to_earth(latitude, longitude), ll_to_earth(30.5083, -97.6789)) / 1609.344 as miles
      from listings
      where search_vector @@ websearch_to_tsquery('english', 'civic sedan')
        and earth_box(ll_to_earth(30.5083, -97.6789), 50 * 1609.344) @> ll_to_earth(latitude, longitude)
        and similarity(model, 'Civik') > 0.3`);
    expect(match?.title).toBe('Reliable commuter sedan');
    expect(Number(match?.miles)).toBeGreaterThan(10);
    expect(Number(match?.miles)).toBeLessThan(25);
  });
});
