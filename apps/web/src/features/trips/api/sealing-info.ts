import { endpoints, type SealingInfo } from '@carpool/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { tripKeys } from '@/lib/query-keys';

/** GET /api/users/sellado-viaje: free trips left before the creation fee (the provider's `{ success, data }`). */
export const getSealingInfo = async ({ signal }: { signal?: AbortSignal } = {}): Promise<SealingInfo> =>
  (await api.call(endpoints.trips.sealingInfo, { signal })).data;

export const sealingInfoQueryOptions = () =>
  queryOptions({ queryKey: tripKeys.sealing(), queryFn: ({ signal }) => getSealingInfo({ signal }) });

/** Only asked when the creation-payment module is on. */
export const useSealingInfo = (enabled: boolean) => useQuery({ ...sealingInfoQueryOptions(), enabled });
