import type { Listing } from '@carmarket/shared/contracts';
import { and, between, inArray, ne, or, sql, type SQL } from 'drizzle-orm';
import { listings } from '../../db/schema.js';
import { NotFoundError } from '../../http/errors.js';
import {
  inSearch,
  type ListingRow,
  type ListingsRepository,
  type ListingWithSeller,
} from './listings.repository.js';
import type { ListingsService } from './listings.service.js';

/**
 * How far apart two cars are in price, year and mileage, as one number: a price 100% away, 10
 * model years or 50,000 miles each count 1. Rounded to one decimal, so cars that are about as
 * close fall into one band and the nearer one comes first within it.
 */
function closeness(to: ListingRow) {
  return sql`round((
    abs(${listings.priceAmount} - ${to.priceAmount})::numeric / greatest(${to.priceAmount}, 1)
    + abs(${listings.year} - ${to.year})::numeric / 10
    + abs(${listings.mileage} - ${to.mileage})::numeric / 50000
  ), 1)`;
}

/**
 * How many listings each tier's first look reads on each side of the price: enough that the
 * second look (below) rarely has more than a handful of rows to add.
 */
const NEAREST_PRICES_PER_SIDE = 50;

/**
 * The tiers of the ranking, best first — same make and model, then same body type, so a same-model
 * car of another body type sits between the two: every active listing falls in exactly one.
 */
function tiers(of: ListingRow) {
  const sameModel = sql`(${listings.make} = ${of.make} and ${listings.model} = ${of.model})`;
  const sameBody = sql`(${listings.bodyType} = ${of.bodyType})`;
  return {
    sameModel,
    sameBody,
    conditions: [
      sql`(${sameModel} and ${sameBody})`,
      sql`(${sameModel} and not ${sameBody})`,
      sql`(not ${sameModel} and ${sameBody})`,
      sql`(not ${sameModel} and not ${sameBody})`,
    ],
    of: (row: ListingRow) =>
      (row.make === of.make && row.model === of.model ? 0 : 2) + (row.bodyType === of.bodyType ? 0 : 1),
  };
}

/** Unrounded closeness (see `closeness`), for the bound of the second look. */
function closenessOf(row: ListingRow, to: ListingRow) {
  return (
    Math.abs(row.priceAmount - to.priceAmount) / Math.max(to.priceAmount, 1) +
    Math.abs(row.year - to.year) / 10 +
    Math.abs(row.mileage - to.mileage) / 50_000
  );
}

/**
 * Up to `limit` listings in search (active, renewed after `renewedAfter`) most like `of`: same make
 * and model first, then same body type, then the closest in price, year and mileage, then the
 * nearest (earthdistance, as radius search). Never `of` itself, a sold or expired listing, or a draft.
 *
 * Scoring every active listing takes seconds, so it ranks in two looks through indexes, with the
 * same result as ranking them all:
 * 1. the nearest prices above and below `of`'s in each tier (index scans with a limit), ranked;
 * 2. the `limit`-th of those is a real listing, so nothing ranked after it can be in the answer:
 *    only listings of its tier whose price, year and mileage each lie within its closeness (plus
 *    one band, for the rounding) can tie or beat it — better tiers had fewer than `limit`
 *    listings, all already read. Those few are ranked with the first look's best.
 * Distance is computed only for the rows each look ranks.
 */
