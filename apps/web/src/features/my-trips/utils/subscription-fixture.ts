import type { Subscription } from '@carpool/contracts';

/** A saved search as GET /api/subscriptions answers it (tests). */
export const makeSubscription = (overrides: Partial<Subscription> = {}): Subscription => ({
  id: 5,
  trip_date: '2030-03-15 00:00:00',
  from_address: 'Rosario',
  from_lat: -32.95,
  from_lng: -60.66,
  from_radio: 1000,
  from_id: '198417773',
  from_json_address: { name: 'Rosario', ciudad: 'Rosario', country: 'AR' },
  to_address: 'Córdoba, Córdoba, AR',
  to_lat: -31.42,
  to_lng: -64.18,
  to_radio: 1000,
  to_id: null,
  to_json_address: null,
  is_passenger: 0,
  state: 1,
  matches_count: 3,
  ...overrides,
});
