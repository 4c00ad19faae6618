import { PAGE_SIZES, SEARCH, pathNode, toAlpha2, type FieldErrors, type TripSearchQuerySchema } from '@carpool/contracts';
import type { User } from '@prisma/client';
import type { z } from 'zod';
import type { CountryConfig } from '../../config/countries';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import { addDays, arDay, startOfArDay } from '../../lib/dates';
import { pageOf } from '../../lib/paginate';
import { listingNow, type GeoFilter, type TripSearchFilter } from '../../read-model/search-filter';
import type { PagedTripSearch } from '../../read-model/trip-read-model';
import type { PlaceService } from '../place-service';
import { accessDenied } from './trip-access';
import { shiftYears } from './trip-form';

export type SearchQuery = z.output<typeof TripSearchQuerySchema>;

function geo(lat: number | undefined, lng: number | undefined, radius: number | undefined): GeoFilter | undefined {
  if (lat === undefined || lng === undefined) return undefined;
  return { lat, lng, radiusM: Math.max(SEARCH.defaultRadiusM, radius ?? SEARCH.defaultRadiusM) };
}

/** Whether a search's end is a place id without coordinates (read from the places). */
const needsPlace = (lat: number | undefined, lng: number | undefined, id: string | undefined) => Boolean(id) && (lat === undefined || lng === undefined);

/** Days asked for, as the instants they start at (NaN: not a real calendar day); searches repeat a few dozen days. */
const dayStarts = new Map<string, number>();
function dayStartMs(day: string): number {
  let start = dayStarts.get(day);
  if (start === undefined) {
    const date = startOfArDay(day);
    start = arDay(date) === day ? date.getTime() : Number.NaN;
    if (dayStarts.size >= 10_000) dayStarts.clear();
    dayStarts.set(day, start);
  }
  return start;
}

/** 'YYYY-MM-DD' that is a real calendar day. */
const isRealDay = (day: string) => !Number.isNaN(dayStartMs(day));
/** The start of a real calendar day (see isRealDay). */
const searchDayStart = (day: string) => new Date(dayStartMs(day));

/**
 * What a search's places match, as the provider's TripRepository::search: a picked place's id
 * (the autocomplete's node id) matches the trips' paths and the radius is then ignored; an end
 * without id is the circle around its coordinates.
 */
function searchEnds(
  query: SearchQuery,
  origin: GeoFilter | undefined,
  destination: GeoFilter | undefined,
): Pick<TripSearchFilter, 'origin' | 'destination' | 'originNode' | 'destinationNode'> {
  return {
    ...(query.origin_id ? { originNode: pathNode(query.origin_id) } : origin && { origin }),
    ...(query.destination_id ? { destinationNode: pathNode(query.destination_id) } : destination && { destination }),
  };
}

/**
 * GET /api/trips's query as a search (spec document 1 §3): with `date`, a ±3-day window (not before
 * now unless history), exact-day trips first; with from_date/to_date, that inclusive range;
 * otherwise future trips, or every trip newest first with `history`.
 */
