import { z } from 'zod';
import {
  DateStringSchema,
  DateTimeStringSchema,
  FlagSchema,
  IdSchema,
  bodyBool,
  dataOf,
  pathId,
  queryBool,
  queryInt,
  queryNumber,
} from './common';
import { LENGTHS, SEARCH, SEATS } from './constants';
import { defineEndpoint } from './endpoint';
import { ErrorBodySchema } from './errors';
import { paginated } from './pagination';

/** Address parts of a point, as the client's place picker fills them. */
export const JsonAddressSchema = z
  .object({
    name: z.string().optional(),
    ciudad: z.string().optional(),
    provincia: z.string().optional(),
    state: z.string().optional(),
    country: z.string().optional(),
  })
  .loose();
export type JsonAddress = z.infer<typeof JsonAddressSchema>;

export const TripPointSchema = z.object({
  address: z.string(),
  json_address: JsonAddressSchema,
  lat: z.number().min(-90).max(90),
  lng: z.number().min(-180).max(180),
  node_id: z.union([z.string(), z.number()]).nullable().optional(),
});
export type TripPoint = z.infer<typeof TripPointSchema>;

/** The trip owner as trips show it. */
export const TripUserSchema = z
  .object({
    id: IdSchema,
    name: z.string(),
    image: z.string().nullable(),
    positive_ratings: z.number().int().nonnegative(),
    negative_ratings: z.number().int().nonnegative(),
    autoaccept_requests: FlagSchema.optional(),
    driver_is_verified: FlagSchema.optional(),
    last_connection: z.string().nullable().optional(),
  })
  .loose();
export type TripUser = z.infer<typeof TripUserSchema>;

export const TripCarSchema = z.object({ id: IdSchema, patente: z.string(), description: z.string().nullable() });

/** A passenger request as it appears inside a trip. request_state 0–4, see spec document 1 §4. */
export const TripPassengerSchema = z.object({
  id: IdSchema,
  trip_id: IdSchema,
  user_id: IdSchema,
  request_state: z.number().int().min(0).max(4),
  user: TripUserSchema.optional(),
});

/** States of the creation-fee flow; `ready` for trips that need no fee. */
export const TripStateSchema = z.enum([
  'ready',
  'awaiting_payment',
  'pending_payment',
  'paid',
  'payment_failed',
  'canceled',
]);
export type TripState = z.infer<typeof TripStateSchema>;

export const FriendshipTypeSchema = z.union([z.literal(0), z.literal(1), z.literal(2)]);

export const TripSummarySchema = z.object({
  id: IdSchema,
  from_town: z.string(),
  to_town: z.string(),
  trip_date: DateTimeStringSchema,
});

export const TripSchema = z
  .object({
    id: IdSchema,
    user_id: IdSchema,
    user: TripUserSchema,
    from_town: z.string(),
    to_town: z.string(),
    trip_date: DateTimeStringSchema,
    /** HH:MM */
    estimated_time: z.string().nullable(),
    /** Metres. */
    distance: z.number().nonnegative(),
    /** kg CO2. */
    co2: z.number().nonnegative(),
    description: z.string(),
    total_seats: z.number().int().min(SEATS.min).max(SEATS.max),
    seats_available: z.number().int().min(0).max(SEATS.max),
    passenger_count: z.number().int().nonnegative(),
    passengerPending_count: z.number().int().nonnegative(),
    passengerAccepted_count: z.number().int().nonnegative(),
    request_count: z.number().int().nonnegative(),
    is_passenger: FlagSchema,
    friendship_type_id: FriendshipTypeSchema,
    hidden: FlagSchema,
    deleted: FlagSchema,
    allow_kids: FlagSchema,
    allow_smoking: FlagSchema,
    allow_animals: FlagSchema,
    no_lucrar: FlagSchema,
    car_id: IdSchema.nullable(),
    car: TripCarSchema.nullable(),
    parent_trip_id: IdSchema.nullable(),
    return_trip: TripSummarySchema.nullable(),
    points: z.array(TripPointSchema),
    /** Accepted and payment-pending passengers (visible to the owner and to partners). */
    passenger: z.array(TripPassengerSchema).optional(),
    /** Every request of the trip (owner only). */
    allPassengerRequest: z.array(TripPassengerSchema).optional(),
    /** 'send' when the viewer has a pending request on this trip. */
    request: z.string(),
    seat_price_cents: z.number().int().nonnegative(),
    recommended_trip_price_cents: z.number().int().nonnegative(),
    payment_id: z.string().nullable(),
    state: TripStateSchema,
    needs_sellado: FlagSchema,
    created_at: DateTimeStringSchema,
    updated_at: DateTimeStringSchema,
  })
  .loose();
