import {
  ROUTING_UNAVAILABLE,
  co2ForDistance,
  routeEstimate,
  tripPriceCents,
  type LatLng,
  type PriceInfo,
  type SealingInfo,
  type TripInfoAnswer,
} from '@carpool/contracts';
import type { User } from '@prisma/client';
import type { CountryConfig } from '../config/countries';
import { AppError } from '../lib/app-error';
import type { TripRepository } from '../repositories/trip-repository';

export type RouteMetrics = { distance: number; duration: number; co2: number };

/**
 * Where the road estimate has roads: mainland South America, the extent of the OSRM South America
 * extract a provider would route on. A point outside it has no route, as OSRM answers NoSegment.
 */
export const ROUTING_AREA = { south: -56, north: 13, west: -82, east: -34 } as const;

export const isRoutable = (points: readonly LatLng[]) =>
  points.every(
    (p) => p.lat >= ROUTING_AREA.south && p.lat <= ROUTING_AREA.north && p.lng >= ROUTING_AREA.west && p.lng <= ROUTING_AREA.east,
  );

const NO_ROUTE_MESSAGE = 'No se encontró una ruta entre esos puntos.';

// Kept for the trip service, which still imports the format from here.
export { estimatedTime } from '@carpool/contracts';

export function createPriceService({ country, trips }: { country: CountryConfig; trips: TripRepository }) {
  /**
   * The road estimate of the country's route model (routeEstimate) and its CO2 at 1.5 kg per km
   * (spec document 2 §9). A real router (OSRM, Mapbox, ...) plugs in here: it would return the road
   * distance and the duration of the route, and the provider's `routing_service_unavailable` when
   * it is down.
   */
  function routeMetrics(points: readonly LatLng[]): RouteMetrics {
    const { distance, duration } = routeEstimate(points, country.settings);
    return { distance, duration, co2: Math.round(co2ForDistance(distance) * 100) / 100 };
  }

  /**
   * The route's contributions in cents (tripPriceCents) with the country's fuel and tolls, plus
   * the creation fee (module_trip_creation_payment_amount_cents) when the route needs payment. The
   * maximum is the provider's (its max-price variance); the spec does not give it. The spec's "fuel
   * plus tolls divided by people travelling" is the client's fallback when the server sends no
   * price. The seat limits the client shows are these per seat (perSeatCents).
   */
  function tripPrices(distanceMetres: number, needsPayment: boolean) {
    const fee = needsPayment ? country.config.module_trip_creation_payment_amount_cents : 0;
    const { recommended, maximum } = tripPriceCents(distanceMetres, country.settings, fee);
    return { recommended_trip_price_cents: recommended, maximum_trip_price_cents: maximum };
  }

  /**
   * GET /api/users/sellado-viaje. A user's driver trips (published, not deleted) are free up to
   * free_trips_amount; from then on, with the module on, each new one waits for the fee.
   */
  async function sealingInfo(user: User): Promise<SealingInfo> {
    const created = await trips.countDriverTrips(user.id);
    const free = country.settings.freeTripsAmount;
    return {
      trip_creation_payment_enabled: country.config.module_trip_creation_payment_enabled,
      free_trips_amount: free,
      trips_created_by_user_amount: created,
      user_over_free_limit: created >= free,
    };
  }

  /** Whether the user's next driver trip would wait for the creation fee. */
  async function needsCreationFee(user: User): Promise<boolean> {
    if (!country.config.module_trip_creation_payment_enabled) return false;
    return (await sealingInfo(user)).user_over_free_limit;
  }

  /**
   * POST /api/trips/price and /api/trips/trip-info. route_needs_payment: the route itself never
   * costs extra here (the provider charges by region); it is true when a trip published now
   * would wait for the creation fee (module on and the user over the free trips).
   */
  async function quote(user: User, points: readonly LatLng[]): Promise<PriceInfo> {
    if (!isRoutable(points)) throw new AppError(ROUTING_UNAVAILABLE, { message: NO_ROUTE_MESSAGE });
    const metrics = routeMetrics(points);
    const needsPayment = await needsCreationFee(user);
    return { ...metrics, route_needs_payment: needsPayment, ...tripPrices(metrics.distance, needsPayment) };
  }

  return {
    routeMetrics,
    tripPrices,
    sealingInfo,
    /** GET /api/users/sellado-viaje as the provider answers it. */
    sealingAnswer: async (user: User) => ({ success: true as const, data: await sealingInfo(user) }),
    needsCreationFee,

    quote,

    /** POST /api/trips/trip-info in the provider's envelope (TripRepository): a failed route is still a 200. */
    async tripInfo(user: User, points: readonly LatLng[]): Promise<TripInfoAnswer> {
      if (!isRoutable(points)) return { status: false, error_code: ROUTING_UNAVAILABLE, message: NO_ROUTE_MESSAGE };
      return { status: true, data: await quote(user, points), message: 'Route found' };
    },
  };
}

export type PriceService = ReturnType<typeof createPriceService>;
