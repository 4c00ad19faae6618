import path from 'node:path';
import { MatchersV3, PactV4, SpecificationVersion } from '@pact-foundation/pact';
import type { Trip, TripPoint } from '@carpool/contracts';
import { createApiClient } from '@/lib/api-client';
import { makeTrip } from './fixtures';

export const CONSUMER = 'carpool-web';
export const PROVIDER = 'carpool-mock-api';

/** Pacts go to <repo>/pacts, where the provider verification in apps/mock-api reads them. */
export const PACT_DIR = path.resolve(import.meta.dirname, '../../../../pacts');

export function createPact(): PactV4 {
  return new PactV4({
    consumer: CONSUMER,
    provider: PROVIDER,
    dir: PACT_DIR,
    spec: SpecificationVersion.SPECIFICATION_VERSION_V4,
    logLevel: 'warn',
  });
}

/** Any bearer token: the provider verification swaps in a real one for the state's user. */
export const bearerHeader = { Authorization: MatchersV3.regex(/^Bearer \S+$/, 'Bearer test-token') };

export const clientHeaders = { 'X-App-Platform': 'web', 'X-App-Version': '3' };

/**
 * Pact's mock server records a match a moment after it has answered (a known race:
 * pact-foundation/pact-core-mock-server#13), so under load executeTest can read "expected but not
 * received" for a call that was answered. Each answer waits a little before the client reads it.
 */
export const settledFetch: typeof fetch = async (input, init) => {
  const response = await fetch(input, init);
  await new Promise((resolve) => setTimeout(resolve, 25));
  return response;
};

/** The real api client pointed at the mock server, without a session. */
export const mockServerClient = (server: { url: string }) => createApiClient({ baseUrl: server.url, fetch: settledFetch });

/** The real api client of a logged-in user, pointed at the mock server (any token: see bearerHeader). */
export const loggedInClient = (server: { url: string }) =>
  createApiClient({ baseUrl: server.url, getToken: () => 'test-token', fetch: settledFetch });

/** Headers of a call with a JSON body; `authJsonHeaders` adds the session's token. */
export const jsonHeaders = { ...clientHeaders, 'Content-Type': 'application/json' };
export const authHeaders = { ...clientHeaders, ...bearerHeader };
export const authJsonHeaders = { ...jsonHeaders, ...bearerHeader };

/** The provider's 'YYYY-MM-DD HH:mm:ss' (Argentina time), checked by pattern. */
export const dateTime = (value: string) => MatchersV3.regex(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/, value);
/** A date of the provider's raw models (Carbon's toJSON: ISO 8601 in UTC with microseconds). */
export const modelDateTime = (value: string) => MatchersV3.regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/, value);

/** `{ data: 'ok' }`, the answer of calls that only confirm. */
export const okBody = () => ({ data: MatchersV3.string('ok') });

/** The provider's bare JSON string "OK" (`response()->json('OK')`): logout, device removal. */
export const jsonOk = <B extends { headers(headers: Record<string, string>): B; body(contentType: string, body: Buffer): B }>(builder: B) =>
  builder.headers({ 'Content-Type': 'application/json' }).body('application/json', Buffer.from(JSON.stringify('OK')));

/** The provider's error body with one code (`errors.error`, a list for the codes that come as one). */
export const errorBody = (code: string, { list = false }: { list?: boolean } = {}) => ({
  message: MatchersV3.string(code),
  errors: { error: list ? [code] : code },
});

/** Laravel field errors: each named field carries at least one message. */
export const fieldErrorsBody = (fields: Record<string, string>) => ({
  message: MatchersV3.string('The given data was invalid.'),
  errors: Object.fromEntries(Object.entries(fields).map(([field, message]) => [field, MatchersV3.eachLike(message, 1)])),
});

/** The fractal pagination meta, matched by type (the client pages by current_page/total_pages). */
export const paginationMatcher = (meta: { total: number; count: number; per_page: number; current_page: number; total_pages: number }) => ({
  pagination: MatchersV3.like({ ...meta, links: {} }),
});

/**
 * A trip as the provider states make it (no car, no return trip, no passengers), so every
 * field can be matched by type.
 */
