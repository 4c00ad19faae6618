import { REQUEST_STATES, endpoints, requestStateOf, type SeatRequestAnswer, type Trip } from '@carpool/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { tripKeys } from '@/lib/query-keys';
import { refreshTripBooking } from '@/lib/seat-requests';

/** POST /api/trips/:id/requests (empty body): 0 sent, 1 aboard (auto-accept), 4 to pay. */
export const requestSeat = async (tripId: number): Promise<SeatRequestAnswer> =>
  (await api.call(endpoints.requests.create, { params: { id: tripId } })).data;

export const useRequestSeat = (tripId: number) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => requestSeat(tripId),
    onSuccess: (request) => {
      // The request marker: 'send' while the request waits for an answer.
      if (requestStateOf(request) === REQUEST_STATES.pending) {
        queryClient.setQueryData<Trip>(tripKeys.detail(tripId), (trip) => (trip ? { ...trip, request: 'send' } : trip));
      }
      refreshTripBooking(queryClient, tripId);
    },
  });
};
