import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { favorites, listings } from '../../db/schema.js';
import { noListingChanges, type ListingChanges } from '../listings/listing-page-cache.js';
import type { ListingStatusColumn } from '../listings/listings.repository.js';

export interface ToggleOutcome {
  /** The listing's status when the toggle ran. */
  status: ListingStatusColumn;
  sellerId: string;
  isFavorite: boolean;
  favoriteCount: number;
  /** False when the user had not saved it and it was not active, so nothing was added. */
  changed: boolean;
}

export class FavoritesRepository {
  constructor(
    private readonly db: Db,
    private readonly changes: ListingChanges = noListingChanges,
  ) {}

  /**
   * Saves the listing for the user, or removes it when already saved; undefined when the listing
   * does not exist. The listing row is locked for the transaction, so two toggles of one listing
   * (a double click, two tabs) run one after the other: each sees the other's result, and
   * favorite_count is recounted from the rows the primary key keeps unique.
   */
  async toggle(userId: string, listingId: string): Promise<ToggleOutcome | undefined> {
    const outcome = await this.db.transaction(async (tx): Promise<ToggleOutcome | undefined> => {
      const [listing] = await tx
        .select({ status: listings.status, sellerId: listings.sellerId })
        .from(listings)
        .where(eq(listings.id, listingId))
        .for('update');
      if (!listing) return undefined;

      const saved = and(eq(favorites.userId, userId), eq(favorites.listingId, listingId));
      const removed = await tx.delete(favorites).where(saved).returning({ userId: favorites.userId });
      const adding = removed.length === 0;
      // Only an active listing can be saved; one already saved may always be removed.
      if (adding && listing.status !== 'active') {
        const [row] = await tx
          .select({ favoriteCount: listings.favoriteCount })
          .from(listings)
          .where(eq(listings.id, listingId));
        return { ...listing, isFavorite: false, favoriteCount: row!.favoriteCount, changed: false };
      }
      if (adding) await tx.insert(favorites).values({ userId, listingId }).onConflictDoNothing();

      const [row] = await tx
        .update(listings)
        .set({
          favoriteCount: sql`(select count(*)::integer from ${favorites} where ${favorites.listingId} = ${listingId})`,
        })
        .where(eq(listings.id, listingId))
        .returning({ favoriteCount: listings.favoriteCount });
      return { ...listing, isFavorite: adding, favoriteCount: row!.favoriteCount, changed: true };
    });
    // The favorite count is on the listing page.
    if (outcome?.changed) this.changes.listingChanged(listingId);
    return outcome;
  }
}
