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
import { CountryQuerySchema } from './countries';
import { defineEndpoint } from './endpoint';
import { ErrorBodySchema } from './errors';
import { pageSizeQuery, paginated } from './pagination';

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

/**
 * One of `trip.passenger`: a user object, as the provider's TripTransformer maps its accepted
 * passengers through TripUserTransformer. Other logged-in viewers get the public
 * `{ id, image, first_name }` only. `request_id`/`request_state` are the mock's additions (absent
 * from the provider: read a missing state as accepted).
 */
export const TripPassengerUserSchema = z
  .object({
    /** The user's id. */
    id: IdSchema,
    first_name: z.string(),
    image: z.string().nullable(),
    name: z.string().optional(),
    positive_ratings: z.number().int().nonnegative().optional(),
    negative_ratings: z.number().int().nonnegative().optional(),
    request_id: IdSchema.optional(),
    /** 1 aboard, 4 accepted and waiting for the seat payment. */
    request_state: z.number().int().min(0).max(4).optional(),
  })
  .loose();
export type TripPassengerUser = z.infer<typeof TripPassengerUserSchema>;

/**
 * One of `trip.allPassengerRequest` (owner and admins): a request row as the provider mutates it,
 * `id` replaced by the user's id, with `request_id` (the row's own id), `name` and `email` added.
 */
export const TripRequestRowSchema = z
  .object({
    /** The user's id (the provider overwrites the row id). */
    id: IdSchema,
    request_id: IdSchema,
    trip_id: IdSchema,
    user_id: IdSchema,
    request_state: z.number().int().min(0).max(4),
    name: z.string(),
    email: z.string(),
    user: TripUserSchema.optional(),
  })
  .loose();
export type TripRequestRow = z.infer<typeof TripRequestRowSchema>;

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

/**
 * The most seats a trip answer may carry: the provider's forms allow 5 (TripsManager), ours 1-4
 * (SEATS, spec document 2 §9), so a provider trip with 5 seats is still read.
 */
const ANSWER_MAX_SEATS = 5;

/**
 * A trip answer (the provider's TripTransformer). Fields the provider sends only to some viewers, or
 * not at all, are optional: read the owner from `user.id`, a missing `hidden`/`deleted` as 0.
 */
