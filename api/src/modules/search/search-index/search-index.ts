import { DEAL_RATINGS, type DealRatingBand, type SortOption } from '@carmarket/shared/constants';
import { DealRatingBook } from '../../deal-rating/deal-rating-book.js';
import { bandForDistance } from '../../deal-rating/estimator.js';
import { ListingFreshness } from '../../listings/listing-freshness.js';
import { ColumnStore, NO_BAND, type FacetCounts } from './columns.js';
import { evaluate, facetCounts, slotPasses, type IndexQuery } from './evaluation.js';
import { SortOrders } from './sort-orders.js';
import type { IndexRow, SearchIndexSource } from './source.js';

/**
 * The filterable fields of every active listing, held in memory column by column (columns.ts), so
 * that a search's filters, its facet counts (evaluation.ts) and its page order (sort-orders.ts) come
 * from one pass over typed arrays instead of a facet query over every matching row of the table
 * (which took seconds at 100,000 listings). The database stays the source of truth: this class keeps
 * the index in step with it, applying what changed since its last look before every search (see
 * SearchIndexSource); full-text matching stays in PostgreSQL.
 */

export interface IndexResult {
  total: number;
  facets: FacetCounts;
  /** The requested page's listing ids, in the requested order. */
  pageIds: string[];
}

/**
 * A change may commit a little after its updated_at (the transaction's start): each look goes back
 * this far before the previous one, and skips rows whose version it already holds. A full read in
 * pages is covered the same way: a row changed while the pages are read comes again in the next look.
 */
const COMMIT_DELAY_ALLOWANCE_MS = 10_000;
/** Removed rows leave holes; past this share of the slots the index is rebuilt from scratch. */
const MAX_DEAD_SHARE = 0.25;
/** Text matches kept while no listing changes: a few paging or sorting users of the same words. */
const TEXT_CACHE_ENTRIES = 32;

export class SearchIndex {
  private store = new ColumnStore();
  private orders = new SortOrders(this.store);
  private ratings = new DealRatingBook();
  private loaded = false;
  /** Counts changes: what was read from the table at one version holds until the next. */
  private changes = 0;
  /** When (performance.now()) the last look that completed began. */
  private lookedAt = Number.NEGATIVE_INFINITY;
  /** When the next listing held leaves search by the clock, worked out once per version. */
  private nextExpiry = { version: -1, at: 0 };
  private readonly textCache = new Map<string, { version: number; ids: string[] }>();
  private watermark = new Date(0);
  private running: Promise<void> | undefined;
  private queued: Promise<void> | undefined;

  constructor(
    private readonly source: SearchIndexSource,
    /** When listings expire, and the clock they expire by (tests move it). */
    private readonly freshness: ListingFreshness = new ListingFreshness(),
  ) {}

  /** For the metrics: live listings held, and when the index last finished reading the table. */
  stats(): { listings: number; readAt: Date } {
    return { listings: this.store.listings, readAt: this.watermark };
  }

  /**
   * Counts the changes the index has taken: what a search answered at one version holds until it
   * moves (or a listing expires by the clock, see expiresNext).
   */
  get version(): number {
    return this.changes;
  }

  /**
   * Brings the index up to date, unless a look that began at most `maxAgeMs` ago completed (or one
   * is under way): readers content with a view that old share looks instead of each waiting for its
   * own. 0 is refresh().
   */
  refreshedWithin(maxAgeMs: number): Promise<void> {
    if (maxAgeMs > 0 && this.loaded) {
      if (performance.now() - this.lookedAt <= maxAgeMs) return Promise.resolve();
      if (this.running) return this.running;
    }
    return this.refresh();
  }

  /**
   * Brings the index up to date with the database. A refresh already under way may have read before
   * the caller's own write committed, so the caller waits for one that starts after it asks.
   */
  refresh(): Promise<void> {
    if (!this.running) {
      this.running = this.catchUp().finally(() => {
        this.running = undefined;
      });
      return this.running;
    }
    this.queued ??= this.running
      .catch(() => undefined)
      .then(() => {
        this.queued = undefined;
        return this.refresh();
      });
    return this.queued;
  }

  private async catchUp(): Promise<void> {
    const began = performance.now();
    await this.look();
    this.lookedAt = began;
  }

  private async look(): Promise<void> {
    if (!this.loaded || this.store.dead > MAX_DEAD_SHARE * this.store.size) {
      await this.rebuild();
      return;
    }
    const since = new Date(this.watermark.getTime() - COMMIT_DELAY_ALLOWANCE_MS);
    const { readAt, rows, deletedIds } = await this.source.changesSince(since);
    // The book first: a listing's rating is read from it when the listing is placed.
    for (const id of deletedIds) {
      const moved = this.ratings.change(id, null);
      this.remove(id);
      this.rerate(moved, undefined);
    }
    for (const row of rows) {
      const moved = this.ratings.change(row.id, row);
      this.rerate(moved, this.apply(row));
    }
    this.watermark = readAt;
  }

  /**
   * Reads the table again, page by page, into new columns and a new rating book; searches keep the
   * old ones until the new are complete, then they are swapped in together.
   */
  private async rebuild(): Promise<void> {
    const { readAt, pages } = await this.source.currentRows();
    const store = new ColumnStore();
    const ratings = new DealRatingBook();
    for await (const rows of pages) {
      ratings.take(rows);
      for (const row of rows) if (row.status === 'active') store.place(row);
    }
    store.fit();
    await ratings.rateAll();
    for (let slot = 0; slot < store.size; slot++) setDeal(store, ratings, slot);
    this.orders = new SortOrders(store);
    this.store = store;
    this.ratings = ratings;
    this.loaded = true;
    this.changes++;
    this.watermark = readAt;
  }

