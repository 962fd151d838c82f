import { http, queryKeys, type ApiSuccess, type AppNotification, type Id } from '@carmarket/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';

/** POST /notifications/{id}/read. */
export async function markNotificationRead(id: Id): Promise<AppNotification> {
  const { data } = await http.post<ApiSuccess<AppNotification>>(
    `/notifications/${encodeURIComponent(id)}/read`,
  );
  return data.data;
}

/** Marks one read in the list at once; the badge follows the server's count once it answers. */
export function useMarkNotificationRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markNotificationRead,
    onMutate: (id) => {
      queryClient.setQueryData<AppNotification[]>(queryKeys.notifications.list(), (list) =>
        list?.map((item) => (item._id === id ? { ...item, read: true } : item)),
      );
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.notifications.all }),
  });
}
