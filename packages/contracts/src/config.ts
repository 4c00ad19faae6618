import { z } from 'zod';
import { defineEndpoint } from './endpoint';

export const BannerSchema = z.object({ url: z.string(), image: z.string() });

/** The provider sends these from its environment as strings ('0', '20', '1000'); ours are numbers. */
const donationValue = z.union([z.number(), z.string().regex(/^-?\d+(\.\d+)?$/)]);

export const DonationConfigSchema = z.object({
  ammount_needed: donationValue,
  month_days: donationValue,
  trips_count: donationValue,
  trips_offset: donationValue,
  trips_rated: donationValue,
});

/** The donation values as the web app uses them, read as numbers. */
export type DonationConfig = { [K in keyof z.infer<typeof DonationConfigSchema>]: number };

/**
 * GET /api/config: every configuration field of spec document 2 §9. The provider's
 * `config/carpoolear.php` has no `osm_country` (its code defaults to 'ARG'), no `locale`, and none of
 * the optional keys below: they exist only when the operator stored them in its `app_config` table.
 * So a client must not require them; our web app fills them in one place (`readAppConfig`), and our
 * mock answers every one.
 */
export const AppConfigSchema = z.object({
  /**
   * The home country, ISO alpha-3 as the provider's clients compare it with places' codes (`ARG`; the
   * provider's code defaults to it). Compare it with `sameCountry`: the spec's `AR` is the same country.
   */
  osm_country: z.string().optional(),
  country_name: z.string().optional(),
  locale: z.string().optional(),
  name_app: z.string(),
  admin_email: z.string().optional(),
  fuel_price: z.number().optional(),
  trip_card_design: z.string().optional(),
  max_cards_per_row: z.number().int().min(1).max(4).optional(),
  enable_footer: z.boolean().optional(),
  enable_facebook: z.boolean().optional(),
  login_custom_header: z.boolean().optional(),
  trip_stars: z.boolean().optional(),
  allow_rating_reply: z.boolean().optional(),
  disable_user_hints: z.boolean().optional(),
  banner: BannerSchema.nullable(),
  donation: DonationConfigSchema,
  maximum_seat_price_cents: z.number().int().nonnegative().optional(),
  module_validated_drivers: z.boolean(),
  module_coordinate_by_message: z.boolean(),
  module_references: z.boolean().optional(),
  module_trip_seats_payment: z.boolean(),
  module_trip_creation_payment_enabled: z.boolean(),
  module_trip_creation_payment_amount_cents: z.number().int().nonnegative(),
  module_max_price_enabled: z.boolean(),
  module_seat_price_enabled: z.boolean(),
  module_conversation_average_delay: z.boolean(),
  module_show_pending_request_count: z.boolean().optional(),
  module_on_boarding_new_user: z.boolean().optional(),
  /** mock addition, not in the spec: the tile URL template of the web app's maps (OpenStreetMap's by default). Empty = no tiles. */
  map_tile_url: z.string().optional(),
});
/** The configuration as answered: keys the provider may leave out are optional. */
export type AppConfigAnswer = z.infer<typeof AppConfigSchema>;
/** The configuration with every key present and the donation values as numbers (what our mock answers, what the web reads). */
export type AppConfig = Required<Omit<AppConfigAnswer, 'donation' | 'map_tile_url'>> &
  Pick<AppConfigAnswer, 'map_tile_url'> & { donation: DonationConfig };

export const configEndpoints = {
  show: defineEndpoint({
    method: 'GET',
    path: '/api/config',
    summary: 'App configuration of the country (AR by default)',
    auth: 'none',
    responses: { 200: AppConfigSchema },
  }),
};
