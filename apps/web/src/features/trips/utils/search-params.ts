import { isAbroad, type Trip } from '@carpool/contracts';
import { parseProviderDate } from '@/lib/dates';
import type { SelectedPlace } from '@/lib/places';
import type { TripSearch } from '../api/search-trips';

/** A place chosen in the autocomplete. */
export type { SelectedPlace };

export type TripSearchValues = {
  origin: SelectedPlace | null;
  destination: SelectedPlace | null;
  /** 'YYYY-MM-DD' */
  date: string | null;
  /** true: looking for passengers (trips published by passengers). */
  isPassenger: boolean;
};

export const EMPTY_SEARCH: TripSearchValues = { origin: null, destination: null, date: null, isPassenger: false };

const number = (value: string | null) => {
  if (value === null || value.trim() === '') return undefined;
  const parsed = Number(value);
  return Number.isFinite(parsed) ? parsed : undefined;
};

function readPlace(params: URLSearchParams, prefix: 'origin' | 'destination'): SelectedPlace | null {
  const name = params.get(`${prefix}_name`);
  const lat = number(params.get(`${prefix}_lat`));
  const lng = number(params.get(`${prefix}_lng`));
  if (!name || lat === undefined || lng === undefined) return null;
  return { name, lat, lng, id: params.get(`${prefix}_id`) ?? undefined };
}

/** The search lives in the URL (wire names), so a search can be shared and reloaded. */
export function readSearch(params: URLSearchParams): TripSearchValues {
  const date = params.get('date');
  return {
    origin: readPlace(params, 'origin'),
    destination: readPlace(params, 'destination'),
    date: date && /^\d{4}-\d{2}-\d{2}$/.test(date) ? date : null,
    isPassenger: params.get('is_passenger') === 'true',
  };
}

export function writeSearch(values: TripSearchValues): URLSearchParams {
  const params = new URLSearchParams();
  for (const prefix of ['origin', 'destination'] as const) {
    const place = values[prefix];
    if (!place) continue;
    params.set(`${prefix}_name`, place.name);
    params.set(`${prefix}_lat`, String(place.lat));
    params.set(`${prefix}_lng`, String(place.lng));
    if (place.id) params.set(`${prefix}_id`, place.id);
  }
  if (values.date) params.set('date', values.date);
  if (values.isPassenger) params.set('is_passenger', 'true');
  return params;
}

/** GET /api/trips query of a search (without paging). */
export function toTripSearch(values: TripSearchValues): TripSearch {
  return {
    is_passenger: values.isPassenger,
    ...(values.origin && {
      origin_name: values.origin.name,
      origin_lat: values.origin.lat,
      origin_lng: values.origin.lng,
      origin_id: values.origin.id,
    }),
    ...(values.destination && {
      destination_name: values.destination.name,
      destination_lat: values.destination.lat,
      destination_lng: values.destination.lng,
      destination_id: values.destination.id,
    }),
    ...(values.date && { date: values.date }),
  };
}

/**
 * Spec §5: origin and destination cannot both be outside the home country. `home` lists the names
 * the home country may have in a place (config.osm_country and config.country_name).
 */
export function bothAbroad(values: Pick<TripSearchValues, 'origin' | 'destination'>, home: string[]): boolean {
  return isAbroad(values.origin?.country, home) && isAbroad(values.destination?.country, home);
}

/** With a searched day the API sends that day's trips first; the rest are "nearby" results (-1: none). */
export function firstNearbyIndex(trips: Pick<Trip, 'trip_date'>[], date: string | undefined): number {
  if (!date) return -1;
  return trips.findIndex((trip) => parseProviderDate(trip.trip_date).format('YYYY-MM-DD') !== date);
}
