import type { ListingStatus } from '@carmarket/shared/constants';
import {
  and,
  asc,
  count,
  desc,
  eq,
  getTableColumns,
  getTableName,
  gt,
  inArray,
  sql,
  type SQL,
} from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import {
  favorites,
  listingImages,
  listingPriceChanges,
  listings,
  listingViews,
  users,
} from '../../db/schema.js';
import type { PageRequest } from '@carmarket/shared/contracts';
import { pageOffset } from '../../db/paging.js';
import { activeWithEnoughPhotos, type ListingImageRow } from './listing-photos.repository.js';
import { noListingChanges, type ListingChanges } from './listing-page-cache.js';
import type { ListingView } from './view-counter.js';

// Every listing column except the generated search vector, which only queries need.
const { searchVector: _searchVector, ...listingColumns } = getTableColumns(listings);

/**
 * The outer row's listing id, named with its table: in a select from one table drizzle leaves column
 * names bare, and a subquery's `listing_id = id` would then compare with its own table's id.
 */
const rowListingId = sql`${sql.identifier(getTableName(listings))}.${sql.identifier(listings.id.name)}`;

/**
 * A listing's extras (ListingExtras) as correlated subqueries of `listings`, the photos and the price
 * move as JSON, for the `viewerId` placeholder: in the statement that reads the listings, or one
 * statement for several, rather than a round trip for each kind.
 */
const listingExtras = {
  images: sql<ListingPhoto[]>`coalesce((
    select json_agg(json_build_object('url', ${listingImages.url}, 'medium', ${listingImages.medium},
      'thumbnail', ${listingImages.thumbnail},
      'alt', ${listingImages.alt}, 'publicId', ${listingImages.publicId}, 'isPrimary', ${listingImages.isPrimary},
      'status', ${listingImages.status})
      order by ${listingImages.position}, ${listingImages.createdAt})
    from ${listingImages} where ${listingImages.listingId} = ${rowListingId}), '[]'::json)`,
  latestPriceChange: sql<{ fromAmount: number; toAmount: number; changedAt: string } | null>`(
    select json_build_object('fromAmount', ${listingPriceChanges.fromAmount},
      'toAmount', ${listingPriceChanges.toAmount}, 'changedAt', ${listingPriceChanges.changedAt})
    from ${listingPriceChanges} where ${listingPriceChanges.listingId} = ${rowListingId}
    order by ${listingPriceChanges.changedAt} desc limit 1)`,
  isFavorite: sql<boolean>`exists (
    select 1 from ${favorites}
    where ${favorites.listingId} = ${rowListingId} and ${favorites.userId} = ${sql.placeholder('viewerId')}::uuid)`,
};

/** The extras as read: the price move's time comes back from JSON as text. */
function withPriceChangeDate<
  Row extends { latestPriceChange: { fromAmount: number; toAmount: number; changedAt: string } | null },
>(row: Row): Omit<Row, 'latestPriceChange'> & Pick<ListingExtras, 'latestPriceChange'> {
  const { latestPriceChange, ...rest } = row;
  return {
    ...rest,
    latestPriceChange: latestPriceChange
      ? { ...latestPriceChange, changedAt: new Date(latestPriceChange.changedAt) }
      : undefined,
  };
}

export type ListingStatusColumn = (typeof listings.$inferSelect)['status'];
export type ListingRow = Omit<typeof listings.$inferSelect, 'searchVector'>;
export type NewListingRow = typeof listings.$inferInsert;
/** The columns an edit may change. */
export type ListingEdit = Partial<Omit<NewListingRow, 'id' | 'sellerId' | 'createdAt' | 'searchVector'>>;

export interface ListingWithSeller {
  listing: ListingRow;
  /** The email is read only to name a seller without a display name (formatDisplayName); it never leaves the API. */
  seller: {
    id: string;
    name: string | null;
    email: string;
    role: 'private' | 'dealer';
    createdAt: Date;
    /** For the "Verified" mark (isVerifiedListing). */
    emailVerified: boolean;
  };
}

export type PriceChangeRow = typeof listingPriceChanges.$inferSelect;

/** What a listing's card and page show besides its row: photos, newest price move, the viewer's favorite. */
export interface ListingExtras {
  images: ListingPhoto[];
  latestPriceChange: Pick<PriceChangeRow, 'fromAmount' | 'toAmount' | 'changedAt'> | undefined;
  isFavorite: boolean;
}

/** The listing page's read: the listing with its seller and its extras. */
export interface ListingForPage extends ListingWithSeller, ListingExtras {}

export type ListingPhoto = Pick<
  ListingImageRow,
  'url' | 'medium' | 'thumbnail' | 'alt' | 'publicId' | 'isPrimary' | 'status'
>;

export interface ListingPage {
  rows: ListingWithSeller[];
  total: number;
}

