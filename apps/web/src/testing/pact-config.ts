import { MatchersV3 } from '@pact-foundation/pact';
import type { AppConfig } from '@carpool/contracts';
import { makeConfig } from './fixtures';

/** The Argentine configuration the app reads; matched by type so values may change. */
export const exampleConfig: AppConfig = makeConfig({ name_app: 'carpool', admin_email: 'ayuda@carpool.ar' });

export const configMatcher = () =>
  MatchersV3.like({
    ...exampleConfig,
    // The locale picks the wording (arg/chl): the app depends on its value.
    locale: MatchersV3.regex(/^(arg|chl)$/, 'arg'),
    // ISO alpha-3, as the provider answers it (its code defaults to 'ARG').
    osm_country: MatchersV3.regex(/^[A-Z]{3}$/, 'ARG'),
    fuel_price: MatchersV3.decimal(4.15),
    max_cards_per_row: MatchersV3.integer(3),
  });
