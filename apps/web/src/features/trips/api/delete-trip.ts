import { endpoints } from '@carpool/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { tripKeys } from '@/lib/query-keys';

export const deleteTrip = async (id: number): Promise<void> => {
  await api.call(endpoints.trips.delete, { params: { id } });
};

export const useDeleteTrip = (id: number) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => deleteTrip(id),
    onSuccess: () => {
      queryClient.removeQueries({ queryKey: tripKeys.detail(id) });
      void queryClient.invalidateQueries({ queryKey: tripKeys.searches() });
    },
  });
};
