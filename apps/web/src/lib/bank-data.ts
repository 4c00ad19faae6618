import { endpoints, type BankData } from '@carpool/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from './api-client';

/** Banks and account types of the driver module: registration and profile update both ask for them. */
export const bankDataKeys = { all: ['bank-data'] as const };

export const getBankData = ({ signal }: { signal?: AbortSignal } = {}): Promise<BankData> =>
  api.call(endpoints.users.bankData, { signal });

export const bankDataQueryOptions = () =>
  queryOptions({ queryKey: bankDataKeys.all, queryFn: getBankData, staleTime: Infinity });

export const useBankData = ({ enabled = true }: { enabled?: boolean } = {}) =>
  useQuery({ ...bankDataQueryOptions(), enabled });
