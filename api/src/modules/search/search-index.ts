import type { DealRatingBand, FeatureCategory, SortOption } from '@carmarket/shared/constants';
import { DEAL_RATINGS, FEATURE_CATEGORIES, SORT_OPTIONS } from '@carmarket/shared/constants';
import { FEATURE_FILTER_KEYS } from '@carmarket/shared/contracts';
import { isVerifiedListing, type SavedSearchParams } from '@carmarket/shared/schemas';
import { DealRatingBook } from '../deal-rating/deal-rating-book.js';
import { bandForDistance } from '../deal-rating/estimator.js';
import type { Coordinates } from '../geocoding/zip-coordinates.js';
import { ListingFreshness } from '../listings/listing-freshness.js';

/**
 * The filterable fields of every active listing, held in memory column by column, so that a search's
 * filters, its facet counts and its page order come from one pass over typed arrays instead of a
 * facet query over every matching row of the table (which took seconds at 100,000 listings). The
 * database stays the source of truth: the index applies what changed since its last look before
 * every search (see SearchIndexSource), and full-text matching stays in PostgreSQL.
 */

/** The filter panel's facets: each counts listings under every active filter except its own. */
export const FACETS = [
  'bodyTypes',
  'transmissions',
  'fuelTypes',
  'conditions',
  'titleStatuses',
  'exteriorColors',
  'interiorColors',
  'doors',
  'sellerTypes',
  'dealRatings',
  ...FEATURE_CATEGORIES.map((category) => `features.${category}` as const),
] as const;
export type Facet = (typeof FACETS)[number];
export type FacetCounts = Map<Facet, Map<string, number>>;

/** One listing as the index reads it (status tells an update from a removal). */
export interface IndexRow {
  id: string;
  status: string;
  sellerId: string;
  /** created_at and updated_at in microseconds since the epoch, as PostgreSQL keeps them. */
  createdMicros: number;
  updatedMicros: number;
  /** renewed_at: the listing leaves search a renewal period after it (ListingFreshness). */
  renewedMicros: number;
  priceAmount: number;
  year: number;
  mileage: number;
  cityMpg: number | null;
  highwayMpg: number | null;
  combinedMpg: number | null;
  doors: number;
  make: string;
  model: string;
  trim: string | null;
  bodyType: string;
  fuelType: string;
  transmission: string;
  condition: string;
  titleStatus: string;
  exteriorColor: string;
  interiorColor: string;
  sellerRole: string;
  hasWarranty: boolean;
  acceptsTradeIn: boolean;
  financingAvailable: boolean;
  photoCount: number;
  vin: string | null;
  sellerEmailVerified: boolean;
  latitude: number;
  longitude: number;
  features: Partial<Record<FeatureCategory, string[]>>;
}

/**
 * Where the index reads listings from: the database (SearchRepository) in the API. `readAt` is the
 * database's clock when the read began; the next look goes back from it, so nothing is missed.
 */
export interface SearchIndexSource {
  /** The active listings, and those sold in the deal rating's window (their prices count for it). */
  currentRows(): Promise<{ readAt: Date; rows: IndexRow[] }>;
  /** Listings of any status updated after `since`, and the ids of listings deleted after it. */
  changesSince(since: Date): Promise<{ readAt: Date; rows: IndexRow[]; deletedIds: string[] }>;
}

/** What a search asks of the index; `text` reads the ids that q's full-text query finds, when there is a q. */
export interface IndexQuery {
  filters: SavedSearchParams;
  center?: Coordinates;
  text?: { key: string; read: () => Promise<string[]> };
  createdAfter?: Date;
  /** Sellers the searching user has blocked: their listings are left out. */
  excludedSellers?: readonly string[];
}

export interface IndexResult {
  total: number;
  facets: FacetCounts;
  /** The requested page's listing ids, in the requested order. */
  pageIds: string[];
}

/**
 * A change may commit a little after its updated_at (the transaction's start): each look goes back
 * this far before the previous one, and skips rows whose version it already holds.
 */
