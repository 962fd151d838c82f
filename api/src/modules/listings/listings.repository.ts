import type { ListingStatus } from '@carmarket/shared/constants';
import { and, asc, count, desc, eq, getTableColumns, inArray, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { favorites, listingImages, listings, listingViews, users } from '../../db/schema.js';
import { pageOffset, type PageRequest } from '../../http/pagination.js';
import { activeWithEnoughPhotos } from './listing-photos.repository.js';

// Every listing column except the generated search vector, which only queries need.
const { searchVector: _searchVector, ...listingColumns } = getTableColumns(listings);

export type ListingStatusColumn = (typeof listings.$inferSelect)['status'];
export type ListingRow = Omit<typeof listings.$inferSelect, 'searchVector'>;
export type NewListingRow = typeof listings.$inferInsert;
/** The columns an edit may change. */
export type ListingChanges = Partial<Omit<NewListingRow, 'id' | 'sellerId' | 'createdAt' | 'searchVector'>>;
export type ListingImageRow = typeof listingImages.$inferSelect;

export interface ListingWithSeller {
  listing: ListingRow;
  seller: { id: string; name: string | null; role: 'private' | 'dealer' };
}

export interface ListingPage {
  rows: ListingWithSeller[];
  total: number;
}

export class ListingsRepository {
  constructor(private readonly db: Db) {}

  /** Listings with their seller; callers add conditions, order and paging. */
  selectWithSeller() {
    return this.db
      .select({ listing: listingColumns, seller: { id: users.id, name: users.name, role: users.role } })
      .from(listings)
      .innerJoin(users, eq(users.id, listings.sellerId));
  }

  async countWhere(condition: SQL | undefined): Promise<number> {
    const [row] = await this.db.select({ total: count() }).from(listings).where(condition);
    return row?.total ?? 0;
  }

  async findById(id: string): Promise<ListingWithSeller | undefined> {
    const [row] = await this.selectWithSeller().where(eq(listings.id, id));
    return row;
  }

  /**
   * A seller's listings, newest first. `own` adds the sold ones and the drafts (which the owner sees
   * as active); `status` narrows to one status as the API shows it.
   */
  async findBySeller(
    sellerId: string,
    own: boolean,
    status: ListingStatus | undefined,
    page: PageRequest,
  ): Promise<ListingPage> {
    // A draft is its owner's active listing; nobody else sees drafts or sold ones here.
    const visible: Record<ListingStatus, ListingStatusColumn[]> = own
      ? { active: ['active', 'draft'], sold: ['sold'] }
      : { active: ['active'], sold: [] };
    const shown = status ? visible[status] : [...visible.active, ...visible.sold];
    const condition = and(eq(listings.sellerId, sellerId), inArray(listings.status, shown));
    const [rows, total] = await Promise.all([
      this.selectWithSeller()
        .where(condition)
        .orderBy(desc(listings.createdAt), desc(listings.id))
        .limit(page.limit)
        .offset(pageOffset(page)),
      this.countWhere(condition),
    ]);
    return { rows, total };
  }

  /**
   * The user's saved listings, most recently saved first: active and sold ones. A favorite whose
   * listing went back to draft (fewer than 4 photos) is left out, and comes back if the listing is
   * active again; a deleted listing takes its favorites with it.
   */
  async findFavorites(userId: string, page: PageRequest): Promise<ListingPage> {
    const shown = and(eq(favorites.userId, userId), inArray(listings.status, ['active', 'sold']));
    const [rows, [counted]] = await Promise.all([
      this.selectWithSeller()
        .innerJoin(favorites, eq(favorites.listingId, listings.id))
        .where(shown)
        .orderBy(desc(favorites.createdAt), desc(listings.id))
        .limit(page.limit)
        .offset(pageOffset(page)),
      this.db
        .select({ total: count() })
        .from(favorites)
        .innerJoin(listings, eq(listings.id, favorites.listingId))
        .where(shown),
    ]);
    return { rows, total: counted?.total ?? 0 };
  }

  /** Images of several listings in one query, each list in display order. */
  async imagesFor(listingIds: string[]): Promise<Map<string, ListingImageRow[]>> {
    const byListing = new Map<string, ListingImageRow[]>(listingIds.map((id) => [id, []]));
    if (listingIds.length === 0) return byListing;
    const rows = await this.db
      .select()
      .from(listingImages)
      .where(inArray(listingImages.listingId, listingIds))
      .orderBy(asc(listingImages.listingId), asc(listingImages.position), asc(listingImages.createdAt));
    for (const row of rows) byListing.get(row.listingId)?.push(row);
    return byListing;
  }

  /** Which of these listings the user has saved. */
  async favoritedAmong(userId: string, listingIds: string[]): Promise<Set<string>> {
    if (listingIds.length === 0) return new Set();
    const rows = await this.db
      .select({ listingId: favorites.listingId })
      .from(favorites)
      .where(and(eq(favorites.userId, userId), inArray(favorites.listingId, listingIds)));
    return new Set(rows.map((row) => row.listingId));
  }

  async insert(values: NewListingRow): Promise<string> {
    const [row] = await this.db.insert(listings).values(values).returning({ id: listings.id });
    return row!.id;
  }

  async update(id: string, changes: ListingChanges): Promise<void> {
    await this.db
      .update(listings)
      .set({ ...changes, updatedAt: new Date() })
      .where(eq(listings.id, id));
  }

  /** Deletes the listing with its images, views and favorites; its conversations keep their title. */
  async delete(id: string): Promise<void> {
    await this.db.delete(listings).where(eq(listings.id, id));
  }

  /** The owner's choice: sold, or active — which the photo rule may hold back as a draft. */
  async setStatus(id: string, wanted: ListingStatus): Promise<void> {
    await this.db
      .update(listings)
      .set({ status: wanted === 'sold' ? 'sold' : activeWithEnoughPhotos, updatedAt: new Date() })
      .where(eq(listings.id, id));
  }

  /** Counts a view once per viewer per day; returns whether this one counted. */
  async recordView(listingId: string, viewerKey: string, day: string): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      const inserted = await tx
        .insert(listingViews)
        .values({ listingId, viewerKey, day })
        .onConflictDoNothing()
        .returning({ listingId: listingViews.listingId });
      if (inserted.length === 0) return false;
      await tx
        .update(listings)
        .set({ views: sql`${listings.views} + 1` })
        .where(eq(listings.id, listingId));
      return true;
    });
  }
}
