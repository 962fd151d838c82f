// The search query of spec §3 "Search filters" (plus q, sort, paging and a radius centre), read
// the same way by the /search page (from its URL) and by GET /api/search (from the request), so a
// shared link and a saved search mean exactly the same filter set on both sides.
import { z } from 'zod/mini';
import { DEAL_RATINGS, DEFAULT_SORT, SORT_OPTIONS } from '../constants/enums.js';
import {
  BODY_TYPES,
  CONDITIONS,
  FUEL_TYPES,
  SELLER_ROLES,
  TITLE_STATUSES,
  TRANSMISSIONS,
} from '../constants/enums.js';
import { NAME_MAX, SEARCH_PAGE_SIZE, ZIP_PATTERN } from '../constants/limits.js';
import { safeText } from './fields.js';

/** The largest page a client may ask for. */
export const SEARCH_LIMIT_MAX = 100;
/** Radius search is capped so that one request cannot ask for the whole continent. */
export const SEARCH_RADIUS_MAX_MILES = 500;
export const SEARCH_QUERY_MAX = 200;
export const SAVED_SEARCH_NAME_MAX = NAME_MAX;

/** A query value as a string, or the first of several (a repeated single-valued parameter). */
function single(value: unknown): unknown {
  return Array.isArray(value) ? value[value.length - 1] : value;
}

/** '' and whitespace mean "not set" (spec §4: empty values are dropped). */
function blankToUndefined(value: unknown): unknown {
  const one = single(value);
  if (typeof one === 'string' && one.trim() === '') return undefined;
  return typeof one === 'string' ? one.trim() : one;
}

/** zod's preprocess (zod/mini has none): `prepare` runs on the raw value before `schema` checks it. */
function preprocess<T extends z.core.$ZodType>(prepare: (value: unknown) => unknown, schema: T) {
  return z.pipe(z.transform(prepare), schema);
}

function wholeNumber(name: string, min: number, max = Number.MAX_SAFE_INTEGER) {
  const message = `${name} must be a whole number from ${min} to ${max === Number.MAX_SAFE_INTEGER ? 'up' : max}`;
  return preprocess(
    blankToUndefined,
    z.optional(
      z.coerce
        .number({ error: message })
        .check(z.int(message), z.minimum(min, message), z.maximum(max, message)),
    ),
  );
}

function coordinate(name: string, limit: number) {
  const message = `${name} must be a number from -${limit} to ${limit}`;
  return preprocess(
    blankToUndefined,
    z.optional(
      z.coerce.number({ error: message }).check(z.minimum(-limit, message), z.maximum(limit, message)),
    ),
  );
}

/** Repeated parameters and comma lists both work: ?bodyType=suv&bodyType=van or ?bodyType=suv,van. */
function splitList(value: unknown): unknown {
  if (value === undefined || value === null) return undefined;
  const parts = (Array.isArray(value) ? value : [value]).flatMap((part) =>
    typeof part === 'string' ? part.split(',') : [part],
  );
  const kept = parts
    .map((part) => (typeof part === 'string' ? part.trim() : part))
    .filter((part) => part !== '');
  return kept.length > 0 ? [...new Set(kept)] : undefined;
}

function enumList<const T extends readonly [string, ...string[]]>(name: string, values: T) {
  return preprocess(
    splitList,
    z.optional(z.array(z.enum(values, { error: `${name} must be one of: ${values.join(', ')}` }))),
  );
}

function textList(name: string) {
  return preprocess(
    splitList,
    z.optional(
      z.array(
        safeText({ error: `${name} must be text` }).check(z.maxLength(100, `${name} values are too long`)),
      ),
    ),
  );
}

function text(name: string, max = 100) {
  return preprocess(
    blankToUndefined,
    z.optional(safeText({ error: `${name} must be text` }).check(z.maxLength(max, `${name} is too long`))),
  );
}

/** 'true'/'1' turn the filter on; 'false'/'0'/'' leave it off (false filters are dropped, spec §4). */
function flag(name: string) {
  return preprocess(
    (value) => {
      const one = blankToUndefined(value);
      if (one === 'true' || one === '1' || one === true) return true;
      if (one === 'false' || one === '0' || one === false) return undefined;
      return one;
    },
    z.optional(z.literal(true, { error: `${name} must be true or false` })),
  );
}

