import { endpoints, type Subscription } from '@carpool/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { subscriptionKeys } from './query-keys';

export const deleteSubscription = async (id: number): Promise<void> => {
  await api.call(endpoints.subscriptions.delete, { params: { id } });
};

export const useDeleteSubscription = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteSubscription,
    onSuccess: (_answer, id) => {
      queryClient.setQueryData<Subscription[]>(subscriptionKeys.list(), (list) => list?.filter((item) => item.id !== id));
      void queryClient.invalidateQueries({ queryKey: subscriptionKeys.list() });
    },
  });
};
