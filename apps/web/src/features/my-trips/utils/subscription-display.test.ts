import { describe, expect, it } from 'vitest';
import { makeSubscription } from './subscription-fixture';
import { matchCountLabel, subscriptionDay, subscriptionPlace, subscriptionSearchUrl } from './subscription-display';

describe('subscription display', () => {
  it('caps the match count at 20 as 20+', () => {
    expect(matchCountLabel(undefined)).toBe('0');
    expect(matchCountLabel(19)).toBe('19');
    expect(matchCountLabel(20)).toBe('20+');
    expect(matchCountLabel(57)).toBe('20+');
  });

  it('names each end by its town', () => {
    const subscription = makeSubscription();
    expect(subscriptionPlace(subscription, 'from')).toBe('Rosario');
    expect(subscriptionPlace(subscription, 'to')).toBe('Córdoba');
    expect(subscriptionPlace(makeSubscription({ to_address: null }), 'to')).toBeNull();
  });

  it("reads the day of the provider's ISO 8601 trip_date in Argentina, as well as 'YYYY-MM-DD HH:mm:ss'", () => {
    // Midnight in Argentina is 03:00 UTC: the day is still the 5th.
    expect(subscriptionDay(makeSubscription({ trip_date: '2026-12-05T03:00:00.000000Z' }))).toBe('2026-12-05');
    expect(subscriptionDay(makeSubscription({ trip_date: '2026-12-05 00:00:00' }))).toBe('2026-12-05');
    expect(subscriptionSearchUrl(makeSubscription({ trip_date: '2026-12-05T03:00:00.000000Z' }))).toContain('date=2026-12-05');
    expect(subscriptionDay(makeSubscription({ trip_date: null }))).toBeNull();
  });

  it('jumps to the trips search with its params', () => {
    expect(subscriptionSearchUrl(makeSubscription())).toBe(
      '/trips?origin_name=Rosario&origin_lat=-32.95&origin_lng=-60.66&origin_id=198417773' +
        '&destination_name=C%C3%B3rdoba&destination_lat=-31.42&destination_lng=-64.18&date=2030-03-15',
    );
    expect(subscriptionSearchUrl(makeSubscription({ from_address: null, from_json_address: null, trip_date: null, is_passenger: 1 }))).toBe(
      '/trips?destination_name=C%C3%B3rdoba&destination_lat=-31.42&destination_lng=-64.18&is_passenger=true',
    );
  });
});
