// The URL form of a search, without the schemas: pages that only link to a search (the dashboard's
// saved searches) should not load zod and every form schema to build a query string.
import { DEFAULT_SORT, type FeatureCategory } from '../constants/enums.js';
import { SEARCH_PAGE_SIZE } from '../constants/limits.js';
import type { SearchFilters, SearchParams } from './entities.js';

/** The filter of each feature category: `safety` → `safetyFeatures`. */
export const FEATURE_FILTER_KEYS = {
  safety: 'safetyFeatures',
  interior: 'interiorFeatures',
  technology: 'technologyFeatures',
  exterior: 'exteriorFeatures',
  other: 'otherFeatures',
} as const satisfies { [C in FeatureCategory]: `${C}Features` & keyof SearchFilters };

/** Every parameter of a search, in URL order (a schema test keeps it equal to the query schema's keys). */
export const SEARCH_PARAM_KEYS = [
  'minPrice',
  'maxPrice',
  'yearMin',
  'yearMax',
  'make',
  'model',
  'trim',
  'bodyType',
  'fuelType',
  'transmission',
  'condition',
  'mileageMin',
  'mileageMax',
  'exteriorColor',
  'interiorColor',
  'doors',
  'doorsMin',
  'doorsMax',
  'titleStatus',
  'cityMpgMin',
  'cityMpgMax',
  'highwayMpgMin',
  'highwayMpgMax',
  'combinedMpgMin',
  'combinedMpgMax',
  'safetyFeatures',
  'interiorFeatures',
  'technologyFeatures',
  'exteriorFeatures',
  'otherFeatures',
  'sellerType',
  'dealRating',
  'radius',
  'zipCode',
  'lat',
  'lon',
  'hasImages',
  'hasWarranty',
  'acceptsTradeIn',
  'financingAvailable',
  'verified',
  'q',
  'sort',
  'page',
  'limit',
] as const satisfies readonly (keyof SearchParams)[];

/**
 * The URL form of a search: empty strings, empty lists, false and defaults dropped (spec §4), lists
 * as comma lists, keys in a stable order so equal searches give equal URLs and query keys.
 */
export function toSearchQueryString(params: SearchParams): URLSearchParams {
  const query = new URLSearchParams();
  for (const key of SEARCH_PARAM_KEYS) {
    const value = params[key];
    if (value === undefined || value === null || value === '' || value === false) continue;
    if (Array.isArray(value)) {
      if (value.length > 0) query.set(key, value.join(','));
      continue;
    }
    if (key === 'sort' && value === DEFAULT_SORT) continue;
    if (key === 'page' && value === 1) continue;
    if (key === 'limit' && value === SEARCH_PAGE_SIZE) continue;
    query.set(key, String(value));
  }
  return query;
}
