import {
  BODY_TYPES,
  CONDITIONS,
  DEAL_RATINGS,
  FUEL_TYPES,
  SELLER_ROLES,
  TITLE_STATUSES,
  TRANSMISSIONS,
} from '@carmarket/shared/constants';
import type {
  AvailableFilters,
  FacetOption,
  PopularSearches,
  SavedSearch,
  SearchListing,
  SearchParams,
  Suggestion,
} from '@carmarket/shared/contracts';
import type { SavedSearchParams, SavedSearchPayload, SearchQuery } from '@carmarket/shared/schemas';
import { savedSearchParamsSchema } from '@carmarket/shared/schemas';
import type { FastifyBaseLogger } from 'fastify';
import type { savedSearches } from '../../db/schema.js';
import { isUuid } from '../../db/uuid.js';
import { pageOffset } from '../../db/paging.js';
import { BadRequestError, ForbiddenError, NotFoundError } from '../../http/errors.js';
import { zipCoordinates, type Coordinates } from '../geocoding/zip-coordinates.js';
import type { ListingList, ListingsService } from '../listings/listings.service.js';
import { GuestAnswers, type GuestAnswer } from './guest-answers.js';
import type { FacetCounts } from './search-index/columns.js';
import type { IndexQuery } from './search-index/evaluation.js';
import { SearchIndex } from './search-index/search-index.js';
import type { SearchRepository, TextMode } from './search.repository.js';
import { SuggestionIndex } from './suggestions.js';

export interface SearchResult extends ListingList {
  data: SearchListing[];
  filters: { available: AvailableFilters };
}

/** A search's response body, and the kept guest answer it came from. */
export interface SearchResponse {
  json: string;
  answer?: GuestAnswer;
}

const responseJson = ({ data, pagination, filters }: SearchResult) =>
  JSON.stringify({ success: true, data, pagination, filters });

/** Guest answers kept: the questions most asked at one time (about 50 KB each). */
export const GUEST_ANSWERS = 200;
/** How long a guest answer is kept at most: its listings' views and favorite counts are that old. */
const GUEST_ANSWER_MAX_AGE_MS = 10_000;

/** "Popular" looks this far back. */
export const POPULAR_WINDOW_DAYS = 30;
export const POPULAR_LIMIT = 10;
const DAY_MS = 24 * 60 * 60 * 1000;

/** Enumerated facets list every value (0 when none match) so the panel can disable dead ends. */
function enumFacet<T extends string>(values: readonly T[], counts: Map<string, number>): FacetOption<T>[] {
  return values.map((value) => ({ value, count: counts.get(value) ?? 0 }));
}

/** Open-ended facets list what exists, most common first, plus chosen values that match nothing. */
function openFacet(counts: Map<string, number>, chosen: string[] = []): FacetOption[] {
  const options = [...counts].map(([value, count]) => ({ value, count }));
  for (const value of chosen) {
    if (!options.some((option) => option.value.toLowerCase() === value.toLowerCase())) {
      options.push({ value, count: 0 });
    }
  }
  return options.sort((a, b) => b.count - a.count || a.value.localeCompare(b.value));
}

function toAvailableFilters(byFacet: FacetCounts, query: SavedSearchParams): AvailableFilters {
  const counts = (facet: Parameters<FacetCounts['get']>[0]) =>
    byFacet.get(facet) ?? new Map<string, number>();
  return {
    bodyTypes: enumFacet(BODY_TYPES, counts('bodyTypes')),
    transmissions: enumFacet(TRANSMISSIONS, counts('transmissions')),
    fuelTypes: enumFacet(FUEL_TYPES, counts('fuelTypes')),
    conditions: enumFacet(CONDITIONS, counts('conditions')),
    titleStatuses: enumFacet(TITLE_STATUSES, counts('titleStatuses')),
    exteriorColors: openFacet(counts('exteriorColors'), query.exteriorColor),
    interiorColors: openFacet(counts('interiorColors'), query.interiorColor),
    doors: [...counts('doors')]
      .map(([value, count]) => ({ value: Number(value), count }))
      .sort((a, b) => a.value - b.value),
    features: {
      safety: openFacet(counts('features.safety'), query.safetyFeatures),
      interior: openFacet(counts('features.interior'), query.interiorFeatures),
      technology: openFacet(counts('features.technology'), query.technologyFeatures),
      exterior: openFacet(counts('features.exterior'), query.exteriorFeatures),
      other: openFacet(counts('features.other'), query.otherFeatures),
    },
    sellerTypes: enumFacet(SELLER_ROLES, counts('sellerTypes')),
    dealRatings: enumFacet(DEAL_RATINGS, counts('dealRatings')),
  };
}

