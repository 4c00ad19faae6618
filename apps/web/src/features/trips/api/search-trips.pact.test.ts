import { MatchersV3 } from '@pact-foundation/pact';
import { endpoints, TripSchema } from '@carpool/contracts';
import { describe, expect, it } from 'vitest';
import { clientHeaders, createPact, exampleTrip, mockServerClient, tripMatcher } from '@/testing/pact';

const pact = createPact();
const BA = { lat: -34.60757, lng: -58.43709 };
const ROSARIO = { lat: -32.9595, lng: -60.66154 };

describe('trip search (consumer)', () => {
  it('lists the first page of driver trips for a logged-out visitor', async () => {
    await pact
      .addInteraction()
      .given('public trips exist')
      .uponReceiving('a search for driver trips, first page')
      .withRequest('GET', '/api/trips', (builder) =>
        builder.headers(clientHeaders).query({ is_passenger: 'false', page: '1', page_size: '20' }),
      )
      .willRespondWith(200, (builder) =>
        builder.jsonBody({
          data: MatchersV3.eachLike(tripMatcher(), 1),
          meta: {
            pagination: MatchersV3.like({
              total: 40,
              count: 20,
              per_page: 20,
              current_page: 1,
              total_pages: 2,
              // The client pages by current_page/total_pages, not by the links.
              links: {},
            }),
          },
        }),
      )
      .executeTest(async (server) => {
        const client = mockServerClient(server);
        const page = await client.call(endpoints.trips.search, { query: { is_passenger: false, page: 1, page_size: 20 } });
        expect(page.data.length).toBeGreaterThan(0);
        expect(TripSchema.parse(page.data[0]).from_town).toBe(exampleTrip.from_town);
        expect(page.meta.pagination.current_page).toBe(1);
      });
  });

  it('searches by origin, destination and date', async () => {
    await pact
      .addInteraction()
      .given('a public trip from Buenos Aires to Rosario', { date: '2026-11-25 09:00:00', now: '2026-11-22T15:00:00.000Z' })
      .uponReceiving('a search from Buenos Aires to Rosario around a date')
      .withRequest('GET', '/api/trips', (builder) =>
        builder.headers(clientHeaders).query({
          origin_lat: String(BA.lat),
          origin_lng: String(BA.lng),
          origin_radio: '1000',
          destination_lat: String(ROSARIO.lat),
          destination_lng: String(ROSARIO.lng),
          destination_radio: '1000',
          date: '2026-11-25',
          is_passenger: 'false',
          page: '1',
          page_size: '20',
        }),
      )
      .willRespondWith(200, (builder) =>
        builder.jsonBody({
          data: MatchersV3.eachLike(tripMatcher(), 1),
          meta: { pagination: MatchersV3.like({ total: 1, count: 1, per_page: 20, current_page: 1, total_pages: 1, links: {} }) },
        }),
      )
      .executeTest(async (server) => {
        const client = mockServerClient(server);
        const page = await client.call(endpoints.trips.search, {
          query: {
            origin_lat: BA.lat,
            origin_lng: BA.lng,
            origin_radio: 1000,
            destination_lat: ROSARIO.lat,
            destination_lng: ROSARIO.lng,
            destination_radio: 1000,
            date: '2026-11-25',
            is_passenger: false,
            page: 1,
            page_size: 20,
          },
        });
        expect(page.data[0]?.to_town).toBe('Rosario');
        expect(page.data[0]?.trip_date.startsWith('2026-11-25')).toBe(true);
      });
  });
});
