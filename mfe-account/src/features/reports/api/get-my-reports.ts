import { http, queryKeys, type ApiSuccess, type Report } from '@carmarket/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';

/** How many reports a page of "My Reports" lists. */
export const MY_REPORTS_PAGE_SIZE = 10;

/** GET /reports/mine: the signed-in user's reports, newest first, with their status. */
export async function getMyReports(page: number) {
  const { data } = await http.get<ApiSuccess<Report[]>>('/reports/mine', {
    params: { page, limit: MY_REPORTS_PAGE_SIZE },
  });
  return { reports: data.data, pages: data.pagination?.pages ?? 1 };
}

export const myReportsQuery = (page: number) =>
  queryOptions({
    queryKey: queryKeys.reports.mine(page),
    queryFn: () => getMyReports(page),
    placeholderData: keepPreviousData,
  });

export function useMyReports(page: number) {
  return useQuery(myReportsQuery(page));
}
