import { endpoints, type RateBody } from '@carpool/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { myTripsKeys, userKeys } from '@/lib/query-keys';

export type RateInput = { tripId: number; userId: number } & RateBody;

/** POST /api/trips/:tripId/rate/:userId. */
export const rateUser = ({ tripId, userId, rating, comment }: RateInput) =>
  api.call(endpoints.ratings.rate, { params: { tripId, userId }, body: { rating, comment: comment ?? '' } });

/** GET /api/users/me: the donation modal after rating reads the user's donations. */
export const getOwnProfile = async () => (await api.call(endpoints.users.show, { params: { id: 'me' } })).data;

/** POST /api/users/change/do_not_alert_pending_rates/1. */
export const stopPendingRatesAlert = () => api.call(endpoints.users.changeProperty, { params: { property: 'do_not_alert_pending_rates', value: 1 } });

export function useRateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: rateUser,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: myTripsKeys.pendingRatings() });
      // Profiles (users feature) show the ratings and the counts.
      void queryClient.invalidateQueries({ queryKey: userKeys.all });
    },
  });
}
