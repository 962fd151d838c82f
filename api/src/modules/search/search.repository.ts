import type { FeatureCategory, SortOption } from '@carmarket/shared/constants';
import { FEATURE_CATEGORIES } from '@carmarket/shared/constants';
import type { SavedSearchParams } from '@carmarket/shared/schemas';
import { and, asc, count, desc, eq, gte, inArray, lte, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.js';
import { listingImages, listings, savedSearches, searchEvents, users } from '../../db/schema.js';
import { pageOffset, type PageRequest } from '../../http/pagination.js';
import type { Coordinates } from '../geocoding/zip-coordinates.js';
import { ListingsRepository, type ListingPage } from '../listings/listings.repository.js';

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

const METERS_PER_MILE = 1609.344;
/** A one-letter slip in a 5-letter word ('toyta') keeps about half of its trigrams. */
const FUZZY_WORD_SIMILARITY = 0.5;

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
  ...FEATURE_CATEGORIES.map((category) => `features.${category}` as const),
] as const;
export type Facet = (typeof FACETS)[number];

/** The column (as text) each non-feature facet groups by. */
const FACET_VALUE: Record<Exclude<Facet, `features.${string}`>, SQL> = {
  bodyTypes: sql`${listings.bodyType}`,
  transmissions: sql`${listings.transmission}`,
  fuelTypes: sql`${listings.fuelType}`,
  conditions: sql`${listings.condition}`,
  titleStatuses: sql`${listings.titleStatus}`,
  exteriorColors: sql`${listings.exteriorColor}`,
  interiorColors: sql`${listings.interiorColor}`,
  doors: sql`${listings.doors}::text`,
  sellerTypes: sql`${users.role}`,
};

const FEATURE_FILTER: Record<FeatureCategory, keyof SavedSearchParams> = {
  safety: 'safetyFeatures',
  interior: 'interiorFeatures',
  technology: 'technologyFeatures',
  exterior: 'exteriorFeatures',
  other: 'otherFeatures',
};

/** How q matches: English full-text search, or the typo-tolerant trigram fallback. */
export type TextMode = 'fulltext' | 'fuzzy';

/** A search split for facet counting: `base` always applies, each facet's own filter only to the others. */
export interface SearchConditions {
  base: SQL[];
  facets: Partial<Record<Facet, SQL>>;
}

export interface FacetRow {
  facet: Facet | 'total';
  value: string;
  count: number;
}

const lowerIn = (column: SQL, values: string[]) =>
  inArray(
    sql`lower(${column})`,
    values.map((value) => value.toLowerCase()),
  );

/** Words of at least 3 characters: shorter ones have too few trigrams to match anything reliably. */
const fuzzyWords = (q: string) =>
  q
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word.length >= 3)
    .slice(0, 5);

