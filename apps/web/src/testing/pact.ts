import path from 'node:path';
import { MatchersV3, PactV4, SpecificationVersion } from '@pact-foundation/pact';
import type { Trip } from '@carpool/contracts';
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

/** `{ data: 'ok' }`, the answer of calls that only confirm. */
export const okBody = () => ({ data: MatchersV3.string('ok') });

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
 * Matches a trip by type, with the provider's date format checked by pattern. `overrides` replace
 * parts of the expectation (e.g. the passengers of a trip that has some).
 */
export function tripMatcher(trip: Trip = exampleTrip, overrides: Record<string, unknown> = {}) {
  // `car` depends on the viewer (the owner, partners and admins, or everyone when the driver's data
  // is public): an interaction that relies on it names it in `overrides`.
  const { car: _car, ...shared } = trip;
  return MatchersV3.like({
    ...shared,
    trip_date: dateTime(trip.trip_date),
    created_at: dateTime(trip.created_at),
    updated_at: dateTime(trip.updated_at),
    user: MatchersV3.like({ ...trip.user, last_connection: dateTime(trip.user.last_connection as string) }),
    points: MatchersV3.eachLike(trip.points[0], 2),
    passenger: [],
    is_passenger: 0,
    friendship_type_id: 2,
    state: 'ready',
    ...overrides,
  });
}