export const exampleTrip: Trip = makeTrip({
  id: 1,
  user_id: 2,
  user: {
    id: 2,
    name: 'Martín Gómez',
    image: 'avatar-2.svg',
    positive_ratings: 12,
    negative_ratings: 1,
    autoaccept_requests: 0,
    driver_is_verified: 1,
    last_connection: '2026-11-22 10:00:00',
  },
  to_town: 'Rosario',
  trip_date: '2026-11-25 09:00:00',
  estimated_time: '03:45',
  distance: 300000,
  co2: 450,
  description: 'Salgo desde Palermo, paso por la General Paz.',
  total_seats: 3,
  seats_available: 3,
  passenger_count: 0,
  passengerAccepted_count: 0,
  points: [
    {
      address: 'Buenos Aires, Ciudad Autónoma de Buenos Aires, Argentina',
      json_address: { name: 'Buenos Aires', ciudad: 'Buenos Aires', provincia: 'Ciudad Autónoma de Buenos Aires', country: 'AR' },
      lat: -34.60757,
      lng: -58.43709,
      node_id: '81590481',
    },
    {
      address: 'Rosario, Santa Fe, Argentina',
      json_address: { name: 'Rosario', ciudad: 'Rosario', provincia: 'Santa Fe', country: 'AR' },
      lat: -32.9595,
      lng: -60.66154,
      node_id: '198417773',
    },
  ],
  passenger: [],
  seat_price_cents: 1500000,
  recommended_trip_price_cents: 1200000,
  created_at: '2026-11-20 10:00:00',
  updated_at: '2026-11-20 10:00:00',
});

/**
 * What the provider's TripTransformer sends every viewer, besides the dates, points, passengers and
 * user matched apart. Left out, so that the same pacts hold against the provider (PACT_PROVIDER_URL):
 * the mock's own fields (user_id, co2, no_lucrar, car_id, parent_trip_id, return_trip, created_at,
 * hidden and deleted on every trip) and what only the owner, partners and admins get (request_count,
 * passengerAccepted_count, allPassengerRequest): an interaction that relies on one names it in `overrides`.
 */
const PROVIDER_TRIP_FIELDS = [
  'id', 'from_town', 'to_town', 'description', 'total_seats', 'friendship_type_id', 'distance', 'estimated_time',
  'seat_price_cents', 'recommended_trip_price_cents', 'state', 'is_passenger', 'passenger_count', 'seats_available',
  'allow_kids', 'allow_animals', 'allow_smoking', 'payment_id', 'needs_sellado', 'request',
] as const satisfies readonly (keyof Trip)[];

/** A point as the provider's raw trips_points rows carry it (no node_id: that is the mock's). */
const pointMatcher = ({ address, json_address, lat, lng }: TripPoint) => ({ address, json_address, lat, lng });

/**
 * Matches a trip by type, with the provider's date format checked by pattern, as a logged-in viewer
 * gets it (`user` and `passengerPending_count` come to logged-in viewers only: `guestTripMatcher`).
 * `overrides` replace parts of the expectation (e.g. the passengers of a trip that has some). `car`
 * depends on the viewer (the owner, partners and admins, or everyone when the driver's data is
 * public): an interaction that relies on it names it in `overrides`.
 */
export function tripMatcher(trip: Trip = exampleTrip, overrides: Record<string, unknown> = {}) {
  return MatchersV3.like({
    ...providerTripFields(trip),
    ...(trip.user ? { user: MatchersV3.like({ ...trip.user, last_connection: dateTime(trip.user.last_connection as string) }) } : {}),
    passengerPending_count: trip.passengerPending_count ?? 0,
    ...overrides,
  });
}

/** A trip as a logged-out visitor gets it: no `user`, no `passengerPending_count`. */
export const guestTripMatcher = (trip: Trip = exampleTrip) => MatchersV3.like(providerTripFields(trip));

function providerTripFields(trip: Trip) {
  return {
    ...Object.fromEntries(PROVIDER_TRIP_FIELDS.map((field) => [field, trip[field]])),
    trip_date: dateTime(trip.trip_date),
    updated_at: dateTime(trip.updated_at),
    points: MatchersV3.eachLike(pointMatcher(trip.points[0]!), 2),
    passenger: [],
  };
}
