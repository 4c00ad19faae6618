import type { User } from '@prisma/client';
import type { Db } from '../db/client';
import type { Clock } from '../lib/clock';
import { toWireDateTime } from '../lib/dates';
import { pageOf, paginationMeta } from '../lib/paginate';
import { tripInclude } from '../repositories/trip-repository';
import { toWireTrip, tripViewer } from '../transformers/trip-transformer';

const HOUR_MS = 3_600_000;
/** No trip in the data lasts longer; bounds the ongoing-trip query. */
const LONGEST_TRIP_MS = 48 * HOUR_MS;

/** 'HH:MM' → milliseconds; a missing or zero duration counts as one hour. */
export function durationMs(estimated: string | null): number {
  const match = /^(\d{1,3}):(\d{2})$/.exec(estimated ?? '');
  const ms = match ? (Number(match[1]) * 60 + Number(match[2])) * 60_000 : 0;
  return ms > 0 ? ms : HOUR_MS;
}

type Deps = { db: Db; clock: Clock };

/**
 * Calls the provider's clients make that the spec does not list (API-NOTES, "Provider shapes"):
 * answered from the same tables as the rest of the API.
 */
export function createProviderCallsService({ db, clock }: Deps) {
  return {
    /** GET /api/users/seat-requests: the caller's open requests (0, 1, 4) on trips still to leave. */
    async seatRequests(caller: User, query: { page?: number; page_size?: number }, url: string) {
      const { page, perPage, offset } = pageOf(query);
      const where = {
        user_id: caller.id,
        request_state: { in: [0, 1, 4] },
        trip: { deleted_at: null, trip_date: { gte: clock.now() } },
      };
      const [total, rows] = await Promise.all([
        db.passenger.count({ where }),
        db.passenger.findMany({
          where,
          include: { trip: { include: tripInclude } },
          orderBy: [{ created_at: 'desc' }, { id: 'desc' }],
          skip: offset,
          take: perPage,
        }),
      ]);
      const viewer = tripViewer(caller);
      return {
        data: rows.map((row) => ({
          id: row.id,
          trip_id: row.trip_id,
          request_state: row.request_state,
          created_at: toWireDateTime(row.created_at),
          trip: toWireTrip(row.trip, viewer),
        })),
        meta: paginationMeta({ total, count: rows.length, page, perPage, url }),
      };
    },

    /** GET /api/users/ongoing-trip: the trip the caller drives or rides (state 1) right now. */
    async ongoingTrip(caller: User) {
      const now = clock.now();
      const candidates = await db.trip.findMany({
        where: {
          deleted_at: null,
          state: { not: 'canceled' },
          trip_date: { lte: now, gte: new Date(now.getTime() - LONGEST_TRIP_MS) },
          OR: [{ user_id: caller.id }, { passengers: { some: { user_id: caller.id, request_state: 1 } } }],
        },
        include: tripInclude,
        orderBy: [{ trip_date: 'desc' }, { id: 'desc' }],
      });
      const ongoing = candidates.find((trip) => trip.trip_date.getTime() + durationMs(trip.estimated_time) > now.getTime());
      return { data: ongoing ? toWireTrip(ongoing, tripViewer(caller)) : null };
    },
  };
}

export type ProviderCallsService = ReturnType<typeof createProviderCallsService>;
