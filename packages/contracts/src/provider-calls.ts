import { z } from 'zod';
import { DateTimeStringSchema, IdSchema, pathId } from './common';
import { defineEndpoint } from './endpoint';
import { ErrorBodySchema } from './errors';
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

/** A release note (GET /api/changelog?version=, GET /api/changelogs), as ChangelogController sends it. */
export const ChangelogSchema = z
  .object({
    id: IdSchema,
    version: z.string(),
    /** The notes in Markdown (the provider's client renders them). */
    body_markdown: z.string(),
    /** mock only: when the version came out, and its notes one by one. */
    released_at: DateTimeStringSchema.optional(),
    changes: z.array(z.string()).optional(),
  })
  .loose();

/**
 * A badge the user has earned (GET /api/users/{id}/badges), as the provider's UserBadgeResource sends
 * it: `image_path` is a file of the web client's `img/` folder (`badges/<file>`), or an absolute URL.
 */
export const BadgeSchema = z
  .object({
    id: IdSchema,
    /** mock only: the rule's name (the provider's resource leaves it out). */
    slug: z.string().optional(),
    title: z.string(),
    description: z.string().nullable(),
    image_path: z.string().nullable(),
  })
  .loose();
export type Badge = z.infer<typeof BadgeSchema>;

/**
 * A trip form the user saved by name (the provider's TripCreationTemplateController): `data` is
 * whatever JSON object or list the client stored (the provider's client keeps its form fields there).
 */
const TemplateDataSchema = z.union([z.record(z.string(), z.unknown()), z.array(z.unknown())]);
export const TripCreationTemplateSchema = z.object({ name: z.string(), data: TemplateDataSchema });
export type TripCreationTemplate = z.infer<typeof TripCreationTemplateSchema>;

/** Laravel's `required|string|max:255` and `required|array` (an empty object or list is "required"). */
export const SaveTripTemplateBodySchema = z.object({
  name: z.string().trim().min(1).max(255),
  data: TemplateDataSchema.refine((data) => Object.keys(data).length > 0, 'The data field is required.'),
});
export type SaveTripTemplateBody = z.infer<typeof SaveTripTemplateBodySchema>;

/** A line as OSRM sends it: an encoded polyline (precision 5 or 6), or GeoJSON with `geometries=geojson`. */
export const OsrmGeometrySchema = z.union([
  z.string(),
  z.object({ type: z.literal('LineString'), coordinates: z.array(z.tuple([z.number(), z.number()])) }),
]);
export type OsrmGeometry = z.infer<typeof OsrmGeometrySchema>;

const LngLatSchema = z.tuple([z.number(), z.number()]);

/** OSRM's StepManeuver: where the step starts, the bearings around it and what to do there. */
export const OsrmManeuverSchema = z
  .object({
    bearing_before: z.number().int().min(0).max(359),
    bearing_after: z.number().int().min(0).max(359),
    location: LngLatSchema,
    /** depart, arrive, turn, new name, … */
    type: z.string(),
    /** straight, left, right, … (optional in OSRM). */
    modifier: z.string().optional(),
  })
  .loose();

/** OSRM's RouteStep (with `steps=true`): routing libraries draw the route line from the steps' geometries. */
export const OsrmStepSchema = z
  .object({
    distance: z.number(),
    duration: z.number(),
    weight: z.number(),
    name: z.string(),
    mode: z.string(),
    geometry: OsrmGeometrySchema,
    maneuver: OsrmManeuverSchema,
  })
  .loose();
export type OsrmStep = z.infer<typeof OsrmStepSchema>;

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
          /** The whole route's line; absent with `overview=false`. */
          geometry: OsrmGeometrySchema.optional(),
          legs: z.array(z.object({ distance: z.number(), duration: z.number(), weight: z.number(), summary: z.string(), steps: z.array(OsrmStepSchema) }).loose()),
        })
        .loose(),
    ),
    waypoints: z.array(z.object({ name: z.string(), location: LngLatSchema, distance: z.number(), hint: z.string() }).loose()),
  })
  .loose();
