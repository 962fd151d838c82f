import { and, count, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { dealers, listings, users } from '../../db/schema.js';
import { noListingChanges, type ListingChanges } from '../listings/listing-page-cache.js';

export type DealerRow = typeof dealers.$inferSelect;
export type DealerValues = Omit<typeof dealers.$inferInsert, 'userId' | 'createdAt' | 'updatedAt'>;

export class DealersRepository {
  constructor(
    private readonly db: Db,
    private readonly changes: ListingChanges = noListingChanges,
  ) {}

  /** The dealer's business with its count of listings buyers can see; undefined for anyone else. */
  async find(userId: string): Promise<{ dealer: DealerRow; activeListings: number } | undefined> {
    const [row] = await this.db
      .select({ dealer: dealers })
      .from(dealers)
      .innerJoin(users, and(eq(users.id, dealers.userId), eq(users.role, 'dealer')))
      .where(eq(dealers.userId, userId));
    if (!row) return undefined;
    const [active] = await this.db
      .select({ total: count() })
      .from(listings)
      .where(and(eq(listings.sellerId, userId), eq(listings.status, 'active')));
    return { dealer: row.dealer, activeListings: active?.total ?? 0 };
  }

  /**
   * Saves the business and makes the user a dealer, in one transaction. The user's listings are
   * touched so every search index reads their new seller type (it follows listings.updated_at).
   */
  async save(userId: string, values: DealerValues): Promise<void> {
    const madeDealer = await this.db.transaction(async (tx) => {
      await tx
        .insert(dealers)
        .values({ userId, ...values })
        .onConflictDoUpdate({ target: dealers.userId, set: { ...values, updatedAt: sql`now()` } });
      const [user] = await tx
        .select({ role: users.role })
        .from(users)
        .where(eq(users.id, userId))
        .for('update');
      if (user?.role === 'dealer') return false;
      await tx
        .update(users)
        .set({ role: 'dealer', updatedAt: sql`now()` })
        .where(eq(users.id, userId));
      await tx
        .update(listings)
        .set({ updatedAt: sql`now()` })
        .where(eq(listings.sellerId, userId));
      return true;
    });
    // Their listing pages carry the dealer badge.
    if (madeDealer) this.changes.sellerChanged(userId);
  }
}
