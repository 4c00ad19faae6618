import { requesterIdOf, type PassengerRequest } from '@carpool/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { decideRequest, type RequestDecision } from '@/lib/seat-requests';
import { myTripsKeys } from './query-keys';

export type { RequestDecision };

export const useDecideRequest = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ request, decision }: { request: PassengerRequest; decision: RequestDecision }) =>
      decideRequest(request.trip_id, requesterIdOf(request), decision),
    onSuccess: (_answer, { request, decision }) => {
      const key = decision === 'cancel' ? myTripsKeys.paymentPending() : myTripsKeys.pendingRequests();
      queryClient.setQueryData<PassengerRequest[]>(key, (list) => list?.filter((item) => item.id !== request.id));
      void queryClient.invalidateQueries({ queryKey: myTripsKeys.all });
    },
  });
};
