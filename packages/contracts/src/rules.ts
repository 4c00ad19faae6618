/**
 * The product's domain rules, each written once, for the mock API, the web app and the seed alike.
 * Plain TypeScript without zod, so the web's first load can import it. The numbers themselves live
 * in ./constants (spec document 2 §9); this module says what they mean.
 */
import { MONEY, RATINGS, REQUEST_STATES, SEATS } from './constants';

// ---------------------------------------------------------------------------------------------
// Seat requests (spec document 1 §4). REQUEST_STATES (./constants) is the one name of the states.

/** Accepted (1) and waiting for payment (4) hold a seat: the passengers aboard. */
export const ACTIVE_REQUEST_STATES = [REQUEST_STATES.accepted, REQUEST_STATES.waitingPayment] as const;
/** The active states and a pending request: a new request on the trip would be a duplicate. */
export const OPEN_REQUEST_STATES = [REQUEST_STATES.pending, ...ACTIVE_REQUEST_STATES] as const;
/**
 * Pending (0) and waiting for payment (4): the provider's `Trip::passengerPending`, behind
 * `passengerPending_count` and a viewer's `request: 'send'`.
 */
export const WAITING_REQUEST_STATES = [REQUEST_STATES.pending, REQUEST_STATES.waitingPayment] as const;

const holds = (states: readonly number[]) => (state: number) => states.includes(state);
/** Whether a request in this state holds a seat (the passenger is aboard). */
export const isActiveRequest = holds(ACTIVE_REQUEST_STATES);
/** Whether a request in this state keeps the user from asking again. */
export const isOpenRequest = holds(OPEN_REQUEST_STATES);
/** Whether a request in this state still waits for the driver or for the payment. */
export const isWaitingRequest = holds(WAITING_REQUEST_STATES);

/** A state list as SQL, for `request_state IN …`: `(1, 4)`. */
export const sqlList = (states: readonly number[]): string => `(${states.join(', ')})`;

// ---------------------------------------------------------------------------------------------
// Seats

/** Whether a driver may offer this many seats (whole, between SEATS.min and SEATS.max). */
export const isSeatCount = (total: number): boolean => Number.isInteger(total) && total >= SEATS.min && total <= SEATS.max;

/** Free seats of a trip: its total less the passengers aboard, never below zero. */
export const seatsLeft = (total: number, activePassengers: number): number => Math.max(0, total - activePassengers);

// ---------------------------------------------------------------------------------------------
// Routes and prices (spec document 2 §9, "Trips and money")

/** The model of a route without a road router: the great circle times a detour factor, at a mean speed. */
export const ROUTE_MODEL = {
  /** Roads are longer than the great circle: a common detour factor for Argentine intercity routes. */
  roadFactor: 1.3,
  averageSpeedKmh: 80,
  earthRadiusM: 6_371_000,
} as const;

export type LatLng = { lat: number; lng: number };

