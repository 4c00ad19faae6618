import type { AppConfig } from '@carpool/contracts';
import { DEFAULT_PRICE_SETTINGS, DONATIONS, MONEY, ROUTE_MODEL } from '@carpool/contracts';

/** Server-side settings that the client does not see in GET /api/config. */
export type ServerSettings = {
  /** Trips a user may create before the creation fee applies (sellado). */
  freeTripsAmount: number;
  /** Price formula inputs (spec document 2 §9; DEFAULT_PRICE_SETTINGS says which fuel price). */
  fuelPricePerLitre: number;
  kmPerLitre: number;
  tollsPercentage: number;
  /** Road distance ≈ great-circle × this factor until a real router is plugged in. */
  roadFactor: number;
  averageSpeedKmh: number;
};

export type CountryConfig = { config: AppConfig; settings: ServerSettings };

const base: AppConfig = {
  osm_country: 'ARG',
  country_name: 'Argentina',
  locale: 'arg',
  name_app: 'carpool',
  admin_email: 'ayuda@carpool.ar',
  fuel_price: MONEY.configFuelPrice,
  trip_card_design: 'light',
  max_cards_per_row: 3,
  enable_footer: true,
  enable_facebook: false,
  login_custom_header: false,
  trip_stars: true,
  allow_rating_reply: true,
  disable_user_hints: false,
  banner: null,
  donation: {
    ammount_needed: DONATIONS.ammountNeeded,
    month_days: 10,
    trips_count: DONATIONS.tripsCount,
    trips_offset: 5,
    trips_rated: DONATIONS.tripsRated,
  },
  maximum_seat_price_cents: 6_000_000,
  module_validated_drivers: true,
  module_coordinate_by_message: true,
  module_references: true,
  module_trip_seats_payment: false,
  module_trip_creation_payment_enabled: false,
  module_trip_creation_payment_amount_cents: 150_000,
  module_max_price_enabled: true,
  module_seat_price_enabled: true,
  module_conversation_average_delay: true,
  module_show_pending_request_count: true,
  module_on_boarding_new_user: true,
  map_tile_url: 'https://{s}.tile.openstreetmap.org/{z}/{x}/{y}.png',
};

const baseSettings: ServerSettings = {
  freeTripsAmount: 2,
  ...DEFAULT_PRICE_SETTINGS,
  roadFactor: ROUTE_MODEL.roadFactor,
  averageSpeedKmh: ROUTE_MODEL.averageSpeedKmh,
};

/** Country configurations; AR is the default, CL the Chile variant (CARPOOL_COUNTRY=CL). */
export const COUNTRIES: Record<'AR' | 'CL', CountryConfig> = {
  AR: { config: base, settings: baseSettings },
  CL: {
    config: {
      ...base,
      osm_country: 'CHL',
      country_name: 'Chile',
      locale: 'chl',
      admin_email: 'ayuda@carpool.cl',
      fuel_price: 1250,
      maximum_seat_price_cents: 3_000_000,
    },
    settings: baseSettings,
  },
};

export type CountryCode = keyof typeof COUNTRIES;

export function isCountryCode(value: string): value is CountryCode {
  return value in COUNTRIES;
}

/**
 * The configuration this server answers: a private copy of its country's (tests flip flags on their own
 * instance), with the server's own settings over it (DONATION_MONTH_DAYS). The start and every reset use it.
 */
export function countryFor(env: { country: CountryCode; donationMonthDays?: number }): CountryConfig {
  const country = structuredClone(COUNTRIES[env.country]);
  if (env.donationMonthDays !== undefined) country.config.donation = { ...country.config.donation, month_days: env.donationMonthDays };
  return country;
}
