import { endpoints, requesterIdOf, type PassengerRequest, type SeatRequestAnswer, type Trip } from '@carpool/contracts';
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api } from './api-client';
import { myTripsKeys, tripKeys, tripRequestKeys, userKeys } from './query-keys';

export type RequestDecision = 'accept' | 'reject' | 'cancel';

/**
 * POST /api/trips/:tripId/requests/:userId/{accept|reject|cancel}. The owner accepts, rejects or
 * removes (cancel) a passenger; a passenger withdraws, leaves or drops a pending payment with
 * cancel and their own id.
 */
export async function decideRequest(tripId: number, userId: number, decision: RequestDecision): Promise<SeatRequestAnswer> {
  const options = { params: { tripId, userId } };
  switch (decision) {
    case 'accept':
      return (await api.call(endpoints.requests.accept, options)).data;
    case 'reject':
      return (await api.call(endpoints.requests.reject, options)).data;
    case 'cancel':
      return (await api.call(endpoints.requests.cancel, options)).data;
  }
}

/** After a request changes state: the trip (seats, marker, lists) and the searches' seat counts. */
export function refreshTripBooking(queryClient: QueryClient, tripId: number) {
  void queryClient.invalidateQueries({ queryKey: tripKeys.detail(tripId) });
  void queryClient.invalidateQueries({ queryKey: tripKeys.searches() });
}

export type SeatRequestDecision = { tripId: number; userId: number; decision: RequestDecision };

const isRequestOf = (tripId: number, userId: number) => (item: PassengerRequest) => item.trip_id === tripId && requesterIdOf(item) === userId;

/** A decision from the trip page or from my trips: the lists that showed the request drop it at once and refetch behind. */
export const useDecideRequest = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ tripId, userId, decision }: SeatRequestDecision) => decideRequest(tripId, userId, decision),
    onSuccess: (_answer, { tripId, userId, decision }) => {
      const answered = isRequestOf(tripId, userId);
      const drop = (list: PassengerRequest[] | undefined) => list?.filter((item) => !answered(item));
      if (decision !== 'cancel') {
        queryClient.setQueryData<PassengerRequest[]>(tripRequestKeys.pending(tripId), drop);
        queryClient.setQueryData<PassengerRequest[]>(myTripsKeys.pendingRequests(), drop);
      } else {
        // A withdrawn request clears the trip's marker and leaves the seats to pay.
        queryClient.setQueryData<Trip>(tripKeys.detail(tripId), (trip) => (trip && trip.request === 'send' ? { ...trip, request: '' } : trip));
        queryClient.setQueryData<PassengerRequest[]>(myTripsKeys.paymentPending(), drop);
      }
      refreshTripBooking(queryClient, tripId);
      void queryClient.invalidateQueries({ queryKey: myTripsKeys.all });
      void queryClient.invalidateQueries({ queryKey: userKeys.allTrips() });
    },
  });
};
