import { DEAL_RATINGS, FEATURE_CATEGORIES, type FeatureCategory } from '@carmarket/shared/constants';
import { FEATURE_FILTER_KEYS } from '@carmarket/shared/contracts';
import { isVerifiedListing, type SavedSearchParams } from '@carmarket/shared/schemas';
import type { IndexRow } from './source.js';

/**
 * The filterable fields of the index's listings, column by column in typed arrays: slot s of every
 * column is one listing. `createColumns` is the one list of them: how each is read from a row, which
 * filter of a search tests it and which facet counts it; storage, growth, filters and facets all
 * follow from it.
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

const INITIAL_CAPACITY = 1024;
/**
 * Full slots grow by a quarter, not double (a few more copies while the index is read): doubled, the
 * 91,978 listings of the benchmark's seed had 131,072 slots, 7 MB of the columns unused.
 */
const GROWTH = 1.25;
/** dealBand of a listing without a rating: the position after the last band. */
export const NO_BAND = DEAL_RATINGS.length;

/** The search's filters whose value is of type V (a range bound, a yes/no, a name, a list of values). */
type FilterKey<V> = {
  [K in keyof SavedSearchParams]-?: NonNullable<SavedSearchParams[K]> extends V ? K : never;
}[keyof SavedSearchParams];

/** Strings stored as small integer codes; `lower` keeps each code's lower case for case-blind filters. */
export class Dictionary {
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

/** Counts of codes (a facet's values): `counts[code]` listings have value `label(code)`. */
function labelled(counts: Int32Array, label: (code: number) => string | undefined): Map<string, number> {
  const values = new Map<string, number>();
  counts.forEach((count, code) => {
    const value = label(code);
    if (count && value !== undefined) values.set(value, count);
  });
  return values;
}

/** What every stored column does as listings are placed and the slots grow. */
interface Stored {
  write(slot: number, row: IndexRow): void;
  /** Keeps the first `capacity` slots (all of them when growing). */
  resize(capacity: number): void;
}

/** A column a facet counts, over groups of slots (see evaluation.ts). */
export interface Counted {
  readonly facet: Facet;
  count(groups: readonly ArrayLike<number>[]): Map<string, number>;
}

type NumberArray = Int32Array | Float64Array | Uint8Array;
const ints = (length: number) => new Int32Array(length);
const floats = (length: number) => new Float64Array(length);
const flags = (length: number) => new Uint8Array(length);

/** Filters a numeric column takes: a range of two bounds, or a yes/no that wants a 1. */
type NumericFilter = { range: [FilterKey<number>, FilterKey<number>] } | { flag: FilterKey<boolean> };

/**
 * One number per slot. `read` is undefined for columns the index fills itself (the deal rating, from
 * the rating book). NaN stands for "not given" in float columns: it fails every comparison as NULL
 * does in SQL.
 */
export class Column<Values extends NumberArray> implements Stored {
  values: Values;
  /** The largest value written (the doors facet counts up to it). */
  largest = 0;

  constructor(
    private readonly allocate: (length: number) => Values,
    private readonly read?: (row: IndexRow) => number,
    readonly filter?: NumericFilter,
  ) {
    this.values = allocate(INITIAL_CAPACITY);
  }

  write(slot: number, row: IndexRow): void {
    if (this.read) this.set(slot, this.read(row));
  }

  set(slot: number, value: number): void {
    const values: NumberArray = this.values;
    values[slot] = value;
    if (value > this.largest) this.largest = value;
  }

  resize(capacity: number): void {
    const resized = this.allocate(capacity);
    resized.set(this.values.subarray(0, capacity));
    this.values = resized;
  }
}

/** A small-number column a facet counts, each value labelled (none: not counted). */
class CountedColumn<Values extends Int32Array | Uint8Array> extends Column<Values> implements Counted {
  constructor(
    allocate: (length: number) => Values,
    read: ((row: IndexRow) => number) | undefined,
    readonly facet: Facet,
    private readonly label: (code: number) => string | undefined,
  ) {
    super(allocate, read);
  }

