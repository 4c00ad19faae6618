import { z } from 'zod';
import { DateTimeStringSchema, FlagSchema, IdSchema, pathId } from './common';
import { defineEndpoint } from './endpoint';
import { ErrorBodySchema } from './errors';
import { pageQuery, paginated } from './pagination';
import { TripSchema } from './trips';

/**
 * Calls the provider's own clients make (routes/api.php) that the spec does not list. The mock
 * answers them as the provider does, so those clients start against it (API-NOTES, "Provider shapes").
 */

/** One of the caller's seat requests (the provider's PassengerSeatRequestTransformer). */
export const SeatRequestSchema = z
  .object({
    id: IdSchema,
    trip_id: IdSchema,
    request_state: z.number().int().min(0).max(4),
    created_at: DateTimeStringSchema,
    trip: TripSchema,
  })
  .loose();
export type SeatRequest = z.infer<typeof SeatRequestSchema>;

export const OngoingTripSchema = z.object({ data: TripSchema.nullable() });

const errors422 = { 422: ErrorBodySchema };

/** A release note (GET /api/changelog?version=, GET /api/changelogs). */
export const ChangelogSchema = z.object({ version: z.string(), released_at: DateTimeStringSchema, changes: z.array(z.string()) }).loose();

/** A badge the user has earned (GET /api/users/{id}/badges); each rule reads the user's real data. */
export const BadgeSchema = z.object({ id: IdSchema, slug: z.string(), title: z.string(), description: z.string() }).loose();

/** A template for a new trip: one of the caller's recent routes, to publish it again. */
export const TripTemplateSchema = z
  .object({
    id: IdSchema,
    from_town: z.string(),
    to_town: z.string(),
    is_passenger: FlagSchema,
    total_seats: z.number().int(),
    seat_price_cents: z.number().int().nonnegative(),
    friendship_type_id: z.number().int(),
    description: z.string(),
    estimated_time: z.string().nullable(),
    points: z.array(z.object({ address: z.string(), json_address: z.record(z.string(), z.unknown()), lat: z.number(), lng: z.number() }).loose()),
    last_used_at: DateTimeStringSchema,
  })
  .loose();

/** OSRM's route service answer (http://project-osrm.org/docs/v5.24.0/api/#route-service). */
export const OsrmRouteSchema = z
  .object({
    code: z.literal('Ok'),
    routes: z.array(
      z
        .object({
          distance: z.number(),
          duration: z.number(),
          weight: z.number(),
          weight_name: z.string(),
          geometry: z.union([z.string(), z.object({ type: z.literal('LineString'), coordinates: z.array(z.tuple([z.number(), z.number()])) })]).optional(),
          legs: z.array(z.object({ distance: z.number(), duration: z.number(), weight: z.number(), summary: z.string(), steps: z.array(z.unknown()) }).loose()),
        })
        .loose(),
    ),
    waypoints: z.array(z.object({ name: z.string(), location: z.tuple([z.number(), z.number()]), distance: z.number(), hint: z.string() }).loose()),
  })
  .loose();

export const changelogEndpoints = {
  show: defineEndpoint({
    method: 'GET',
    path: '/api/changelog',
    summary: 'Release notes of one app version (provider call; not in the spec)',
    description: 'Provider: ChangelogController. 404 model_not_found for a version with no notes.',
    auth: 'none',
    query: z.object({ version: z.string().trim().min(1).max(40) }),
    responses: { 200: z.object({ data: ChangelogSchema }), 404: ErrorBodySchema, ...errors422 },
  }),
  list: defineEndpoint({
    method: 'GET',
    path: '/api/changelogs',
    summary: 'Every release note, newest first (provider call; not in the spec)',
    auth: 'none',
    responses: { 200: z.object({ data: z.array(ChangelogSchema) }) },
  }),
};

export const tripProviderEndpoints = {
  templates: defineEndpoint({
    method: 'GET',
    path: '/api/trip-creation-templates',
    summary: "Templates for the trip form from the caller's recent trips (provider call; not in the spec)",
    description:
      'mock: the caller\'s last 5 distinct routes (same towns and kind), newest first, not deleted; each with what ' +
      'the form needs to publish it again.',
    auth: 'user',
    responses: { 200: z.object({ data: z.array(TripTemplateSchema) }), 401: ErrorBodySchema },
  }),
};

