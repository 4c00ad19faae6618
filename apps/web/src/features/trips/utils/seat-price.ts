import { MONEY, fallbackTripPriceCents, perSeatCents, type AppConfig, type PriceInfo } from '@carpool/contracts';

type PriceConfig = Pick<AppConfig, 'module_max_price_enabled' | 'maximum_seat_price_cents'>;

/** The suggested seat price of a route, or null before the route is known. */
export function suggestedSeatPriceCents(route: PriceInfo | undefined, seats: number): number | null {
  if (!route) return null;
  const tripCents = route.recommended_trip_price_cents > 0 ? route.recommended_trip_price_cents : fallbackTripPriceCents(route.distance);
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
  if (config.maximum_seat_price_cents > 0) limits.push(config.maximum_seat_price_cents);
  if (route && route.maximum_trip_price_cents > 0) limits.push(perSeatCents(route.maximum_trip_price_cents, seats));
  // Prices are typed and shown in whole pesos: the limit is the whole peso at or below it.
  return limits.length > 0 ? Math.floor(Math.min(...limits) / MONEY.centsPerUnit) * MONEY.centsPerUnit : null;
}

/** The price input's max (whole pesos), from maximum_seat_price_cents when the module is on. */
export function seatPriceInputMax(config: PriceConfig): number | null {
  return config.module_max_price_enabled && config.maximum_seat_price_cents > 0
    ? Math.floor(config.maximum_seat_price_cents / MONEY.centsPerUnit)
    : null;
}
