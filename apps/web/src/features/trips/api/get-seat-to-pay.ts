import { endpoints, type PassengerRequest } from '@carpool/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { tripKeys } from '@/lib/query-keys';

/**
 * The viewer's seat on this trip waiting for payment (state 4), from GET /api/users/payment-pending, or
 * null. The provider's trip answer does not tell it from a pending request (`request: 'send'` for
 * both, and `passenger` holds state 1 only: TripTransformer), so the trip page asks this list for the
 * request id that pays. Kept under the trip's detail key: every booking change refreshes it.
 */
export const useSeatToPay = (tripId: number, enabled: boolean) =>
  useQuery({
    queryKey: [...tripKeys.detail(tripId), 'seat-to-pay'],
    queryFn: async ({ signal }): Promise<PassengerRequest | null> =>
      (await api.call(endpoints.requests.paymentPending, { signal })).data.find((row) => row.trip_id === tripId) ?? null,
    enabled,
  });