export const routingEndpoints = {
  osrmRoute: defineEndpoint({
    method: 'GET',
    path: '/api/osrm/route/v1/driving/:coords',
    summary: 'OSRM-shaped route between lng,lat;lng,lat;… (provider call: its OSRM proxy)',
    description:
      'Provider: a proxy to an OSRM server. mock: the road estimate of services/price-service.ts (great circle × 1.3 ' +
      'at 80 km/h), straight legs as geometry (polyline, polyline6 or geojson), so map route lines work offline. ' +
      'OSRM\'s errors as 400 in the API\'s error format: {message, errors: {error: "InvalidUrl" | "NoSegment"}}.',
    auth: 'none',
    params: z.object({ coords: z.string().max(2_000) }),
    query: z.object({
      overview: z.enum(['simplified', 'full', 'false']).optional(),
      geometries: z.enum(['polyline', 'polyline6', 'geojson']).optional(),
      steps: z.string().optional(),
      alternatives: z.string().optional(),
    }),
    responses: { 200: OsrmRouteSchema, 400: ErrorBodySchema, ...errors422 },
  }),
};

export const userProviderEndpoints = {
  seatRequests: defineEndpoint({
    method: 'GET',
    path: '/api/users/seat-requests',
    summary: "The caller's own seat requests with their trips (provider call; not in the spec)",
    description:
      'Provider: UserController@seatRequests with PassengerSeatRequestTransformer, a fractal collection of ' +
      '{id, trip_id, request_state, created_at, trip}. mock: requests in states 0 (pending), 1 (accepted) and ' +
      '4 (waiting for payment) on trips not deleted and not yet departed, newest request first, 20 a page.',
    auth: 'user',
    query: pageQuery(),
    responses: { 200: paginated(SeatRequestSchema), 401: ErrorBodySchema, 422: ErrorBodySchema },
  }),
  ongoingTrip: defineEndpoint({
    method: 'GET',
    path: '/api/users/ongoing-trip',
    summary: 'The trip the caller is on right now, or {data: null} (provider call; not in the spec)',
    description:
      'Provider: {data: null} or the trip under way. mock: a trip (not deleted or cancelled) the caller drives ' +
      'or is accepted on (state 1), that has departed and whose estimated_time (HH:MM; 0 counts as one hour) has ' +
      'not yet passed; the latest departure when there are several.',
    auth: 'user',
    responses: { 200: OngoingTripSchema, 401: ErrorBodySchema },
  }),
  badges: defineEndpoint({
    method: 'GET',
    path: '/api/users/:id/badges',
    summary: "A user's badges (provider call; not in the spec)",
    description:
      'mock: the badges whose rule the user meets today, from their real data: verified driver, first trip and ' +
      '10 trips (departed, as driver or accepted passenger), 10 positive ratings with at most 10 % negative, one year ' +
      'on the app. 422 user_doesnt_exist for an unknown user.',
    auth: 'user',
    params: z.object({ id: pathId() }),
    responses: { 200: z.object({ data: z.array(BadgeSchema) }), 401: ErrorBodySchema, 422: ErrorBodySchema },
  }),
};

export const CarBrandSchema = z.object({ id: IdSchema, name: z.string() }).loose();
export const CarModelSchema = z.object({ id: IdSchema, car_brand_id: IdSchema, name: z.string() }).loose();
export const CarColorSchema = z.object({ id: IdSchema, name: z.string(), hex: z.string() }).loose();

export const carCatalogueEndpoints = {
  brands: defineEndpoint({
    method: 'GET',
    path: '/api/car-brands',
    summary: 'Car brands of the catalogue, by name (provider call; not in the spec)',
    auth: 'none',
    responses: { 200: z.object({ data: z.array(CarBrandSchema) }) },
  }),
  models: defineEndpoint({
    method: 'GET',
    path: '/api/car-brands/:id/models',
    summary: "A brand's models, by name (provider call; not in the spec)",
    description: '422 model_not_found for an unknown brand.',
    auth: 'none',
    params: z.object({ id: pathId() }),
    responses: { 200: z.object({ data: z.array(CarModelSchema) }), 422: ErrorBodySchema },
  }),
  colors: defineEndpoint({
    method: 'GET',
    path: '/api/car-colors',
    summary: 'Car colours of the catalogue (provider call; not in the spec)',
    auth: 'none',
    responses: { 200: z.object({ data: z.array(CarColorSchema) }) },
  }),
};
