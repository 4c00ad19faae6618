import { endpoints, type Trip, type TripUpdateBody } from '@carpool/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { tripKeys } from '@/lib/query-keys';

export const updateTrip = async (id: number, body: TripUpdateBody): Promise<Trip> =>
  (await api.call(endpoints.trips.update, { params: { id }, body })).data;

export const useUpdateTrip = (id: number) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TripUpdateBody) => updateTrip(id, body),
    onSuccess: (trip) => {
      queryClient.setQueryData(tripKeys.detail(id), trip);
      void queryClient.invalidateQueries({ queryKey: tripKeys.searches() });
    },
  });
};