  count(groups: readonly ArrayLike<number>[]): Map<string, number> {
    const counts = new Int32Array(this.largest + 1);
    const values = this.values;
    for (const slots of groups) {
      for (let at = 0; at < slots.length; at++) counts[values[slots[at]!]!]!++;
    }
    return labelled(counts, this.label);
  }
}

/**
 * A string column held as dictionary codes (-1: no value). `name` filters it by one value, compared
 * in lower case (the codes of make, model and trim are of their lower case); `among` by a list of
 * values, counted for a facet.
 */
export class CodedColumn extends Column<Int32Array> {
  constructor(
    readonly dictionary: Dictionary,
    value: (row: IndexRow) => string | null,
    readonly name?: FilterKey<string>,
  ) {
    super(ints, (row) => {
      const text = value(row);
      return text === null ? -1 : dictionary.code(text);
    });
  }
}

/** A coded column of enumerated or open values that a facet counts and an `among` filter tests. */
export class FacetColumn extends CodedColumn implements Counted {
  constructor(
    value: (row: IndexRow) => string,
    readonly facet: Facet,
    readonly among: FilterKey<readonly string[]>,
    readonly caseBlind = false,
  ) {
    super(new Dictionary(), value);
  }

  count(groups: readonly ArrayLike<number>[]): Map<string, number> {
    const counts = new Int32Array(this.dictionary.values.length);
    const values = this.values;
    for (const slots of groups) {
      for (let at = 0; at < slots.length; at++) counts[values[slots[at]!]!]!++;
    }
    return labelled(counts, (code) => this.dictionary.values[code]);
  }
}

/**
 * Each slot's list of small codes, packed into one growing array: slot s holds
 * `pool[start[s] .. start[s] + length[s])`. Far less memory and garbage than an array per slot, and
 * counting walks typed arrays only. Space of removed slots comes back when the index is rebuilt.
 */
class PackedLists {
  private start = new Int32Array(INITIAL_CAPACITY);
  private length = new Uint16Array(INITIAL_CAPACITY);
  private pool = new Int32Array(INITIAL_CAPACITY);
  private used = 0;

