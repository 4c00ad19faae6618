import { MONEY, fallbackTripPriceCents, perSeatCents, type AppConfig, type PriceInfo } from '@carpool/contracts';

export type PriceConfig = Pick<
  AppConfig,
  'module_max_price_enabled' | 'maximum_seat_price_cents' | 'fuel_price' | 'module_trip_creation_payment_enabled' | 'module_trip_creation_payment_amount_cents'
>;

/**
 * A route's recommended and maximum trip price in cents: the server's, or, where it sends none
 * (0), the client's fallback with the configured fuel price and the creation fee when the route
 * needs it (fallbackTripPriceCents; docs/decisions/price-fallback.md).
 */
export function routeTripPrices(route: PriceInfo, config: PriceConfig): { recommended: number; maximum: number } {
  const needsFee = route.route_needs_payment && config.module_trip_creation_payment_enabled;
  const fallback = fallbackTripPriceCents(route.distance, {
    fuelPricePerLitre: config.fuel_price,
    feeCents: needsFee ? config.module_trip_creation_payment_amount_cents : 0,
  });
  return {
    recommended: route.recommended_trip_price_cents > 0 ? route.recommended_trip_price_cents : fallback.recommended,
    maximum: route.maximum_trip_price_cents > 0 ? route.maximum_trip_price_cents : fallback.maximum,
  };
}

/** The suggested seat price of a route, or null before the route is known. */
export function suggestedSeatPriceCents(route: PriceInfo | undefined, seats: number, config: PriceConfig): number | null {
  if (!route) return null;
  const tripCents = routeTripPrices(route, config).recommended;
  return tripCents > 0 ? perSeatCents(tripCents, seats) : null;
}

/** The route's maximum per seat (its maximum trip price over the people travelling), or null. */
export function routeMaximumSeatPriceCents(route: PriceInfo | undefined, seats: number, config: PriceConfig): number | null {
  if (!route) return null;
  const tripCents = routeTripPrices(route, config).maximum;
  return tripCents > 0 ? perSeatCents(tripCents, seats) : null;
}

/**
 * The most a driver may ask per seat when the max-price module is on: the configured maximum seat
 * price and, once the route is known, its maximum trip price per seat — whichever is lower.
 * Null when there is no limit (module off, or a passenger's trip).
 */
export function seatPriceLimitCents({
  config,
  route,
  seats,
  isPassenger,
}: {
  config: PriceConfig;
  route?: PriceInfo;
  seats: number;
  isPassenger: boolean;
}): number | null {
  if (isPassenger || !config.module_max_price_enabled) return null;
  const limits: number[] = [];
  if (config.maximum_seat_price_cents && config.maximum_seat_price_cents > 0) limits.push(config.maximum_seat_price_cents);
  const routeMaximum = routeMaximumSeatPriceCents(route, seats, config);
  if (routeMaximum !== null) limits.push(routeMaximum);
  // Prices are typed and shown in whole pesos: the limit is the whole peso at or below it.
  return limits.length > 0 ? Math.floor(Math.min(...limits) / MONEY.centsPerUnit) * MONEY.centsPerUnit : null;
}

/** The price input's max (whole pesos), from maximum_seat_price_cents when the module is on. */
export function seatPriceInputMax(config: PriceConfig): number | null {
  return config.module_max_price_enabled && config.maximum_seat_price_cents && config.maximum_seat_price_cents > 0
    ? Math.floor(config.maximum_seat_price_cents / MONEY.centsPerUnit)
    : null;
}
