import { endpoints, type SealingInfo } from '@carpool/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { tripKeys } from './query-keys';

/** GET /api/users/sellado-viaje: free trips left before the creation fee. */
export const getSealingInfo = ({ signal }: { signal?: AbortSignal } = {}): Promise<SealingInfo> =>
  api.call(endpoints.trips.sealingInfo, { signal });

export const sealingInfoQueryOptions = () =>
  queryOptions({ queryKey: tripKeys.sealing(), queryFn: ({ signal }) => getSealingInfo({ signal }) });

/** Only asked when the creation-payment module is on. */
export const useSealingInfo = (enabled: boolean) => useQuery({ ...sealingInfoQueryOptions(), enabled });
