import type { User } from '@prisma/client';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import type { TripReadModel } from '../../read-model/trip-read-model';
import type { TripRecord } from '../../read-model/trip-records';

export const notFound = () => new AppError('trip_not_foound', { message: 'trip_not_foound' });
export const accessDenied = () => new AppError('access_denied', { message: 'access_denied' });

/** Who may act on a trip: it must exist and not be deleted; owner-only actions need its owner. */
export function createTripAccess({ reads, clock }: { reads: Pick<TripReadModel, 'record'>; clock: Clock }) {
  async function liveTrip(id: number): Promise<TripRecord> {
    const trip = await reads.record(id);
    if (!trip || trip.deleted_at) throw notFound();
    return trip;
  }

  return {
    liveTrip,

    /** Owner-only actions: others get 422 access_denied (as the provider), a past trip trip_expired. */
    async ownTrip(user: User, id: number, { upcoming }: { upcoming: boolean }): Promise<TripRecord> {
      const trip = await liveTrip(id);
      if (trip.user_id !== user.id) throw accessDenied();
      if (upcoming && trip.trip_date <= clock.now()) throw new AppError('trip_expired', { message: 'trip_expired' });
      return trip;
    },
  };
}

export type TripAccess = ReturnType<typeof createTripAccess>;
