import { endpoints } from '@carpool/contracts';
import { describe, expect, it } from 'vitest';
import { clientHeaders, createPact, mockServerClient } from '@/testing/pact';
import { configMatcher } from '@/testing/pact-config';
import { readAppConfig } from './app-config';

const pact = createPact();

describe('configuration (consumer)', () => {
  it('reads the country configuration at start-up', async () => {
    await pact
      .addInteraction()
      .given('the country is Argentina')
      .uponReceiving('a request for the app configuration')
      .withRequest('GET', '/api/config', (builder) => builder.headers(clientHeaders))
      .willRespondWith(200, (builder) => builder.jsonBody(configMatcher()))
      .executeTest(async (server) => {
        const client = mockServerClient(server);
        // What the app reads: defaults for keys a provider may leave out, donation values as numbers.
        const config = readAppConfig(await client.call(endpoints.config.show));
        expect(config.osm_country).toBe('ARG');
        expect(config.max_cards_per_row).toBeLessThanOrEqual(4);
        expect(typeof config.donation.trips_count).toBe('number');
      });
  });
});
