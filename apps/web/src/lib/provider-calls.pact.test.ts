import { MatchersV3 } from '@pact-foundation/pact';
import { endpoints } from '@carpool/contracts';
import { describe, expect, it } from 'vitest';
import { authHeaders, clientHeaders, createPact, dateTime, loggedInClient, mockServerClient, paginationMatcher, tripMatcher } from '@/testing/pact';

/**
 * The provider calls the spec does not list but the provider's own clients make (issue #9): the web app
 * does not use them yet, but their shapes are the contract a client built the provider's way relies on.
 */
const { like, eachLike, string, integer, decimal, number, fromProviderState } = MatchersV3;
const pact = createPact();
const driver = { email: 'conductor@carpool.ar' };
const member = { name: 'Ramiro Quiroga', email: 'ramiro.quiroga@correo.com.ar' };

describe('provider calls (consumer)', () => {
  it("lists the caller's open seat requests with their trips", async () => {
    await pact
      .addInteraction()
      .given('a member asked for a seat on a plain trip', { name: member.name })
      .given('the user is logged in', { email: member.email })
      .uponReceiving('a request for my seat requests')
      .withRequest('GET', '/api/users/seat-requests', (builder) => builder.headers(authHeaders))
      .willRespondWith(200, (builder) =>
        builder.jsonBody({
          data: eachLike({ id: integer(80), trip_id: integer(1), request_state: integer(0), created_at: dateTime('2026-11-24 10:00:00'), trip: tripMatcher() }, 1),
          meta: paginationMatcher({ total: 1, count: 1, per_page: 20, current_page: 1, total_pages: 1 }),
        }),
      )
      .executeTest(async (server) => {
        const answer = await loggedInClient(server).call(endpoints.users.seatRequests);
        expect(answer.data[0]?.request_state).toBe(0);
      });
  });

  it('answers {data: null} when no trip is under way', async () => {
    await pact
      .addInteraction()
      .given('a member asked for a seat on a plain trip', { name: member.name })
      .given('the user is logged in', { email: member.email })
      .uponReceiving('a request for my ongoing trip with none under way')
      .withRequest('GET', '/api/users/ongoing-trip', (builder) => builder.headers(authHeaders))
      .willRespondWith(200, (builder) => builder.jsonBody({ data: null }))
      .executeTest(async (server) => {
        expect((await loggedInClient(server).call(endpoints.users.ongoingTrip)).data).toBeNull();
      });
  });

  it("lists a user's badges", async () => {
    await pact
      .addInteraction()
      .given('the user is logged in', driver)
      .given('the demo driver, a verified driver with trips')
      .uponReceiving("a request for the demo driver's badges")
      .withRequest('GET', fromProviderState('/api/users/${driverId}/badges', '/api/users/2/badges'), (builder) => builder.headers(authHeaders))
      .willRespondWith(200, (builder) =>
        builder.jsonBody({ data: eachLike({ id: integer(1), slug: string('verified-driver'), title: string('Conductor verificado'), description: string('Su cuenta de conductor está verificada.') }, 1) }),
      )
      .executeTest(async (server) => {
        expect((await loggedInClient(server).call(endpoints.users.badges, { params: { id: 2 } })).data.length).toBeGreaterThan(0);
      });
  });

  it("gives templates from the caller's recent routes", async () => {
    await pact
      .addInteraction()
      .given('the user is logged in', driver)
      .uponReceiving("a request for the driver's trip templates")
      .withRequest('GET', '/api/trip-creation-templates', (builder) => builder.headers(authHeaders))
      .willRespondWith(200, (builder) =>
        builder.jsonBody({
          data: eachLike(
            {
              id: integer(1),
              from_town: string('Buenos Aires'),
              to_town: string('Rosario'),
              is_passenger: integer(0),
              total_seats: integer(3),
              seat_price_cents: integer(1_500_000),
              friendship_type_id: integer(2),
              description: string('Salgo desde Palermo.'),
              estimated_time: string('03:45'),
              points: eachLike({ address: string('Rosario, Santa Fe, Argentina'), json_address: like({ name: 'Rosario' }), lat: decimal(-32.9595), lng: decimal(-60.66154) }, 2),
              last_used_at: dateTime('2026-11-20 10:00:00'),
            },
            1,
          ),
        }),
      )
      .executeTest(async (server) => {
        const answer = await loggedInClient(server).call(endpoints.trips.templates);
        expect(answer.data[0]?.points.length).toBeGreaterThanOrEqual(2);
      });
  });

  it('answers an OSRM route between two places, and OSRM errors in the API format', async () => {
    await pact
      .addInteraction()
      .uponReceiving('an OSRM route from Buenos Aires to Rosario without geometry')
      // The client encodes the path parameter (',' and ';'), as any URL builder does.
      .withRequest('GET', '/api/osrm/route/v1/driving/-58.43709%2C-34.60757%3B-60.66154%2C-32.9595', (builder) => builder.headers(clientHeaders).query({ overview: 'false' }))
      .willRespondWith(200, (builder) =>
        builder.jsonBody({
          code: 'Ok',
          // OSRM's metres and seconds: any number (the mock's are whole, OSRM's have decimals).
          routes: eachLike({ distance: number(360_000.5), duration: number(16_200.5), weight: number(16_200.5), weight_name: string('routability'), legs: eachLike({ distance: number(360_000.5), duration: number(16_200.5), weight: number(16_200.5), summary: string(''), steps: [] }, 1) }, 1),
          waypoints: eachLike({ name: string(''), location: eachLike(decimal(-58.43709), 2), distance: integer(0), hint: string('') }, 2),
        }),
      )
      .executeTest(async (server) => {
        const answer = await mockServerClient(server).call(endpoints.routing.osrmRoute, {
          params: { coords: '-58.43709,-34.60757;-60.66154,-32.9595' },
          query: { overview: 'false' },
        });
        expect(answer.routes[0]?.distance).toBeGreaterThan(0);
      });
    await pact
      .addInteraction()
      .uponReceiving('an OSRM route with malformed coordinates')
      .withRequest('GET', '/api/osrm/route/v1/driving/no-es-una-coordenada', (builder) => builder.headers(clientHeaders))
      .willRespondWith(400, (builder) => builder.jsonBody({ message: string('URL string malformed'), errors: { error: 'InvalidUrl' } }))
      .executeTest(async (server) => {
        await expect(mockServerClient(server).call(endpoints.routing.osrmRoute, { params: { coords: 'no-es-una-coordenada' } })).rejects.toMatchObject({ status: 400 });
      });
  });

  it('gives the release notes, all and of one version', async () => {
    const note = { version: string('0.2.0'), released_at: dateTime('2026-11-24 09:00:00'), changes: eachLike(string('Catálogo de marcas, modelos y colores de autos.'), 1) };
    await pact
      .addInteraction()
      .uponReceiving('a request for every release note')
      .withRequest('GET', '/api/changelogs', (builder) => builder.headers(clientHeaders))
      .willRespondWith(200, (builder) => builder.jsonBody({ data: eachLike(note, 1) }))
      .executeTest(async (server) => {
        expect((await mockServerClient(server).call(endpoints.changelogs.list)).data.length).toBeGreaterThan(0);
      });
    await pact
      .addInteraction()
      .uponReceiving('a request for the notes of version 0.2.0')
      .withRequest('GET', '/api/changelog', (builder) => builder.headers(clientHeaders).query({ version: '0.2.0' }))
      .willRespondWith(200, (builder) => builder.jsonBody({ data: { ...note, version: '0.2.0' } }))
      .executeTest(async (server) => {
        expect((await mockServerClient(server).call(endpoints.changelogs.show, { query: { version: '0.2.0' } })).data.version).toBe('0.2.0');
      });
  });

  it('gives the car catalogue: brands, a brand’s models, colours', async () => {
    await pact
      .addInteraction()
      .uponReceiving('a request for the car brands')
      .withRequest('GET', '/api/car-brands', (builder) => builder.headers(clientHeaders))
      .willRespondWith(200, (builder) => builder.jsonBody({ data: eachLike({ id: integer(1), name: string('Chevrolet') }, 1) }))
      .executeTest(async (server) => {
        expect((await mockServerClient(server).call(endpoints.cars.brands)).data.length).toBeGreaterThan(0);
      });
    await pact
      .addInteraction()
      .given('the car catalogue is seeded')
      .uponReceiving("a request for a brand's models")
      .withRequest('GET', fromProviderState('/api/car-brands/${brandId}/models', '/api/car-brands/1/models'), (builder) => builder.headers(clientHeaders))
      .willRespondWith(200, (builder) => builder.jsonBody({ data: eachLike({ id: integer(3), car_brand_id: integer(1), name: string('Onix') }, 1) }))
      .executeTest(async (server) => {
        expect((await mockServerClient(server).call(endpoints.cars.models, { params: { id: 1 } })).data[0]?.car_brand_id).toBe(1);
      });
    await pact
      .addInteraction()
      .uponReceiving('a request for the car colours')
      .withRequest('GET', '/api/car-colors', (builder) => builder.headers(clientHeaders))
      .willRespondWith(200, (builder) => builder.jsonBody({ data: eachLike({ id: integer(1), name: string('Blanco'), hex: string('#f5f5f5') }, 1) }))
      .executeTest(async (server) => {
        expect((await mockServerClient(server).call(endpoints.cars.colors)).data.length).toBeGreaterThan(0);
      });
  });
});
