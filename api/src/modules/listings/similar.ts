import type { Listing } from '@carmarket/shared/contracts';
import { and, eq, ne, sql } from 'drizzle-orm';
import { isUuid } from '../../db/uuid.js';
import { listings } from '../../db/schema.js';
import { NotFoundError } from '../../http/errors.js';
import type { ListingRow, ListingsRepository, ListingWithSeller } from './listings.repository.js';
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
 * Up to `limit` active listings most like `of`: same make and model first, then same body type,
 * then the closest in price, year and mileage, then the nearest (earthdistance, as radius search).
 * Never `of` itself, never a sold listing or a draft.
 */
export async function findSimilar(
  repository: ListingsRepository,
  of: ListingRow,
  limit: number,
): Promise<ListingWithSeller[]> {
  const sameModel = sql`(${listings.make} = ${of.make} and ${listings.model} = ${of.model})`;
  const sameBody = sql`(${listings.bodyType} = ${of.bodyType})`;
  const distance = sql`earth_distance(ll_to_earth(${listings.latitude}, ${listings.longitude}), ll_to_earth(${of.latitude}, ${of.longitude}))`;
  return repository
    .selectWithSeller()
    .where(and(eq(listings.status, 'active'), ne(listings.id, of.id)))
    .orderBy(sql`${sameModel} desc`, sql`${sameBody} desc`, closeness(of), distance, listings.id)
    .limit(limit);
}

/** GET /listings/{id}/similar: for any listing a viewer may open (drafts only for their owner). */
export async function similarListings(
  repository: ListingsRepository,
  service: ListingsService,
  id: string,
  viewerId: string | null,
  limit: number,
): Promise<Listing[]> {
  const found = isUuid(id) ? await repository.findById(id) : undefined;
  if (!found || (found.listing.status === 'draft' && found.listing.sellerId !== viewerId)) {
    throw new NotFoundError('Listing not found', 'LISTING_NOT_FOUND');
  }
  return service.present(await findSimilar(repository, found.listing, limit), viewerId);
}
