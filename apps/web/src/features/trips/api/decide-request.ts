import { requesterIdOf, type PassengerRequest, type Trip } from '@carpool/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { decideRequest, type RequestDecision } from '@/lib/seat-requests';
import { tripKeys } from './query-keys';
import { refreshTripBooking, tripRequestKeys } from './request-query-keys';

export type { RequestDecision };

export const useDecideRequest = (tripId: number) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, decision }: { userId: number; decision: RequestDecision }) => decideRequest(tripId, userId, decision),
    onSuccess: (_request, { userId, decision }) => {
      // The answered request leaves the pending list at once; the lists refetch behind.
      if (decision !== 'cancel') {
        queryClient.setQueryData<PassengerRequest[]>(tripRequestKeys.pending(tripId), (list) => list?.filter((item) => requesterIdOf(item) !== userId));
      } else {
        // A withdrawn request clears the marker.
        queryClient.setQueryData<Trip>(tripKeys.detail(tripId), (trip) => (trip && trip.request === 'send' ? { ...trip, request: '' } : trip));
      }
      refreshTripBooking(queryClient, tripId);
    },
  });
};
