import { MatchersV3 } from '@pact-foundation/pact';
import type { AppConfig } from '@carpool/contracts';

/** The Argentine configuration the app reads; matched by type so values may change. */
export const exampleConfig: AppConfig = {
  osm_country: 'AR',
  country_name: 'Argentina',
  locale: 'arg',
  name_app: 'carpool',
  admin_email: 'ayuda@carpool.ar',
  fuel_price: 4.15,
  trip_card_design: 'light',
  max_cards_per_row: 3,
  enable_footer: true,
  enable_facebook: false,
  login_custom_header: false,
  trip_stars: true,
  allow_rating_reply: true,
  disable_user_hints: false,
  banner: null,
  donation: { ammount_needed: 1000, month_days: 10, trips_count: 20, trips_offset: 5, trips_rated: 2 },
  maximum_seat_price_cents: 6000000,
  module_validated_drivers: true,
  module_coordinate_by_message: true,
  module_references: true,
  module_trip_seats_payment: false,
  module_trip_creation_payment_enabled: false,
  module_trip_creation_payment_amount_cents: 150000,
  module_max_price_enabled: true,
  module_seat_price_enabled: true,
  module_conversation_average_delay: true,
  module_show_pending_request_count: true,
  module_on_boarding_new_user: true,
  map_tile_url: 'https://{s}.tile.openstreetmap.org/{z}/{x}/{y}.png',
};

export const configMatcher = () =>
  MatchersV3.like({
    ...exampleConfig,
    // The locale picks the wording (arg/chl): the app depends on its value.
    locale: MatchersV3.regex(/^(arg|chl)$/, 'arg'),
    fuel_price: MatchersV3.decimal(4.15),
    max_cards_per_row: MatchersV3.integer(3),
  });
