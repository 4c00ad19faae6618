import { MatchersV3 } from '@pact-foundation/pact';
import { endpoints, TripSchema, type Paginated, type Trip } from '@carpool/contracts';
import { describe, expect, it } from 'vitest';
import { clientHeaders, createPact, exampleTrip, guestTripMatcher, mockServerClient } from '@/testing/pact';
import { toTripSearch } from '../utils/search-params';

const pact = createPact();
const BA = { lat: -34.60757, lng: -58.43709 };
const ROSARIO = { lat: -32.9595, lng: -60.66154 };

/** One page holding the provider state's one trip Buenos Aires → Rosario, as a logged-out visitor gets it. */
const oneTripPage = (builder: { jsonBody: (body: unknown) => unknown }) =>
  builder.jsonBody({
    data: MatchersV3.eachLike(guestTripMatcher(), 1),
    meta: { pagination: MatchersV3.like({ total: 1, count: 1, per_page: 20, current_page: 1, total_pages: 1, links: {} }) },
  });

function expectTheTripToRosario(page: Paginated<Trip>) {
  expect(page.data[0]?.to_town).toBe('Rosario');
  expect(page.data[0]?.trip_date.startsWith('2026-11-25')).toBe(true);
}

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
          data: MatchersV3.eachLike(guestTripMatcher(), 1),
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
      .willRespondWith(200, oneTripPage)
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
        expectTheTripToRosario(page);
      });
  });

  it('searches by the places picked in the autocomplete: their ids beside their coordinates, as the provider\'s clients', async () => {
    const search = toTripSearch({
      origin: { name: 'Buenos Aires', lat: BA.lat, lng: BA.lng, id: '81590481' },
      destination: { name: 'Rosario', lat: ROSARIO.lat, lng: ROSARIO.lng, id: '198417773' },
      date: '2026-11-25',
      isPassenger: false,
    });
    await pact
      .addInteraction()
      .given('a public trip from Buenos Aires to Rosario', { date: '2026-11-25 09:00:00', now: '2026-11-22T15:00:00.000Z' })
      .uponReceiving('a search by the place ids of Buenos Aires and Rosario around a date')
      .withRequest('GET', '/api/trips', (builder) =>
        builder.headers(clientHeaders).query({
          is_passenger: 'false',
          origin_name: 'Buenos Aires',
          origin_lat: String(BA.lat),
          origin_lng: String(BA.lng),
          origin_id: '81590481',
          destination_name: 'Rosario',
          destination_lat: String(ROSARIO.lat),
          destination_lng: String(ROSARIO.lng),
          destination_id: '198417773',
          date: '2026-11-25',
          page: '1',
          page_size: '20',
        }),
      )
      .willRespondWith(200, oneTripPage)
      .executeTest(async (server) => {
        const page = await mockServerClient(server).call(endpoints.trips.search, { query: { ...search, page: 1, page_size: 20 } });
        expectTheTripToRosario(page);
      });
  });
});
