import { MatchersV3 } from '@pact-foundation/pact';
import { SEARCH, endpoints, type Trip, type TripBody } from '@carpool/contracts';
import { describe, expect, it } from 'vitest';
import type { ApiError } from '@/lib/api-client';
import { isFlagSet } from '@/lib/trip-display';
import {
  authHeaders,
  authJsonHeaders,
  clientHeaders,
  createPact,
  errorBody,
  exampleTrip,
  loggedInClient,
  mockServerClient,
  okBody,
  tripMatcher,
} from '@/testing/pact';
import { examplePrice, exampleSealing, PLACES, placeMatcher, priceMatcher, tripPoint } from '@/testing/pact-search';
import { tripUserMatcher } from '@/testing/pact-users';

const pact = createPact();
/**
 * A set flag as either side sends it: the provider `true` (TripTransformer: `hidden` only on a hidden
 * trip), the mock 1. Pact has no either-or matcher; its regex matcher tests a number or a boolean by
 * its JSON text, so one pattern holds both (the client reads both with isFlagSet).
 */
const flagSet = () => ({ ...MatchersV3.regex(/^(true|1)$/, 'true'), value: true });
const tripPath = (suffix = '') => MatchersV3.fromProviderState(`/api/trips/\${tripId}${suffix}`, `/api/trips/${exampleTrip.id}${suffix}`);
/** The demo driver's trip, made by the provider state with the example's date. */
const demoDriverTrip = { date: exampleTrip.trip_date };

const newTrip: TripBody = {
  is_passenger: false,
  trip_date: '2026-12-03 07:00:00',
  total_seats: 3,
  friendship_type_id: 2,
  description: 'Salgo temprano desde Palermo por la Panamericana. Paro en San Nicolás a cargar nafta.',
  allow_kids: true,
  allow_smoking: false,
  allow_animals: false,
  no_lucrar: true,
  seat_price_cents: 1_500_000,
  points: [tripPoint(PLACES.buenosAires), tripPoint(PLACES.rosario)],
};
const route = { points: [PLACES.buenosAires, PLACES.rosario].map(({ lat, lng }) => ({ lat, lng })) };