export const TripSchema = z
  .object({
    id: IdSchema,
    /** mock: the provider sends none; the owner is `user.id`. */
    user_id: IdSchema.optional(),
    /** Logged-in viewers only (the provider sends no `user` to guests). */
    user: TripUserSchema.optional(),
    from_town: z.string(),
    to_town: z.string(),
    trip_date: DateTimeStringSchema,
    /** HH:MM */
    estimated_time: z.string().nullable(),
    /** Metres. */
    distance: z.number().nonnegative(),
    /** kg CO2; mock only (the provider sends none: the screens derive it from the distance). */
    co2: z.number().nonnegative().optional(),
    description: z.string(),
    total_seats: z.number().int().min(SEATS.min).max(ANSWER_MAX_SEATS),
    seats_available: z.number().int().min(0).max(ANSWER_MAX_SEATS),
    passenger_count: z.number().int().nonnegative(),
    /** Requests waiting for the driver or for the seat payment (states 0 and 4); logged-in viewers. */
    passengerPending_count: z.number().int().nonnegative().optional(),
    /** The owner, the trip's passengers and admins (the provider's), every viewer (the mock's). */
    passengerAccepted_count: z.number().int().nonnegative().optional(),
    request_count: z.number().int().nonnegative().optional(),
    is_passenger: FlagSchema,
    friendship_type_id: FriendshipTypeSchema,
    /** The provider sends `true` only when set (absent: 0). */
    hidden: FlagSchema.optional(),
    deleted: FlagSchema.optional(),
    allow_kids: FlagSchema,
    allow_smoking: FlagSchema,
    allow_animals: FlagSchema,
    /** mock: absent from the provider's answer. */
    no_lucrar: FlagSchema.optional(),
    car_id: IdSchema.nullable().optional(),
    /**
     * The driver's car with its plate: for the owner, the trip's active passengers and admins, or
     * for everyone when the driver's data is public (spec document 1 §6); absent otherwise.
     */
    car: TripCarSchema.nullable().optional(),
    parent_trip_id: IdSchema.nullable().optional(),
    return_trip: TripSummarySchema.nullable().optional(),
    points: z.array(TripPointSchema),
    /**
     * Accepted and payment-pending passengers as user objects for the owner, the partners and admins;
     * the public `{ id, image, first_name }` for other logged-in viewers; `[]` for guests.
     */
    passenger: z.array(TripPassengerUserSchema).optional(),
    /** Every request of the trip (the owner and admins). */
    allPassengerRequest: z.array(TripRequestRowSchema).optional(),
    /** 'send' when the viewer's request waits for the driver or for the seat payment (states 0 and 4). */
    request: z.string(),
    seat_price_cents: z.number().int().nonnegative(),
    recommended_trip_price_cents: z.number().int().nonnegative(),
    payment_id: z.string().nullable(),
    state: TripStateSchema,
    needs_sellado: FlagSchema,
    /** The creation fee is due: `needs_sellado` and a state other than 'ready'. */
    sellado_pending: z.boolean().optional(),
    /** 'Falta pagar Sellado' while `sellado_pending`, else null (the provider's Spanish text). */
    sellado_pending_label: z.string().nullable().optional(),
    /** Logged-in viewers: the driver's unaswered_messages_limit, null when the driver has none. */
    seat_request_limit: z.number().int().positive().nullable().optional(),
    /** Logged-in viewers: pending requests plus unanswered chats on the trip reached that limit. */
    seat_request_limit_reached: z.boolean().optional(),
    /** Logged-in viewers: the driver is the viewer's friend. */
    driver_is_friend: z.boolean().optional(),
    /** Logged-in viewers: the trip's group chat, for its driver and active passengers (else null and 0). */
    group_chat_conversation_id: IdSchema.nullable().optional(),
    group_chat_unread_count: z.number().int().nonnegative().optional(),
    /** mock: absent from the provider's answer. */
    created_at: DateTimeStringSchema.optional(),
    updated_at: DateTimeStringSchema,
  })
  .loose();
export type Trip = z.infer<typeof TripSchema>;

/** mock: the largest origin/destination radius a search accepts (metres); the spec gives none. */
export const TRIP_SEARCH_MAX_RADIUS_M = 500_000;

const latitudeQuery = () => queryNumber().pipe(z.number().min(-90).max(90));
const longitudeQuery = () => queryNumber().pipe(z.number().min(-180).max(180));
/** Metres; below SEARCH.defaultRadiusM counts as the default. */
const radiusQuery = () => queryNumber().pipe(z.number().nonnegative().max(TRIP_SEARCH_MAX_RADIUS_M));
const pageNumberQuery = () => queryInt().pipe(z.number().int().min(1));

/**
 * The provider's `trips.path` (TripRepository::generateTripPath): the node ids of a trip's points in
 * order as '.12.45.78.', only the positive numeric ones; null when there are none. A search with
 * `origin_id` and `destination_id` matches the trips whose path holds the origin before the destination.
 */
export function tripPath(nodeIds: readonly (string | number | null | undefined)[]): string | null {
  const ids = nodeIds.map((id) => (id === null || id === undefined ? '' : String(id))).filter((id) => /^[1-9]\d*$/.test(id));
  return ids.length > 0 ? `.${ids.join('.')}.` : null;
}

/**
 * A place id as it appears in paths (`tripPath`): the provider compares ids as integers, so leading
 * zeros go, and an id that is no number matches no trip ('0' is in no path).
 */
export const pathNode = (id: string): string => (/^\d+$/.test(id) ? id.replace(/^0+/, '') || '0' : '0');

/**
 * Whether a trip's path ('.12.45.78.') holds the origin node before the destination node, at any
 * stops: how the provider matches a search by place ids (TripRepository::search) and a saved search
 * with place ids (SubscriptionsRepository).
 */
export function pathHoldsInOrder(path: string | null, originNode: string, destinationNode: string): boolean {
  const origin = path === null ? -1 : path.indexOf(`.${originNode}.`);
  // The destination from the origin's closing dot on.
  return origin >= 0 && path!.indexOf(`.${destinationNode}.`, origin + originNode.length + 1) >= 0;
}

