import { MatchersV3 } from '@pact-foundation/pact';
import { endpoints } from '@carpool/contracts';
import { describe, expect, it } from 'vitest';
import { authHeaders, authJsonHeaders, clientHeaders, createPact, dateTime, loggedInClient, mockServerClient, tripMatcher } from '@/testing/pact';

/**
 * The provider calls the spec does not list but the provider's own clients make: the web app
 * does not use them yet, but their shapes are the contract a client built the provider's way relies on.
 */
const { like, eachLike, string, integer, decimal, number, regex, fromProviderState } = MatchersV3;
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
          // A fractal collection (PassengerSeatRequestTransformer): every request, no pagination meta.
          data: eachLike({ id: integer(80), trip_id: integer(1), request_state: integer(0), created_at: dateTime('2026-11-24 10:00:00'), trip: tripMatcher() }, 1),
        }),
      )
      .executeTest(async (server) => {
        const answer = await loggedInClient(server).call(endpoints.users.seatRequests);
        expect(answer.data[0]?.request_state).toBe(0);
        expect(answer).not.toHaveProperty('meta');
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
        // UserBadgeResource's fields: image_path is a file of the web client's img/ folder.
        builder.jsonBody({
          data: eachLike(
            {
              id: integer(1),
              title: string('Conductor verificado'),
              description: string('Validó su identidad como conductor.'),
              image_path: regex(/^badges\/[\w.-]+\.(svg|png|jpg)$/, 'badges/conductor-verificado.svg'),
            },
            1,
          ),
        }),
      )
      .executeTest(async (server) => {
        const badges = (await loggedInClient(server).call(endpoints.users.badges, { params: { id: 2 } })).data;
        expect(badges[0]?.image_path).toBe('badges/conductor-verificado.svg');
      });
  });

  describe('trip creation templates', () => {
    // What the provider's client keeps in `data`: its own form fields (any JSON object).
    const form = { from_town: 'Buenos Aires', to_town: 'Rosario', total_seats: 3 };
    const template = { name: string('Ida a Rosario'), data: like(form) };

    it("lists the caller's saved templates by name", async () => {
      await pact
        .addInteraction()
        .given('the user is logged in', driver)
        .given('the user saved a trip template', { ...driver, name: 'Ida a Rosario' })
        .uponReceiving("a request for the driver's trip templates")
        .withRequest('GET', '/api/trip-creation-templates', (builder) => builder.headers(authHeaders))
        .willRespondWith(200, (builder) => builder.jsonBody({ data: eachLike(template, 1) }))
        .executeTest(async (server) => {
          const answer = await loggedInClient(server).call(endpoints.trips.templates);
          expect(answer.data[0]).toEqual({ name: 'Ida a Rosario', data: form });
        });
    });

    it('saves a template under a name', async () => {
      await pact
        .addInteraction()
        .given('the user is logged in', driver)
        .uponReceiving('a trip template saved under a name')
        .withRequest('POST', '/api/trip-creation-templates', (builder) => builder.headers(authJsonHeaders).jsonBody({ name: 'Ida a Rosario', data: form }))
        .willRespondWith(200, (builder) => builder.jsonBody({ data: { name: 'Ida a Rosario', data: like(form) } }))
        .executeTest(async (server) => {
          const answer = await loggedInClient(server).call(endpoints.trips.saveTemplate, { body: { name: 'Ida a Rosario', data: form } });
          expect(answer.data.name).toBe('Ida a Rosario');
        });
    });

    it('shows a saved template by name, and 404 for a name never saved', async () => {
      await pact
        .addInteraction()
        .given('the user is logged in', driver)
        .given('the user saved a trip template', { ...driver, name: 'Ida a Rosario' })
        .uponReceiving('a request for the trip template named Ida a Rosario')
        .withRequest('GET', '/api/trip-creation-templates/Ida%20a%20Rosario', (builder) => builder.headers(authHeaders))
        .willRespondWith(200, (builder) => builder.jsonBody({ data: { name: 'Ida a Rosario', data: like(form) } }))
        .executeTest(async (server) => {
          const answer = await loggedInClient(server).call(endpoints.trips.showTemplate, { params: { name: 'Ida a Rosario' } });
          expect(answer.data.data).toEqual(form);
        });
      await pact
        .addInteraction()
        .given('the user is logged in', driver)
        .uponReceiving('a request for a trip template never saved')
        .withRequest('GET', '/api/trip-creation-templates/No%20existe', (builder) => builder.headers(authHeaders))
        .willRespondWith(404, (builder) => builder.jsonBody({ message: string('Not found.') }))
        .executeTest(async (server) => {
          const error = await loggedInClient(server).call(endpoints.trips.showTemplate, { params: { name: 'No existe' } }).catch((caught: unknown) => caught);
          expect(error).toMatchObject({ status: 404 });
        });
    });
  });

  it('answers an OSRM route between two places, and OSRM errors with its top-level code', async () => {
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
        if (answer.code !== 'Ok') throw new Error('no route');
        expect(answer.routes[0]?.distance).toBeGreaterThan(0);
      });
    await pact
      .addInteraction()
      // What Leaflet Routing Machine asks: no overview, the route line drawn from the steps' geometries.
      .uponReceiving('an OSRM route from Buenos Aires to Rosario with steps and no overview')
      .withRequest('GET', '/api/osrm/route/v1/driving/-58.43709%2C-34.60757%3B-60.66154%2C-32.9595', (builder) =>
        builder.headers(clientHeaders).query({ overview: 'false', steps: 'true' }),
      )
      .willRespondWith(200, (builder) =>
        builder.jsonBody({
          code: 'Ok',
          routes: eachLike(
            {
              distance: number(360_000.5),
              duration: number(16_200.5),
              weight: number(16_200.5),
              weight_name: string('routability'),
              legs: eachLike(
                {
                  distance: number(360_000.5),
                  duration: number(16_200.5),
                  weight: number(16_200.5),
                  summary: string(''),
                  steps: eachLike(
                    {
                      distance: number(360_000.5),
                      duration: number(16_200.5),
                      weight: number(16_200.5),
                      name: string(''),
                      mode: string('driving'),
                      geometry: string('fqcrE|ee~Jcv`IxxfL'),
                      maneuver: { bearing_before: integer(0), bearing_after: integer(313), location: eachLike(decimal(-58.43709), 2), type: string('depart') },
                    },
                    2,
                  ),
                },
                1,
              ),
            },
            1,
          ),
          waypoints: eachLike({ name: string(''), location: eachLike(decimal(-58.43709), 2), distance: integer(0), hint: string('') }, 2),
        }),
      )
      .executeTest(async (server) => {
        const answer = await mockServerClient(server).call(endpoints.routing.osrmRoute, {
          params: { coords: '-58.43709,-34.60757;-60.66154,-32.9595' },
          query: { overview: 'false', steps: 'true' },
        });
        if (answer.code !== 'Ok') throw new Error('no route');
        const steps = answer.routes[0]?.legs[0]?.steps ?? [];
        expect(steps[0]?.maneuver.type).toBe('depart');
        expect(steps.every((step) => typeof step.geometry === 'string' && step.geometry.length > 0)).toBe(true);
      });
    await pact
      .addInteraction()
      .uponReceiving('an OSRM route with malformed coordinates')
      .withRequest('GET', '/api/osrm/route/v1/driving/no-es-una-coordenada', (builder) => builder.headers(clientHeaders))
      // The provider's proxy when OSRM refuses: 200 with OSRM's top-level code, no routes.
      .willRespondWith(200, (builder) => builder.jsonBody({ code: 'NoRoute', message: string('Routing service unavailable'), routes: [], waypoints: [] }))
      .executeTest(async (server) => {
        const answer = await mockServerClient(server).call(endpoints.routing.osrmRoute, { params: { coords: 'no-es-una-coordenada' } });
        expect(answer.code).toBe('NoRoute');
        expect(answer.routes).toEqual([]);
      });
    const tooLong = Array.from({ length: 220 }, () => '-58.43709,-34.60757').join(';');
    await pact
      .addInteraction()
      .uponReceiving('an OSRM route with a path over 4096 characters')
      .withRequest('GET', `/api/osrm/route/v1/driving/${encodeURIComponent(tooLong)}`, (builder) => builder.headers(clientHeaders))
      .willRespondWith(400, (builder) => builder.jsonBody({ code: 'InvalidUrl', message: string('Path too long') }))
      .executeTest(async (server) => {
        await expect(mockServerClient(server).call(endpoints.routing.osrmRoute, { params: { coords: tooLong } })).rejects.toMatchObject({ status: 400 });
      });
  });

  it('gives the release notes, all and of one version', async () => {
    // ChangelogController's fields: the notes as Markdown.
    const note = { id: integer(2), version: string('0.2.0'), body_markdown: string('- Catálogo de marcas, modelos y colores de autos.') };
    await pact
      .addInteraction()
      .uponReceiving('a request for every release note')
      .withRequest('GET', '/api/changelogs', (builder) => builder.headers(clientHeaders))
      .willRespondWith(200, (builder) => builder.jsonBody({ data: eachLike(note, 1) }))
      .executeTest(async (server) => {
        expect((await mockServerClient(server).call(endpoints.changelogs.list)).data[0]?.body_markdown).toMatch(/^- /);
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
      .willRespondWith(200, (builder) => builder.jsonBody({ data: eachLike({ id: integer(1), name: string('Chevrolet'), slug: string('chevrolet') }, 1) }))
      .executeTest(async (server) => {
        expect((await mockServerClient(server).call(endpoints.cars.brands)).data.length).toBeGreaterThan(0);
      });
    await pact
      .addInteraction()
      .given('the car catalogue is seeded')
      .uponReceiving("a request for a brand's models")
      .withRequest('GET', fromProviderState('/api/car-brands/${brandId}/models', '/api/car-brands/1/models'), (builder) => builder.headers(clientHeaders))
      .willRespondWith(200, (builder) => builder.jsonBody({ data: eachLike({ id: integer(3), car_brand_id: integer(1), name: string('Onix'), slug: string('onix') }, 1) }))
      .executeTest(async (server) => {
        expect((await mockServerClient(server).call(endpoints.cars.models, { params: { id: 1 } })).data[0]?.car_brand_id).toBe(1);
      });
    await pact
      .addInteraction()
      .uponReceiving('a request for the car colours')
      .withRequest('GET', '/api/car-colors', (builder) => builder.headers(clientHeaders))
      .willRespondWith(200, (builder) => builder.jsonBody({ data: eachLike({ id: integer(1), name: string('Blanco'), slug: string('blanco') }, 1) }))
      .executeTest(async (server) => {
        expect((await mockServerClient(server).call(endpoints.cars.colors)).data[0]?.slug).toBe('blanco');
      });
    // Laravel's route-model binding: 404 with only a message.
    await pact
      .addInteraction()
      .uponReceiving('a request for the models of an unknown brand')
      .withRequest('GET', '/api/car-brands/999999/models', (builder) => builder.headers(clientHeaders))
      .willRespondWith(404, (builder) => builder.jsonBody({ message: string('No query results for model [STS\\Models\\CarBrand] 999999') }))
      .executeTest(async (server) => {
        const error = await mockServerClient(server).call(endpoints.cars.models, { params: { id: 999999 } }).catch((caught: unknown) => caught);
        expect(error).toMatchObject({ status: 404, code: undefined });
      });
  });
});
