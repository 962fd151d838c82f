import { toSearchQueryString, type SearchParams } from '@carmarket/shared';
import { parseSearchQuery, type SearchQuery } from '@carmarket/shared/schemas';
import { useCallback, useMemo } from 'react';
import { useSearchParams } from '@carmarket/shared/router';

/** Filters whose change empties the vehicle choices that depend on them (spec §4). */
function dependentResets(changes: Partial<SearchParams>): Partial<SearchParams> {
  if ('yearMin' in changes || 'yearMax' in changes)
    return { make: undefined, model: undefined, trim: undefined };
  if ('make' in changes) return { model: undefined, trim: undefined };
  if ('model' in changes) return { trim: undefined };
  return {};
}

/**
 * The search lives in the URL query (shareable, back/forward work). Any filter, text or sort change
 * starts again at page 1; only paging keeps the rest as it is.
 */
export function useSearchState() {
  const [query, setQuery] = useSearchParams();
  const params: SearchQuery = useMemo(() => parseSearchQuery(query), [query]);

  const apply = useCallback(
    (changes: Partial<SearchParams>) =>
      setQuery(toSearchQueryString({ ...params, ...dependentResets(changes), ...changes, page: 1 })),
    [params, setQuery],
  );
  const goToPage = useCallback(
    (page: number) => setQuery(toSearchQueryString({ ...params, page })),
    [params, setQuery],
  );
  const replaceAll = useCallback((next: SearchParams) => setQuery(toSearchQueryString(next)), [setQuery]);
  const clear = useCallback(() => setQuery(new URLSearchParams()), [setQuery]);
  return { params, apply, goToPage, replaceAll, clear };
}