type SavedSearchRow = typeof savedSearches.$inferSelect;

/** A saved search as alerts check it: whose it is, and the sellers its owner blocked. */
export interface AlertSearch {
  id: string;
  userId: string;
  name: string;
  filters: Record<string, unknown>;
  blockedSellers: string[];
}

export class SearchService {
  private readonly suggestionIndex: SuggestionIndex;
  private readonly index: SearchIndex;
  /** Guests' last answers, by their question. */
  private readonly guestAnswers = new GuestAnswers(GUEST_ANSWERS);
  /** Guests' searches still running, by their question, with the index version they read. */
  private readonly guestSearchesRunning = new Map<
    string,
    { version: number; answer: Promise<GuestAnswer> }
  >();

  constructor(
    private readonly search: SearchRepository,
    private readonly listings: ListingsService,
    private readonly log: FastifyBaseLogger,
    /** How old a view of the database a guest's search may read (see SearchIndex.refreshedWithin). */
    private readonly guestStalenessMs = 0,
  ) {
    this.suggestionIndex = new SuggestionIndex(search);
    this.index = new SearchIndex(search.indexSource(), listings.freshness);
  }

  /** The search index's size and when it last read the table (for /metrics). */
  indexStats(): { listings: number; readAt: Date } {
    return this.index.stats();
  }

  /** Reads the listings into the search index ahead of the first search. */
  async warmUp(): Promise<void> {
    await this.index.refresh();
  }

  /** The centre of a radius search: the ZIP's coordinates, or the given point. */
  private center(query: SavedSearchParams): Coordinates | undefined {
    if (query.radius === undefined) return undefined;
    if (query.zipCode) {
      const coordinates = zipCoordinates(query.zipCode);
      if (!coordinates)
        throw new BadRequestError('Unknown ZIP code', 'VALIDATION_ERROR', { zipCode: 'Unknown ZIP code' });
      return coordinates;
    }
    return { latitude: query.lat!, longitude: query.lon! };
  }

  /**
   * A search's response body. Guests get the last answer to the same question while it holds (see
   * guestAnswer); a signed-in user's answer is their own (favorite flags, blocked sellers).
   */
  async searchResponse(query: SearchQuery, viewerId: string | null): Promise<SearchResponse> {
    let response: SearchResponse;
    if (viewerId) {
      response = { json: responseJson(await this.viewerSearch(query, viewerId)) };
    } else {
      const answer = await this.guestAnswer(query);
      response = { json: answer.json, answer };
    }
    if (query.page === 1) this.recordSearch(query);
    return response;
  }

  /** A search's result as objects (the search page's preview for clients without JavaScript). */
  async searchListings(query: SearchQuery, viewerId: string | null): Promise<SearchResult> {
    const result = viewerId
      ? await this.viewerSearch(query, viewerId)
      : (JSON.parse((await this.guestAnswer(query)).json) as SearchResult);
    if (query.page === 1) this.recordSearch(query);
    return result;
  }

  private async viewerSearch(query: SearchQuery, viewerId: string): Promise<SearchResult> {
    // Read-your-writes: the index takes every change committed before this search began.
    const [excludedSellers] = await Promise.all([this.search.blockedBy(viewerId), this.index.refresh()]);
    return this.runSearch(query, viewerId, excludedSellers);
  }

