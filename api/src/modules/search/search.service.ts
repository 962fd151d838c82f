import type { SortOption } from '@carmarket/shared/constants';
import type { AvailableFilters } from '@carmarket/shared/contracts';
import type { PageRequest } from '../../http/pagination.js';
import type { ListingList, ListingsService } from '../listings/listings.service.js';
import type { SearchRepository } from './search.repository.js';

export interface SearchResult extends ListingList {
  filters: { available: AvailableFilters };
}

// Facet counts are not computed yet; the lists keep the response shape stable for the search page.
const NO_FACETS: AvailableFilters = {
  bodyTypes: [],
  transmissions: [],
  fuelTypes: [],
  conditions: [],
  titleStatuses: [],
  exteriorColors: [],
  interiorColors: [],
  doors: [],
  features: { safety: [], interior: [], technology: [], exterior: [], other: [] },
  sellerTypes: [],
};

export class SearchService {
  constructor(
    private readonly search: SearchRepository,
    private readonly listings: ListingsService,
  ) {}

  async searchListings(sort: SortOption, page: PageRequest, viewerId: string | null): Promise<SearchResult> {
    const found = await this.search.searchActive(sort, page);
    return { ...(await this.listings.presentPage(found, page, viewerId)), filters: { available: NO_FACETS } };
  }
}