/** GET /api/trips query (spec document 1 §3, Search parameters). */
export const TripSearchQuerySchema = z.object({
  origin_lat: latitudeQuery().optional(),
  origin_lng: longitudeQuery().optional(),
  origin_radio: radiusQuery().optional(),
  origin_name: z.string().max(200).optional(),
  /**
   * The place id (OSM node id) chosen in the autocomplete, as the provider's clients send it beside
   * the coordinates. With both ids a trip matches when its path holds the origin before the
   * destination at any stop, whatever the radius; with one id, that end matches any stop of the trip
   * but its last (origin) or its first (destination); an end without id is the circle of *_radio.
   */
  origin_id: z.string().max(40).optional(),
  destination_lat: latitudeQuery().optional(),
  destination_lng: longitudeQuery().optional(),
  destination_radio: radiusQuery().optional(),
  destination_name: z.string().max(200).optional(),
  destination_id: z.string().max(40).optional(),
  /**
   * The home country of the search (ISO alpha-2 or alpha-3, `AR` or `ARG`): origin and destination
   * may not both lie outside it. Default: the configured country.
   */
  country: CountryQuerySchema().optional(),
  /** A day; the search covers ±3 days, exact-day trips first. Up to 2 years ahead, 100 years back. */
  date: DateStringSchema.optional(),
  from_date: DateStringSchema.optional(),
  to_date: DateStringSchema.optional(),
  history: queryBool().optional(),
  user_id: queryInt().pipe(IdSchema).optional(),
  is_passenger: queryBool().optional(),
  /** Admins only: hidden, unpaid and every privacy included. Ignored for other users. */
  is_admin: queryBool().optional(),
  as_driver: queryBool().optional(),
  /** Page to fetch next (the admin list pages with it); same as page. */
  next: pageNumberQuery().optional(),
  page: pageNumberQuery().optional(),
  page_size: pageSizeQuery().optional(),
});
export type TripSearchQuery = z.input<typeof TripSearchQuerySchema>;

/** Seat prices and fees are cents; a sane ceiling keeps them far from integer overflow. */
const MAX_CENTS = 1_000_000_000;

/** A point of the trip form: a place chosen in the autocomplete ('localidadValida'). */
export const TripPointInputSchema = TripPointSchema.extend({
  address: z.string().trim().min(1, 'Elegí una localidad válida.').max(LENGTHS.address),
  json_address: JsonAddressSchema.refine((json) => JSON.stringify(json).length <= 1_000, 'Too large.').default({}),
  node_id: z.union([z.string().max(40), z.number()]).nullable().optional(),
});

/** The trip form's fields, without defaults (PUT sends only what changes). */
const tripFields = {
  is_passenger: bodyBool(),
  /** Taken from the first and last point when left out. */
  from_town: z.string().trim().min(1).max(LENGTHS.address),
  to_town: z.string().trim().min(1).max(LENGTHS.address),
  /** 'YYYY-MM-DD HH:mm:ss', Argentina time; not in the past ('viajesPasado'). */
  trip_date: DateTimeStringSchema,
  estimated_time: z.string().regex(/^\d{1,3}:\d{2}$/, 'Expected HH:MM'),
  /** Metres and kg; the server computes both from the points (the client's values are ignored). */
  distance: z.number().nonnegative(),
  co2: z.number().nonnegative(),
  total_seats: z
    .number()
    .int()
    .min(SEATS.min, `Los asientos deben ser entre ${SEATS.min} y ${SEATS.max}.`)
    .max(SEATS.max, `Los asientos deben ser entre ${SEATS.min} y ${SEATS.max}.`),
  friendship_type_id: FriendshipTypeSchema,
  description: z
    .string()
    .trim()
    .min(1, 'Olvidaste la descripción del viaje.')
    .max(LENGTHS.tripDescription, `La descripción no puede tener más de ${LENGTHS.tripDescription} caracteres.`),
  /** Sent inverted by the client (spec §5): the stored flag is the opposite of the checkbox. */
  allow_kids: bodyBool(),
  allow_smoking: bodyBool(),
  allow_animals: bodyBool(),
  /** The web form requires it (true) for driver trips ('Me comprometo a no lucrar con el viaje.'); the server does not, as the provider. */
  no_lucrar: bodyBool(),
  car_id: z.number().int().positive().nullable(),
  seat_price_cents: z.number().int().nonnegative().max(MAX_CENTS),
  /** The outbound trip of a return trip: the caller's own, earlier trip. */
  parent_trip_id: z.number().int().positive().nullable(),
  /** Origin, intermediate points, destination. */
  points: z.array(TripPointInputSchema).min(2, 'Elegí el origen y el destino.').max(10),
};

