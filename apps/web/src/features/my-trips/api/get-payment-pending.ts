import { endpoints, type PassengerRequest } from '@carpool/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { myTripsKeys } from '@/lib/query-keys';

/** GET /api/users/payment-pending: the user's accepted requests waiting for payment. */
export const getPaymentPending = async ({ signal }: { signal?: AbortSignal } = {}): Promise<PassengerRequest[]> =>
  (await api.call(endpoints.requests.paymentPending, { signal })).data;

export const paymentPendingQueryOptions = () =>
  queryOptions({ queryKey: myTripsKeys.paymentPending(), queryFn: ({ signal }) => getPaymentPending({ signal }) });

export const usePaymentPending = () => useQuery({ ...paymentPendingQueryOptions(), refetchOnMount: 'always' });