const year = (name: string) => wholeNumber(name, 1900, 2100);
const money = (name: string) => wholeNumber(name, 0, 10_000_000);
const miles = (name: string) => wholeNumber(name, 0, 10_000_000);
const mpg = (name: string) => wholeNumber(name, 0, 1000);
const doors = (name: string) => wholeNumber(name, 0, 10);

export const searchFiltersShape = {
  minPrice: money('minPrice'),
  maxPrice: money('maxPrice'),
  yearMin: year('yearMin'),
  yearMax: year('yearMax'),
  make: text('make'),
  model: text('model'),
  trim: text('trim'),
  bodyType: enumList('bodyType', BODY_TYPES),
  fuelType: enumList('fuelType', FUEL_TYPES),
  transmission: enumList('transmission', TRANSMISSIONS),
  condition: enumList('condition', CONDITIONS),
  mileageMin: miles('mileageMin'),
  mileageMax: miles('mileageMax'),
  exteriorColor: textList('exteriorColor'),
  interiorColor: textList('interiorColor'),
  doors: doors('doors'),
  doorsMin: doors('doorsMin'),
  doorsMax: doors('doorsMax'),
  titleStatus: enumList('titleStatus', TITLE_STATUSES),
  cityMpgMin: mpg('cityMpgMin'),
  cityMpgMax: mpg('cityMpgMax'),
  highwayMpgMin: mpg('highwayMpgMin'),
  highwayMpgMax: mpg('highwayMpgMax'),
  combinedMpgMin: mpg('combinedMpgMin'),
  combinedMpgMax: mpg('combinedMpgMax'),
  safetyFeatures: textList('safetyFeatures'),
  interiorFeatures: textList('interiorFeatures'),
  technologyFeatures: textList('technologyFeatures'),
  exteriorFeatures: textList('exteriorFeatures'),
  otherFeatures: textList('otherFeatures'),
  sellerType: enumList('sellerType', SELLER_ROLES),
  /** Listings rated in one of these bands (issue 16); listings without a rating never match. */
  dealRating: enumList('dealRating', DEAL_RATINGS),
  /** Miles around `zipCode` or `lat`/`lon`; the spec lists radius alone, a radius needs a centre. */
  radius: wholeNumber('radius', 1, SEARCH_RADIUS_MAX_MILES),
  zipCode: preprocess(
    blankToUndefined,
    z.optional(
      safeText({ error: 'zipCode must be 5 digits' }).check(z.regex(ZIP_PATTERN, 'zipCode must be 5 digits')),
    ),
  ),
  lat: coordinate('lat', 90),
  lon: coordinate('lon', 180),
  hasImages: flag('hasImages'),
  hasWarranty: flag('hasWarranty'),
  acceptsTradeIn: flag('acceptsTradeIn'),
  financingAvailable: flag('financingAvailable'),
  /** Verified listings only (see Listing.verified). */
  verified: flag('verified'),
};

/** The filters of a search (spec §3), as the schema reads them. */
export type SearchFilters = z.output<z.ZodMiniObject<typeof searchFiltersShape>>;

export const searchQueryShape = {
  ...searchFiltersShape,
  q: text('q', SEARCH_QUERY_MAX),
  sort: preprocess(
    blankToUndefined,
    z._default(z.enum(SORT_OPTIONS, { error: 'Invalid sort option' }), DEFAULT_SORT),
  ),
  page: preprocess(
    blankToUndefined,
    z._default(
      z.coerce
        .number({ error: 'Page must be a whole number' })
        .check(z.int('Page must be a whole number'), z.minimum(1, 'Page must be 1 or more')),
      1,
    ),
  ),
  limit: preprocess(
    blankToUndefined,
    z._default(
      z.coerce
        .number({ error: 'Limit must be a whole number' })
        .check(
          z.int('Limit must be a whole number'),
          z.minimum(1, 'Limit must be 1 or more'),
          z.maximum(SEARCH_LIMIT_MAX, `Limit must be at most ${SEARCH_LIMIT_MAX}`),
        ),
      SEARCH_PAGE_SIZE,
    ),
  ),
};

