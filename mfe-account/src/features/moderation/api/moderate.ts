import { http, queryKeys, type Id } from '@carmarket/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';

/** A moderator's decision: on a listing, on the account reported, or on one report. */
export type ModerationAction =
  | { kind: 'hide-listing' | 'restore-listing'; listingId: Id }
  | { kind: 'block-user' | 'unblock-user'; userId: Id }
  | { kind: 'dismiss-report'; reportId: Id };

/** The admin API call that carries out `action` (below /api/admin). */
export function moderationActionPath(action: ModerationAction): string {
  switch (action.kind) {
    case 'hide-listing':
      return `/admin/listings/${encodeURIComponent(action.listingId)}/hide`;
    case 'restore-listing':
      return `/admin/listings/${encodeURIComponent(action.listingId)}/restore`;
    case 'block-user':
      return `/admin/users/${encodeURIComponent(action.userId)}/block`;
    case 'unblock-user':
      return `/admin/users/${encodeURIComponent(action.userId)}/unblock`;
    case 'dismiss-report':
      return `/admin/reports/${encodeURIComponent(action.reportId)}/dismiss`;
  }
}

export async function moderate(action: ModerationAction): Promise<void> {
  await http.post(moderationActionPath(action));
}

/**
 * Carries out a decision, then refreshes the queue and the reporters' My Reports (statuses change),
 * and every listing and search query (a listing or a blocked seller's listings leave or rejoin search).
 */
export function useModerate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: moderate,
    onSuccess: () =>
      Promise.all(
        [queryKeys.reports.all, queryKeys.listings.all, queryKeys.search.all].map((queryKey) =>
          queryClient.invalidateQueries({ queryKey }),
        ),
      ),
  });
}
