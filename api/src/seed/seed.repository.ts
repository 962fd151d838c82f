import { inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { listingImages, listings, users } from '../db/schema.js';
import type { NewListingImageRow } from '../modules/listings/listing-photos.repository.js';
import type { NewListingRow } from '../modules/listings/listings.repository.js';

type NewUserRow = typeof users.$inferInsert;

export interface StoredSeller {
  id: string;
  email: string;
  name: string | null;
  role: 'private' | 'dealer';
  city: string | null;
  state: string | null;
}

// PostgreSQL takes at most 65,535 parameters in one statement.
const MAX_PARAMETERS = 60_000;

function chunks<T extends object>(rows: T[]): T[][] {
  if (rows.length === 0) return [];
  const size = Math.max(1, Math.floor(MAX_PARAMETERS / Object.keys(rows[0]!).length));
  const result: T[][] = [];
  for (let start = 0; start < rows.length; start += size) result.push(rows.slice(start, start + size));
  return result;
}

/** The demo data's writes: multi-row inserts, one transaction per batch. */
export class SeedRepository {
  constructor(private readonly db: Db) {}

  async hasListings(): Promise<boolean> {
    const rows = await this.db
      .select({ one: sql`1` })
      .from(listings)
      .limit(1);
    return rows.length > 0;
  }

  /** Creates the sellers that do not exist yet (by email) and returns all of them. */
  async upsertSellers(rows: NewUserRow[]): Promise<StoredSeller[]> {
    const stored: StoredSeller[] = [];
    for (const chunk of chunks(rows)) {
      await this.db.insert(users).values(chunk).onConflictDoNothing({ target: users.email });
      stored.push(
        ...(await this.db
          .select({
            id: users.id,
            email: users.email,
            name: users.name,
            role: users.role,
            city: users.city,
            state: users.state,
          })
          .from(users)
          .where(
            inArray(
              users.email,
              chunk.map((row) => row.email),
            ),
          )),
      );
    }
    return stored;
  }

  async insertListings(listingRows: NewListingRow[], imageRows: NewListingImageRow[]): Promise<void> {
    await this.db.transaction(async (tx) => {
      for (const chunk of chunks(listingRows)) await tx.insert(listings).values(chunk);
      for (const chunk of chunks(imageRows)) await tx.insert(listingImages).values(chunk);
    });
  }
}