export type OsrmRoute = z.infer<typeof OsrmRouteSchema>;

/**
 * What the provider's OSRM proxy answers when OSRM fails upstream (malformed coordinates, no road near a
 * point, OSRM down): 200, so a browser reads it, with OSRM's top-level `code`. Leaflet Routing Machine
 * takes any code but Ok as a routing error (OsrmProxyController::route).
 */
export const OsrmNoRouteSchema = z.object({
  code: z.literal('NoRoute'),
  message: z.string(),
  routes: z.array(z.unknown()).max(0),
  waypoints: z.array(z.unknown()).max(0),
});
export type OsrmNoRoute = z.infer<typeof OsrmNoRouteSchema>;

/** The proxy's own refusal (a path over 4096 characters), with OSRM's top-level `code`. */
export const OsrmInvalidUrlSchema = z.object({ code: z.literal('InvalidUrl'), message: z.string() });

/** OSRM's route options the mock honours (OSRM's defaults: overview simplified, steps false, polyline). */
export const OsrmRouteQuerySchema = z.object({
  overview: z.enum(['simplified', 'full', 'false']).optional(),
  geometries: z.enum(['polyline', 'polyline6', 'geojson']).optional(),
  steps: z.enum(['true', 'false']).optional(),
  alternatives: z.string().optional(),
});
export type OsrmRouteQuery = z.infer<typeof OsrmRouteQuerySchema>;

export const changelogEndpoints = {
  show: defineEndpoint({
    method: 'GET',
    path: '/api/changelog',
    summary: 'Release notes of one app version (provider call; not in the spec)',
    description: 'Provider: ChangelogController::show. 404 with only {message: "Not found"} for a version with no notes.',
    auth: 'none',
    // The provider's rule: required|string|min:1|max:32.
    query: z.object({ version: z.string().trim().min(1).max(32) }),
    responses: { 200: z.object({ data: ChangelogSchema }), 404: ErrorBodySchema, ...errors422 },
  }),
  list: defineEndpoint({
    method: 'GET',
    path: '/api/changelogs',
    summary: 'Every release note, highest version first (provider call; not in the spec)',
    description: 'Provider: ChangelogController::index, sorted by version_compare, highest first.',
    auth: 'none',
    responses: { 200: z.object({ data: z.array(ChangelogSchema) }) },
  }),
};

export const tripProviderEndpoints = {
  templates: defineEndpoint({
    method: 'GET',
    path: '/api/trip-creation-templates',
    summary: "The caller's saved trip templates, by name (provider call; not in the spec)",
    description: 'Provider: TripCreationTemplateController::index, a bare {data: [{name, data}]} ordered by name.',
    auth: 'user',
    responses: { 200: z.object({ data: z.array(TripCreationTemplateSchema) }), 401: ErrorBodySchema },
  }),
  saveTemplate: defineEndpoint({
    method: 'POST',
    path: '/api/trip-creation-templates',
    summary: 'Saves a trip template under a name, replacing the one of that name (provider call; not in the spec)',
    description:
      'Provider: TripCreationTemplateController::store, updateOrCreate by (user, trimmed name); answers the template. ' +
      'A missing or blank name, a name over 255 characters or a missing or empty data get 422 field errors.',
    auth: 'user',
    body: SaveTripTemplateBodySchema,
    responses: { 200: z.object({ data: TripCreationTemplateSchema }), 401: ErrorBodySchema, ...errors422 },
  }),
  showTemplate: defineEndpoint({
    method: 'GET',
    path: '/api/trip-creation-templates/:name',
    summary: "One of the caller's trip templates, by name (provider call; not in the spec)",
    description: "Provider: TripCreationTemplateController::show; another user's or an unknown name gets 404 {message: \"Not found.\"}.",
    auth: 'user',
    params: z.object({ name: z.string().min(1).max(255) }),
    responses: { 200: z.object({ data: TripCreationTemplateSchema }), 401: ErrorBodySchema, 404: ErrorBodySchema, ...errors422 },
  }),
};

