import { and, asc, count, desc, eq, gt, inArray, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import {
  listingImages,
  listings,
  listingTombstones,
  savedSearches,
  searchEvents,
  userBlocks,
  users,
} from '../../db/schema.js';
import { soldWindowStart } from '../deal-rating/deal-rating.repository.js';
import { inSearch, ListingsRepository, type ListingPage } from '../listings/listings.repository.js';
import type { IndexRow, SearchIndexSource } from './search-index/source.js';

/** A one-letter slip in a 5-letter word ('toyta') keeps about half of its trigrams. */
const FUZZY_WORD_SIMILARITY = 0.5;
/** Rows per page of the search index's full read: small garbage, few round trips. */
const INDEX_PAGE_ROWS = 5000;
/** Tombstones only need to outlive the longest pause between two looks of an index. */
const TOMBSTONE_DAYS = 1;

/** How q matches: English full-text search, or the typo-tolerant trigram fallback. */
export type TextMode = 'fulltext' | 'fuzzy';

/** Words of at least 3 characters: shorter ones have too few trigrams to match anything reliably. */
const fuzzyWords = (q: string) =>
  q
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word.length >= 3)
    .slice(0, 5);

function textCondition(q: string, mode: TextMode): SQL {
  if (mode === 'fulltext') return sql`${listings.searchVector} @@ websearch_to_tsquery('english', ${q})`;
  const words = fuzzyWords(q);
  if (words.length === 0) return sql`false`;
  // Each word must be close to a word of the title, make or model (pg_trgm's <% uses the GIN index).
  return and(
    ...words.map(
      (word) =>
        sql`(${word} <% ${listings.title} or ${word} <% ${listings.make} or ${word} <% ${listings.model})`,
    ),
  )!;
}

/** The columns the search index keeps, with both timestamps to the microsecond. */
const indexColumns = {
  id: listings.id,
  // A hidden listing (reported, or hidden by a moderator) and every listing of a seller a moderator
  // blocked leave the index as a sold one does.
  status: sql<string>`case when ${listings.hiddenAt} is null and ${users.blockedAt} is null then ${listings.status} else 'hidden' end`,
  sellerId: listings.sellerId,
  createdMicros: sql<number>`(extract(epoch from ${listings.createdAt}) * 1000000)::float8`,
  updatedMicros: sql<number>`(extract(epoch from ${listings.updatedAt}) * 1000000)::float8`,
  renewedMicros: sql<number>`(extract(epoch from ${listings.renewedAt}) * 1000000)::float8`,
  priceAmount: listings.priceAmount,
  year: listings.year,
  mileage: listings.mileage,
  cityMpg: listings.cityMpg,
  highwayMpg: listings.highwayMpg,
  combinedMpg: listings.combinedMpg,
  doors: listings.doors,
  make: listings.make,
  model: listings.model,
  trim: listings.trim,
  bodyType: listings.bodyType,
  fuelType: listings.fuelType,
  transmission: listings.transmission,
  condition: listings.condition,
  titleStatus: listings.titleStatus,
  exteriorColor: listings.exteriorColor,
  interiorColor: listings.interiorColor,
  sellerRole: users.role,
  hasWarranty: listings.hasWarranty,
  acceptsTradeIn: listings.acceptsTradeIn,
  financingAvailable: listings.financingAvailable,
  photoCount: sql<number>`(select count(*)::int from ${listingImages} where ${listingImages.listingId} = ${listings.id})`,
  vin: listings.vin,
  sellerEmailVerified: sql<boolean>`${users.verifiedAt} is not null`,
  latitude: listings.latitude,
  longitude: listings.longitude,
  features: listings.features,
};

export class SearchRepository {
  constructor(
    private readonly db: Db,
    private readonly listings: ListingsRepository,
  ) {}

  /** Raw SQL rows; both drivers (PGlite, node-postgres) answer with `{ rows }`. */
  private async execute<Row>(query: SQL): Promise<Row[]> {
    const result = (await this.db.execute(query)) as unknown as { rows: Row[] };
    return result.rows;
  }

  /** The listings of a page, in the order of `ids` (ids no longer there are left out). */
  async findByIds(ids: string[]): Promise<ListingPage['rows']> {
    if (ids.length === 0) return [];
    const rows = await this.listings.selectWithSeller().where(inArray(listings.id, ids));
    const byId = new Map(rows.map((row) => [row.listing.id, row]));
    return ids.flatMap((id) => byId.get(id) ?? []);
  }

  /**
   * Ids of the active listings whose text matches q. The typo-tolerant mode loosens pg_trgm's `<%`
   * from its default 0.6 to FUZZY_WORD_SIMILARITY inside a transaction, so the setting ends with it.
   */
  async textMatches(q: string, mode: TextMode): Promise<string[]> {
    // One row with every id: far cheaper for the driver than a row per match.
    const read = async (db: Db) => {
      const [row] = await db
        .select({ ids: sql<string[] | null>`array_agg(${listings.id})::text[]` })
        .from(listings)
        .where(and(eq(listings.status, 'active'), textCondition(q, mode)));
      return row?.ids ?? [];
    };
    if (mode === 'fulltext') return read(this.db);
    return this.db.transaction(async (tx) => {
      await tx.execute(sql.raw(`set local pg_trgm.word_similarity_threshold = ${FUZZY_WORD_SIMILARITY}`));
      return read(tx as unknown as Db);
    });
  }

