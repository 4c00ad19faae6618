import { describe, expect, it } from 'vitest';
import { makeTrip } from '@/testing/fixtures';
import { EMPTY_SEARCH, bothAbroad, firstNearbyIndex, readSearch, toTripSearch, writeSearch } from './search-params';

const rosario = { name: 'Rosario', lat: -32.95, lng: -60.65, id: 'n1', country: 'AR' };
const cordoba = { name: 'Córdoba', lat: -31.42, lng: -64.18, id: 'n2', country: 'AR' };

describe('trip search in the URL', () => {
  it('round-trips through the query string (shareable searches)', () => {
    const values = { origin: rosario, destination: cordoba, date: '2030-03-15', isPassenger: true };
    const params = writeSearch(values);
    expect(params.toString()).toBe(
      'origin_name=Rosario&origin_lat=-32.95&origin_lng=-60.65&origin_id=n1&destination_name=C%C3%B3rdoba&destination_lat=-31.42&destination_lng=-64.18&destination_id=n2&date=2030-03-15&is_passenger=true',
    );
    const read = readSearch(params);
    expect(read).toEqual({
      ...values,
      origin: { ...rosario, country: undefined },
      destination: { ...cordoba, country: undefined },
    });
  });

  it('ignores incomplete places and bad dates', () => {
    expect(readSearch(new URLSearchParams('origin_name=X&origin_lat=abc&date=15/03/2030'))).toEqual(EMPTY_SEARCH);
  });

  it('builds the API query, driver trips by default', () => {
    expect(toTripSearch(EMPTY_SEARCH)).toEqual({ is_passenger: false });
    expect(toTripSearch({ ...EMPTY_SEARCH, origin: rosario, date: '2030-03-15' })).toEqual({
      is_passenger: false,
      origin_name: 'Rosario',
      origin_lat: -32.95,
      origin_lng: -60.65,
      origin_id: 'n1',
      date: '2030-03-15',
    });
  });

  it('refuses origin and destination both abroad', () => {
    const home = ['AR', 'Argentina'];
    const santiago = { ...cordoba, name: 'Santiago', country: 'CL' };
    const montevideo = { ...cordoba, name: 'Montevideo', country: 'UY' };
    expect(bothAbroad({ origin: santiago, destination: montevideo }, home)).toBe(true);
    expect(bothAbroad({ origin: santiago, destination: rosario }, home)).toBe(false);
    expect(bothAbroad({ origin: { ...rosario, country: 'Argentina' }, destination: santiago }, home)).toBe(false);
    // The provider's configuration is alpha-3 (ARG) and the places alpha-2 (AR): the same country.
    expect(bothAbroad({ origin: santiago, destination: rosario }, ['ARG', 'Argentina'])).toBe(false);
    expect(bothAbroad({ origin: santiago, destination: montevideo }, ['ARG', 'Argentina'])).toBe(true);
  });

  it('finds where the nearby results start', () => {
    const trips = [makeTrip({ trip_date: '2030-03-15 08:00:00' }), makeTrip({ trip_date: '2030-03-16 08:00:00' })];
    expect(firstNearbyIndex(trips, '2030-03-15')).toBe(1);
    expect(firstNearbyIndex(trips, undefined)).toBe(-1);
  });
});