/** Listings a buyer finds without the link: active and renewed after `renewedAfter` (ListingFreshness). */
export const inSearch = (renewedAfter: Date) =>
  and(eq(listings.status, 'active'), gt(listings.renewedAt, renewedAfter));

export class ListingsRepository {
  private readonly pageQuery: ReturnType<ListingsRepository['preparePageQuery']>;
  /**
   * A listing with its seller by id, and the photos of listings, prepared once (see pageQuery): every
   * message sent reads the one and, for both sides' conversations, the other twice.
   */
  private readonly byIdQuery;
  private readonly imagesQuery;
  private readonly extrasQuery;

  constructor(
    private readonly db: Db,
    private readonly changes: ListingChanges = noListingChanges,
  ) {
    this.pageQuery = this.preparePageQuery();
    this.byIdQuery = this.selectWithSeller()
      .where(eq(listings.id, sql.placeholder('id')))
      .prepare('listing_with_seller');
    // One array parameter whatever the number of listings, so one statement serves every call.
    this.imagesQuery = this.db
      .select()
      .from(listingImages)
      .where(sql`${listingImages.listingId} = any(${sql.placeholder('ids')}::uuid[])`)
      .orderBy(asc(listingImages.listingId), asc(listingImages.position), asc(listingImages.createdAt))
      .prepare('images_of_listings');
    this.extrasQuery = this.db
      .select({ id: listings.id, ...listingExtras })
      .from(listings)
      .where(sql`${listings.id} = any(${sql.placeholder('ids')}::uuid[])`)
      .prepare('extras_of_listings');
  }

  /**
   * The listing page's one statement, built and prepared once: building drizzle queries per call was
   * a third of a listing read's CPU, and separate queries for photos, price and favorite each cost a
   * round trip.
   */
  private preparePageQuery() {
    return this.selectWithSeller(listingExtras)
      .where(eq(listings.id, sql.placeholder('id')))
      .prepare('listing_for_page');
  }

  /** Listings with their seller (and any `extra` fields); callers add conditions, order and paging. */
  selectWithSeller<Extra extends Record<string, SQL.Aliased | SQL>>(extra: Extra = {} as Extra) {
    return this.db
      .select({
        ...extra,
        listing: listingColumns,
        seller: {
          id: users.id,
          name: users.name,
          email: users.email,
          role: users.role,
          createdAt: users.createdAt,
          emailVerified: sql<boolean>`${users.verifiedAt} is not null`,
        },
      })
      .from(listings)
      .innerJoin(users, eq(users.id, listings.sellerId));
  }

  async countWhere(condition: SQL | undefined): Promise<number> {
    const [row] = await this.db.select({ total: count() }).from(listings).where(condition);
    return row?.total ?? 0;
  }

  /**
   * Listings in search (active, renewed after `renewedAfter`) in id order, for the sitemap: a page
   * of ids with their last change.
   */
  listingsInSearchForSitemap(
    renewedAfter: Date,
    offset: number,
    limit: number,
  ): Promise<{ id: string; updatedAt: Date }[]> {
    return this.db
      .select({ id: listings.id, updatedAt: listings.updatedAt })
      .from(listings)
      .where(inSearch(renewedAfter))
      .orderBy(asc(listings.id))
      .offset(offset)
      .limit(limit);
  }

  countInSearch(renewedAfter: Date): Promise<number> {
    return this.countWhere(inSearch(renewedAfter));
  }

  async findById(id: string): Promise<ListingWithSeller | undefined> {
    const [row] = await this.byIdQuery.execute({ id });
    return row;
  }

  async findForPage(id: string, viewerId: string | null): Promise<ListingForPage | undefined> {
    const [row] = await this.pageQuery.execute({ id, viewerId });
    return row && withPriceChangeDate(row);
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
    const rows = await this.imagesQuery.execute({ ids: listingIds });
    for (const row of rows) byListing.get(row.listingId)?.push(row);
    return byListing;
  }

  /** The extras of these listings (cards: search, favorites, the dashboard, similar cars), in one statement. */
  async extrasFor(listingIds: string[], viewerId: string | null): Promise<Map<string, ListingExtras>> {
    if (listingIds.length === 0) return new Map();
    const rows = await this.extrasQuery.execute({ ids: listingIds, viewerId });
    return new Map(rows.map(({ id, ...extras }) => [id, withPriceChangeDate(extras)]));
  }

  /**
   * How listings already spell a make (and model, when given) typed outside the catalogue,
   * compared case-blind through the lower(make), lower(model) index.
   */
  async spellingInUse(make: string, model?: string): Promise<{ make: string; model: string } | undefined> {
    const sameMake = sql`lower(${listings.make}) = lower(${make})`;
    const [row] = await this.db
      .select({ make: listings.make, model: listings.model })
      .from(listings)
      .where(model === undefined ? sameMake : and(sameMake, sql`lower(${listings.model}) = lower(${model})`))
      .limit(1);
    return row;
  }

