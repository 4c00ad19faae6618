import { describe, expect, it } from 'vitest';
import { fallbackTripPriceCents, type PriceInfo } from '@carpool/contracts';
import { routeMaximumSeatPriceCents, seatPriceInputMax, seatPriceLimitCents, suggestedSeatPriceCents } from './seat-price';

const route = (overrides: Partial<PriceInfo> = {}): PriceInfo => ({
  distance: 300_000,
  duration: 12_000,
  co2: 450,
  route_needs_payment: false,
  maximum_trip_price_cents: 3_000_000,
  recommended_trip_price_cents: 2_400_000,
  ...overrides,
});

const config = {
  module_max_price_enabled: true,
  maximum_seat_price_cents: 5_000_000,
  fuel_price: 1500,
  module_trip_creation_payment_enabled: true,
  module_trip_creation_payment_amount_cents: 150_000,
};
const noServerPrice = { maximum_trip_price_cents: 0, recommended_trip_price_cents: 0 };

describe('seat price', () => {
  it("suggests the server's recommended price per seat when it sends one", () => {
    expect(suggestedSeatPriceCents(route(), 3, config)).toBe(600_000);
    expect(suggestedSeatPriceCents(undefined, 2, config)).toBeNull();
  });

  it('falls back to fuel + tolls + creation fee over (seats + 1) without a server price', () => {
    // 300 km at 10 km/l = 30 l × $ 1.500 = $ 45.000 of fuel, 10 % tolls = $ 4.500: $ 49.500, for 3 people = $ 16.500.
    expect(fallbackTripPriceCents(300_000, { fuelPricePerLitre: 1500 })).toEqual({ recommended: 4_950_000, maximum: 4_950_000 });
    expect(suggestedSeatPriceCents(route(noServerPrice), 2, config)).toBe(1_650_000);
    // The route needs the creation fee ($ 1.500): $ 51.000 / 3 = $ 17.000.
    expect(suggestedSeatPriceCents(route({ ...noServerPrice, route_needs_payment: true }), 2, config)).toBe(1_700_000);
    // ...but not when the creation-payment module is off.
    const feeOff = { ...config, module_trip_creation_payment_enabled: false };
    expect(suggestedSeatPriceCents(route({ ...noServerPrice, route_needs_payment: true }), 2, feeOff)).toBe(1_650_000);
  });

  it('uses the configured fuel price, and 1500 per litre without one', () => {
    // Chile's 1250 per litre: 30 l × 1.250 = 37.500 + 3.750 tolls = 41.250, for 3 = 13.750.
    expect(suggestedSeatPriceCents(route(noServerPrice), 2, { ...config, fuel_price: 1250 })).toBe(1_375_000);
    // The spec's configured 4.15: 30 l × 4,15 = 124,50 + 12,45 tolls = 136,95, for 3 = 45,65.
    expect(suggestedSeatPriceCents(route(noServerPrice), 2, { ...config, fuel_price: 4.15 })).toBe(4_565);
    const { fuel_price: _unset, ...noFuelPrice } = { ...config, fuel_price: 0 };
    // A configuration from an older server may lack the field altogether.
    expect(suggestedSeatPriceCents(route(noServerPrice), 2, noFuelPrice as typeof config)).toBe(1_650_000);
    expect(suggestedSeatPriceCents(route(noServerPrice), 2, { ...config, fuel_price: 0 })).toBe(1_650_000);
  });

  it('caps the driver at fuel + tolls over the people travelling without a server price', () => {
    // $ 49.500 (never the fee) for 3 seats and the driver: $ 12.375.
    expect(routeMaximumSeatPriceCents(route({ ...noServerPrice, route_needs_payment: true }), 3, config)).toBe(1_237_500);
    expect(seatPriceLimitCents({ config, route: route(noServerPrice), seats: 3, isPassenger: false })).toBe(1_237_500);
    // With the server's maximum: 3.000.000 / 3.
    expect(routeMaximumSeatPriceCents(route(), 2, config)).toBe(1_000_000);
    expect(routeMaximumSeatPriceCents(undefined, 2, config)).toBeNull();
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
