import { markSavedSearchViewed, queryKeys } from '@carmarket/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';

/** Opening a saved search from the dashboard counts as viewing it: its new count starts again. */
export function useMarkSavedSearchViewed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markSavedSearchViewed,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.search.saved() }),
    onError: (error) => console.error('Failed to mark the saved search viewed', error),
  });
}
