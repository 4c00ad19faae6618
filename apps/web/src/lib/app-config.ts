import { endpoints, type AppConfig, appTitle as capitalisedAppName } from '@carpool/contracts';
import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import { api } from './api-client';

/** The country configuration is shared by every feature, so it lives here rather than in a feature. */
export const configKeys = { all: ['config'] as const };

export const getAppConfig = ({ signal }: { signal?: AbortSignal } = {}): Promise<AppConfig> =>
  api.call(endpoints.config.show, { signal });

export const appConfigQueryOptions = () =>
  queryOptions({ queryKey: configKeys.all, queryFn: getAppConfig, staleTime: Infinity });

/** Start-up loads the configuration before any page renders, so this never suspends in the app. */
export const useAppConfig = (): AppConfig => useSuspenseQuery(appConfigQueryOptions()).data;

/** 'carpoolear' → 'Carpoolear': the document title's fallback. */
export const appTitle = (config: Pick<AppConfig, 'name_app'>): string => capitalisedAppName(config.name_app);
