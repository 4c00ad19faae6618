import { endpoints } from '@carpool/contracts';
import { useMutation, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { NotificationsPage } from './get-notifications';
import { notificationKeys } from './query-keys';

/** DELETE /api/notifications/:id. */
export const deleteNotification = async (id: number): Promise<void> => {
  await api.call(endpoints.notifications.delete, { params: { id } });
};

/** The deleted notification leaves the loaded pages; the pages already read stay as they are. */
export const useDeleteNotification = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteNotification,
    onSuccess: (_answer, id) => {
      queryClient.setQueriesData<InfiniteData<NotificationsPage>>({ queryKey: notificationKeys.lists() }, (data) =>
        data ? { ...data, pages: data.pages.map((page) => ({ ...page, data: page.data.filter((item) => item.id !== id) })) } : data,
      );
      void queryClient.invalidateQueries({ queryKey: notificationKeys.counts() });
    },
  });
};
