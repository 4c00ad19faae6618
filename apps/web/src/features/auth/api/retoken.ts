import { endpoints, type TokenAnswer } from '@carpool/contracts';
import { api } from '@/lib/api-client';

/** POST /api/retoken with the cached token: a fresh token and the configuration. */
export const retoken = (): Promise<TokenAnswer> => api.call(endpoints.auth.retoken);
