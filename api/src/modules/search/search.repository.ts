import { asc, desc, eq, type SQL } from 'drizzle-orm';
import type { SortOption } from '@carmarket/shared/constants';
import { listings } from '../../db/schema.js';
import { pageOffset, type PageRequest } from '../../http/pagination.js';
import type { ListingPage, ListingsRepository } from '../listings/listings.repository.js';

// Each order ends with unique columns so that pages never overlap or skip rows between requests.
const ORDER_BY: Record<SortOption, SQL[]> = {
  newest: [desc(listings.createdAt), desc(listings.id)],
  price_asc: [asc(listings.priceAmount), desc(listings.createdAt), desc(listings.id)],
  price_desc: [desc(listings.priceAmount), desc(listings.createdAt), desc(listings.id)],
  year_desc: [desc(listings.year), desc(listings.createdAt), desc(listings.id)],
  year_asc: [asc(listings.year), desc(listings.createdAt), desc(listings.id)],
  mileage_asc: [asc(listings.mileage), desc(listings.createdAt), desc(listings.id)],
  mileage_desc: [desc(listings.mileage), desc(listings.createdAt), desc(listings.id)],
};

export class SearchRepository {
  constructor(private readonly listings: ListingsRepository) {}

  async searchActive(sort: SortOption, page: PageRequest): Promise<ListingPage> {
    const condition = eq(listings.status, 'active');
    const [rows, total] = await Promise.all([
      this.listings
        .selectWithSeller()
        .where(condition)
        .orderBy(...ORDER_BY[sort])
        .limit(page.limit)
        .offset(pageOffset(page)),
      this.listings.countWhere(condition),
    ]);
    return { rows, total };
  }
}
