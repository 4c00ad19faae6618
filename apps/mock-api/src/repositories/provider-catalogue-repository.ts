import { REQUEST_STATES } from '@carpool/contracts';
import { tripInclude } from './trip-repository';
import type { DbClient } from '../db/client';

const SEAT_REQUEST_LIST_STATES = [REQUEST_STATES.pending, REQUEST_STATES.accepted, REQUEST_STATES.rejected];

/**
 * What the calls outside the spec read (provider-calls-service): changelogs, the car catalogue, and
 * the user's trips and seat requests as those calls list them.
 */
export function createProviderCatalogueRepository(db: DbClient) {
  return {
    changelog: (version: string) => db.changelog.findUnique({ where: { version } }),

    changelogs: () => db.changelog.findMany(),

    carBrands: () => db.carBrand.findMany({ orderBy: { name: 'asc' }, select: { id: true, name: true, slug: true } }),

    carBrandWithModels: (id: number) => db.carBrand.findUnique({ where: { id }, include: { models: { orderBy: { name: 'asc' } } } }),

    carColors: () => db.carColor.findMany({ orderBy: { id: 'asc' }, select: { id: true, name: true, slug: true, hex: true } }),

    /** Trips the user drove and trips the user rode accepted, that left before `now`. */
    async tripsMadeBefore(userId: number, now: Date) {
      const [driven, ridden] = await Promise.all([
        db.trip.count({ where: { user_id: userId, is_passenger: false, deleted_at: null, trip_date: { lt: now } } }),
        db.passenger.count({ where: { user_id: userId, request_state: REQUEST_STATES.accepted, trip: { deleted_at: null, trip_date: { lt: now } } } }),
      ]);
      return driven + ridden;
    },

    /** The user's requests pending, accepted or rejected on trips not deleted leaving from `now`, soonest trip first. */
    seatRequestsOf: (userId: number, now: Date) =>
      db.passenger.findMany({
        where: { user_id: userId, request_state: { in: SEAT_REQUEST_LIST_STATES }, trip: { deleted_at: null, trip_date: { gte: now } } },
        include: { trip: { include: tripInclude } },
        orderBy: [{ trip: { trip_date: 'asc' } }, { id: 'asc' }],
      }),

    /** Trips not cancelled that left within [from, now] which the user drives or rides accepted, latest first. */
    leftWithin: (userId: number, from: Date, now: Date) =>
      db.trip.findMany({
        where: {
          deleted_at: null,
          state: { not: 'canceled' },
          trip_date: { lte: now, gte: from },
          OR: [{ user_id: userId }, { passengers: { some: { user_id: userId, request_state: REQUEST_STATES.accepted } } }],
        },
        include: tripInclude,
        orderBy: [{ trip_date: 'desc' }, { id: 'desc' }],
      }),
  };
}

export type ProviderCatalogueRepository = ReturnType<typeof createProviderCatalogueRepository>;