export type Trip = z.infer<typeof TripSchema>;

/** GET /api/trips query (spec document 1 §3, Search parameters). */
export const TripSearchQuerySchema = z.object({
  origin_lat: queryNumber().optional(),
  origin_lng: queryNumber().optional(),
  origin_radio: queryNumber().optional(),
  origin_name: z.string().max(200).optional(),
  origin_id: z.string().max(40).optional(),
  destination_lat: queryNumber().optional(),
  destination_lng: queryNumber().optional(),
  destination_radio: queryNumber().optional(),
  destination_name: z.string().max(200).optional(),
  destination_id: z.string().max(40).optional(),
  /** A day; the search covers ±3 days, exact-day trips first. */
  date: DateStringSchema.optional(),
  from_date: DateStringSchema.optional(),
  to_date: DateStringSchema.optional(),
  history: queryBool().optional(),
  user_id: queryInt().optional(),
  is_passenger: queryBool().optional(),
  is_admin: queryBool().optional(),
  as_driver: queryBool().optional(),
  /** Page to fetch next (the admin list pages with it); same as page. */
  next: queryInt().optional(),
  page: queryInt().optional(),
  page_size: queryInt().optional(),
});
export type TripSearchQuery = z.input<typeof TripSearchQuerySchema>;

const flagInput = bodyBool;

export const TripBodySchema = z.object({
  is_passenger: flagInput().default(false),
  from_town: z.string().min(1).max(255),
  to_town: z.string().min(1).max(255),
  trip_date: DateTimeStringSchema,
  estimated_time: z.string().regex(/^\d{1,3}:\d{2}$/).optional(),
  distance: z.number().nonnegative().optional(),
  co2: z.number().nonnegative().optional(),
  total_seats: z.number().int().min(SEATS.min).max(SEATS.max),
  friendship_type_id: FriendshipTypeSchema.default(2),
  description: z.string().trim().min(1).max(LENGTHS.tripDescription),
  /** Sent inverted by the client (spec §5): the stored flag is the opposite of the checkbox. */
  allow_kids: flagInput().default(true),
  allow_smoking: flagInput().default(false),
  allow_animals: flagInput().default(false),
  no_lucrar: flagInput().default(false),
  car_id: z.number().int().positive().nullable().optional(),
  seat_price_cents: z.number().int().nonnegative().default(0),
  parent_trip_id: z.number().int().positive().nullable().optional(),
  points: z.array(TripPointSchema).min(2).max(10),
});
export type TripBody = z.input<typeof TripBodySchema>;

/** Autocomplete answer item. `state` is the province. */
export const PlaceSchema = z.object({
  id: z.string(),
  name: z.string(),
  state: z.string(),
  country: z.string(),
  lat: z.number(),
  lng: z.number(),
  type: z.string(),
  importance: z.number(),
});
export type Place = z.infer<typeof PlaceSchema>;

/** A place from the map's geocoder (client side, not an API answer): what the trip form keeps of it. */
export const MapPlaceSchema = z
  .object({
    address_components: z.array(
      z.object({ types: z.array(z.string()), long_name: z.string(), short_name: z.string() }),
    ),
    formatted_address: z.string(),
    name: z.string(),
  })
  .loose();
export type MapPlace = z.infer<typeof MapPlaceSchema>;

export const PriceBodySchema = z.object({
  points: z.array(z.object({ lat: z.number().min(-90).max(90), lng: z.number().min(-180).max(180) })).min(2).max(10),
});

export const PriceInfoSchema = z.object({
  /** Metres. */
  distance: z.number().nonnegative(),
  /** Seconds. */
  duration: z.number().nonnegative(),
  co2: z.number().nonnegative(),
  route_needs_payment: z.boolean(),
  maximum_trip_price_cents: z.number().int().nonnegative(),
  recommended_trip_price_cents: z.number().int().nonnegative(),
});
export type PriceInfo = z.infer<typeof PriceInfoSchema>;

export const SealingInfoSchema = z.object({
  trip_creation_payment_enabled: z.boolean(),
  free_trips_amount: z.number().int().nonnegative(),
  trips_created_by_user_amount: z.number().int().nonnegative(),
  user_over_free_limit: z.boolean(),
});
export type SealingInfo = z.infer<typeof SealingInfoSchema>;

export const MatchingUserSchema = TripUserSchema;

const tripIdParams = z.object({ id: pathId() });
const tripErrors = { 401: ErrorBodySchema, 403: ErrorBodySchema, 422: ErrorBodySchema };

