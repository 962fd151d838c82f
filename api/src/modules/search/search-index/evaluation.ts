import { DEAL_RATINGS } from '@carmarket/shared/constants';
import type { SavedSearchParams } from '@carmarket/shared/schemas';
import type { Coordinates } from '../../geocoding/zip-coordinates.js';
import { NO_BAND, type ColumnStore, type Facet, type FacetCounts } from './columns.js';

/** What a search asks of the index; `text` reads the ids that q's full-text query finds, when there is a q. */
export interface IndexQuery {
  filters: SavedSearchParams;
  center?: Coordinates;
  text?: { key: string; read: () => Promise<string[]> };
  createdAfter?: Date;
  /** Sellers the searching user has blocked: their listings are left out. */
  excludedSellers?: readonly string[];
}

/**
 * What passes a search's filters: `matched` flags and lists the slots passing all of them; each
 * facet with a filter lists the slots failing that filter alone, which still count for its values
 * (a count says how many results choosing the value, in addition to the rest, would give).
 */
export interface Evaluation {
  matched: Uint8Array;
  matchedSlots: Int32Array;
  soleFailures: Map<Facet, number[]>;
}

/** A filter of one facet: `passes(slot)` under the filter, counted against `facet` when it alone fails. */
interface FacetFilter {
  facet: Facet;
  passes: (slot: number) => boolean;
}

type SlotTest = (slot: number) => boolean;

/** cube/earthdistance's earth radius, so radius results match what PostgreSQL's earth_distance says. */
const EARTH_RADIUS_METERS = 6_378_168;
const METERS_PER_MILE = 1609.344;
const RADIANS = Math.PI / 180;

/**
 * The filters of a search that no facet counts against: the columns' ranges, yes/no and names, the
 * text matches, the radius, freshness (`renewedAfter`), `createdAfter` and blocked sellers.
 */
function baseFilters(
  store: ColumnStore,
  { filters, center, createdAfter, excludedSellers }: IndexQuery,
  textIds: string[] | undefined,
  renewedAfter: Date,
): SlotTest[] {
  const { columns } = store;
  const base: SlotTest[] = [];
  if (textIds) {
    const matches = new Uint8Array(store.size);
    for (const id of textIds) {
      const slot = store.slotOf.get(id);
      if (slot !== undefined) matches[slot] = 1;
    }
    base.push((slot) => matches[slot] === 1);
  }
  const { features: _features, ...single } = columns;
  for (const column of Object.values(single)) {
    if (!column.filter) continue;
    const values = column.values;
    if ('range' in column.filter) {
      const [min, max] = column.filter.range.map((key) => filters[key]);
      if (min !== undefined) base.push((slot) => values[slot]! >= min);
      if (max !== undefined) base.push((slot) => values[slot]! <= max);
    } else if (filters[column.filter.flag]) {
      base.push((slot) => values[slot] === 1);
    }
  }
  for (const { name, dictionary, values } of [columns.make, columns.model, columns.trim]) {
    const wanted = name && filters[name];
    if (wanted === undefined) continue;
    const code = dictionary.find(wanted.toLowerCase()) ?? -2;
    base.push((slot) => values[slot] === code);
  }
  if (center && filters.radius !== undefined) {
    base.push(withinRadius(store, center, filters.radius * METERS_PER_MILE));
  }
  // Not renewed for the renewal period: out of search until its owner renews it.
  const renewed = columns.renewed.values;
  const renewedAfterMicros = renewedAfter.getTime() * 1000;
  base.push((slot) => renewed[slot]! > renewedAfterMicros);
  if (createdAfter) {
    const created = columns.created.values;
    const micros = createdAfter.getTime() * 1000;
    base.push((slot) => created[slot]! > micros);
  }
  if (excludedSellers?.length) {
    const { dictionary, values } = columns.seller;
    const excluded = new Set(excludedSellers.map((id) => dictionary.find(id) ?? -1));
    base.push((slot) => !excluded.has(values[slot]!));
  }
  return base;
}

