import type { TripSearchQuerySchema } from '@carpool/contracts';
import { PAGE_SIZES, SEARCH } from '@carpool/contracts';
import type { User } from '@prisma/client';
import type { z } from 'zod';
import { AppError } from '../lib/app-error';
import type { Clock } from '../lib/clock';
import { addDays, startOfArDay } from '../lib/dates';
import { pageOf, paginationMeta } from '../lib/paginate';
import type { GeoFilter, TripRepository, TripSearchFilter } from '../repositories/trip-repository';
import { toWireTrip } from '../transformers/trip-transformer';

type SearchQuery = z.output<typeof TripSearchQuerySchema>;

function geo(lat: number | undefined, lng: number | undefined, radius: number | undefined): GeoFilter | undefined {
  if (lat === undefined || lng === undefined) return undefined;
  return { lat, lng, radiusM: Math.max(SEARCH.defaultRadiusM, radius ?? SEARCH.defaultRadiusM) };
}

export function createTripService({ trips, clock }: { trips: TripRepository; clock: Clock }) {
  return {
    /**
     * GET /api/trips. With `date`: a ±3-day window (not before now), exact-day trips first.
     * With from_date/to_date: that inclusive range. Otherwise future trips, or every trip
     * newest first with `history`.
     */
    async search(query: SearchQuery, viewer: User | null, url: string) {
      const now = clock.now();
      const { page, perPage, offset } = pageOf(query, PAGE_SIZES.trips);
      const asAdmin = Boolean(viewer?.is_admin && query.is_admin);
      const filter: TripSearchFilter = {
        viewerId: viewer?.id ?? null,
        viewerIsAdmin: asAdmin,
        includeHidden: asAdmin,
        isPassenger: query.is_passenger,
        newestFirst: false,
        origin: geo(query.origin_lat, query.origin_lng, query.origin_radio),
        destination: geo(query.destination_lat, query.destination_lng, query.destination_radio),
        limit: perPage,
        offset,
      };
      if (query.user_id !== undefined) {
        if (query.as_driver === false) filter.passengerId = query.user_id;
        else filter.ownerId = query.user_id;
      }
      if (query.date) {
        const day = startOfArDay(query.date);
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

      const { ids, total } = await trips.search(filter);
      const rows = await trips.findManyOrdered(ids);
      const data = rows.map((trip) => toWireTrip(trip, viewer?.id ?? null));
      return { data, meta: paginationMeta({ total, count: data.length, page, perPage, url }) };
    },
  };
}

export type TripService = ReturnType<typeof createTripService>;