  async insert(values: NewListingRow): Promise<string> {
    const [row] = await this.db.insert(listings).values(values).returning({ id: listings.id });
    return row!.id;
  }

  /** Inserts the rows in one statement (all or none); answers their ids in order. */
  async insertMany(values: NewListingRow[]): Promise<string[]> {
    if (values.length === 0) return [];
    const rows = await this.db.insert(listings).values(values).returning({ id: listings.id });
    return rows.map((row) => row.id);
  }

  /**
   * Applies an edit; a new asking price is recorded in the price history in the same transaction
   * (the row is locked, so two edits at once record both moves). Answers the change, if any.
   */
  async update(id: string, changes: ListingEdit): Promise<PriceChangeRow | undefined> {
    const priceChange = await this.db.transaction(async (tx) => {
      const [before] =
        changes.priceAmount === undefined
          ? []
          : await tx
              .select({ priceAmount: listings.priceAmount })
              .from(listings)
              .where(eq(listings.id, id))
              .for('update');
      await tx
        .update(listings)
        .set({ ...changes, updatedAt: new Date() })
        .where(eq(listings.id, id));
      if (!before || before.priceAmount === changes.priceAmount) return undefined;
      const [change] = await tx
        .insert(listingPriceChanges)
        .values({ listingId: id, fromAmount: before.priceAmount, toAmount: changes.priceAmount! })
        .returning();
      return change;
    });
    this.changes.listingChanged(id);
    return priceChange;
  }

  /** A page of a listing's price changes, newest first. */
  async priceHistory(
    listingId: string,
    page: PageRequest,
  ): Promise<{ rows: PriceChangeRow[]; total: number }> {
    const mine = eq(listingPriceChanges.listingId, listingId);
    const [rows, [counted]] = await Promise.all([
      this.db
        .select()
        .from(listingPriceChanges)
        .where(mine)
        .orderBy(desc(listingPriceChanges.changedAt), desc(listingPriceChanges.id))
        .limit(page.limit)
        .offset(pageOffset(page)),
      this.db.select({ total: count() }).from(listingPriceChanges).where(mine),
    ]);
    return { rows, total: counted?.total ?? 0 };
  }

  /** Who saved the listing, except `exceptUserId` (its seller): those a price drop is told to. */
  async favoritedBy(listingId: string, exceptUserId: string): Promise<string[]> {
    const rows = await this.db
      .select({ userId: favorites.userId })
      .from(favorites)
      .where(and(eq(favorites.listingId, listingId), sql`${favorites.userId} <> ${exceptUserId}`));
    return rows.map((row) => row.userId);
  }

  /** Deletes the listing with its images, views and favorites; its conversations keep their title. */
  async delete(id: string): Promise<void> {
    await this.db.delete(listings).where(eq(listings.id, id));
    this.changes.listingChanged(id);
  }

  /** The owner's choice: sold, or active — which the photo rule may hold back as a draft. */
  async renew(id: string, at: Date): Promise<void> {
    await this.db.update(listings).set({ renewedAt: at }).where(eq(listings.id, id));
    this.changes.listingChanged(id);
  }

  async setStatus(id: string, wanted: ListingStatus): Promise<void> {
    await this.db
      .update(listings)
      .set({ status: wanted === 'sold' ? 'sold' : activeWithEnoughPhotos, updatedAt: new Date() })
      .where(eq(listings.id, id));
    this.changes.listingChanged(id);
  }

  /**
   * Stores a batch of views in one statement: views already stored (one per viewer, listing and day)
   * are dropped, and each listing's count grows by the ones that were new. Views of a listing deleted
   * meanwhile are left out.
   */
  async recordViews(views: ListingView[]): Promise<void> {
    const rows = JSON.stringify(
      views.map((view) => ({ listing_id: view.listingId, viewer_key: view.viewerKey, day: view.day })),
    );
    // Both drivers (PGlite, node-postgres) answer with `{ rows }`.
    const { rows: counted } = (await this.db.execute(sql`
      with counted as (
        insert into ${listingViews} (listing_id, viewer_key, day)
        select v.listing_id, v.viewer_key, v.day
        from jsonb_to_recordset(${rows}::jsonb) as v(listing_id uuid, viewer_key text, day date)
        where exists (select 1 from ${listings} where ${listings.id} = v.listing_id)
        on conflict do nothing
        returning listing_id
      )
      update ${listings} set views = ${listings.views} + c.added
      from (select listing_id, count(*)::int as added from counted group by listing_id) as c
      where ${listings.id} = c.listing_id
      returning ${listings.id}`)) as unknown as { rows: { id: string }[] };
    // Only these counts moved; elsewhere the views were stored already, and the page stays.
    for (const { id } of counted) this.changes.listingChanged(id);
  }
}
