import { describe, expect, it } from 'vitest';
import { canOfferSearchAlert, subscriptionBodyFromSearch } from './search-alert';
import { EMPTY_SEARCH } from './search-params';

const rosario = { name: 'Rosario', lat: -32.95, lng: -60.66, id: '198417773', country: 'AR', state: 'Santa Fe' };
const cordoba = { name: 'Córdoba', lat: -31.42, lng: -64.18 };

describe('search alert', () => {
  it('is offered to a logged-in user not searching as passenger', () => {
    const search = { ...EMPTY_SEARCH, origin: rosario };
    expect(canOfferSearchAlert(search, true)).toBe(true);
    expect(canOfferSearchAlert(search, false)).toBe(false);
    expect(canOfferSearchAlert({ ...search, isPassenger: true }, true)).toBe(false);
    expect(canOfferSearchAlert(EMPTY_SEARCH, true)).toBe(false);
  });

  it('saves the current search', () => {
    expect(subscriptionBodyFromSearch({ origin: rosario, destination: cordoba, date: '2030-03-15', isPassenger: false })).toEqual({
      trip_date: '2030-03-15',
      from_address: 'Rosario',
      from_lat: -32.95,
      from_lng: -60.66,
      from_radio: 1000,
      from_id: '198417773',
      from_json_address: { name: 'Rosario', ciudad: 'Rosario', provincia: 'Santa Fe', country: 'AR' },
      to_address: 'Córdoba',
      to_lat: -31.42,
      to_lng: -64.18,
      to_radio: 1000,
      to_id: null,
      to_json_address: { name: 'Córdoba', ciudad: 'Córdoba' },
      is_passenger: false,
    });
    expect(subscriptionBodyFromSearch({ ...EMPTY_SEARCH, destination: cordoba }).trip_date).toBeNull();
  });
});
