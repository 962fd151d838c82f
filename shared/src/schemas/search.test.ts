import { describe, expect, it } from '@jest/globals';
import { SEARCH_PARAM_KEYS, toSearchQueryString } from '../contracts/search-url.js';
import { parseSearchQuery, searchQuerySchema, searchQueryShape } from './search.js';

describe('search query', () => {
  it('reads repeated parameters and comma lists alike', () => {
    const parsed = searchQuerySchema.parse({
      bodyType: ['suv', 'van,sedan'],
      minPrice: '5000',
      hasWarranty: 'true',
    });
    expect(parsed).toMatchObject({ bodyType: ['suv', 'van', 'sedan'], minPrice: 5000, hasWarranty: true });
    expect(parsed).toMatchObject({ sort: 'newest', page: 1, limit: 24 });
  });

  it('names the parameter at fault', () => {
    const result = searchQuerySchema.safeParse({ bodyType: 'boat', colour: 'red' });
    expect(result.success).toBe(false);
    const messages = result.error!.issues.map((issue) => issue.message);
    expect(messages).toContain('Unknown parameter: colour');
    expect(messages.some((message) => message.startsWith('bodyType must be one of'))).toBe(true);
  });

  it('drops empty values, false flags and defaults from the URL (spec §4)', () => {
    const query = toSearchQueryString({
      q: '',
      make: 'Toyota',
      bodyType: [],
      fuelType: ['hybrid', 'electric'],
      hasImages: false,
      sort: 'newest',
      page: 1,
      maxPrice: 9000,
    });
    expect(query.toString()).toBe('maxPrice=9000&make=Toyota&fuelType=hybrid%2Celectric');
  });

  it('opens a hand-edited link with its valid parts', () => {
    const parsed = parseSearchQuery(
      new URLSearchParams('make=Honda&bodyType=boat&page=x&radius=25&sort=price_asc'),
    );
    expect(parsed).toMatchObject({ make: 'Honda', sort: 'price_asc', page: 1 });
    expect(parsed.bodyType).toBeUndefined();
    expect(parsed.radius).toBeUndefined();
  });

  it('round-trips through the URL', () => {
    const params = {
      q: 'clean title',
      yearMin: 2010,
      condition: ['good' as const],
      sort: 'price_desc' as const,
      page: 3,
    };
    expect(parseSearchQuery(toSearchQueryString(params))).toMatchObject(params);
  });

  it('builds URLs from exactly the parameters the query schema reads, in its order', () => {
    expect(SEARCH_PARAM_KEYS).toEqual(Object.keys(searchQueryShape));
  });
});