/** Great-circle distance on cube's spherical earth, with a latitude band to skip most rows cheaply. */
function withinRadius(store: ColumnStore, center: Coordinates, meters: number): SlotTest {
  const latitudes = store.columns.latitude.values;
  const longitudes = store.columns.longitude.values;
  const maxAngle = meters / EARTH_RADIUS_METERS;
  const minLatitude = center.latitude - maxAngle / RADIANS;
  const maxLatitude = center.latitude + maxAngle / RADIANS;
  const centerLatitude = center.latitude * RADIANS;
  const cosCenter = Math.cos(centerLatitude);
  const haversineLimit = Math.sin(Math.min(maxAngle, Math.PI) / 2) ** 2;
  return (slot) => {
    const latitude = latitudes[slot]!;
    if (latitude < minLatitude || latitude > maxLatitude) return false;
    const dLatitude = latitude * RADIANS - centerLatitude;
    const dLongitude = (longitudes[slot]! - center.longitude) * RADIANS;
    const haversine =
      Math.sin(dLatitude / 2) ** 2 + cosCenter * Math.cos(latitude * RADIANS) * Math.sin(dLongitude / 2) ** 2;
    return haversine <= haversineLimit;
  };
}

/** The filters that a facet counts against: the coded columns' lists, the deal rating, doors, features. */
function facetFilters(store: ColumnStore, filters: SavedSearchParams): FacetFilter[] {
  const { columns } = store;
  const result: FacetFilter[] = [];
  const { features: _features, ...single } = columns;
  for (const column of Object.values(single)) {
    if (!('among' in column)) continue;
    const wanted = filters[column.among];
    if (!wanted) continue;
    const accepted = column.dictionary.accepting(wanted, column.caseBlind);
    const values = column.values;
    result.push({ facet: column.facet, passes: (slot) => accepted[values[slot]!] === 1 });
  }
  if (filters.dealRating) {
    const accepted = new Uint8Array(NO_BAND + 1);
    for (const band of filters.dealRating) accepted[DEAL_RATINGS.indexOf(band)] = 1;
    const bands = columns.dealBand.values;
    result.push({ facet: 'dealRatings', passes: (slot) => accepted[bands[slot]!] === 1 });
  }
  const { doors, doorsMin, doorsMax } = filters;
  if (doors !== undefined || doorsMin !== undefined || doorsMax !== undefined) {
    const values = columns.doors.values;
    result.push({
      facet: 'doors',
      passes: (slot) => {
        const value = values[slot]!;
        return (
          (doors === undefined || value === doors) &&
          (doorsMin === undefined || value >= doorsMin) &&
          (doorsMax === undefined || value <= doorsMax)
        );
      },
    });
  }
  for (const { filter, dictionary, lists, facet } of columns.features) {
    const wanted = filters[filter];
    if (!wanted) continue;
    // A listing must have every chosen feature of the category (as jsonb containment did).
    const codes = wanted.map((feature) => dictionary.find(feature) ?? -1);
    result.push({ facet, passes: (slot) => codes.every((code) => lists.has(slot, code)) });
  }
  return result;
}

/** Runs the search's filters over every live slot, in one pass (see Evaluation). */
export function evaluate(
  store: ColumnStore,
  query: IndexQuery,
  textIds: string[] | undefined,
  renewedAfter: Date,
): Evaluation {
  const base = baseFilters(store, query, textIds, renewedAfter);
  const byFacet = facetFilters(store, query.filters);
  const alive = store.columns.alive.values;
  const matched = new Uint8Array(store.size);
  const matchedSlots = new Int32Array(store.size);
  let total = 0;
  const soleFailures = new Map<Facet, number[]>(byFacet.map((filter) => [filter.facet, []]));
  const failureLists = byFacet.map((filter) => soleFailures.get(filter.facet)!);
  slots: for (let slot = 0; slot < store.size; slot++) {
    if (!alive[slot]) continue;
    for (const passes of base) if (!passes(slot)) continue slots;
    let failed = -1;
    for (let index = 0; index < byFacet.length; index++) {
      if (byFacet[index]!.passes(slot)) continue;
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

/** Whether one live slot passes every filter of a query (text matching is the caller's). */
export function slotPasses(
  store: ColumnStore,
  query: Omit<IndexQuery, 'text'>,
  slot: number,
  renewedAfter: Date,
): boolean {
  return (
    baseFilters(store, query, undefined, renewedAfter).every((passes) => passes(slot)) &&
    facetFilters(store, query.filters).every((filter) => filter.passes(slot))
  );
}

/**
 * Counts each facet's values, column by column, over the matching slots and those failing only
 * that facet's filter; values as stored (doors as its number's text).
 */
export function facetCounts(store: ColumnStore, { matchedSlots, soleFailures }: Evaluation): FacetCounts {
  const result: FacetCounts = new Map();
  for (const column of store.counted) {
    result.set(column.facet, column.count([matchedSlots, soleFailures.get(column.facet) ?? []]));
  }
  return result;
}