  /**
   * A guest's answer. Under load many guests ask the same thing (the home page's newest cars, the
   * first page of a popular make), and each answer costs an index walk, a page of rows with their
   * photos, and its JSON; so the last answers are kept by question, and one holds while the index's
   * version stays the one it was read at: every change a card shows moves the version (a listing's
   * row, its photos and its seller touch listings.updated_at, see migration 0019), except its views
   * and favorite counts, which are at most GUEST_ANSWER_MAX_AGE_MS old. Guests asking while an
   * answer is being made at the current version share it.
   */
  private async guestAnswer(query: SearchQuery): Promise<GuestAnswer> {
    await this.index.refreshedWithin(this.guestStalenessMs);
    const key = JSON.stringify(query);
    const version = this.index.version;
    const kept = this.guestAnswers.get(key, version, this.listings.freshness.now().getTime());
    if (kept) return kept;
    const running = this.guestSearchesRunning.get(key);
    if (running?.version === version) return running.answer;
    const answer = this.answerGuest(query, key).finally(() => {
      if (this.guestSearchesRunning.get(key)?.answer === answer) this.guestSearchesRunning.delete(key);
    });
    this.guestSearchesRunning.set(key, { version, answer });
    return answer;
  }

  private async answerGuest(query: SearchQuery, key: string): Promise<GuestAnswer> {
    // Read before the search: a change the index takes meanwhile leaves this answer behind.
    const version = this.index.version;
    const until = Math.min(
      this.listings.freshness.now().getTime() + GUEST_ANSWER_MAX_AGE_MS,
      this.index.expiresNext(),
    );
    const answer = { version, until, json: responseJson(await this.runSearch(query, null, [])) };
    this.guestAnswers.set(key, answer);
    return answer;
  }

  /** A search on the index as it stands (the caller brought it up to date). */
  private async runSearch(
    query: SearchQuery,
    viewerId: string | null,
    excludedSellers: string[],
  ): Promise<SearchResult> {
    const page = { page: query.page, limit: query.limit };
    const search = async (text: TextMode) =>
      this.index.search(
        { ...this.indexQuery(query, text), excludedSellers },
        query.sort,
        pageOffset(page),
        page.limit,
      );
    let found = await search('fulltext');
    // Nothing for the words as written (a typo, or a word no listing uses): try similar spellings.
    if (found.total === 0 && query.q) found = await search('fuzzy');
    const rows = await this.search.findByIds(found.pageIds);
    const { data, pagination } = await this.listings.presentPage(
      { rows, total: found.total },
      page,
      viewerId,
    );
    return {
      data: data.map((listing) => ({ ...listing, dealRating: this.index.dealRating(listing._id) })),
      pagination,
      filters: { available: toAvailableFilters(found.facets, query) },
    };
  }

  /** The index's question for these filters; q's matches come from PostgreSQL's text search. */
  private indexQuery(params: SavedSearchParams, mode: TextMode): IndexQuery {
    const { q } = params;
    return {
      filters: params,
      center: this.center(params),
      text: q ? { key: `${mode}:${q}`, read: () => this.search.textMatches(q, mode) } : undefined,
    };
  }

  /** Feeds "popular searches"; a failure here must not fail the search itself. */
  private recordSearch(query: SearchQuery): void {
    const events: { kind: 'make' | 'model' | 'query'; value: string }[] = [];
    if (query.q) events.push({ kind: 'query', value: query.q.toLowerCase() });
    if (query.make) events.push({ kind: 'make', value: query.make });
    if (query.make && query.model) events.push({ kind: 'model', value: `${query.make} ${query.model}` });
    this.search.recordSearchEvents(events).catch((error: unknown) => {
      this.log.warn({ err: error }, 'could not record search events');
    });
  }