/** POST /api/trips. */
export const TripBodySchema = z.object({
  ...tripFields,
  is_passenger: tripFields.is_passenger.default(false),
  from_town: tripFields.from_town.optional(),
  to_town: tripFields.to_town.optional(),
  estimated_time: tripFields.estimated_time.optional(),
  distance: tripFields.distance.optional(),
  co2: tripFields.co2.optional(),
  friendship_type_id: FriendshipTypeSchema.default(2),
  allow_kids: tripFields.allow_kids.default(true),
  allow_smoking: tripFields.allow_smoking.default(false),
  allow_animals: tripFields.allow_animals.default(false),
  no_lucrar: tripFields.no_lucrar.default(false),
  car_id: tripFields.car_id.optional(),
  seat_price_cents: tripFields.seat_price_cents.default(0),
  parent_trip_id: tripFields.parent_trip_id.optional(),
});
export type TripBody = z.input<typeof TripBodySchema>;

/** PUT /api/trips/:id: the fields to change (parent_trip_id cannot change and is ignored). */
export const TripUpdateBodySchema = z.object(tripFields).partial();
export type TripUpdateBody = z.input<typeof TripUpdateBodySchema>;

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

/** GET /api/users/sellado-viaje as the provider answers it (TripController::selladoViaje). */
export const SealingInfoAnswerSchema = z.object({ success: z.literal(true), data: SealingInfoSchema.loose() });

/** What the provider's TripRepository says when its router (OSRM) finds no route. */
export const ROUTING_UNAVAILABLE = 'routing_service_unavailable';

/**
 * POST /api/trips/trip-info as the provider answers it (app/Repository/TripRepository.php):
 * clients use `data` only when `status` is true.
 */
export const TripInfoAnswerSchema = z.discriminatedUnion('status', [
  z.object({ status: z.literal(true), data: PriceInfoSchema.loose(), message: z.string() }).loose(),
  z.object({ status: z.literal(false), error_code: z.literal(ROUTING_UNAVAILABLE), message: z.string() }).loose(),
]);
export type TripInfoAnswer = z.infer<typeof TripInfoAnswerSchema>;

export const MatchingUserSchema = TripUserSchema;

const tripIdParams = z.object({ id: pathId() });
const tripErrors = { 401: ErrorBodySchema, 403: ErrorBodySchema, 422: ErrorBodySchema };

