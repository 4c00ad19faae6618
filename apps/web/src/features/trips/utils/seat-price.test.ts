import { describe, expect, it } from 'vitest';
import { fallbackTripPriceCents, type PriceInfo } from '@carpool/contracts';
import { seatPriceInputMax, seatPriceLimitCents, suggestedSeatPriceCents } from './seat-price';

const route = (overrides: Partial<PriceInfo> = {}): PriceInfo => ({
  distance: 300_000,
  duration: 12_000,
  co2: 450,
  route_needs_payment: false,
  maximum_trip_price_cents: 3_000_000,
  recommended_trip_price_cents: 2_400_000,
  ...overrides,
});

const config = { module_max_price_enabled: true, maximum_seat_price_cents: 5_000_000 };

describe('seat price', () => {
  it('suggests the recommended price per seat, or the fuel fallback without one', () => {
    expect(suggestedSeatPriceCents(route(), 3)).toBe(600_000);
    // 300 km at 1500 $/l and 10 km/l = $ 45.000, for 3 people.
    expect(fallbackTripPriceCents(300_000)).toBe(4_500_000);
    expect(suggestedSeatPriceCents(route({ recommended_trip_price_cents: 0 }), 2)).toBe(1_500_000);
    expect(suggestedSeatPriceCents(undefined, 2)).toBeNull();
  });

  it('limits a driver seat to the lower of the configured maximum and the route maximum per seat', () => {
    expect(seatPriceLimitCents({ config, seats: 2, isPassenger: false })).toBe(5_000_000);
    expect(seatPriceLimitCents({ config, route: route(), seats: 2, isPassenger: false })).toBe(1_000_000);
    expect(seatPriceLimitCents({ config: { ...config, maximum_seat_price_cents: 500_000 }, route: route(), seats: 2, isPassenger: false })).toBe(500_000);
  });

  it('has no limit with the module off or for a passenger trip', () => {
    expect(seatPriceLimitCents({ config: { ...config, module_max_price_enabled: false }, route: route(), seats: 2, isPassenger: false })).toBeNull();
    expect(seatPriceLimitCents({ config, route: route(), seats: 2, isPassenger: true })).toBeNull();
  });

  it('sets the input max to maximum_seat_price_cents / 100 when the module is on', () => {
    expect(seatPriceInputMax(config)).toBe(50_000);
    expect(seatPriceInputMax({ ...config, module_max_price_enabled: false })).toBeNull();
  });
});