  /**
   * Which of `qs` each of the listings `ids` matches by full text, in one statement (saved-search
   * alerts): pairs of (q, listing id).
   */
  async textMatchesAmong(qs: string[], ids: string[]): Promise<{ q: string; id: string }[]> {
    if (qs.length === 0 || ids.length === 0) return [];
    return this.execute<{ q: string; id: string }>(sql`
      select wanted.q as q, ${listings.id}::text as id
      from unnest(array[${sql.join(
        qs.map((q) => sql`${q}`),
        sql`, `,
      )}]::text[]) as wanted(q)
      join ${listings} on ${listings.searchVector} @@ websearch_to_tsquery('english', wanted.q)
      where ${listings.id} in (${sql.join(
        ids.map((id) => sql`${id}::uuid`),
        sql`, `,
      )})`);
  }

  /** The search index's view of the table (SearchIndexSource), its full read `pageRows` rows at a time. */
  indexSource(pageRows = INDEX_PAGE_ROWS): SearchIndexSource {
    const select = () =>
      this.db.select(indexColumns).from(listings).innerJoin(users, eq(users.id, listings.sellerId));
    const clock = async () => {
      const [row] = await this.execute<{ now: string }>(sql`select now()::text as now`);
      return new Date(row!.now);
    };
    return {
      // A full read is also when old tombstones go: every index reading this table has read past them.
      currentRows: async () => {
        const readAt = await clock();
        await this.db
          .delete(listingTombstones)
          .where(lt(listingTombstones.deletedAt, sql`now() - make_interval(days => ${TOMBSTONE_DAYS})`));
        const inIndex = and(
          or(
            eq(listings.status, 'active'),
            and(eq(listings.status, 'sold'), gt(listings.updatedAt, soldWindowStart())),
          ),
          isNull(listings.hiddenAt),
          isNull(users.blockedAt),
        );
        // Keyset pages by id: each page's rows become garbage once the index has taken them.
        async function* pages(): AsyncGenerator<IndexRow[]> {
          let rows: IndexRow[] = [];
          do {
            const after = rows.at(-1)?.id;
            rows = await select()
              .where(after === undefined ? inIndex : and(inIndex, gt(listings.id, after)))
              .orderBy(listings.id)
              .limit(pageRows);
            if (rows.length > 0) yield rows;
          } while (rows.length === pageRows);
        }
        return { readAt, pages: pages() };
      },
      // Two statements, the clock riding with the tombstones: one round trip less on every search.
      changesSince: async (since) => {
        const [rows, [look]] = await Promise.all([
          select().where(gt(listings.updatedAt, since)),
          this.execute<{ now: string; deleted: string[] }>(sql`
            select now()::text as now,
                   coalesce((select array_agg(${listingTombstones.listingId})::text[] from ${listingTombstones}
                             where ${listingTombstones.deletedAt} > ${since.toISOString()}::timestamptz), '{}') as deleted`),
        ]);
        return { readAt: new Date(look!.now), rows, deletedIds: look!.deleted };
      },
    };
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

  /**
   * The `limit` most frequent values of each kind of search event since `since`, most frequent
   * first (ties in value order). One statement, so one snapshot: read kind by kind on a pool, a
   * search recorded between two reads showed its model without its make.
   */
  async popular(since: Date, limit: number) {
    return this.execute<{ kind: 'make' | 'model' | 'query'; value: string; count: number }>(sql`
      select kind, value, count
      from (
        select ${searchEvents.kind} as kind, ${searchEvents.value} as value, count(*)::int as count,
               row_number() over (partition by ${searchEvents.kind}
                                  order by count(*) desc, ${searchEvents.value} asc) as rank
        from ${searchEvents}
        where ${searchEvents.createdAt} >= ${since.toISOString()}::timestamptz
        group by ${searchEvents.kind}, ${searchEvents.value}
      ) ranked
      where rank <= ${limit}
      order by kind, count desc, value asc`);
  }

  /** The makes with the most listings in search (active, renewed after `renewedAfter`). */
  async largestMakes(limit: number, renewedAfter: Date) {
    return this.db
      .select({ value: listings.make, count: count() })
      .from(listings)
      .where(inSearch(renewedAfter))
      .groupBy(listings.make)
      .orderBy(desc(count()), asc(listings.make))
      .limit(limit);
  }

  /** The users `userId` has blocked, whose listings their searches leave out (the key's prefix). */
  async blockedBy(userId: string): Promise<string[]> {
    const rows = await this.db
      .select({ id: userBlocks.blockedId })
      .from(userBlocks)
      .where(eq(userBlocks.blockerId, userId));
    return rows.map((row) => row.id);
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
