import { DEFAULT_SORT, SORT_OPTIONS, type SearchParams, type SortOption } from '@carmarket/shared';

const isSort = (value: string | null): value is SortOption =>
  (SORT_OPTIONS as readonly (string | null)[]).includes(value);

/** The query string owns the search (spec §2: q, sort, page), so results can be shared and reloaded. */
export function readSearchParams(query: URLSearchParams): SearchParams & { sort: SortOption; page: number } {
  const page = Number(query.get('page'));
  const sort = query.get('sort');
  return {
    q: query.get('q') ?? undefined,
    sort: isSort(sort) ? sort : DEFAULT_SORT,
    page: Number.isInteger(page) && page > 0 ? page : 1,
  };
}

/** Writes params back, leaving out defaults so the URL stays short. */
export function toQueryString({ q, sort, page }: SearchParams): URLSearchParams {
  const query = new URLSearchParams();
  if (q) query.set('q', q);
  if (sort && sort !== DEFAULT_SORT) query.set('sort', sort);
  if (page && page > 1) query.set('page', String(page));
  return query;
}
