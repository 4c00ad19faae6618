import {
  endpoints,
  MONEY,
  type AppConfig,
  type AppConfigAnswer,
  appTitle as capitalisedAppName,
} from '@carpool/contracts';
import { queryOptions, useSuspenseQuery, type QueryClient } from '@tanstack/react-query';
import { api } from './api-client';

/** The country configuration is shared by every feature, so it lives here rather than in a feature. */
export const configKeys = { all: ['config'] as const };

/**
 * Keys the provider sends only when its operator stored them (its `app_config` table). A missing flag
 * reads as off and a missing text as empty, as the provider's own client reads them; the home country
 * is the provider's code default ('ARG'); without max_cards_per_row the cards take the wider layout
 * (spec document 1 §2: "3, or a wider layout; up to 4"); no maximum seat price means no limit.
 */
const CONFIG_DEFAULTS = {
  osm_country: 'ARG',
  country_name: 'Argentina',
  locale: 'arg',
  admin_email: '',
  fuel_price: MONEY.configFuelPrice,
  trip_card_design: '',
  max_cards_per_row: 4,
  enable_footer: false,
  enable_facebook: false,
  login_custom_header: false,
  trip_stars: false,
  allow_rating_reply: false,
  disable_user_hints: false,
  maximum_seat_price_cents: 0,
  module_references: false,
  module_show_pending_request_count: false,
  module_on_boarding_new_user: false,
} satisfies Partial<AppConfig>;

/**
 * The one place the configuration answer (GET /api/config, and the `config` of login and retoken)
 * becomes what the app reads: defaults for the keys left out, donation values as numbers (the provider
 * sends them as strings), and a banner without an image as no banner (the provider always
 * sends the object, with empty strings when none is set).
 */
export function readAppConfig(answer: AppConfigAnswer): AppConfig {
  const defined = Object.fromEntries(Object.entries(answer).filter(([, value]) => value !== undefined));
  const { donation, banner } = answer;
  return {
    ...CONFIG_DEFAULTS,
    ...defined,
    banner: banner?.image ? banner : null,
    donation: {
      ammount_needed: Number(donation.ammount_needed),
      month_days: Number(donation.month_days),
      trips_count: Number(donation.trips_count),
      trips_offset: Number(donation.trips_offset),
      trips_rated: Number(donation.trips_rated),
    },
  } as AppConfig;
}

export const getAppConfig = async ({ signal }: { signal?: AbortSignal } = {}): Promise<AppConfig> =>
  readAppConfig(await api.call(endpoints.config.show, { signal }));

/** Login, activation and retoken answer the configuration too: it replaces the cached one. */
export const storeAppConfig = (client: QueryClient, answer: AppConfigAnswer): void => {
  client.setQueryData(configKeys.all, readAppConfig(answer));
};

export const appConfigQueryOptions = () =>
  queryOptions({ queryKey: configKeys.all, queryFn: getAppConfig, staleTime: Infinity });

/** Start-up loads the configuration before any page renders, so this never suspends in the app. */
export const useAppConfig = (): AppConfig => useSuspenseQuery(appConfigQueryOptions()).data;

/** 'carpoolear' → 'Carpoolear': the document title's fallback. */
export const appTitle = (config: Pick<AppConfig, 'name_app'>): string => capitalisedAppName(config.name_app);