const COMMIT_DELAY_ALLOWANCE_MS = 10_000;
/** Removed rows leave holes; past this share of the slots the index is rebuilt from scratch. */
const MAX_DEAD_SHARE = 0.25;
const INITIAL_CAPACITY = 1024;
/** dealBand of a listing without a rating: the position after the last band. */
const NO_BAND = DEAL_RATINGS.length;
/** Fewer matches than 1/16 of the listings are sorted on their own rather than found in a kept order. */
const SORT_MATCHES_BELOW_SHARE = 16;
/** Text matches kept while no listing changes: a few paging or sorting users of the same words. */
const TEXT_CACHE_ENTRIES = 32;
/** cube/earthdistance's earth radius, so radius results match what PostgreSQL's earth_distance says. */
const EARTH_RADIUS_METERS = 6_378_168;
const METERS_PER_MILE = 1609.344;
const RADIANS = Math.PI / 180;

/** Strings stored as small integer codes; `lower` keeps each code's lower case for case-blind filters. */
class Dictionary {
  readonly values: string[] = [];
  readonly lower: string[] = [];
  private readonly codes = new Map<string, number>();

  code(value: string): number {
    let code = this.codes.get(value);
    if (code === undefined) {
      code = this.values.length;
      this.codes.set(value, code);
      this.values.push(value);
      this.lower.push(value.toLowerCase());
    }
    return code;
  }

  find(value: string): number | undefined {
    return this.codes.get(value);
  }

  /** Which codes a list of wanted values accepts (compared in lower case when `caseBlind`). */
  accepting(wanted: readonly string[], caseBlind: boolean): Uint8Array {
    const accepted = new Uint8Array(this.values.length);
    const targets = new Set(caseBlind ? wanted.map((value) => value.toLowerCase()) : wanted);
    (caseBlind ? this.lower : this.values).forEach((value, code) => {
      if (targets.has(value)) accepted[code] = 1;
    });
    return accepted;
  }
}

/**
 * Each slot's list of small codes, packed into one growing array: slot s holds
 * `pool[start[s] .. start[s] + length[s])`. Far less memory and garbage than an array per slot, and
 * counting walks typed arrays only. Space of removed slots comes back when the index is rebuilt.
 */
class PackedLists {
  private start: Int32Array;
  private length: Uint16Array;
  private pool = new Int32Array(INITIAL_CAPACITY);
  private used = 0;

  constructor(capacity: number) {
    this.start = new Int32Array(capacity);
    this.length = new Uint16Array(capacity);
  }

  growSlots(capacity: number): void {
    const start = new Int32Array(capacity);
    start.set(this.start);
    const length = new Uint16Array(capacity);
    length.set(this.length);
    this.start = start;
    this.length = length;
  }

  set(slot: number, codes: readonly number[]): void {
    if (this.used + codes.length > this.pool.length) {
      const pool = new Int32Array(Math.max(this.pool.length * 2, this.used + codes.length));
      pool.set(this.pool);
      this.pool = pool;
    }
    this.start[slot] = this.used;
    this.length[slot] = codes.length;
    this.pool.set(codes, this.used);
    this.used += codes.length;
  }

  has(slot: number, code: number): boolean {
    for (let at = this.start[slot]!, end = at + this.length[slot]!; at < end; at++) {
      if (this.pool[at] === code) return true;
    }
    return false;
  }

  /** Adds one to `counts` at each of the slot's codes. */
  countInto(counts: Int32Array, slot: number): void {
    for (let at = this.start[slot]!, end = at + this.length[slot]!; at < end; at++) counts[this.pool[at]!]!++;
  }
}

type Int32Column = Int32Array;
type Float64Column = Float64Array;
type FlagColumn = Uint8Array;

const CODED = [
  'bodyType',
  'fuelType',
  'transmission',
  'condition',
  'titleStatus',
  'exteriorColor',
  'interiorColor',
  'sellerRole',
] as const;
type CodedField = (typeof CODED)[number];

/** The facet each coded column counts for (colours, seller type and the enumerations). */
const CODED_FACET: Record<CodedField, Facet> = {
  bodyType: 'bodyTypes',
  fuelType: 'fuelTypes',
  transmission: 'transmissions',
  condition: 'conditions',
  titleStatus: 'titleStatuses',
  exteriorColor: 'exteriorColors',
  interiorColor: 'interiorColors',
  sellerRole: 'sellerTypes',
};

