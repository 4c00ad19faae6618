import { AppConfigSchema, endpoints } from '@carpool/contracts';
import { describe, expect, it } from 'vitest';
import { build, expectContract } from '../../test/helper';

/** Every configuration field spec document 2 §9 names. */
const SPEC_FIELDS = [
  'osm_country', 'country_name', 'locale', 'name_app', 'admin_email', 'trip_card_design', 'max_cards_per_row',
  'fuel_price', 'donation', 'module_validated_drivers', 'module_coordinate_by_message', 'module_references',
  'module_trip_seats_payment', 'module_seat_price_enabled', 'module_max_price_enabled',
  'module_trip_creation_payment_enabled', 'module_trip_creation_payment_amount_cents',
  'module_show_pending_request_count', 'module_on_boarding_new_user', 'module_conversation_average_delay',
  'disable_user_hints', 'allow_rating_reply', 'enable_footer', 'enable_facebook', 'login_custom_header', 'banner',
];

describe('GET /api/config', () => {
  it('answers every field of the spec for Argentina by default', async () => {
    const app = await build();
    const response = await app.inject({ method: 'GET', url: '/api/config' });
    expect(response.statusCode).toBe(200);
    const config: Record<string, unknown> = expectContract(endpoints.config.show, response);
    for (const field of SPEC_FIELDS) expect(config, field).toHaveProperty(field);
    // ISO alpha-3, as the provider's clients compare it with places' codes (UsersManager defaults to 'ARG').
    expect(config).toMatchObject({ osm_country: 'ARG', country_name: 'Argentina', locale: 'arg', fuel_price: 4.15 });
    expect(config.donation).toMatchObject({ ammount_needed: 1000, trips_count: 20, trips_rated: 2 });
  });

  it('answers the Chile variant when the country is CL', async () => {
    const app = await build({ country: 'CL' });
    const config = AppConfigSchema.parse((await app.inject({ method: 'GET', url: '/api/config' })).json());
    expect(config).toMatchObject({ osm_country: 'CHL', country_name: 'Chile', locale: 'chl' });
  });

  it('answers CORS preflight for the extra client headers', async () => {
    const app = await build();
    const response = await app.inject({
      method: 'OPTIONS',
      url: '/api/config',
      headers: { origin: 'https://app.example', 'access-control-request-method': 'GET', 'access-control-request-headers': 'x-app-platform,x-app-version,authorization' },
    });
    expect(response.statusCode).toBe(204);
    expect(response.headers['access-control-allow-headers']).toMatch(/X-App-Platform/i);
  });
});
