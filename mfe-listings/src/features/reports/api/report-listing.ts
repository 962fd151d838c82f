import { http, type ApiSuccess, type Id, type Report } from '@carmarket/shared';
import type { ReportPayloadInput } from '@carmarket/shared/schemas';
import { useMutation } from '@tanstack/react-query';

/** POST /reports/listings/{id}: the stored report (409 when this user already reported it). */
export async function reportListing(listingId: Id, payload: ReportPayloadInput): Promise<Report> {
  const { data } = await http.post<ApiSuccess<Report>>(
    `/reports/listings/${encodeURIComponent(listingId)}`,
    payload,
  );
  return data.data;
}

export function useReportListing(listingId: Id) {
  return useMutation({ mutationFn: (payload: ReportPayloadInput) => reportListing(listingId, payload) });
}