  resize(capacity: number): void {
    const start = new Int32Array(capacity);
    start.set(this.start.subarray(0, capacity));
    const length = new Uint16Array(capacity);
    length.set(this.length.subarray(0, capacity));
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

/** One feature category's features of every slot; its filter wants all the chosen ones. */
export class FeatureColumn implements Stored, Counted {
  readonly dictionary = new Dictionary();
  readonly lists = new PackedLists();
  readonly facet: Facet;
  readonly filter: FilterKey<readonly string[]>;

  constructor(private readonly category: FeatureCategory) {
    this.facet = `features.${category}`;
    this.filter = FEATURE_FILTER_KEYS[category];
  }

  write(slot: number, row: IndexRow): void {
    this.lists.set(
      slot,
      (row.features[this.category] ?? []).map((feature) => this.dictionary.code(feature)),
    );
  }

  resize(capacity: number): void {
    this.lists.resize(capacity);
  }

  count(groups: readonly ArrayLike<number>[]): Map<string, number> {
    const counts = new Int32Array(this.dictionary.values.length);
    for (const slots of groups) {
      for (let at = 0; at < slots.length; at++) this.lists.countInto(counts, slots[at]!);
    }
    return labelled(counts, (code) => this.dictionary.values[code]);
  }
}

const orNaN = (value: number | null) => value ?? Number.NaN;

/** The index's columns: the one list (see the top of this file). */
function createColumns() {
  // make, model and trim in lower case (their filters are case-blind), in one dictionary.
  const names = new Dictionary();
  return {
    alive: new Column(flags, () => 1),
    created: new Column(floats, (row) => row.createdMicros),
    updated: new Column(floats, (row) => row.updatedMicros),
    renewed: new Column(floats, (row) => row.renewedMicros),
    price: new Column(ints, (row) => row.priceAmount, { range: ['minPrice', 'maxPrice'] }),
    year: new Column(ints, (row) => row.year, { range: ['yearMin', 'yearMax'] }),
    mileage: new Column(ints, (row) => row.mileage, { range: ['mileageMin', 'mileageMax'] }),
    cityMpg: new Column(floats, (row) => orNaN(row.cityMpg), { range: ['cityMpgMin', 'cityMpgMax'] }),
    highwayMpg: new Column(floats, (row) => orNaN(row.highwayMpg), {
      range: ['highwayMpgMin', 'highwayMpgMax'],
    }),
    combinedMpg: new Column(floats, (row) => orNaN(row.combinedMpg), {
      range: ['combinedMpgMin', 'combinedMpgMax'],
    }),
    latitude: new Column(floats, (row) => row.latitude),
    longitude: new Column(floats, (row) => row.longitude),
    hasWarranty: new Column(flags, (row) => Number(row.hasWarranty), { flag: 'hasWarranty' }),
    acceptsTradeIn: new Column(flags, (row) => Number(row.acceptsTradeIn), { flag: 'acceptsTradeIn' }),
    financingAvailable: new Column(flags, (row) => Number(row.financingAvailable), {
      flag: 'financingAvailable',
    }),
    hasImages: new Column(flags, (row) => Number(row.photoCount > 0), { flag: 'hasImages' }),
    verified: new Column(flags, (row) => Number(isVerifiedListing(row)), { flag: 'verified' }),
    // Filtered by doors, doorsMin and doorsMax together (evaluation.ts); counted by number.
    doors: new CountedColumn(ints, (row) => row.doors, 'doors', String),
    // The deal rating, from the rating book: how far the price is from the estimate (NaN: not enough
    // data) and its band's position in DEAL_RATINGS (NO_BAND: none, not counted).
    dealDistance: new Column(floats),
    dealBand: new CountedColumn(flags, undefined, 'dealRatings', (code) => DEAL_RATINGS[code]),
    make: new CodedColumn(names, (row) => row.make.toLowerCase(), 'make'),
    model: new CodedColumn(names, (row) => row.model.toLowerCase(), 'model'),
    trim: new CodedColumn(names, (row) => row.trim?.toLowerCase() ?? null, 'trim'),
    seller: new CodedColumn(new Dictionary(), (row) => row.sellerId),
    bodyType: new FacetColumn((row) => row.bodyType, 'bodyTypes', 'bodyType'),
    transmission: new FacetColumn((row) => row.transmission, 'transmissions', 'transmission'),
    fuelType: new FacetColumn((row) => row.fuelType, 'fuelTypes', 'fuelType'),
    condition: new FacetColumn((row) => row.condition, 'conditions', 'condition'),
    titleStatus: new FacetColumn((row) => row.titleStatus, 'titleStatuses', 'titleStatus'),
    exteriorColor: new FacetColumn((row) => row.exteriorColor, 'exteriorColors', 'exteriorColor', true),
    interiorColor: new FacetColumn((row) => row.interiorColor, 'interiorColors', 'interiorColor', true),
    sellerRole: new FacetColumn((row) => row.sellerRole, 'sellerTypes', 'sellerType'),
    features: FEATURE_CATEGORIES.map((category) => new FeatureColumn(category)),
  };
}
export type Columns = ReturnType<typeof createColumns>;

/**
 * The listings' columns and which listing each slot holds. Slots are appended; a removed listing's
 * slot stays dead (not `alive`) until the index is built again.
 */
export class ColumnStore {
  readonly columns: Columns = createColumns();
  /** Every column, for writing and growing. */
  private readonly stored: Stored[];
  /** The columns with a facet, in FACETS' order. */
  readonly counted: Counted[];
  readonly ids: string[] = [];
  readonly slotOf = new Map<string, number>();
  /** Slots used, and how many of them are dead. */
  size = 0;
  dead = 0;
  private capacity = INITIAL_CAPACITY;

  constructor() {
    const { features, ...single } = this.columns;
    this.stored = [...Object.values(single), ...features];
    const counted = this.stored.filter((column): column is Counted & Stored => 'facet' in column);
    this.counted = FACETS.map((facet) => {
      const column = counted.find((candidate) => candidate.facet === facet);
      if (!column) throw new Error(`No column counts the facet ${facet}`);
      return column;
    });
  }

  /** Live listings held. */
  get listings(): number {
    return this.size - this.dead;
  }

  /** Writes an active row into a new slot (its deal rating and sort positions are the caller's). */
  place(row: IndexRow): number {
    if (this.size === this.capacity) {
      this.capacity = Math.ceil(this.capacity * GROWTH);
      for (const column of this.stored) column.resize(this.capacity);
    }
    const slot = this.size++;
    this.ids[slot] = row.id;
    this.slotOf.set(row.id, slot);
    for (const column of this.stored) column.write(slot, row);
    return slot;
  }

  /** Gives back the slots grown but not used, once a full read has placed every listing. */
  fit(): void {
    this.capacity = Math.max(this.size, INITIAL_CAPACITY);
    for (const column of this.stored) column.resize(this.capacity);
  }

  /** Marks a listing's slot dead; answers the slot it had. */
  remove(id: string): number | undefined {
    const slot = this.slotOf.get(id);
    if (slot === undefined) return undefined;
    this.slotOf.delete(id);
    this.columns.alive.set(slot, 0);
    this.dead++;
    return slot;
  }
}