export function buildConditions(
  filters: SavedSearchParams,
  center: Coordinates | undefined,
  text: TextMode,
): SearchConditions {
  const base: SQL[] = [eq(listings.status, 'active')];
  const add = (condition: SQL | undefined) => {
    if (condition) base.push(condition);
  };
  const range = (column: AnyPgColumn, min?: number, max?: number) => {
    if (min !== undefined) add(gte(column, min));
    if (max !== undefined) add(lte(column, max));
  };

  if (filters.q) {
    if (text === 'fulltext') {
      add(sql`${listings.searchVector} @@ websearch_to_tsquery('english', ${filters.q})`);
    } else {
      const words = fuzzyWords(filters.q);
      // Each word must be close to a word of the title, make or model (pg_trgm's <% uses the GIN index).
      add(
        words.length === 0
          ? sql`false`
          : and(
              ...words.map(
                (word) =>
                  sql`(${word} <% ${listings.title} or ${word} <% ${listings.make} or ${word} <% ${listings.model})`,
              ),
            ),
      );
    }
  }
  range(listings.priceAmount, filters.minPrice, filters.maxPrice);
  range(listings.year, filters.yearMin, filters.yearMax);
  range(listings.mileage, filters.mileageMin, filters.mileageMax);
  range(listings.cityMpg, filters.cityMpgMin, filters.cityMpgMax);
  range(listings.highwayMpg, filters.highwayMpgMin, filters.highwayMpgMax);
  range(listings.combinedMpg, filters.combinedMpgMin, filters.combinedMpgMax);
  if (filters.make) add(sql`lower(${listings.make}) = ${filters.make.toLowerCase()}`);
  if (filters.model) add(sql`lower(${listings.model}) = ${filters.model.toLowerCase()}`);
  if (filters.trim) add(sql`lower(${listings.trim}) = ${filters.trim.toLowerCase()}`);
  if (filters.hasWarranty) add(eq(listings.hasWarranty, true));
  if (filters.acceptsTradeIn) add(eq(listings.acceptsTradeIn, true));
  if (filters.financingAvailable) add(eq(listings.financingAvailable, true));
  if (filters.hasImages) {
    add(sql`exists (select 1 from ${listingImages} where ${listingImages.listingId} = ${listings.id})`);
  }
  if (center && filters.radius !== undefined) {
    const meters = filters.radius * METERS_PER_MILE;
    const origin = sql`ll_to_earth(${center.latitude}, ${center.longitude})`;
    const point = sql`ll_to_earth(${listings.latitude}, ${listings.longitude})`;
    // The cube around the circle uses the GiST index; the exact distance then trims its corners.
    add(sql`earth_box(${origin}, ${meters}) @> ${point}`);
    add(sql`earth_distance(${origin}, ${point}) <= ${meters}`);
  }

  const facets: Partial<Record<Facet, SQL>> = {};
  if (filters.bodyType) facets.bodyTypes = inArray(listings.bodyType, filters.bodyType);
  if (filters.transmission) facets.transmissions = inArray(listings.transmission, filters.transmission);
  if (filters.fuelType) facets.fuelTypes = inArray(listings.fuelType, filters.fuelType);
  if (filters.condition) facets.conditions = inArray(listings.condition, filters.condition);
  if (filters.titleStatus) facets.titleStatuses = inArray(listings.titleStatus, filters.titleStatus);
  if (filters.exteriorColor)
    facets.exteriorColors = lowerIn(sql`${listings.exteriorColor}`, filters.exteriorColor);
  if (filters.interiorColor)
    facets.interiorColors = lowerIn(sql`${listings.interiorColor}`, filters.interiorColor);
  if (filters.sellerType) facets.sellerTypes = inArray(users.role, filters.sellerType);
  const doors = [
    filters.doors !== undefined ? eq(listings.doors, filters.doors) : undefined,
    filters.doorsMin !== undefined ? gte(listings.doors, filters.doorsMin) : undefined,
    filters.doorsMax !== undefined ? lte(listings.doors, filters.doorsMax) : undefined,
  ].filter((condition) => condition !== undefined);
  if (doors.length > 0) facets.doors = and(...doors);
  for (const category of FEATURE_CATEGORIES) {
    const wanted = filters[FEATURE_FILTER[category]] as string[] | undefined;
    // A listing must have every chosen feature of the category: one containment test on the GIN index.
    if (wanted)
      facets[`features.${category}`] =
        sql`${listings.features} @> ${JSON.stringify({ [category]: wanted })}::jsonb`;
  }
  return { base, facets };
}

/** Every condition of the search, for the page and for counting. */
export function allConditions({ base, facets }: SearchConditions): SQL | undefined {
  return and(...base, ...Object.values(facets));
}

/** The facet conditions except `skip`'s own, as one boolean (true when none apply). */
function othersThan({ facets }: SearchConditions, skip: Facet | undefined): SQL {
  const others = Object.entries(facets)
    .filter(([facet]) => facet !== skip)
    .map(([, condition]) => condition);
  return others.length === 0 ? sql`true` : and(...others)!;
}

export class SearchRepository {
  constructor(
    private readonly db: Db,
    private readonly listings: ListingsRepository,
  ) {}

  /**
   * Runs `work` with the typo-tolerant matching of `<%` loosened from pg_trgm's default 0.6 to
   * FUZZY_WORD_SIMILARITY, inside a transaction so the setting ends with it.
   */
  async withFuzzyMatching<T>(work: (search: SearchRepository) => Promise<T>): Promise<T> {
    return this.db.transaction(async (tx) => {
      await tx.execute(sql.raw(`set local pg_trgm.word_similarity_threshold = ${FUZZY_WORD_SIMILARITY}`));
      const scoped = tx as unknown as Db;
      return work(new SearchRepository(scoped, new ListingsRepository(scoped)));
    });
  }

  /** Raw SQL rows; both drivers (PGlite, node-postgres) answer with `{ rows }`. */
  private async execute<Row>(query: SQL): Promise<Row[]> {
    const result = (await this.db.execute(query)) as unknown as { rows: Row[] };
    return result.rows;
  }

  async findPage(
    conditions: SearchConditions,
    sort: SortOption,
    page: PageRequest,
  ): Promise<ListingPage['rows']> {
    return this.listings
      .selectWithSeller()
      .where(allConditions(conditions))
      .orderBy(...ORDER_BY[sort])
      .limit(page.limit)
      .offset(pageOffset(page));
  }

