import { PHOTOS_MIN } from '@carmarket/shared/constants';
import { and, asc, count, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { listingImages, listings } from '../../db/schema.js';
import { noListingChanges, type ListingChanges } from './listing-page-cache.js';

export type ListingImageRow = typeof listingImages.$inferSelect;
export type NewListingImageRow = typeof listingImages.$inferInsert;

// The photo rule (spec §1, §9): a listing is shown as active only with at least PHOTOS_MIN photos.
export const activeWithEnoughPhotos = sql<
  'active' | 'draft'
>`case when (select count(*) from ${listingImages} where ${listingImages.listingId} = ${listings.id}) >= ${PHOTOS_MIN} then 'active' else 'draft' end`;

/** A listing's photo rows: order, primary flag, alt texts, and the status they imply. */
export class ListingPhotosRepository {
  constructor(
    private readonly db: Db,
    private readonly changes: ListingChanges = noListingChanges,
  ) {}

  /**
   * Runs `work` in one transaction, with a repository bound to it; the listings it changed are
   * announced once it is committed (a guest read in between would keep what it read).
   */
  async transaction<T>(work: (photos: ListingPhotosRepository) => Promise<T>): Promise<T> {
    const changed = new Set<string>();
    const inTransaction: ListingChanges = {
      listingChanged: (listingId) => changed.add(listingId),
      sellerChanged: (sellerId) => this.changes.sellerChanged(sellerId),
    };
    try {
      return await this.db.transaction((tx) => work(new ListingPhotosRepository(tx, inTransaction)));
    } finally {
      for (const listingId of changed) this.changes.listingChanged(listingId);
    }
  }

  /**
   * Locks the listing row until the transaction ends, so concurrent photo changes to one listing
   * (two uploads racing for the last free places) run one after the other. False when it is gone.
   */
  async lockListing(listingId: string): Promise<boolean> {
    const rows = await this.db
      .select({ id: listings.id })
      .from(listings)
      .where(eq(listings.id, listingId))
      .for('update');
    return rows.length > 0;
  }

  async count(listingId: string): Promise<number> {
    const [row] = await this.db
      .select({ total: count() })
      .from(listingImages)
      .where(eq(listingImages.listingId, listingId));
    return row?.total ?? 0;
  }

  /** In display order. */
  async list(listingId: string): Promise<ListingImageRow[]> {
    return this.db
      .select()
      .from(listingImages)
      .where(eq(listingImages.listingId, listingId))
      .orderBy(asc(listingImages.position), asc(listingImages.createdAt), asc(listingImages.id));
  }

  async insert(rows: NewListingImageRow[]): Promise<void> {
    await this.db.insert(listingImages).values(rows);
    for (const listingId of new Set(rows.map((row) => row.listingId))) this.changes.listingChanged(listingId);
  }

  /** A processed photo is ready; false when it is gone (deleted while it was processed). */
  async markReady(publicId: string): Promise<boolean> {
    const rows = await this.db
      .update(listingImages)
      .set({ status: 'ready' })
      .where(eq(listingImages.publicId, publicId))
      .returning({ listingId: listingImages.listingId });
    for (const { listingId } of rows) this.changes.listingChanged(listingId);
    return rows.length > 0;
  }

  /** Those of `publicIds` that a photo row names. */
  async existingPublicIds(publicIds: readonly string[]): Promise<Set<string>> {
    const named = new Set<string>();
    // In slices, so a large store never exceeds the database's limit on a statement's parameters.
    for (let start = 0; start < publicIds.length; start += 1000) {
      const rows = await this.db
        .select({ publicId: listingImages.publicId })
        .from(listingImages)
        .where(inArray(listingImages.publicId, publicIds.slice(start, start + 1000)));
      for (const row of rows) named.add(row.publicId);
    }
    return named;
  }

  async listProcessing(): Promise<Pick<ListingImageRow, 'listingId' | 'publicId'>[]> {
    return this.db
      .select({ listingId: listingImages.listingId, publicId: listingImages.publicId })
      .from(listingImages)
      .where(eq(listingImages.status, 'processing'));
  }

  async delete(listingId: string, publicId: string): Promise<void> {
    await this.db
      .delete(listingImages)
      .where(and(eq(listingImages.listingId, listingId), eq(listingImages.publicId, publicId)));
    this.changes.listingChanged(listingId);
  }

  /** Moves the primary flag to one photo; two statements, as the one-primary index allows no overlap. */
  async setPrimary(listingId: string, publicId: string): Promise<void> {
    await this.db
      .update(listingImages)
      .set({ isPrimary: false })
      .where(and(eq(listingImages.listingId, listingId), eq(listingImages.isPrimary, true)));
    await this.db
      .update(listingImages)
      .set({ isPrimary: true })
      .where(and(eq(listingImages.listingId, listingId), eq(listingImages.publicId, publicId)));
    this.changes.listingChanged(listingId);
  }

  /** Makes the first photo primary when none is (the listing's first upload, or the primary deleted). */
  async ensurePrimary(listingId: string): Promise<void> {
    await this.db.execute(sql`
      update ${listingImages} set is_primary = true
      where id = (
        select id from ${listingImages} where listing_id = ${listingId}
        order by position, created_at, id limit 1
      )
      and not exists (select 1 from ${listingImages} where listing_id = ${listingId} and is_primary)`);
    this.changes.listingChanged(listingId);
  }

  /** Display order = the order of `publicIds`, which the caller checked is a permutation. */
  async reorder(listingId: string, publicIds: readonly string[]): Promise<void> {
    const position = sql.join(
      [
        sql`case ${listingImages.publicId}`,
        ...publicIds.map((publicId, index) => sql`when ${publicId} then ${index}::integer`),
        sql`end`,
      ],
      sql` `,
    );
    await this.db
      .update(listingImages)
      .set({ position: sql`${position}` })
      .where(eq(listingImages.listingId, listingId));
    this.changes.listingChanged(listingId);
  }

  /**
   * Closes the gaps in the display order (positions 0…n-1) and rewrites every alt text as
   * '<year> <make> <model> photo N' from the listing's current vehicle.
   */
  async renumber(listingId: string): Promise<void> {
    await this.db.execute(sql`
      update ${listingImages} as li
      set position = ordered.rank - 1,
          alt = concat(l.year, ' ', l.make, ' ', l.model, ' photo ', ordered.rank)
      from (
        select id, row_number() over (order by position, created_at, id) as rank
        from ${listingImages} where listing_id = ${listingId}
      ) as ordered, ${listings} as l
      where li.id = ordered.id and l.id = li.listing_id`);
    this.changes.listingChanged(listingId);
  }

  /**
   * Display files of ready photos that have no medium size (made before it), after `after` in their
   * order: the pages of the medium-size backfill (an index holds exactly these rows).
   */
  async displaysWithoutMedium(after: string, limit: number): Promise<string[]> {
    const rows = await this.db
      .selectDistinct({ url: listingImages.url })
      .from(listingImages)
      .where(
        and(
          sql`${listingImages.medium} is null`,
          eq(listingImages.status, 'ready'),
          sql`${listingImages.url} > ${after}`,
        ),
      )
      .orderBy(asc(listingImages.url))
      .limit(limit);
    return rows.map((row) => row.url);
  }

  /**
   * Names the medium file of every photo shown from the display file `url` (demo photos share
   * theirs). Their listings are locked first, as every photo change takes them (markReady).
   */
  async setMedium(url: string, medium: string): Promise<void> {
    await this.transaction(async (photos) => {
      await photos.db.execute(sql`
        select id from ${listings} where id in (
          select listing_id from ${listingImages} where url = ${url} and medium is null
        ) order by id for update`);
      const rows = await photos.db
        .update(listingImages)
        .set({ medium })
        .where(and(eq(listingImages.url, url), sql`${listingImages.medium} is null`))
        .returning({ listingId: listingImages.listingId });
      for (const { listingId } of rows) photos.changes.listingChanged(listingId);
    });
  }

  /** After its photos change, a listing that is not sold becomes active or draft by its photo count. */
  async applyPhotoRule(listingId: string): Promise<void> {
    await this.db
      .update(listings)
      .set({ status: activeWithEnoughPhotos })
      .where(and(eq(listings.id, listingId), ne(listings.status, 'sold')));
    this.changes.listingChanged(listingId);
  }
}