describe('trips (consumer)', () => {
  it('shows a trip', async () => {
    await pact
      .addInteraction()
      .given('the user is logged in', { email: 'pasajera@carpool.ar' })
      .given('a trip of the demo driver', demoDriverTrip)
      .uponReceiving('a request for a trip')
      .withRequest('GET', tripPath(), (builder) => builder.headers(authHeaders))
      .willRespondWith(200, (builder) => builder.jsonBody({ data: tripMatcher() }))
      .executeTest(async (server) => {
        const { data: trip } = await loggedInClient(server).call(endpoints.trips.show, { params: { id: exampleTrip.id } });
        expect(trip.to_town).toBe('Rosario');
        expect(trip.seats_available).toBeGreaterThan(0);
      });
  });

  it('is told when a trip does not exist', async () => {
    await pact
      .addInteraction()
      .given('the user is logged in', { email: 'pasajera@carpool.ar' })
      .uponReceiving('a request for a missing trip')
      .withRequest('GET', '/api/trips/999999', (builder) => builder.headers(authHeaders))
      .willRespondWith(422, (builder) => builder.jsonBody(errorBody('trip_not_foound')))
      .executeTest(async (server) => {
        const error = await loggedInClient(server).call(endpoints.trips.show, { params: { id: 999999 } }).catch((caught: ApiError) => caught);
        expect(error).toMatchObject({ status: 422, code: 'trip_not_foound' });
      });
  });

  it('publishes a trip', async () => {
    const created: Trip = { ...exampleTrip, trip_date: newTrip.trip_date, description: newTrip.description, estimated_time: '04:38' };
    await pact
      .addInteraction()
      .given('the user is logged in', { email: 'conductor@carpool.ar' })
      .uponReceiving('a new driver trip from Buenos Aires to Rosario')
      .withRequest('POST', '/api/trips', (builder) => builder.headers(authJsonHeaders).jsonBody(newTrip))
      .willRespondWith(200, (builder) => builder.jsonBody({ data: tripMatcher(created) }))
      .executeTest(async (server) => {
        const { data: trip } = await loggedInClient(server).call(endpoints.trips.create, { body: newTrip });
        expect(trip.trip_date).toBe(newTrip.trip_date);
        expect(trip.points).toHaveLength(2);
      });
  });

  it('updates a trip', async () => {
    const changes = { description: 'Cambio de planes: salgo desde Belgrano, frente a la estación.', total_seats: 4 };
    const updated: Trip = { ...exampleTrip, ...changes, seats_available: 4 };
    await pact
      .addInteraction()
      .given('the user is logged in', { email: 'conductor@carpool.ar' })
      .given('a trip of the demo driver', demoDriverTrip)
      .uponReceiving('an update of a trip')
      .withRequest('PUT', tripPath(), (builder) => builder.headers(authJsonHeaders).jsonBody(changes))
      .willRespondWith(200, (builder) =>
        builder.jsonBody({
          data: tripMatcher(updated, { total_seats: MatchersV3.equal(4), seats_available: MatchersV3.equal(4) }),
        }),
      )
      .executeTest(async (server) => {
        const { data: trip } = await loggedInClient(server).call(endpoints.trips.update, { params: { id: exampleTrip.id }, body: changes });
        expect(trip.description).toBe(changes.description);
        expect(trip.total_seats).toBe(4);
      });
  });

  it('cancels a trip', async () => {
    await pact
      .addInteraction()
      .given('the user is logged in', { email: 'conductor@carpool.ar' })
      .given('a trip of the demo driver', demoDriverTrip)
      .uponReceiving('a deletion of a trip')
      .withRequest('DELETE', tripPath(), (builder) => builder.headers(authHeaders))
      .willRespondWith(200, (builder) => builder.jsonBody(okBody()))
      .executeTest(async (server) => {
        const answer = await loggedInClient(server).call(endpoints.trips.delete, { params: { id: exampleTrip.id } });
        expect(answer.data).toBe('ok');
      });
  });

  it('adds a free seat', async () => {
    const more: Trip = { ...exampleTrip, total_seats: 4, seats_available: 4 };
    await pact
      .addInteraction()
      .given('the user is logged in', { email: 'conductor@carpool.ar' })
      .given('a trip of the demo driver', { ...demoDriverTrip, seats: 3 })
      .uponReceiving('one more seat on a trip with three')
      .withRequest('POST', tripPath('/changeSeats'), (builder) => builder.headers(authJsonHeaders).jsonBody({ increment: 1 }))
      .willRespondWith(200, (builder) =>
        builder.jsonBody({ data: tripMatcher(more, { total_seats: MatchersV3.equal(4), seats_available: MatchersV3.equal(4) }) }),
      )
      .executeTest(async (server) => {
        const { data: trip } = await loggedInClient(server).call(endpoints.trips.changeSeats, { params: { id: exampleTrip.id }, body: { increment: 1 } });
        expect(trip.seats_available).toBe(4);
      });
  });

  it('is told a trip cannot have more than four seats', async () => {
    await pact
      .addInteraction()
      .given('the user is logged in', { email: 'conductor@carpool.ar' })
      .given('a trip of the demo driver', { ...demoDriverTrip, seats: 4 })
      .uponReceiving('one more seat on a trip with four')
      .withRequest('POST', tripPath('/changeSeats'), (builder) => builder.headers(authJsonHeaders).jsonBody({ increment: 1 }))
      .willRespondWith(422, (builder) => builder.jsonBody(errorBody('trip_seats_less_than_four')))
      .executeTest(async (server) => {
        const error = await loggedInClient(server)
          .call(endpoints.trips.changeSeats, { params: { id: exampleTrip.id }, body: { increment: 1 } })
          .catch((caught: ApiError) => caught);
        expect(error).toMatchObject({ status: 422, code: 'trip_seats_less_than_four' });
      });
  });

  it('lets an admin hide a trip', async () => {
    const hidden: Trip = { ...exampleTrip, hidden: true };
    await pact
      .addInteraction()
      .given('the user is logged in', { email: 'admin@carpool.ar' })
      .given('a trip of the demo driver', demoDriverTrip)
      .uponReceiving('a visibility switch of a trip by an admin')
      .withRequest('POST', tripPath('/change-visibility'), (builder) => builder.headers(authHeaders))
      .willRespondWith(200, (builder) => builder.jsonBody({ data: tripMatcher(hidden, { hidden: flagSet() }) }))
      .executeTest(async (server) => {
        const { data: trip } = await loggedInClient(server).call(endpoints.trips.changeVisibility, { params: { id: exampleTrip.id } });
        expect(isFlagSet(trip.hidden)).toBe(true);
      });
  });

  it("lists the passengers looking for the driver's trip", async () => {
    await pact
      .addInteraction()
      .given('the user is logged in', { email: 'conductor@carpool.ar' })
      .given('a trip of the demo driver', { date: '2026-12-05 10:00:00' })
      .given('a passenger saved a search matching the trip', { email: 'pasajera@carpool.ar', date: '2026-12-05' })
      .uponReceiving('a request for the matching passengers of a trip')
      .withRequest('GET', tripPath('/matchers'), (builder) => builder.headers(authHeaders).query({ radius: String(SEARCH.matchingRadiusM) }))
      .willRespondWith(200, (builder) => builder.jsonBody({ data: MatchersV3.eachLike(tripUserMatcher(), 1) }))
      .executeTest(async (server) => {
        const { data } = await loggedInClient(server).call(endpoints.trips.matchers, {
          params: { id: exampleTrip.id },
          query: { radius: SEARCH.matchingRadiusM },
        });
        expect(data[0]?.name).toBe('Lucía Fernández');
      });
  });

  it('autocompletes places', async () => {
    await pact
      .addInteraction()
      .given('the country is Argentina')
      .uponReceiving('a place autocomplete')
      .withRequest('GET', '/api/trips/autocomplete', (builder) => builder.headers(clientHeaders).query({ name: 'Rosario', multicountry: 'false' }))
      .willRespondWith(200, (builder) => builder.jsonBody({ nodes_geos: MatchersV3.eachLike(placeMatcher(), 1) }))
      .executeTest(async (server) => {
        const client = mockServerClient(server);
        const { nodes_geos: places } = await client.call(endpoints.trips.autocomplete, { query: { name: 'Rosario', multicountry: false } });
        expect(places[0]?.name).toBe('Rosario');
        expect(places[0]?.country).toBe('ARG');
      });
  });

  it('prices a route', async () => {
    await pact
      .addInteraction()
      .given('the user is logged in', { email: 'conductor@carpool.ar' })
      .uponReceiving('a price request for Buenos Aires to Rosario')
      .withRequest('POST', '/api/trips/price', (builder) => builder.headers(authJsonHeaders).jsonBody(route))
      .willRespondWith(200, (builder) => builder.jsonBody({ data: priceMatcher() }))
      .executeTest(async (server) => {
        const { data: price } = await loggedInClient(server).call(endpoints.trips.price, { body: route });
        expect(price.maximum_trip_price_cents).toBeGreaterThanOrEqual(price.recommended_trip_price_cents);
      });
  });

  it('reads the route information of the trip form', async () => {
    await pact
      .addInteraction()
      .given('the user is logged in', { email: 'conductor@carpool.ar' })
      .uponReceiving('a trip-info request for Buenos Aires to Rosario')
      .withRequest('POST', '/api/trips/trip-info', (builder) => builder.headers(authJsonHeaders).jsonBody(route))
      .willRespondWith(200, (builder) => builder.jsonBody({ status: true, data: priceMatcher(), message: MatchersV3.string('Route found') }))
      .executeTest(async (server) => {
        const info = await loggedInClient(server).call(endpoints.trips.tripInfo, { body: route });
        if (!info.status) throw new Error('expected a route');
        expect(info.data.distance).toBeGreaterThan(0);
        expect(info.data.duration).toBe(examplePrice.duration);
      });
  });

  it('reads a failed route from trip-info as the provider sends it (status false, still 200)', async () => {
    // Madrid: outside the road network the provider (and the mock's estimate) routes on.
    const abroad = { points: [route.points[0]!, { lat: 40.4168, lng: -3.7038 }] };
    await pact
      .addInteraction()
      .given('the user is logged in', { email: 'conductor@carpool.ar' })
      .uponReceiving('a trip-info request for a route with no road')
      .withRequest('POST', '/api/trips/trip-info', (builder) => builder.headers(authJsonHeaders).jsonBody(abroad))
      .willRespondWith(200, (builder) =>
        builder.jsonBody({ status: false, error_code: 'routing_service_unavailable', message: MatchersV3.string('No se encontró una ruta entre esos puntos.') }),
      )
      .executeTest(async (server) => {
        const info = await loggedInClient(server).call(endpoints.trips.tripInfo, { body: abroad });
        expect(info).toMatchObject({ status: false, error_code: 'routing_service_unavailable' });
      });
  });

  it('reads the creation-fee state of the driver', async () => {
    await pact
      .addInteraction()
      .given('the user is logged in', { email: 'conductor@carpool.ar' })
      .uponReceiving('a request for the sellado state')
      .withRequest('GET', '/api/users/sellado-viaje', (builder) => builder.headers(authHeaders))
      .willRespondWith(200, (builder) => builder.jsonBody({ success: true, data: MatchersV3.like(exampleSealing) }))
      .executeTest(async (server) => {
        const sealing = await loggedInClient(server).call(endpoints.trips.sealingInfo);
        expect(sealing.success).toBe(true);
        expect(typeof sealing.data.user_over_free_limit).toBe('boolean');
      });
  });
});