  /**
   * The total and every facet's counts in one pass over the listings that pass the base filters:
   * each row contributes to a facet only when it passes the other facets' filters, so a count says
   * how many results choosing that value (in addition to the rest) would give.
   */
  async facetCounts(conditions: SearchConditions): Promise<FacetRow[]> {
    const branches: SQL[] = [sql`select 'total', '' where ${othersThan(conditions, undefined)}`];
    for (const [facet, value] of Object.entries(FACET_VALUE)) {
      branches.push(sql`select ${facet}::text, ${value} where ${othersThan(conditions, facet as Facet)}`);
    }
    // Feature facets unnest the listing's lists of its category; the category's own filter is skipped.
    const featureFilter = sql.join(
      FEATURE_CATEGORIES.map(
        (category) => sql`when ${category} then ${othersThan(conditions, `features.${category}`)}`,
      ),
      sql` `,
    );
    branches.push(sql`
      select 'features.' || category.key, feature.value
      from jsonb_each(${listings.features}) as category(key, value),
           jsonb_array_elements_text(category.value) as feature(value)
      where case category.key ${featureFilter} else false end`);

    const result = await this.execute<FacetRow>(sql`
      select facet_value.facet, facet_value.value, count(*)::int as count
      from ${listings}
      inner join ${users} on ${users.id} = ${listings.sellerId}
      cross join lateral (${sql.join(branches, sql` union all `)}) as facet_value(facet, value)
      where ${and(...conditions.base)}
      group by 1, 2`);
    return result;
  }

  /** Active listings published after `since` that match the saved search. */
  async countNewSince(conditions: SearchConditions, since: Date): Promise<number> {
    const [row] = await this.db
      .select({ total: count() })
      .from(listings)
      .innerJoin(users, eq(users.id, listings.sellerId))
      .where(
        and(allConditions(conditions), sql`${listings.createdAt} > ${since.toISOString()}::timestamptz`),
      );
    return row?.total ?? 0;
  }

  /** Active listing counts per make, make+model and city (with its busiest ZIP), for suggestions. */
  async suggestionTerms() {
    // The city rows have no make; the make rows have no model (both columns are never null otherwise).
    return this.execute<{
      make: string | null;
      model: string | null;
      city: string | null;
      state: string | null;
      zip: string;
      count: number;
    }>(sql`
      select ${listings.make} as make, ${listings.model} as model,
             ${listings.city} as city, ${listings.state} as state,
             mode() within group (order by ${listings.zipCode}) as zip, count(*)::int as count
      from ${listings}
      where ${listings.status} = 'active'
      group by grouping sets ((${listings.make}), (${listings.make}, ${listings.model}), (${listings.city}, ${listings.state}))`);
  }

  async recordSearchEvents(events: { kind: 'make' | 'model' | 'query'; value: string }[]): Promise<void> {
    if (events.length > 0) await this.db.insert(searchEvents).values(events);
  }

  /** The most frequent values of one kind of search event since `since`. */
  async popular(kind: 'make' | 'model' | 'query', since: Date, limit: number) {
    return this.db
      .select({ value: searchEvents.value, count: count() })
      .from(searchEvents)
      .where(and(eq(searchEvents.kind, kind), gte(searchEvents.createdAt, since)))
      .groupBy(searchEvents.value)
      .orderBy(desc(count()), asc(searchEvents.value))
      .limit(limit);
  }

  async largestMakes(limit: number) {
    return this.db
      .select({ value: listings.make, count: count() })
      .from(listings)
      .where(eq(listings.status, 'active'))
      .groupBy(listings.make)
      .orderBy(desc(count()), asc(listings.make))
      .limit(limit);
  }

  async listSaved(userId: string) {
    return this.db
      .select()
      .from(savedSearches)
      .where(eq(savedSearches.userId, userId))
      .orderBy(desc(savedSearches.createdAt), desc(savedSearches.id));
  }

  async findSaved(id: string) {
    const [row] = await this.db.select().from(savedSearches).where(eq(savedSearches.id, id));
    return row;
  }

  async insertSaved(values: typeof savedSearches.$inferInsert) {
    const [row] = await this.db.insert(savedSearches).values(values).returning();
    return row!;
  }

  async markSavedViewed(id: string, at: Date) {
    const [row] = await this.db
      .update(savedSearches)
      .set({ lastViewedAt: at })
      .where(eq(savedSearches.id, id))
      .returning();
    return row!;
  }

  async deleteSaved(id: string): Promise<void> {
    await this.db.delete(savedSearches).where(eq(savedSearches.id, id));
  }
}
