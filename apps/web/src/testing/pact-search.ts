import { MatchersV3 } from '@pact-foundation/pact';
import type { Place, PriceInfo, SealingInfo, Subscription } from '@carpool/contracts';
import { modelDateTime } from './pact';

/** Two real places (OpenStreetMap node ids of prisma/data) the trip form can pick. */
export const PLACES = {
  buenosAires: { id: '81590481', name: 'Buenos Aires', province: 'Ciudad Autónoma de Buenos Aires', lat: -34.60757, lng: -58.43709 },
  rosario: { id: '198417773', name: 'Rosario', province: 'Santa Fe', lat: -32.9595, lng: -60.66154 },
} as const;

type KnownPlace = (typeof PLACES)[keyof typeof PLACES];

/** A trip point as the place picker fills it. */
export const tripPoint = (place: KnownPlace) => ({
  address: `${place.name}, ${place.province}, Argentina`,
  json_address: { name: place.name, ciudad: place.name, provincia: place.province, country: 'AR' },
  lat: place.lat,
  lng: place.lng,
  node_id: place.id,
});

/** An autocomplete answer item. */
export const examplePlace: Place = {
  id: PLACES.rosario.id,
  name: PLACES.rosario.name,
  state: PLACES.rosario.province,
  country: 'ARG',
  lat: PLACES.rosario.lat,
  lng: PLACES.rosario.lng,
  type: 'city',
  importance: 90,
};

/** The country is the provider's alpha-3 (its clients compare it with osm_country). */
export const placeMatcher = (place: Place = examplePlace) =>
  MatchersV3.like({
    ...place,
    country: MatchersV3.regex(/^[A-Z]{3}$/, place.country),
    lat: MatchersV3.number(place.lat),
    lng: MatchersV3.number(place.lng),
  });

/** Distance, duration and price limits of Buenos Aires → Rosario. */
export const examplePrice: PriceInfo = {
  distance: 370_900,
  duration: 16_691,
  co2: 556.35,
  route_needs_payment: false,
  maximum_trip_price_cents: 2_087_000,
  recommended_trip_price_cents: 1_815_000,
};

export const priceMatcher = (price: PriceInfo = examplePrice) =>
  MatchersV3.like({ ...price, co2: MatchersV3.number(price.co2), distance: MatchersV3.number(price.distance) });

/** The creation-fee state of a driver who still has free trips. */
export const exampleSealing: SealingInfo = {
  trip_creation_payment_enabled: false,
  free_trips_amount: 2,
  trips_created_by_user_amount: 1,
  user_over_free_limit: false,
};

/**
 * A saved search of the demo passenger: Buenos Aires → Rosario on one day, 25 km around each end.
 * Dates as the provider's model casts them: ISO 8601 in UTC (midnight in Argentina is 03:00 UTC).
 */
export const exampleSubscription: Subscription = {
  id: 15,
  user_id: 3,
  trip_date: '2026-12-05T03:00:00.000000Z',
  from_address: tripPoint(PLACES.buenosAires).address,
  from_lat: PLACES.buenosAires.lat,
  from_lng: PLACES.buenosAires.lng,
  from_radio: 25_000,
  from_id: PLACES.buenosAires.id,
  from_json_address: tripPoint(PLACES.buenosAires).json_address,
  to_address: tripPoint(PLACES.rosario).address,
  to_lat: PLACES.rosario.lat,
  to_lng: PLACES.rosario.lng,
  to_radio: 25_000,
  to_id: PLACES.rosario.id,
  to_json_address: tripPoint(PLACES.rosario).json_address,
  is_passenger: 0,
  state: 1,
  matches_count: 0,
  created_at: '2026-11-22T15:00:00.000000Z',
};

/**
 * A saved search by type; both ends and the day are set (the provider states make them so). The
 * mock's matches_count is not asserted: the provider's raw subscription rows have none.
 */
export const subscriptionMatcher = (
  { matches_count: _matches, ...subscription }: Subscription = exampleSubscription,
  overrides: Record<string, unknown> = {},
) =>
  MatchersV3.like({
    ...subscription,
    trip_date: modelDateTime(subscription.trip_date as string),
    created_at: modelDateTime(subscription.created_at as string),
    from_lat: MatchersV3.number(subscription.from_lat as number),
    from_lng: MatchersV3.number(subscription.from_lng as number),
    to_lat: MatchersV3.number(subscription.to_lat as number),
    to_lng: MatchersV3.number(subscription.to_lng as number),
    ...overrides,
  });
