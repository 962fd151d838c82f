import { http, queryKeys, type ApiSuccess, type Id, type Report } from '@carmarket/shared';
import type { ReportPayloadInput } from '@carmarket/shared/schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';

/** POST /reports/messages/{id}: the stored report (409 when this user already reported it). */
export async function reportMessage(messageId: Id, payload: ReportPayloadInput): Promise<Report> {
  const { data } = await http.post<ApiSuccess<Report>>(
    `/reports/messages/${encodeURIComponent(messageId)}`,
    payload,
  );
  return data.data;
}

export function useReportMessage(messageId: Id) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (payload: ReportPayloadInput) => reportMessage(messageId, payload),
    // The reporter's "My reports" list shows it next time it is opened.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.reports.all }),
  });
}
