import { z } from 'zod';
import { defineEndpoint } from './endpoint';

export const BannerSchema = z.object({ url: z.string(), image: z.string() });

export const DonationConfigSchema = z.object({
  ammount_needed: z.number(),
  month_days: z.number().int().nonnegative(),
  trips_count: z.number().int().nonnegative(),
  trips_offset: z.number().int().nonnegative(),
  trips_rated: z.number().int().nonnegative(),
});

/** GET /api/config: every configuration field of spec document 2 §9. */
export const AppConfigSchema = z.object({
  osm_country: z.string(),
  country_name: z.string(),
  locale: z.string(),
  name_app: z.string(),
  admin_email: z.string(),
  fuel_price: z.number(),
  trip_card_design: z.string(),
  max_cards_per_row: z.number().int().min(1).max(4),
  enable_footer: z.boolean(),
  enable_facebook: z.boolean(),
  login_custom_header: z.boolean(),
  trip_stars: z.boolean(),
  allow_rating_reply: z.boolean(),
  disable_user_hints: z.boolean(),
  banner: BannerSchema.nullable(),
  donation: DonationConfigSchema,
  maximum_seat_price_cents: z.number().int().nonnegative(),
  module_validated_drivers: z.boolean(),
  module_coordinate_by_message: z.boolean(),
  module_references: z.boolean(),
  module_trip_seats_payment: z.boolean(),
  module_trip_creation_payment_enabled: z.boolean(),
  module_trip_creation_payment_amount_cents: z.number().int().nonnegative(),
  module_max_price_enabled: z.boolean(),
  module_seat_price_enabled: z.boolean(),
  module_conversation_average_delay: z.boolean(),
  module_show_pending_request_count: z.boolean(),
  module_on_boarding_new_user: z.boolean(),
  /** mock addition, not in the spec: the tile URL template of the web app's maps (OpenStreetMap's by default). Empty = no tiles. */
  map_tile_url: z.string().optional(),
});
export type AppConfig = z.infer<typeof AppConfigSchema>;

export const configEndpoints = {
  show: defineEndpoint({
    method: 'GET',
    path: '/api/config',
    summary: 'App configuration of the country (AR by default)',
    auth: 'none',
    responses: { 200: AppConfigSchema },
  }),
};