export function createSearchFilter({ clock, country, places }: { clock: Clock; country: CountryConfig; places: PlaceService }) {
  // The search's day limits, worked out once a day (tests and the demo may move the clock either way).
  let searchDays: { from: number; until: number; latest: string; earliest: string } | undefined;
  function searchDayLimits(now: Date) {
    const ms = now.getTime();
    if (!searchDays || ms < searchDays.from || ms >= searchDays.until) {
      const today = arDay(now);
      const from = startOfArDay(today).getTime();
      searchDays = {
        from,
        until: from + 86_400_000,
        latest: shiftYears(today, SEARCH.dateMaxYearsAhead),
        earliest: shiftYears(today, -SEARCH.dateMaxYearsBack),
      };
    }
    return searchDays;
  }

  function dateErrors(query: SearchQuery, now: Date): FieldErrors | null {
    let errors: FieldErrors | null = null;
    const { latest, earliest } = searchDayLimits(now);
    for (const field of ['date', 'from_date', 'to_date'] as const) {
      const day = query[field];
      if (day === undefined) continue;
      const error = !isRealDay(day)
        ? 'La fecha no es válida.'
        : day > latest
          ? `La fecha no puede superar los ${SEARCH.dateMaxYearsAhead} años.`
          : day < earliest
            ? `La fecha no puede ser anterior a ${SEARCH.dateMaxYearsBack} años.`
            : null;
      if (error) (errors ??= {})[field] = [error];
    }
    return errors;
  }

  /** A search's end named by a place id without coordinates (`needsPlace`): that place's, if known. */
  async function placeEnd(lat: number | undefined, lng: number | undefined, id: string) {
    const place = await places.find(id);
    return place ? { lat: place.lat, lng: place.lng, id } : { lat, lng, id };
  }

  /** Whether a search's end lies outside the home country (as far as the places tell). */
  async function isAbroad(end: GeoFilter, id: string | undefined, home: string): Promise<boolean> {
    const code = await places.countryOf({ lat: end.lat, lng: end.lng, id });
    return code !== null && code !== home;
  }

  return async function searchFilter(query: SearchQuery, viewer: User | null): Promise<PagedTripSearch> {
    const clockNow = clock.now();
    const errors = dateErrors(query, clockNow);
    if (errors) throw AppError.fields(errors);

    // A place id without coordinates searches around that place (only then is there a place to wait for).
    const from = !needsPlace(query.origin_lat, query.origin_lng, query.origin_id)
      ? { lat: query.origin_lat, lng: query.origin_lng, id: query.origin_id }
      : await placeEnd(query.origin_lat, query.origin_lng, query.origin_id!);
    const to = !needsPlace(query.destination_lat, query.destination_lng, query.destination_id)
      ? { lat: query.destination_lat, lng: query.destination_lng, id: query.destination_id }
      : await placeEnd(query.destination_lat, query.destination_lng, query.destination_id!);
    const origin = geo(from.lat, from.lng, query.origin_radio);
    const destination = geo(to.lat, to.lng, query.destination_radio);
    if (origin && destination) {
      const home = query.country ?? toAlpha2(country.config.osm_country);
      // The destination's country matters only when the origin's is known and abroad.
      if ((await isAbroad(origin, from.id, home)) && (await isAbroad(destination, to.id, home))) {
        throw new AppError('origin_destination_abroad', { message: 'Origen y destino no pueden ser ambos del exterior.' });
      }
    }

    const now = listingNow(clockNow);
    const { page, perPage, offset } = pageOf(query, PAGE_SIZES.trips);
    const asAdmin = Boolean(viewer?.is_admin && query.is_admin);
    const filter: PagedTripSearch = {
      viewerId: viewer?.id ?? null,
      viewerIsAdmin: asAdmin,
      includeHidden: asAdmin,
      isPassenger: query.is_passenger,
      newestFirst: false,
      ...searchEnds(query, origin, destination),
      limit: perPage,
      offset,
      page,
      perPage,
    };
    if (query.user_id !== undefined) {
      if (query.as_driver === false) {
        // Which trips someone rides on is theirs and the admins' to see.
        if (query.user_id !== viewer?.id && !viewer?.is_admin) throw accessDenied();
        filter.passengerId = query.user_id;
      } else filter.ownerId = query.user_id;
    }
    if (query.date) {
      const day = searchDayStart(query.date);
      const windowStart = addDays(day, -SEARCH.dateWindowDays);
      filter.from = query.history || windowStart > now ? windowStart : now;
      filter.to = addDays(day, SEARCH.dateWindowDays + 1);
      filter.exactDay = { start: day, end: addDays(day, 1) };
    } else if (query.from_date || query.to_date) {
      if (query.from_date) filter.from = startOfArDay(query.from_date);
      if (query.to_date) filter.to = addDays(startOfArDay(query.to_date), 1);
      if (filter.from && filter.to && filter.from >= filter.to) {
        throw AppError.fields({ to_date: ['The to date must be a date after or equal to from date.'] });
      }
    } else if (query.history) {
      filter.newestFirst = true;
    } else {
      filter.from = now;
    }
    return filter;
  };
}