export const tripEndpoints = {
  search: defineEndpoint({
    method: 'GET',
    path: '/api/trips',
    summary: 'Search trips (paged, fractal envelope)',
    description:
      'With origin_id and destination_id (place node ids), the trips whose path holds the origin before the ' +
      'destination at any stop, whatever the radius; with one id, the trips with that place at any stop but the ' +
      'last (origin) or the first (destination); an end without id: within *_radio metres (default and minimum ' +
      '1000) of the first/last point; ' +
      'with date, a ±3-day window with exact-day trips first; without a date, future trips only unless history. ' +
      'Only trips visible to the viewer (friendship_type_id, payment state). Origin and destination both ' +
      'outside the configured country: 422 origin_destination_abroad (a point is abroad by its *_id place, ' +
      'otherwise by the nearest known place). Dates beyond 2 years ahead or 100 years back: field errors. ' +
      'meta.pagination.total is exact up to 200 matches (or up to the end of the page asked plus one, if deeper); ' +
      'beyond, the search stops counting and total is a lower bound: more than the end of the page asked, so ' +
      'total_pages always announces the next page while there is one, and the last page (current_page >= ' +
      'total_pages) carries the exact total.',
    auth: 'optional',
    query: TripSearchQuerySchema,
    responses: { 200: paginated(TripSchema), 422: ErrorBodySchema },
  }),
  create: defineEndpoint({
    method: 'POST',
    path: '/api/trips',
    summary: 'Publish a trip (or the return trip, with parent_trip_id)',
    description:
      'Needs a complete profile (photo, description, nro_doc, mobile_phone; else 422 errors.profile_required, after ' +
      'the body validation) and, for driver trips ' +
      'with module_validated_drivers, a verified driver (driver_is_verified). The same user, towns, date and ' +
      'kind as an existing trip answers that trip. Over the free trips with the creation-fee module on, the ' +
      'trip waits for its fee: state awaiting_payment, needs_sellado 1 and a payment_id.',
    auth: 'user',
    body: TripBodySchema,
    responses: { 200: dataOf(TripSchema), ...tripErrors },
  }),
  update: defineEndpoint({
    method: 'PUT',
    path: '/api/trips/:id',
    summary: 'Update a trip (owner only)',
    description: "Another user's trip: 422 access_denied; a past trip: 422 trip_expired.",
    auth: 'user',
    params: tripIdParams,
    body: TripUpdateBodySchema,
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
    description:
      "Marks it deleted, cancels its requests (state 3) and notifies those passengers (type trip). Another user's trip: " +
      '422 access_denied; a past trip: 422 trip_expired. Answers `{ data: "ok" }`.',
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
      name: z.string().trim().min(1).max(LENGTHS.searchText),
      /** ISO alpha-2 or alpha-3 (the provider's clients send `ARG`); default: the configured country (osm_country). */
      country: CountryQuerySchema().optional(),
      /** Every country (the trip form's foreign-points toggle). */
      multicountry: queryBool().optional(),
    }),
    responses: { 200: z.object({ nodes_geos: z.array(PlaceSchema) }), 422: ErrorBodySchema },
  }),
  price: defineEndpoint({
    method: 'POST',
    path: '/api/trips/price',
    summary: 'Distance, duration, CO2 and price limits of a route',
    description:
      'Distance: great-circle along the points × the road factor (1.3) until a router is plugged in; duration at the ' +
      'average speed; co2 1.5 kg/km. recommended = fuel + tolls (+ fee), maximum = (fuel + tolls) × 1.15 (+ fee), ' +
      'fuel = km × fuel_price / km per litre; the fee when route_needs_payment (module on and user over the free trips).',
    auth: 'user',
    body: PriceBodySchema,
    responses: { 200: dataOf(PriceInfoSchema), ...tripErrors },
  }),
  tripInfo: defineEndpoint({
    method: 'POST',
    path: '/api/trips/trip-info',
    summary: 'Route information for the trip form, in the provider\'s {status, data, message} envelope',
    description:
      'The spec does not show this payload; the mock takes the same points as price. Provider ' +
      '(TripRepository): {status: true, data: {distance, duration, co2, route_needs_payment, …}, message: "Route found"}; ' +
      'when the router finds no route, still 200 with {status: false, error_code: "routing_service_unavailable", message}. ' +
      'mock: the road estimate covers mainland South America (the extent of an OSRM South America extract); ' +
      'a point outside it has no route.',
    auth: 'user',
    body: PriceBodySchema,
    responses: { 200: TripInfoAnswerSchema, ...tripErrors },
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
    /** Metres; default SEARCH.matchingRadiusM. */
    query: z.object({ radius: queryInt().pipe(z.number().int().min(SEARCH.defaultRadiusM).max(100_000)).optional() }),
    responses: { 200: z.object({ data: z.array(MatchingUserSchema) }), ...tripErrors },
  }),
  sealingInfo: defineEndpoint({
    method: 'GET',
    path: '/api/users/sellado-viaje',
    summary: 'Creation-fee ("sellado") state of the current user',
    description: 'Path not shown in the spec; the provider\'s path and answer ({success: true, data: {…}}, TripController::selladoViaje).',
    auth: 'user',
    responses: { 200: SealingInfoAnswerSchema, 401: ErrorBodySchema },
  }),
};
