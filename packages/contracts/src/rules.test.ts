import { describe, expect, it } from 'vitest';
import { REQUEST_STATES, SEATS } from './constants';
import {
  DEFAULT_PRICE_SETTINGS,
  estimatedTime,
  fallbackTripPriceCents,
  haversineMetres,
  isActiveRequest,
  isOpenRequest,
  isSamePlace,
  isSeatCount,
  isWaitingRequest,
  perSeatCents,
  ratingWindow,
  routeEstimate,
  seatsLeft,
  sqlList,
  tripPriceCents,
  ACTIVE_REQUEST_STATES,
} from './rules';

const ROSARIO = { lat: -32.9468, lng: -60.6393 };
const CORDOBA = { lat: -31.4201, lng: -64.1888 };

describe('domain rules', () => {
  it('counts accepted and waiting-for-payment requests as passengers aboard, and nothing else', () => {
    const { pending, accepted, rejected, cancelled, waitingPayment } = REQUEST_STATES;
    expect([pending, accepted, rejected, cancelled, waitingPayment].filter(isActiveRequest)).toEqual([accepted, waitingPayment]);
    expect([pending, accepted, rejected, cancelled, waitingPayment].filter(isOpenRequest)).toEqual([pending, accepted, waitingPayment]);
    expect([pending, accepted, rejected, cancelled, waitingPayment].filter(isWaitingRequest)).toEqual([pending, waitingPayment]);
    expect(sqlList(ACTIVE_REQUEST_STATES)).toBe('(1, 4)');
  });

  it('bounds the seats a driver offers and never counts below zero free seats', () => {
    expect([0, SEATS.min, 2.5, SEATS.max, SEATS.max + 1].map(isSeatCount)).toEqual([false, true, false, true, false]);
    expect(seatsLeft(3, 1)).toBe(2);
    expect(seatsLeft(2, 3)).toBe(0);
  });

  it('prices a route as the provider does, and shares it among the seats and the driver', () => {
    const settings = { fuelPricePerLitre: 1500, kmPerLitre: 10, tollsPercentage: 10 };
    // 100 km: 10 litres of 1,500 ARS = 15,000 ARS of fuel, 1,500 of tolls.
    expect(tripPriceCents(100_000, settings)).toEqual({ recommended: 1_650_000, maximum: 1_897_500 });
    expect(tripPriceCents(100_000, settings, 50_000).recommended).toBe(1_700_000);
    expect(tripPriceCents(100_000, DEFAULT_PRICE_SETTINGS)).toEqual(tripPriceCents(100_000, settings));
    // The client's fallback: the same fuel and tolls; the fee only in the recommended price.
    expect(fallbackTripPriceCents(100_000)).toEqual({ recommended: 1_650_000, maximum: 1_650_000 });
    expect(fallbackTripPriceCents(100_000, { fuelPricePerLitre: 1000, feeCents: 50_000 })).toEqual({ recommended: 1_150_000, maximum: 1_100_000 });
    expect(perSeatCents(1000, 2)).toBe(333);
    expect(perSeatCents(3_000_000, 2)).toBe(1_000_000);
    expect(perSeatCents(1001, 1)).toBe(501);
  });

  it('estimates a road route from the great circle', () => {
    const straight = haversineMetres(ROSARIO, CORDOBA);
    expect(straight).toBeGreaterThan(365_000);
    expect(straight).toBeLessThan(385_000);
    const { distance, duration } = routeEstimate([ROSARIO, CORDOBA]);
    expect(distance).toBe(Math.round(straight * 1.3));
    expect(duration).toBe(Math.round((distance / 1000 / 80) * 3600));
    // Whole minutes, at least one; hours may pass 24.
    expect([3 * 3600 + 5 * 60 + 29, 0, 90, 26 * 3600 + 29].map(estimatedTime)).toEqual(['03:05', '00:01', '00:02', '26:00']);
  });

  it('opens ratings a day after the trip and closes them two weeks later', () => {
    const { opens, closes } = ratingWindow(new Date('2026-12-01T12:00:00Z'));
    expect(opens.toISOString()).toBe('2026-12-02T12:00:00.000Z');
    expect(closes.toISOString()).toBe('2026-12-16T12:00:00.000Z');
  });

  it('takes two points under a kilometre apart, or the same node, as the same place', () => {
    const near = { lat: ROSARIO.lat + 0.0045, lng: ROSARIO.lng }; // about 500 m north
    const far = { lat: ROSARIO.lat + 0.0135, lng: ROSARIO.lng }; // about 1.5 km north
    expect(isSamePlace(ROSARIO, near)).toBe(true);
    expect(isSamePlace(ROSARIO, far)).toBe(false);
    expect(isSamePlace({ ...ROSARIO, nodeId: 7 }, { ...CORDOBA, nodeId: '7' })).toBe(true);
  });
});
