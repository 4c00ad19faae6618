import { endpoints, type Transaction } from '@carpool/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const transactionKeys = {
  all: ['transactions'] as const,
  list: (userId: number | 'me') => [...transactionKeys.all, 'list', userId] as const,
};

/**
 * GET /api/trips/transactions: seat payments as passenger or on the user's departed trips, latest
 * first; a bare array, as the provider answers.
 */
export const getTransactions = ({ signal }: { signal?: AbortSignal } = {}): Promise<Transaction[]> =>
  api.call(endpoints.requests.transactions, { signal });

export const transactionsQueryOptions = (userId: number | 'me') =>
  queryOptions({ queryKey: transactionKeys.list(userId), queryFn: ({ signal }) => getTransactions({ signal }) });

// The payment page sends the user back here: always ask again.
export const useTransactions = (userId: number | 'me', enabled: boolean) =>
  useQuery({ ...transactionsQueryOptions(userId), enabled, refetchOnMount: 'always' });