export const routingEndpoints = {
  osrmRoute: defineEndpoint({
    method: 'GET',
    path: '/api/osrm/route/v1/driving/:coords',
    summary: 'OSRM-shaped route between lng,lat;lng,lat;… (provider call: its OSRM proxy)',
    description:
      'Provider: OsrmProxyController::route, a proxy to an OSRM server. mock: the road estimate of ' +
      'services/price-service.ts (great circle × 1.3 at 80 km/h), straight legs as geometry (polyline, polyline6 or ' +
      'geojson), so map route lines work offline. With steps=true each leg has a depart and an arrive step with ' +
      'geometry and maneuver (what Leaflet Routing Machine draws from, with overview=false). ' +
      'Where OSRM would refuse (malformed coordinates, a point off the road network) the answer is the provider\'s ' +
      'for a failed upstream call: 200 {code: "NoRoute", message, routes: [], waypoints: []}. A path over 4096 ' +
      'characters gets 400 {code: "InvalidUrl", message}.',
    auth: 'none',
    params: z.object({ coords: z.string() }),
    query: OsrmRouteQuerySchema,
    responses: { 200: z.union([OsrmRouteSchema, OsrmNoRouteSchema]), 400: OsrmInvalidUrlSchema, ...errors422 },
  }),
};

export const userProviderEndpoints = {
  seatRequests: defineEndpoint({
    method: 'GET',
    path: '/api/users/seat-requests',
    summary: "The caller's own seat requests with their trips (provider call; not in the spec)",
    description:
      'Provider: PassengerController::seatRequests → PassengersRepository::getSeatRequests, shaped by ' +
      'PassengerSeatRequestTransformer: a fractal collection (no meta; page and page_size are ignored) of ' +
      '{id, trip_id, request_state, created_at, trip}, requests in states 0 (pending), 1 (accepted) and 2 (rejected) ' +
      'on trips not deleted and not yet departed, soonest trip first.',
    auth: 'user',
    responses: { 200: z.object({ data: z.array(SeatRequestSchema) }), 401: ErrorBodySchema },
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
      'on the app. 422 user_doesnt_exist for an unknown user. Each badge\'s image_path (badges/<slug>.svg) is served at ' +
      '/app/img/badges/<slug>.svg, where the provider\'s web client loads it.',
    auth: 'user',
    params: z.object({ id: pathId() }),
    responses: { 200: z.object({ data: z.array(BadgeSchema) }), 401: ErrorBodySchema, 422: ErrorBodySchema },
  }),
};

// The catalogue as CarCatalogController sends it: id, name and slug (models add car_brand_id).
export const CarBrandSchema = z.object({ id: IdSchema, name: z.string(), slug: z.string() }).loose();
export const CarModelSchema = z.object({ id: IdSchema, car_brand_id: IdSchema, name: z.string(), slug: z.string() }).loose();
/** `hex` is ours (a swatch); the provider stores one, nullable, and does not send it. */
export const CarColorSchema = z.object({ id: IdSchema, name: z.string(), slug: z.string(), hex: z.string().nullable().optional() }).loose();

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
    description:
      'An unknown brand gets 404 with only a message, as the provider\'s route-model binding answers it ' +
      '(`{ message: "No query results for model [STS\\Models\\CarBrand] <id>" }`).',
    auth: 'none',
    params: z.object({ id: pathId() }),
    responses: { 200: z.object({ data: z.array(CarModelSchema) }), 404: ErrorBodySchema, 422: ErrorBodySchema },
  }),
  colors: defineEndpoint({
    method: 'GET',
    path: '/api/car-colors',
    summary: 'Car colours of the catalogue (provider call; not in the spec)',
    auth: 'none',
    responses: { 200: z.object({ data: z.array(CarColorSchema) }) },
  }),
};