/**
 * What each facet (by its index in FACETS) counts: a coded column, the doors, the deal rating's band
 * or a feature category.
 */
const FACET_SOURCES: readonly (
  { field: CodedField } | { doors: true } | { dealBands: true } | { category: FeatureCategory }
)[] = FACETS.map((facet) => {
  if (facet === 'doors') return { doors: true };
  if (facet === 'dealRatings') return { dealBands: true };
  if (facet.startsWith('features.')) return { category: facet.slice('features.'.length) as FeatureCategory };
  return { field: CODED.find((field) => CODED_FACET[field] === facet)! };
});

/**
 * What passes a search's filters: `matched` flags and lists the slots passing all of them; each
 * facet with a filter lists the slots failing that filter alone, which still count for its values
 * (a count says how many results choosing the value, in addition to the rest, would give).
 */
interface Evaluation {
  matched: Uint8Array;
  matchedSlots: Int32Array;
  soleFailures: Map<Facet, number[]>;
}

/** A filter of one facet: `passes(slot)` under the filter, counted against `facet` when it alone fails. */
interface FacetFilter {
  facet: Facet;
  passes: (slot: number) => boolean;
}

export class SearchIndex {
  private capacity = 0;
  private size = 0;
  private dead = 0;
  private ids: string[] = [];
  private readonly slotOf = new Map<string, number>();
  private alive!: FlagColumn;
  private created!: Float64Column;
  private updated!: Float64Column;
  private renewed!: Float64Column;
  private price!: Int32Column;
  private year!: Int32Column;
  private mileage!: Int32Column;
  private doors!: Int32Column;
  private maxDoors = 0;
  // NaN for "not given", which fails every comparison as NULL does in SQL.
  private cityMpg!: Float64Column;
  private highwayMpg!: Float64Column;
  private combinedMpg!: Float64Column;
  private latitude!: Float64Column;
  private longitude!: Float64Column;
  private hasWarranty!: FlagColumn;
  private acceptsTradeIn!: FlagColumn;
  private financingAvailable!: FlagColumn;
  private hasImages!: FlagColumn;
  private verified!: FlagColumn;
  // The deal rating: how far the price is from the estimate (NaN: not enough data) and its band's
  // position in DEAL_RATINGS (NO_BAND: none), both from the rating book.
  private dealDistance!: Float64Column;
  private dealBand!: FlagColumn;
  private ratings = new DealRatingBook();
  // make, model and trim in lower case (their filters are case-blind; -1: no trim).
  private make!: Int32Column;
  private model!: Int32Column;
  private trim!: Int32Column;
  private seller!: Int32Column;
  private readonly sellers = new Dictionary();
  private readonly names = new Dictionary();
  private readonly coded = {} as Record<CodedField, { dictionary: Dictionary; column: Int32Column }>;
  private readonly features = {} as Record<FeatureCategory, { dictionary: Dictionary; lists: PackedLists }>;
  /** Per sort, the live slots in that order (each order ends with created_at and id, so it is total). */
  private orders = {} as Record<SortOption, number[]>;

  private loaded = false;
  /** Counts changes: what was read from the table at one version holds until the next. */
  private version = 0;
  private readonly textCache = new Map<string, { version: number; ids: string[] }>();
  private watermark = new Date(0);
  private running: Promise<void> | undefined;
  private queued: Promise<void> | undefined;

  constructor(
    private readonly source: SearchIndexSource,
    /** When listings expire, and the clock they expire by (tests move it). */
    private readonly freshness: ListingFreshness = new ListingFreshness(),
  ) {
    this.reset();
  }

