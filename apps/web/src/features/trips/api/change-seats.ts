import { endpoints, type Trip } from '@carpool/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { tripKeys } from '@/lib/query-keys';

export type SeatIncrement = 1 | -1;

/** POST /api/trips/:id/changeSeats: the owner steps the free seats by one. */
export const changeSeats = async (id: number, increment: SeatIncrement): Promise<Trip> =>
  (await api.call(endpoints.trips.changeSeats, { params: { id }, body: { increment } })).data;

export const useChangeSeats = (id: number) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (increment: SeatIncrement) => changeSeats(id, increment),
    onSuccess: (trip) => {
      queryClient.setQueryData(tripKeys.detail(id), trip);
      void queryClient.invalidateQueries({ queryKey: tripKeys.searches() });
    },
  });
};