/** Great-circle distance in metres. */
export function haversineMetres(a: LatLng, b: LatLng): number {
  const rad = Math.PI / 180;
  const dLat = (b.lat - a.lat) * rad;
  const dLng = (b.lng - a.lng) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(dLng / 2) ** 2;
  return 2 * ROUTE_MODEL.earthRadiusM * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** Road distance (whole metres) along the points, and its driving time (whole seconds). */
export function routeEstimate(
  points: readonly LatLng[],
  model: { roadFactor: number; averageSpeedKmh: number } = ROUTE_MODEL,
): { distance: number; duration: number } {
  let metres = 0;
  for (let i = 1; i < points.length; i++) metres += haversineMetres(points[i - 1]!, points[i]!);
  const distance = Math.round(metres * model.roadFactor);
  return { distance, duration: Math.round((distance / 1000 / model.averageSpeedKmh) * 3600) };
}

/** A trip's estimated_time, "HH:MM", for a duration in seconds (hours may pass 24 on the longest routes). */
export function estimatedTime(seconds: number): string {
  const minutes = Math.max(1, Math.round(seconds / 60));
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}

/** The provider's max-price variance: a trip may ask up to this much above fuel and tolls. */
export const MAX_PRICE_EXTRA_PERCENTAGE = 15;

export type PriceSettings = { fuelPricePerLitre: number; kmPerLitre: number; tollsPercentage: number };

/**
 * The price settings of the server's countries and of the seed's trips. The spec gives two fuel
 * prices: the configuration field fuel_price (MONEY.configFuelPrice, answered as is by
 * GET /api/config) and the formula's default of 1500 per litre; only the second is a plausible
 * ARS price, so the formula uses it.
 */
export const DEFAULT_PRICE_SETTINGS: PriceSettings = {
  fuelPricePerLitre: MONEY.fallbackFuelPrice,
  kmPerLitre: MONEY.kmPerLitre,
  tollsPercentage: MONEY.tollsPercentage,
};

/** A route's running costs in cents: fuel = km × fuel price per litre / km per litre; tolls = fuel × tolls percentage / 100. */
export function routeCostCents(distanceMetres: number, settings: PriceSettings): { fuel: number; tolls: number } {
  const fuel = Math.round((distanceMetres / 1000) * (settings.fuelPricePerLitre / settings.kmPerLitre) * MONEY.centsPerUnit);
  return { fuel, tolls: Math.round(fuel * (settings.tollsPercentage / 100)) };
}

/**
 * A route's prices in cents, as the provider computes them (routeCostCents):
 *   recommended = fuel + tolls + fee                          (the spec's formula)
 *   maximum     = (fuel + tolls) × (1 + MAX_PRICE_EXTRA_PERCENTAGE / 100) + fee
 * `fee` is the trip-creation payment when the route needs one, else 0. The server keeps the
 * provider's maximum (docs/decisions/price-fallback.md).
 */
export function tripPriceCents(distanceMetres: number, settings: PriceSettings, feeCents = 0) {
  const { fuel, tolls } = routeCostCents(distanceMetres, settings);
  return {
    recommended: fuel + tolls + feeCents,
    maximum: Math.round((fuel + tolls) * (1 + MAX_PRICE_EXTRA_PERCENTAGE / 100)) + feeCents,
  };
}

/** A route price is shared by the seats and the driver: (seats + 1), rounded. */
export const perSeatCents = (tripCents: number, seats: number): number => Math.round(tripCents / (seats + 1));

/**
 * The client's prices when the server sends none (spec document 2 §9), in cents for the whole trip:
 *   recommended = fuel + tolls + creation fee   shared by (seats + 1): perSeatCents
 *   maximum     = fuel + tolls                  the driver's contribution, shared by the people
 *                                               travelling (the seats and the driver): perSeatCents
 * The fuel price is the configured one (GET /api/config fuel_price), 1500 per litre without one.
 */
export function fallbackTripPriceCents(
  distanceMetres: number,
  { fuelPricePerLitre, feeCents = 0 }: { fuelPricePerLitre?: number; feeCents?: number } = {},
): { recommended: number; maximum: number } {
  const { fuel, tolls } = routeCostCents(distanceMetres, {
    ...DEFAULT_PRICE_SETTINGS,
    fuelPricePerLitre: fuelPricePerLitre && fuelPricePerLitre > 0 ? fuelPricePerLitre : MONEY.fallbackFuelPrice,
  });
  return { recommended: fuel + tolls + feeCents, maximum: fuel + tolls };
}

// ---------------------------------------------------------------------------------------------
// Ratings: a trip's ratings open RATINGS.opensAfterHours after it starts and stay RATINGS.windowDays.

const HOUR_MS = 3_600_000;
export const RATING_OPENS_AFTER_MS = RATINGS.opensAfterHours * HOUR_MS;
export const RATING_WINDOW_MS = RATINGS.windowDays * 24 * HOUR_MS;

/** When a trip's ratings open and close. */
export function ratingWindow(tripDate: Date): { opens: Date; closes: Date } {
  const opens = new Date(tripDate.getTime() + RATING_OPENS_AFTER_MS);
  return { opens, closes: new Date(opens.getTime() + RATING_WINDOW_MS) };
}

// ---------------------------------------------------------------------------------------------
// Places

/** Origin and destination closer than this are the same place (the form's 'origenDestinoDistintos'). */
export const SAME_PLACE_RADIUS_M = 1_000;

/** Whether two points are the same place: the same node, or under SAME_PLACE_RADIUS_M apart. */
export function isSamePlace(a: LatLng & { nodeId?: string | number | null }, b: LatLng & { nodeId?: string | number | null }): boolean {
  if (a.nodeId !== null && a.nodeId !== undefined && String(a.nodeId) === String(b.nodeId)) return true;
  return haversineMetres(a, b) < SAME_PLACE_RADIUS_M;
}

// ---------------------------------------------------------------------------------------------
// Time

/** Argentina has been UTC−3 all year since 2009 (no daylight saving time), so a fixed offset is exact. */
export const AR_OFFSET_MINUTES = -180;
export const AR_OFFSET_MS = AR_OFFSET_MINUTES * 60_000;