export async function findSimilar(
  repository: ListingsRepository,
  of: ListingRow,
  limit: number,
  renewedAfter: Date,
): Promise<ListingWithSeller[]> {
  const tier = tiers(of);
  const others = and(inSearch(renewedAfter), ne(listings.id, of.id));
  const distance = sql`earth_distance(ll_to_earth(${listings.latitude}, ${listings.longitude}), ll_to_earth(${of.latitude}, ${of.longitude}))`;
  const ranked = (condition: SQL | undefined) =>
    repository
      .selectWithSeller()
      .where(and(others, condition))
      .orderBy(sql`${tier.sameModel} desc`, sql`${tier.sameBody} desc`, closeness(of), distance, listings.id)
      .limit(limit);

  const nearestPrices = tier.conditions.flatMap((condition) => [
    sql`(select ${listings.id} from ${listings} where ${others} and ${condition}
      and ${listings.priceAmount} >= ${of.priceAmount} order by ${listings.priceAmount} limit ${NEAREST_PRICES_PER_SIDE})`,
    sql`(select ${listings.id} from ${listings} where ${others} and ${condition}
      and ${listings.priceAmount} < ${of.priceAmount} order by ${listings.priceAmount} desc limit ${NEAREST_PRICES_PER_SIDE})`,
  ]);
  // `= any(array(...))`, not `in (...)`: the array is computed once (an init plan), where a semi join
  // may run the eight scans again for every listing in search when the table's statistics are off
  // (100 ms at 185 listings on a table not analyzed yet).
  const firstLook = await ranked(
    sql`${listings.id} = any(array(${sql.join(nearestPrices, sql` union all `)}))`,
  );
  const last = firstLook.at(-1)?.listing;
  // Fewer than `limit` means no branch reached its limit: every listing in search was read.
  if (!last || firstLook.length < limit) return firstLook;

  // round(c, 1) ≤ round(cLast, 1) needs c < cLast + 0.1, and each of c's three terms is below that.
  const reach = closenessOf(last, of) + 0.1;
  const priceReach = Math.ceil(reach * Math.max(of.priceAmount, 1));
  const yearReach = Math.ceil(reach * 10);
  const mileageReach = Math.ceil(reach * 50_000);
  const rivals = and(
    tier.conditions[tier.of(last)],
    between(listings.priceAmount, of.priceAmount - priceReach, of.priceAmount + priceReach),
    between(listings.year, of.year - yearReach, of.year + yearReach),
    between(listings.mileage, of.mileage - mileageReach, of.mileage + mileageReach),
  );
  const firstLookIds = firstLook.map((row) => row.listing.id);
  return ranked(or(inArray(listings.id, firstLookIds), rivals));
}

/** How long a ranking is kept: the spec caches similar listings for 5 minutes (§9). */
const RANKING_TTL_MS = 5 * 60_000;
/** About 400 bytes each (six ids and the key): some 4 MB at most. */
const RANKINGS_MAX = 10_000;

/**
 * The listings `findSimilar` ranked for a car, by the car as it was ranked (its make, model, body
 * type, price, year, mileage and place, and the limit: an edit ranks it again), kept five minutes,
 * the least recently read dropped first past `maxEntries`. Ranking reads a hundred or so rows
 * through eight index scans; a kept ranking is read back by id. So a guest's listing page, which
 * the server renders with its similar cars, costs the ranking once in five minutes.
 */
export class SimilarRankings {
  private readonly entries = new Map<string, { ids: string[]; until: number }>();

  constructor(
    readonly maxEntries = RANKINGS_MAX,
    readonly ttlMs = RANKING_TTL_MS,
    private readonly now = () => Date.now(),
  ) {}

  get(key: string): string[] | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    this.entries.delete(key);
    if (entry.until <= this.now()) return undefined;
    this.entries.set(key, entry);
    return entry.ids;
  }

  set(key: string, ids: string[]): void {
    this.entries.delete(key);
    this.entries.set(key, { ids, until: this.now() + this.ttlMs });
    if (this.entries.size > this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
  }
}

const rankingKey = (of: ListingRow, limit: number) =>
  [
    of.id,
    of.make,
    of.model,
    of.bodyType,
    of.priceAmount,
    of.year,
    of.mileage,
    of.latitude,
    of.longitude,
    limit,
  ].join('|');

/**
 * The kept ranking's listings that are still in search, in its order, as they are now (price,
 * photos, seller): one that sold or expired since is left out until the ranking is made again.
 */
async function stillInSearch(
  repository: ListingsRepository,
  ids: string[],
  renewedAfter: Date,
): Promise<ListingWithSeller[]> {
  if (ids.length === 0) return [];
  const rows = await repository
    .selectWithSeller()
    .where(and(inSearch(renewedAfter), inArray(listings.id, ids)));
  const byId = new Map(rows.map((row) => [row.listing.id, row]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** GET /listings/{id}/similar: for any listing a viewer may open (drafts only for their owner). */
export async function similarListings(
  repository: ListingsRepository,
  service: ListingsService,
  rankings: SimilarRankings,
  id: string,
  viewerId: string | null,
  limit: number,
): Promise<Listing[]> {
  const found = await service.findWithSeller(id);
  if (!found || (found.listing.status === 'draft' && found.listing.sellerId !== viewerId)) {
    throw new NotFoundError('Listing not found', 'LISTING_NOT_FOUND');
  }
  const renewedAfter = service.freshness.renewedAfter();
  const key = rankingKey(found.listing, limit);
  const kept = rankings.get(key);
  if (kept) return service.present(await stillInSearch(repository, kept, renewedAfter), viewerId);
  const similar = await findSimilar(repository, found.listing, limit, renewedAfter);
  rankings.set(
    key,
    similar.map((row) => row.listing.id),
  );
  return service.present(similar, viewerId);
}
