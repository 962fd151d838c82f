import type { Listing } from '@carmarket/shared/contracts';
import type { ListingWithSeller } from './listings.repository.js';

/**
 * What the repositories say after a write that changes what a guest's listing page shows: one
 * listing (its row, photos, price history, favorite count or stored views), or every listing of a
 * seller (name, role, verified address). Called once the change is committed.
 */
export interface ListingChanges {
  listingChanged(listingId: string): void;
  sellerChanged(sellerId: string): void;
}

/** For repositories used outside the app (scripts, benchmarks): nobody caches there. */
export const noListingChanges: ListingChanges = { listingChanged() {}, sellerChanged() {} };

/**
 * The oldest an entry is ever served: other API processes' writes show within this. Past half of it
 * the entry is read again in the background while it is still served, so a page read all the time
 * never makes a guest wait for the database (entries made together would otherwise all end
 * together, and every guest reading one of them would queue for the database at once).
 */
export const LISTING_PAGE_TTL_MS = 5_000;
/**
 * About 9 KB a listing page (measured on the demo market: the answer's objects, its JSON and gzip
 * copies the route keeps; the row it was made from shares its strings), so some 18 MB at most, whatever the number of listings. Only pages read
 * within the TTL are worth keeping, and at 3,000 reads a second a hot set is far smaller than this.
 */
export const LISTING_PAGE_MAX_ENTRIES = 2_000;

/** A guest's listing page as the database had it, views stored so far included. */
export class CachedListingPage {
  private served: Listing;
  private unstored = 0;

  constructor(
    readonly stored: Listing,
    /** The row the page was made from: what the deal rating and similar cars read of the listing. */
    readonly row: ListingWithSeller,
    /** From `at` until `until`, by the freshness clock (ms). */
    readonly at: number,
    readonly until: number,
    /** From when it should be read again, while still served (at most `until`). */
    readonly refreshAt: number,
  ) {
    this.served = stored;
  }

  /** Whether the database should be read again for this page (it is still served meanwhile). */
  isDue(now: Date): boolean {
    return now.getTime() >= this.refreshAt;
  }

  /**
   * The answer with the views counted in this process and not stored yet added; the same object
   * while that number stays, so the route can keep its serialized body beside it.
   */
  withViews(unstored: number): Listing {
    if (unstored !== this.unstored) {
      this.served = { ...this.stored, views: this.stored.views + unstored };
      this.unstored = unstored;
    }
    return this.served;
  }
}

/**
 * The guests' copy of listing pages in this process, the least recently read dropped first past
 * `maxEntries`. A guest's answer is the same for every guest (no favorite flag, no drafts) but for
 * the views this process has counted and not stored yet, added on each read (CachedListingPage).
 *
 * Writes in this process drop their entries at once (ListingChanges, called by the repositories);
 * writes in another API process are seen when the entry's TTL ends (docs/architecture.md).
 */
export class ListingPageCache implements ListingChanges {
  private readonly entries = new Map<string, CachedListingPage>();
  /** Counts drops: a read that started before one must not keep what it read. */
  private drops = 0;

  constructor(
    readonly maxEntries: number = LISTING_PAGE_MAX_ENTRIES,
    readonly ttlMs: number = LISTING_PAGE_TTL_MS,
  ) {}

  get size(): number {
    return this.entries.size;
  }

  /** The marker to take before reading the database for `put`. */
  get generation(): number {
    return this.drops;
  }

  get(listingId: string, now: Date): CachedListingPage | undefined {
    const entry = this.entries.get(listingId);
    if (!entry) return undefined;
    this.entries.delete(listingId);
    const time = now.getTime();
    if (time < entry.at || time >= entry.until) return undefined;
    // Set again, it moves to the newest end of the map's order.
    this.entries.set(listingId, entry);
    return entry;
  }

  /**
   * The page read from the database, kept unless something was dropped since `generation` was
   * taken (the read may predate that write).
   */
  put(listing: Listing, row: ListingWithSeller, now: Date, generation: number): CachedListingPage {
    const time = now.getTime();
    // The "expired" flag changes when the listing expires: the entry must not outlive that moment.
    const until = Math.min(time + this.ttlMs, listing.expired ? Infinity : Date.parse(listing.expiresAt));
    const entry = new CachedListingPage(listing, row, time, until, Math.min(time + this.ttlMs / 2, until));
    if (generation !== this.drops) return entry;
    this.entries.delete(listing._id);
    this.entries.set(listing._id, entry);
    if (this.entries.size > this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
    return entry;
  }

  /** Drops an entry the database no longer has (deleted or back to a draft elsewhere). */
  forget(listingId: string): void {
    this.entries.delete(listingId);
  }

  listingChanged(listingId: string): void {
    this.drops += 1;
    this.entries.delete(listingId);
  }

  sellerChanged(sellerId: string): void {
    this.drops += 1;
    for (const [listingId, entry] of this.entries) {
      if (entry.stored.seller._id === sellerId) this.entries.delete(listingId);
    }
  }
}
