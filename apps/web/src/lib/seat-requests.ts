import { endpoints, type SeatRequestAnswer } from '@carpool/contracts';
import { api } from './api-client';

export type RequestDecision = 'accept' | 'reject' | 'cancel';

/**
 * POST /api/trips/:tripId/requests/:userId/{accept|reject|cancel}. The owner accepts, rejects or
 * removes (cancel) a passenger; a passenger withdraws, leaves or drops a pending payment with
 * cancel and their own id. Shared by the trip detail and my trips, which keep their own caches.
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