  /**
   * Which saved searches a listing that just went live matches, as each search itself would find it
   * (the index's filters on that one listing; q by full text, read for all searches at once). A
   * user's own listings and those of sellers they blocked never match.
   */
  async savedSearchMatches(
    listingIds: string[],
    searches: AlertSearch[],
  ): Promise<Map<string, AlertSearch[]>> {
    const matches = new Map<string, AlertSearch[]>(listingIds.map((id) => [id, []]));
    if (listingIds.length === 0 || searches.length === 0) return matches;
    const parsed = searches.flatMap((search) => {
      const params = savedSearchParamsSchema.safeParse(search.filters);
      if (!params.success) return [];
      try {
        return [{ search, params: params.data, center: this.center(params.data) }];
      } catch {
        return []; // a ZIP code no longer known: the search cannot place its radius
      }
    });
    const qs = [...new Set(parsed.flatMap(({ params }) => (params.q ? [params.q] : [])))];
    const [textPairs] = await Promise.all([
      this.search.textMatchesAmong(qs, listingIds),
      this.index.refresh(),
    ]);
    const textMatched = new Set(textPairs.map(({ q, id }) => `${q}\u0000${id}`));
    for (const { search, params, center } of parsed) {
      const query = { filters: params, center, excludedSellers: [search.userId, ...search.blockedSellers] };
      for (const id of listingIds) {
        const textOk = !params.q || textMatched.has(`${params.q}\u0000${id}`);
        if (this.index.matches(query, id, textOk)) matches.get(id)!.push(search);
      }
    }
    return matches;
  }

  async suggestions(q: string): Promise<Suggestion[]> {
    return this.suggestionIndex.suggest(q);
  }

  async popular(now = new Date()): Promise<PopularSearches> {
    const since = new Date(now.getTime() - POPULAR_WINDOW_DAYS * DAY_MS);
    const rows = await this.search.popular(since, POPULAR_LIMIT);
    const ofKind = (kind: 'make' | 'model' | 'query') =>
      rows.filter((row) => row.kind === kind).map(({ value, count }) => ({ value, count }));
    const [makes, models, queries] = [ofKind('make'), ofKind('model'), ofKind('query')];
    const nothingSearched = makes.length + models.length + queries.length === 0;
    return {
      makes:
        nothingSearched || makes.length === 0
          ? await this.search.largestMakes(POPULAR_LIMIT, this.listings.freshness.renewedAfter())
          : makes,
      models,
      queries,
    };
  }

  /**
   * One user's saved searches with their "new" counts, from one look at the listings for all of
   * them (leaving out sellers the user blocked, as their searches do).
   */
  private async present(userId: string, rows: SavedSearchRow[]): Promise<SavedSearch[]> {
    const [excludedSellers] = await Promise.all([this.search.blockedBy(userId), this.index.refresh()]);
    return Promise.all(rows.map((row) => this.presentOne(row, excludedSellers)));
  }

  private async presentOne(row: SavedSearchRow, excludedSellers: string[]): Promise<SavedSearch> {
    const params = savedSearchParamsSchema.parse(row.filters);
    const since = row.lastViewedAt ?? row.createdAt;
    const newCount = await this.index.count({
      ...this.indexQuery(params, 'fulltext'),
      createdAfter: since,
      excludedSellers,
    });
    return {
      _id: row.id,
      name: row.name,
      params: params as SearchParams,
      createdAt: row.createdAt.toISOString(),
      lastViewedAt: row.lastViewedAt?.toISOString() ?? null,
      newCount,
    };
  }

  async listSaved(userId: string): Promise<SavedSearch[]> {
    return this.present(userId, await this.search.listSaved(userId));
  }

  async saveSearch(userId: string, payload: SavedSearchPayload): Promise<SavedSearch> {
    this.center(payload.params);
    const row = await this.search.insertSaved({
      userId,
      name: payload.name,
      filters: payload.params,
      sort: payload.params.sort,
    });
    const [saved] = await this.present(userId, [row]);
    return saved!;
  }

  /** Opening a saved search: its listings are no longer new. */
  async markViewed(id: string, userId: string): Promise<SavedSearch> {
    await this.ownSaved(id, userId);
    const [saved] = await this.present(userId, [await this.search.markSavedViewed(id, new Date())]);
    return saved!;
  }

  async deleteSaved(id: string, userId: string): Promise<void> {
    await this.ownSaved(id, userId);
    await this.search.deleteSaved(id);
  }

  private async ownSaved(id: string, userId: string): Promise<SavedSearchRow> {
    const row = isUuid(id) ? await this.search.findSaved(id) : undefined;
    if (!row) throw new NotFoundError('Saved search not found');
    if (row.userId !== userId) throw new ForbiddenError('Not your saved search');
    return row;
  }
}
