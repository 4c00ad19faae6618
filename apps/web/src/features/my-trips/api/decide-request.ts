import { endpoints, type PassengerRequest } from '@carpool/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { myTripsKeys } from './query-keys';

export type RequestDecision = 'accept' | 'reject' | 'cancel';

/**
 * POST /api/trips/:tripId/requests/:userId/{accept|reject|cancel}: the driver answers a pending
 * request card; the passenger cancels a pending payment (cancel with their own id).
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

/** The card leaves its list at once; accepting adds the passenger to my trips, so every list refetches. */
export const useDecideRequest = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ request, decision }: { request: PassengerRequest; decision: RequestDecision }) =>
      decideRequest(request.trip_id, request.user_id, decision),
    onSuccess: (_answer, { request, decision }) => {
      const key = decision === 'cancel' ? myTripsKeys.paymentPending() : myTripsKeys.pendingRequests();
      queryClient.setQueryData<PassengerRequest[]>(key, (list) => list?.filter((item) => item.id !== request.id));
      void queryClient.invalidateQueries({ queryKey: myTripsKeys.all });
    },
  });
};
