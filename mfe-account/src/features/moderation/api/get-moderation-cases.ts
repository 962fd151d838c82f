import { http, queryKeys, type ApiSuccess, type ModerationCase } from '@carmarket/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';

/** How many reported listings or messages a page of the moderation queue shows. */
export const MODERATION_PAGE_SIZE = 10;

/** GET /admin/reports/by-target: each reported listing or message with its reports, open ones first. */
export async function getModerationCases(page: number) {
  const { data } = await http.get<ApiSuccess<ModerationCase[]>>('/admin/reports/by-target', {
    params: { page, limit: MODERATION_PAGE_SIZE },
  });
  return { cases: data.data, pagination: data.pagination! };
}

export const moderationCasesQuery = (page: number) =>
  queryOptions({
    queryKey: queryKeys.reports.moderation(page),
    queryFn: () => getModerationCases(page),
    placeholderData: keepPreviousData,
    // A 403 (not an administrator) will not change on a second try.
    retry: false,
  });

export function useModerationCases(page: number) {
  return useQuery(moderationCasesQuery(page));
}