  /** For the metrics: live listings held, and when the index last finished reading the table. */
  stats(): { listings: number; readAt: Date } {
    return { listings: this.size - this.dead, readAt: this.watermark };
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
    if (!this.loaded || this.dead > MAX_DEAD_SHARE * this.size) {
      const { readAt, rows } = await this.source.currentRows();
      // A new book, swapped in with the columns: searches keep the old ones while it is rated.
      const ratings = new DealRatingBook();
      await ratings.load(rows);
      this.ratings = ratings;
      this.reset();
      for (const row of rows) if (row.status === 'active') this.place(row);
      this.sortAll();
      this.loaded = true;
      this.version++;
      this.watermark = readAt;
    } else {
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
  }

  async search(query: IndexQuery, sort: SortOption, offset: number, limit: number): Promise<IndexResult> {
    const textIds = await this.textIds(query);
    // Nothing awaits from here on, so the slots cannot change under the evaluation.
    const found = this.evaluate(query, textIds);
    return {
      total: found.matchedSlots.length,
      facets: this.facetCounts(found),
      pageIds: this.page(found, sort, offset, limit).map((slot) => this.ids[slot]!),
    };
  }

  /**
   * The page's slots: a few matches are sorted on their own; many are read off the kept sort order,
   * which stops as soon as the page is full.
   */
  private page({ matched, matchedSlots }: Evaluation, sort: SortOption, offset: number, limit: number) {
    if (matchedSlots.length * SORT_MATCHES_BELOW_SHARE < this.size) {
      return Array.from(matchedSlots)
        .sort(this.comparator(sort))
        .slice(offset, offset + limit);
    }
    const slots: number[] = [];
    let skipped = 0;
    for (const slot of this.orders[sort]) {
      if (!matched[slot]) continue;
      if (skipped < offset) skipped++;
      else if (slots.push(slot) === limit) break;
    }
    return slots;
  }

  /** A listing's deal rating band, as search shows it on its card (null: not enough data). */
  dealRating(id: string): DealRatingBand | null {
    return this.ratings.band(id);
  }

  /** How many listings match, without facets or a page (saved searches' "new" counts). */
  async count(query: IndexQuery): Promise<number> {
    const textIds = await this.textIds(query);
    return this.evaluate(query, textIds).matchedSlots.length;
  }

  /**
   * Whether one listing passes a query's filters, as a search would find it (saved-search alerts
   * check a new listing against many searches this way instead of scanning every listing per search).
   * `textMatches` says whether the listing matches the query's q, read by the caller for all of them
   * at once.
   */
  matches(query: Omit<IndexQuery, 'text'>, id: string, textMatches: boolean): boolean {
    const slot = this.slotOf.get(id);
    if (slot === undefined || !textMatches) return false;
    return (
      this.baseFilters(query, undefined).every((passes) => passes(slot)) &&
      this.facetFilters(query.filters).every((filter) => filter.passes(slot))
    );
  }

  /**
   * q's matches, from the cache while no listing has changed since they were read (a listing's text
   * only changes with the listing).
   */
  private async textIds({ text }: IndexQuery): Promise<string[] | undefined> {
    if (!text) return undefined;
    const cached = this.textCache.get(text.key);
    if (cached?.version === this.version) return cached.ids;
    const version = this.version;
    const ids = await text.read();
    if (this.version === version) {
      this.textCache.delete(text.key);
      this.textCache.set(text.key, { version, ids });
      if (this.textCache.size > TEXT_CACHE_ENTRIES)
        this.textCache.delete(this.textCache.keys().next().value!);
    }
    return ids;
  }

  /** Runs the search's filters over every live slot, in one pass (see Evaluation). */
  private evaluate(query: IndexQuery, textIds: string[] | undefined): Evaluation {
    const base = this.baseFilters(query, textIds);
    const facetFilters = this.facetFilters(query.filters);
    const matched = new Uint8Array(this.size);
    const matchedSlots = new Int32Array(this.size);
    let total = 0;
    const soleFailures = new Map<Facet, number[]>(facetFilters.map((filter) => [filter.facet, []]));
    const failureLists = facetFilters.map((filter) => soleFailures.get(filter.facet)!);
    slots: for (let slot = 0; slot < this.size; slot++) {
      if (!this.alive[slot]) continue;
      for (const passes of base) if (!passes(slot)) continue slots;
      let failed = -1;
      for (let index = 0; index < facetFilters.length; index++) {
        if (facetFilters[index]!.passes(slot)) continue;
        if (failed !== -1) continue slots;
        failed = index;
      }
      if (failed === -1) {
        matched[slot] = 1;
        matchedSlots[total++] = slot;
      } else {
        failureLists[failed]!.push(slot);
      }
    }
    return { matched, matchedSlots: matchedSlots.subarray(0, total), soleFailures };
  }

  private baseFilters(
    { filters, center, createdAfter, excludedSellers }: IndexQuery,
    textIds: string[] | undefined,
  ): ((slot: number) => boolean)[] {
    const base: ((slot: number) => boolean)[] = [];
    const range = (column: Int32Column | Float64Column, min?: number, max?: number) => {
      if (min !== undefined) base.push((slot) => column[slot]! >= min);
      if (max !== undefined) base.push((slot) => column[slot]! <= max);
    };
    const name = (column: Int32Column, wanted: string | undefined) => {
      if (wanted === undefined) return;
      const code = this.names.find(wanted.toLowerCase()) ?? -2;
      base.push((slot) => column[slot] === code);
    };
    const flag = (column: FlagColumn, wanted: boolean | undefined) => {
      if (wanted) base.push((slot) => column[slot] === 1);
    };

    if (textIds) {
      const matches = new Uint8Array(this.size);
      for (const id of textIds) {
        const slot = this.slotOf.get(id);
        if (slot !== undefined) matches[slot] = 1;
      }
      base.push((slot) => matches[slot] === 1);
    }
    range(this.price, filters.minPrice, filters.maxPrice);
    range(this.year, filters.yearMin, filters.yearMax);
    range(this.mileage, filters.mileageMin, filters.mileageMax);
    range(this.cityMpg, filters.cityMpgMin, filters.cityMpgMax);
    range(this.highwayMpg, filters.highwayMpgMin, filters.highwayMpgMax);
    range(this.combinedMpg, filters.combinedMpgMin, filters.combinedMpgMax);
    name(this.make, filters.make);
    name(this.model, filters.model);
    name(this.trim, filters.trim);
    flag(this.hasWarranty, filters.hasWarranty);
    flag(this.acceptsTradeIn, filters.acceptsTradeIn);
    flag(this.financingAvailable, filters.financingAvailable);
    flag(this.hasImages, filters.hasImages);
    flag(this.verified, filters.verified);
    if (center && filters.radius !== undefined) {
      base.push(this.withinRadius(center, filters.radius * METERS_PER_MILE));
    }
    // Not renewed for the renewal period: out of search until its owner renews it.
    const renewedAfter = this.freshness.renewedAfter().getTime() * 1000;
    base.push((slot) => this.renewed[slot]! > renewedAfter);
    if (createdAfter) {
      const micros = createdAfter.getTime() * 1000;
      base.push((slot) => this.created[slot]! > micros);
    }
    if (excludedSellers?.length) {
      const excluded = new Set(excludedSellers.map((id) => this.sellers.find(id) ?? -1));
      base.push((slot) => !excluded.has(this.seller[slot]!));
    }
    return base;
  }

  /** Great-circle distance on cube's spherical earth, with a latitude band to skip most rows cheaply. */
  private withinRadius(center: Coordinates, meters: number): (slot: number) => boolean {
    const maxAngle = meters / EARTH_RADIUS_METERS;
    const minLatitude = center.latitude - maxAngle / RADIANS;
    const maxLatitude = center.latitude + maxAngle / RADIANS;
    const centerLatitude = center.latitude * RADIANS;
    const cosCenter = Math.cos(centerLatitude);
    const haversineLimit = Math.sin(Math.min(maxAngle, Math.PI) / 2) ** 2;
    return (slot) => {
      const latitude = this.latitude[slot]!;
      if (latitude < minLatitude || latitude > maxLatitude) return false;
      const dLatitude = latitude * RADIANS - centerLatitude;
      const dLongitude = (this.longitude[slot]! - center.longitude) * RADIANS;
      const haversine =
        Math.sin(dLatitude / 2) ** 2 +
        cosCenter * Math.cos(latitude * RADIANS) * Math.sin(dLongitude / 2) ** 2;
      return haversine <= haversineLimit;
    };
  }

  private facetFilters(filters: SavedSearchParams): FacetFilter[] {
    const result: FacetFilter[] = [];
    const among = (field: CodedField, wanted: readonly string[] | undefined, caseBlind = false) => {
      if (!wanted) return;
      const { dictionary, column } = this.coded[field];
      const accepted = dictionary.accepting(wanted, caseBlind);
      result.push({ facet: CODED_FACET[field], passes: (slot) => accepted[column[slot]!] === 1 });
    };
    among('bodyType', filters.bodyType);
    among('transmission', filters.transmission);
    among('fuelType', filters.fuelType);
    among('condition', filters.condition);
    among('titleStatus', filters.titleStatus);
    among('exteriorColor', filters.exteriorColor, true);
    among('interiorColor', filters.interiorColor, true);
    among('sellerRole', filters.sellerType);
    if (filters.dealRating) {
      const accepted = new Uint8Array(NO_BAND + 1);
      for (const band of filters.dealRating) accepted[DEAL_RATINGS.indexOf(band)] = 1;
      result.push({ facet: 'dealRatings', passes: (slot) => accepted[this.dealBand[slot]!] === 1 });
    }

    const { doors, doorsMin, doorsMax } = filters;
    if (doors !== undefined || doorsMin !== undefined || doorsMax !== undefined) {
      result.push({
        facet: 'doors',
        passes: (slot) => {
          const value = this.doors[slot]!;
          return (
            (doors === undefined || value === doors) &&
            (doorsMin === undefined || value >= doorsMin) &&
            (doorsMax === undefined || value <= doorsMax)
          );
        },
      });
    }
    for (const category of FEATURE_CATEGORIES) {
      const wanted = filters[FEATURE_FILTER_KEYS[category]];
      if (!wanted) continue;
      // A listing must have every chosen feature of the category (as jsonb containment did).
      const { dictionary, lists } = this.features[category];
      const codes = wanted.map((feature) => dictionary.find(feature) ?? -1);
      result.push({
        facet: `features.${category}`,
        passes: (slot) => codes.every((code) => lists.has(slot, code)),
      });
    }
    return result;
  }

  /**
   * Counts each facet's values, column by column, over the matching slots and those failing only
   * that facet's filter; values as stored (doors as its number's text).
   */
  private facetCounts({ matchedSlots, soleFailures }: Evaluation): FacetCounts {
    const result: FacetCounts = new Map();
    FACETS.forEach((facet, index) => {
      const source = FACET_SOURCES[index]!;
      const groups: ArrayLike<number>[] = [matchedSlots, soleFailures.get(facet) ?? []];
      let counts: Int32Array;
      let label: (code: number) => string;
      if ('category' in source) {
        const { dictionary, lists } = this.features[source.category];
        counts = new Int32Array(dictionary.values.length);
        for (const slots of groups) {
          for (let at = 0; at < slots.length; at++) lists.countInto(counts, slots[at]!);
        }
        label = (code) => dictionary.values[code]!;
      } else if ('dealBands' in source) {
        // Listings without a rating (NO_BAND) are counted past the end and left out.
        counts = new Int32Array(NO_BAND + 1);
        for (const slots of groups) {
          for (let at = 0; at < slots.length; at++) counts[this.dealBand[slots[at]!]!]!++;
        }
        counts = counts.subarray(0, NO_BAND);
        label = (code) => DEAL_RATINGS[code]!;
      } else {
        const coded = 'field' in source ? this.coded[source.field] : undefined;
        const column = coded ? coded.column : this.doors;
        counts = new Int32Array(coded ? coded.dictionary.values.length : this.maxDoors + 1);
        for (const slots of groups) {
          for (let at = 0; at < slots.length; at++) counts[column[slots[at]!]!]!++;
        }
        label = coded ? (code) => coded.dictionary.values[code]! : String;
      }
      const values = new Map<string, number>();
      counts.forEach((count, code) => {
        if (count) values.set(label(code), count);
      });
      result.set(facet, values);
    });
    return result;
  }

  // ---- keeping the columns --------------------------------------------------------------------

  private reset(): void {
    this.capacity = INITIAL_CAPACITY;
    this.size = 0;
    this.dead = 0;
    this.ids = [];
    this.slotOf.clear();
    const ints = () => new Int32Array(this.capacity);
    const floats = () => new Float64Array(this.capacity);
    const flags = () => new Uint8Array(this.capacity);
    this.alive = flags();
    this.created = floats();
    this.updated = floats();
    this.renewed = floats();
    this.price = ints();
    this.year = ints();
    this.mileage = ints();
    this.doors = ints();
    this.cityMpg = floats();
    this.highwayMpg = floats();
    this.combinedMpg = floats();
    this.latitude = floats();
    this.longitude = floats();
    this.hasWarranty = flags();
    this.acceptsTradeIn = flags();
    this.financingAvailable = flags();
    this.hasImages = flags();
    this.verified = flags();
    this.dealDistance = floats();
    this.dealBand = flags();
    this.make = ints();
    this.model = ints();
    this.trim = ints();
    this.seller = ints();
    for (const field of CODED) this.coded[field] ??= { dictionary: new Dictionary(), column: ints() };
    for (const field of CODED) this.coded[field].column = ints();
    for (const category of FEATURE_CATEGORIES) {
      this.features[category] ??= { dictionary: new Dictionary(), lists: new PackedLists(this.capacity) };
      this.features[category].lists = new PackedLists(this.capacity);
    }
    this.orders = Object.fromEntries(SORT_OPTIONS.map((sort) => [sort, []])) as unknown as Record<
      SortOption,
      number[]
    >;
  }

  private grow(): void {
    this.capacity *= 2;
    const keys = [
      'alive',
      'created',
      'updated',
      'renewed',
      'price',
      'year',
      'mileage',
      'doors',
      'cityMpg',
      'highwayMpg',
      'combinedMpg',
      'latitude',
      'longitude',
      'hasWarranty',
      'acceptsTradeIn',
      'financingAvailable',
      'hasImages',
      'verified',
      'dealDistance',
      'dealBand',
      'make',
      'model',
      'trim',
      'seller',
    ] as const;
    for (const key of keys) {
      const old = this[key];
      const bigger = new (old.constructor as new (length: number) => typeof old)(this.capacity);
      bigger.set(old as never);
      (this as unknown as Record<string, unknown>)[key] = bigger;
    }
    for (const field of CODED) {
      const bigger = new Int32Array(this.capacity);
      bigger.set(this.coded[field].column);
      this.coded[field].column = bigger;
    }
    for (const category of FEATURE_CATEGORIES) this.features[category].lists.growSlots(this.capacity);
  }

  /** Writes an active row into a new slot (not yet in the sort orders). */
  private place(row: IndexRow): number {
    if (this.size === this.capacity) this.grow();
    const slot = this.size++;
    const orNaN = (value: number | null) => value ?? Number.NaN;
    this.ids[slot] = row.id;
    this.slotOf.set(row.id, slot);
    this.alive[slot] = 1;
    this.created[slot] = row.createdMicros;
    this.updated[slot] = row.updatedMicros;
    this.renewed[slot] = row.renewedMicros;
    this.price[slot] = row.priceAmount;
    this.year[slot] = row.year;
    this.mileage[slot] = row.mileage;
    this.doors[slot] = row.doors;
    this.maxDoors = Math.max(this.maxDoors, row.doors);
    this.cityMpg[slot] = orNaN(row.cityMpg);
    this.highwayMpg[slot] = orNaN(row.highwayMpg);
    this.combinedMpg[slot] = orNaN(row.combinedMpg);
    this.latitude[slot] = row.latitude;
    this.longitude[slot] = row.longitude;
    this.hasWarranty[slot] = row.hasWarranty ? 1 : 0;
    this.acceptsTradeIn[slot] = row.acceptsTradeIn ? 1 : 0;
    this.financingAvailable[slot] = row.financingAvailable ? 1 : 0;
    this.hasImages[slot] = row.photoCount > 0 ? 1 : 0;
    this.verified[slot] = isVerifiedListing(row) ? 1 : 0;
    this.setDeal(slot);
    this.make[slot] = this.names.code(row.make.toLowerCase());
    this.model[slot] = this.names.code(row.model.toLowerCase());
    this.trim[slot] = row.trim === null ? -1 : this.names.code(row.trim.toLowerCase());
    this.seller[slot] = this.sellers.code(row.sellerId);
    for (const field of CODED) {
      this.coded[field].column[slot] = this.coded[field].dictionary.code(row[field]);
    }
    for (const category of FEATURE_CATEGORIES) {
      const { dictionary, lists } = this.features[category];
      lists.set(
        slot,
        (row.features[category] ?? []).map((feature) => dictionary.code(feature)),
      );
    }
    return slot;
  }

  private setDeal(slot: number): void {
    const distance = this.ratings.distance(this.ids[slot]!);
    this.dealDistance[slot] = distance ?? Number.NaN;
    this.dealBand[slot] = distance === undefined ? NO_BAND : DEAL_RATINGS.indexOf(bandForDistance(distance));
  }

  /**
   * An update: the old version leaves, and the row comes back if it is (still) active. Answers the
   * listing's slot, if it has one now.
   */
  private apply(row: IndexRow): number | undefined {
    const current = this.slotOf.get(row.id);
    if (current !== undefined && this.updated[current] === row.updatedMicros) return current;
    this.version++;
    if (current !== undefined) this.remove(row.id);
    if (row.status !== 'active') return undefined;
    const slot = this.place(row);
    for (const sort of SORT_OPTIONS) {
      const order = this.orders[sort];
      order.splice(this.positionIn(sort, slot), 0, slot);
    }
    return slot;
  }

  /**
   * Other listings whose rating a change moved (`changed` was just placed with its own): their
   * columns take the book's new rating and they move in the best-deals order.
   */
  private rerate(ids: string[], changed: number | undefined): void {
    for (const id of ids) {
      const slot = this.slotOf.get(id);
      if (slot === undefined || slot === changed) continue;
      const order = this.orders.best_deal;
      order.splice(this.positionIn('best_deal', slot), 1);
      this.setDeal(slot);
      order.splice(this.positionIn('best_deal', slot), 0, slot);
    }
  }

  private remove(id: string): void {
    const slot = this.slotOf.get(id);
    if (slot === undefined) return;
    this.version++;
    for (const sort of SORT_OPTIONS) this.orders[sort].splice(this.positionIn(sort, slot), 1);
    this.slotOf.delete(id);
    this.alive[slot] = 0;
    this.dead++;
  }

  /** Where `slot` is, or belongs, in a sort order (binary search: the orders are total). */
  private positionIn(sort: SortOption, slot: number): number {
    const order = this.orders[sort];
    const compare = this.comparator(sort);
    let low = 0;
    let high = order.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (compare(order[middle]!, slot) < 0) low = middle + 1;
      else high = middle;
    }
    return low;
  }

