import { endpoints, type DonationBody } from '@carpool/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from './api-client';
import { userKeys } from './query-keys';

/** POST /api/users/donation: a donation (one-time or monthly) or a refusal, for the session's user. */
export const registerDonation = (body: DonationBody) => api.call(endpoints.users.donation, { body });

/** The own profile carries donations and monthly_donate. */
export function useRegisterDonation() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: registerDonation, onSuccess: () => void queryClient.invalidateQueries({ queryKey: userKeys.detail('me') }) });
}