export const tripEndpoints = {
  search: defineEndpoint({
    method: 'GET',
    path: '/api/trips',
    summary: 'Search trips (paged, fractal envelope)',
    description:
      'Origin/destination within *_radio metres (default and minimum 1000) of the first/last point; ' +
      'with date, a ±3-day window with exact-day trips first; without a date, future trips only unless history. ' +
      'Only trips visible to the viewer (friendship_type_id, payment state).',
    auth: 'optional',
    query: TripSearchQuerySchema,
    responses: { 200: paginated(TripSchema), 422: ErrorBodySchema },
  }),
  create: defineEndpoint({
    method: 'POST',
    path: '/api/trips',
    summary: 'Publish a trip (or the return trip, with parent_trip_id)',
    auth: 'user',
    body: TripBodySchema,
    responses: { 200: dataOf(TripSchema), ...tripErrors },
  }),
  update: defineEndpoint({
    method: 'PUT',
    path: '/api/trips/:id',
    summary: 'Update a trip (owner only)',
    auth: 'user',
    params: tripIdParams,
    body: TripBodySchema.partial(),
    responses: { 200: dataOf(TripSchema), ...tripErrors },
  }),
  changeSeats: defineEndpoint({
    method: 'POST',
    path: '/api/trips/:id/changeSeats',
    summary: 'Step the free seats by -1 or +1 (owner only)',
    description: 'Errors: trip_seats_greater_than_zero, trip_seats_less_than_four, trip_invalid_seats.',
    auth: 'user',
    params: tripIdParams,
    body: z.object({ increment: z.union([z.literal(1), z.literal(-1)]) }),
    responses: { 200: dataOf(TripSchema), ...tripErrors },
  }),
  delete: defineEndpoint({
    method: 'DELETE',
    path: '/api/trips/:id',
    summary: 'Cancel (delete) a trip (owner only)',
    auth: 'user',
    params: tripIdParams,
    responses: { 200: z.object({ data: z.string() }).loose(), ...tripErrors },
  }),
  show: defineEndpoint({
    method: 'GET',
    path: '/api/trips/:id',
    summary: 'Show a trip',
    description: 'A trip that does not exist or that the viewer may not see answers 422 trip_not_foound.',
    auth: 'user',
    params: tripIdParams,
    responses: { 200: dataOf(TripSchema), ...tripErrors },
  }),
  autocomplete: defineEndpoint({
    method: 'GET',
    path: '/api/trips/autocomplete',
    summary: 'Place autocomplete over the OpenStreetMap places',
    description: 'Accent- and case-insensitive word-prefix match on name and province; at most 5, by importance.',
    auth: 'none',
    query: z.object({
      name: z.string().min(1).max(100),
      country: z.string().min(2).max(3).optional(),
      multicountry: queryBool().optional(),
    }),
    responses: { 200: z.object({ nodes_geos: z.array(PlaceSchema) }), 422: ErrorBodySchema },
  }),
  price: defineEndpoint({
    method: 'POST',
    path: '/api/trips/price',
    summary: 'Distance, duration, CO2 and price limits of a route',
    auth: 'user',
    body: PriceBodySchema,
    responses: { 200: dataOf(PriceInfoSchema), ...tripErrors },
  }),
  tripInfo: defineEndpoint({
    method: 'POST',
    path: '/api/trips/trip-info',
    summary: 'Route information for the trip form (same answer as price)',
    description: 'The spec does not show this payload; the mock takes the same points as price.',
    auth: 'user',
    body: PriceBodySchema,
    responses: { 200: dataOf(PriceInfoSchema), ...tripErrors },
  }),
  changeVisibility: defineEndpoint({
    method: 'POST',
    path: '/api/trips/:id/change-visibility',
    summary: 'Hide or show a trip (admin only)',
    auth: 'admin',
    params: tripIdParams,
    responses: { 200: dataOf(TripSchema), ...tripErrors },
  }),
  matchers: defineEndpoint({
    method: 'GET',
    path: '/api/trips/:id/matchers',
    summary: 'Users or passengers matching a trip within 25,000 m (owner only)',
    description:
      'Path not shown in the spec; chosen by the mock. Matches the owner\'s trip against active ' +
      'subscriptions and opposite-kind trips near its origin and destination on the same day.',
    auth: 'user',
    params: tripIdParams,
    query: z.object({ radius: queryInt().default(SEARCH.matchingRadiusM).optional() }),
    responses: { 200: z.object({ data: z.array(MatchingUserSchema) }), ...tripErrors },
  }),
  sealingInfo: defineEndpoint({
    method: 'GET',
    path: '/api/users/sellado-viaje',
    summary: 'Creation-fee ("sellado") state of the current user',
    description: 'Path not shown in the spec; the provider\'s path.',
    auth: 'user',
    responses: { 200: SealingInfoSchema, 401: ErrorBodySchema },
  }),
};
