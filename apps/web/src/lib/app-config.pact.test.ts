import { endpoints } from '@carpool/contracts';
import { describe, expect, it } from 'vitest';
import { clientHeaders, createPact, mockServerClient } from '@/testing/pact';
import { configMatcher } from '@/testing/pact-config';

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
        const config = await client.call(endpoints.config.show);
        expect(config.osm_country).toBe('AR');
        expect(config.max_cards_per_row).toBeLessThanOrEqual(4);
      });
  });
});