  private sortAll(): void {
    const live = [];
    for (let slot = 0; slot < this.size; slot++) if (this.alive[slot]) live.push(slot);
    for (const sort of SORT_OPTIONS) this.orders[sort] = [...live].sort(this.comparator(sort));
  }

  /** The spec's sorts, each ending with newest first and then id, as the SQL orders did. */
  private comparator(sort: SortOption): (a: number, b: number) => number {
    const newestFirst = (a: number, b: number) =>
      this.created[b]! - this.created[a]! ||
      (this.ids[b]! < this.ids[a]! ? -1 : this.ids[b]! > this.ids[a]! ? 1 : 0);
    const by = (column: Int32Column, direction: 1 | -1) => (a: number, b: number) =>
      direction * (column[a]! - column[b]!) || newestFirst(a, b);
    switch (sort) {
      case 'newest':
        return newestFirst;
      case 'price_asc':
        return by(this.price, 1);
      case 'price_desc':
        return by(this.price, -1);
      case 'year_asc':
        return by(this.year, 1);
      case 'year_desc':
        return by(this.year, -1);
      case 'mileage_asc':
        return by(this.mileage, 1);
      case 'mileage_desc':
        return by(this.mileage, -1);
      case 'best_deal':
        // Furthest below the estimate first; listings without a rating last.
        return (a, b) => {
          const first = this.dealDistance[a]!;
          const second = this.dealDistance[b]!;
          if (Number.isNaN(first) || Number.isNaN(second)) {
            return Number(Number.isNaN(first)) - Number(Number.isNaN(second)) || newestFirst(a, b);
          }
          return first - second || newestFirst(a, b);
        };
    }
  }
}