/** A radius needs a centre, and a centre is a ZIP or both coordinates. */
function checkRadius(
  value: { radius?: number; zipCode?: string; lat?: number; lon?: number },
  ctx: z.core.$RefinementCtx,
) {
  if ((value.lat === undefined) !== (value.lon === undefined)) {
    ctx.addIssue({
      code: 'custom',
      path: [value.lat === undefined ? 'lat' : 'lon'],
      message: 'lat and lon go together',
    });
  }
  if (value.radius !== undefined && value.zipCode === undefined && value.lat === undefined) {
    ctx.addIssue({ code: 'custom', path: ['radius'], message: 'radius needs a zipCode or lat and lon' });
  }
}

const unknownParameter = (issue: z.core.$ZodRawIssue) =>
  issue.code === 'unrecognized_keys'
    ? `Unknown parameter: ${(issue.keys as string[]).join(', ')}`
    : undefined;

/** GET /api/search: every parameter named, unknown ones rejected. */
export const searchQuerySchema = z
  .strictObject(searchQueryShape, { error: unknownParameter })
  .check(z.superRefine(checkRadius));
export type SearchQuery = z.output<typeof searchQuerySchema>;
/**
 * A search as a client builds it: the filters, and text, sort and paging left to their defaults. A
 * flag may be false here, which the URL and the schema drop like an unset one (spec §4).
 */
export type SearchParams = {
  [K in keyof SearchFilters]?: Exclude<SearchFilters[K], undefined> extends true ? boolean : SearchFilters[K];
} & Partial<Pick<SearchQuery, 'q' | 'sort' | 'page' | 'limit'>>;

/** The filters, text and sort a saved search keeps (no paging). */
export const savedSearchParamsSchema = z
  .strictObject(
    { ...searchFiltersShape, q: searchQueryShape.q, sort: searchQueryShape.sort },
    { error: unknownParameter },
  )
  .check(z.superRefine(checkRadius));
export type SavedSearchParams = z.output<typeof savedSearchParamsSchema>;

export const savedSearchPayloadSchema = z.strictObject({
  name: safeText({ error: 'Name is required' }).check(
    z.trim(),
    z.minLength(1, 'Name is required'),
    z.maxLength(SAVED_SEARCH_NAME_MAX, `Name must be at most ${SAVED_SEARCH_NAME_MAX} characters`),
  ),
  params: savedSearchParamsSchema,
});
export type SavedSearchPayload = z.output<typeof savedSearchPayloadSchema>;

/** GET /api/search/suggestions: fewer than 2 characters is valid and answers an empty list. */
export const suggestionsQuerySchema = z.strictObject(
  {
    q: preprocess(
      (value) => single(value) ?? '',
      safeText().check(z.maxLength(SEARCH_QUERY_MAX, 'q is too long')),
    ),
  },
  { error: unknownParameter },
);

/** The query parameters as a plain object: repeated keys become lists (like the server's parser). */
export function queryToObject(query: URLSearchParams): Record<string, string | string[]> {
  const object: Record<string, string | string[]> = {};
  for (const key of new Set(query.keys())) {
    const values = query.getAll(key);
    object[key] = values.length > 1 ? values : values[0]!;
  }
  return object;
}

/**
 * Reads a URL's search, keeping every valid parameter and dropping invalid or unknown ones, so a
 * hand-edited link still opens the closest search instead of an error.
 */
export function parseSearchQuery(query: URLSearchParams): SearchQuery {
  const raw = queryToObject(query);
  const kept: Record<string, unknown> = {};
  for (const [key, schema] of Object.entries(searchQueryShape) as [string, z.ZodMiniType][]) {
    const parsed = schema.safeParse(raw[key]);
    if (parsed.success && parsed.data !== undefined) kept[key] = parsed.data;
  }
  const whole = searchQuerySchema.safeParse(kept);
  if (whole.success) return whole.data;
  const { radius: _radius, lat: _lat, lon: _lon, ...withoutRadius } = kept;
  return searchQuerySchema.parse(withoutRadius);
}
