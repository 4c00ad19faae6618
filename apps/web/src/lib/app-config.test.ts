import { AppConfigSchema } from '@carpool/contracts';
import { describe, expect, it } from 'vitest';
import { makeConfig } from '@/testing/fixtures';
import { readAppConfig } from './app-config';

/** Keys of ours the provider's config/carpoolear.php does not have (only its app_config table may add them). */
const NOT_IN_PROVIDER_FILE = new Set([
  'osm_country', 'country_name', 'locale', 'admin_email', 'fuel_price', 'trip_card_design', 'max_cards_per_row',
  'enable_footer', 'enable_facebook', 'login_custom_header', 'trip_stars', 'allow_rating_reply', 'disable_user_hints',
  'maximum_seat_price_cents', 'module_references', 'module_show_pending_request_count', 'module_on_boarding_new_user',
]);

/** What the provider answers with no app_config rows (AuthController::_getConfig): donation values as text, an empty banner, its own extra keys. */
const providerAnswer = {
  ...Object.fromEntries(Object.entries(makeConfig({ name_app: 'Carpoolear' })).filter(([key]) => !NOT_IN_PROVIDER_FILE.has(key))),
  donation: { month_days: '0', trips_count: '20', trips_offset: '0', trips_rated: '2', ammount_needed: '1000' },
  banner: { url: '', url_mobile: '', image: '', image_mobile: '' },
  module_unaswered_message_limit: false,
};

describe('readAppConfig', () => {
  it("accepts the provider's configuration and fills the keys it leaves out", () => {
    const config = readAppConfig(AppConfigSchema.parse(providerAnswer));
    expect(config.donation).toEqual({ month_days: 0, trips_count: 20, trips_offset: 0, trips_rated: 2, ammount_needed: 1000 });
    expect(config).toMatchObject({
      osm_country: 'ARG',
      locale: 'arg',
      max_cards_per_row: 4,
      module_references: false,
      allow_rating_reply: false,
      maximum_seat_price_cents: 0,
      name_app: 'Carpoolear',
    });
    // An empty banner (no image) is no banner.
    expect(config.banner).toBeNull();
  });

  it('keeps every value the answer gives', () => {
    const ours = makeConfig({ max_cards_per_row: 3, osm_country: 'CHL', banner: { url: 'https://x.ar', image: 'b.png' } });
    expect(readAppConfig(AppConfigSchema.parse(ours))).toEqual(ours);
  });

  it('refuses donation values that are not numbers', () => {
    const answer = { ...providerAnswer, donation: { ...providerAnswer.donation, trips_count: 'veinte' } };
    expect(AppConfigSchema.safeParse(answer).success).toBe(false);
  });
});
