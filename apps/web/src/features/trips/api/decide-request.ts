import { endpoints, type PassengerRequest, type Trip } from '@carpool/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { tripKeys } from './query-keys';
import { refreshTripBooking, tripRequestKeys } from './request-query-keys';

export type RequestDecision = 'accept' | 'reject' | 'cancel';

/**
 * POST /api/trips/:tripId/requests/:userId/{accept|reject|cancel}. The owner accepts, rejects or
 * removes (cancel) a passenger; a passenger withdraws or leaves with cancel and their own id.
 */
export async function decideRequest(tripId: number, userId: number, decision: RequestDecision): Promise<PassengerRequest> {
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

export const useDecideRequest = (tripId: number) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, decision }: { userId: number; decision: RequestDecision }) => decideRequest(tripId, userId, decision),
    onSuccess: (_request, { userId, decision }) => {
      // The answered request leaves the pending list at once; the lists refetch behind.
      if (decision !== 'cancel') {
        queryClient.setQueryData<PassengerRequest[]>(tripRequestKeys.pending(tripId), (list) => list?.filter((item) => item.user_id !== userId));
      } else {
        // A withdrawn request clears the marker.
        queryClient.setQueryData<Trip>(tripKeys.detail(tripId), (trip) => (trip && trip.request === 'send' ? { ...trip, request: '' } : trip));
      }
      refreshTripBooking(queryClient, tripId);
    },
  });
};
