import { http, queryKeys, SUGGESTIONS_MIN_CHARS, type Suggestion } from '@carmarket/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';

/** GET /search/suggestions: a failure answers an empty list, silently (spec §8). */
export async function getSuggestions(q: string): Promise<Suggestion[]> {
  try {
    const { data } = await http.get<{ suggestions: Suggestion[] }>('/search/suggestions', { params: { q } });
    return data.suggestions;
  } catch {
    return [];
  }
}

export const suggestionsQuery = (q: string) =>
  queryOptions({ queryKey: queryKeys.search.suggestions(q), queryFn: () => getSuggestions(q) });

/** Fetched only from 2 characters on (spec §5); `q` is the debounced input. */
export function useSuggestions(q: string) {
  return useQuery({ ...suggestionsQuery(q), enabled: q.trim().length >= SUGGESTIONS_MIN_CHARS });
}