  async search(query: IndexQuery, sort: SortOption, offset: number, limit: number): Promise<IndexResult> {
    const textIds = await this.textIds(query);
    // Nothing awaits from here on, so the slots cannot change under the evaluation.
    const found = evaluate(this.store, query, textIds, this.freshness.renewedAfter());
    const { ids } = this.store;
    return {
      total: found.matchedSlots.length,
      facets: facetCounts(this.store, found),
      pageIds: this.orders.page(found, sort, offset, limit).map((slot) => ids[slot]!),
    };
  }

  /**
   * When (ms since the epoch, by the freshness clock) the first listing held now in search leaves it
   * for want of renewal: until then, and while the version holds, a search's answer holds.
   */
  expiresNext(): number {
    const now = this.freshness.now().getTime();
    const { version, at } = this.nextExpiry;
    if (version === this.changes && at > now) return at;
    const renewedAfterMicros = this.freshness.renewedAfter().getTime() * 1000;
    const renewed = this.store.columns.renewed.values;
    const alive = this.store.columns.alive.values;
    let first = Number.POSITIVE_INFINITY;
    for (let slot = 0; slot < this.store.size; slot++) {
      const micros = renewed[slot]!;
      if (alive[slot] && micros > renewedAfterMicros && micros < first) first = micros;
    }
    this.nextExpiry = { version: this.changes, at: first / 1000 + this.freshness.periodMs };
    return this.nextExpiry.at;
  }

  /** A listing's deal rating band, as search shows it on its card (null: not enough data). */
  dealRating(id: string): DealRatingBand | null {
    return this.ratings.band(id);
  }

  /** How many listings match, without facets or a page (saved searches' "new" counts). */
  async count(query: IndexQuery): Promise<number> {
    const textIds = await this.textIds(query);
    return evaluate(this.store, query, textIds, this.freshness.renewedAfter()).matchedSlots.length;
  }

  /**
   * Whether one listing passes a query's filters, as a search would find it (saved-search alerts
   * check a new listing against many searches this way instead of scanning every listing per search).
   * `textMatches` says whether the listing matches the query's q, read by the caller for all of them
   * at once.
   */
  matches(query: Omit<IndexQuery, 'text'>, id: string, textMatches: boolean): boolean {
    const slot = this.store.slotOf.get(id);
    if (slot === undefined || !textMatches) return false;
    return slotPasses(this.store, query, slot, this.freshness.renewedAfter());
  }

  /**
   * q's matches, from the cache while no listing has changed since they were read (a listing's text
   * only changes with the listing).
   */
  private async textIds({ text }: IndexQuery): Promise<string[] | undefined> {
    if (!text) return undefined;
    const cached = this.textCache.get(text.key);
    if (cached?.version === this.changes) return cached.ids;
    const version = this.changes;
    const ids = await text.read();
    if (this.changes === version) {
      this.textCache.delete(text.key);
      this.textCache.set(text.key, { version, ids: this.heldIds(ids) });
      if (this.textCache.size > TEXT_CACHE_ENTRIES)
        this.textCache.delete(this.textCache.keys().next().value!);
    }
    return ids;
  }

  /**
   * The ids of `ids` the index holds, as the index's own strings: a broad q matches most listings,
   * and the database's copies of their ids (about 50 bytes each) would stay alive in the cache.
   */
  private heldIds(ids: readonly string[]): string[] {
    const held: string[] = [];
    for (const id of ids) {
      const slot = this.store.slotOf.get(id);
      if (slot !== undefined) held.push(this.store.ids[slot]!);
    }
    return held;
  }

  /**
   * An update: the old version leaves, and the row comes back if it is (still) active. Answers the
   * listing's slot, if it has one now.
   */
  private apply(row: IndexRow): number | undefined {
    const current = this.store.slotOf.get(row.id);
    if (current !== undefined && this.store.columns.updated.values[current] === row.updatedMicros)
      return current;
    // Neither held nor to be (a sold or hidden listing, read again within the allowance): searches
    // see nothing new.
    if (current === undefined && row.status !== 'active') return undefined;
    this.changes++;
    if (current !== undefined) this.remove(row.id);
    if (row.status !== 'active') return undefined;
    const slot = this.store.place(row);
    setDeal(this.store, this.ratings, slot);
    this.orders.insert(slot);
    return slot;
  }

  /**
   * Other listings whose rating a change moved (`changed` was just placed with its own): their
   * columns take the book's new rating and they move in the best-deals order.
   */
  private rerate(ids: string[], changed: number | undefined): void {
    for (const id of ids) {
      const slot = this.store.slotOf.get(id);
      if (slot === undefined || slot === changed) continue;
      this.changes++;
      this.orders.move('best_deal', slot, () => setDeal(this.store, this.ratings, slot));
    }
  }

  private remove(id: string): void {
    const slot = this.store.slotOf.get(id);
    if (slot === undefined) return;
    this.changes++;
    this.orders.remove(slot);
    this.store.remove(id);
  }
}

/** A slot's deal rating columns, from the rating book. */
function setDeal(store: ColumnStore, ratings: DealRatingBook, slot: number): void {
  const distance = ratings.distance(store.ids[slot]!);
  store.columns.dealDistance.set(slot, distance ?? Number.NaN);
  store.columns.dealBand.set(
    slot,
    distance === undefined ? NO_BAND : DEAL_RATINGS.indexOf(bandForDistance(distance)),
  );
}
