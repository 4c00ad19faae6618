import { OPEN_REQUEST_STATES, SEARCH } from '@carpool/contracts';
import type { User } from '@prisma/client';
import type { Clock } from '../../lib/clock';
import { addDays, arDay, startOfArDay } from '../../lib/dates';
import type { TripReadModel } from '../../read-model/trip-read-model';
import type { TripRepository } from '../../repositories/trip-repository';
import { toTripUser } from '../../transformers/trip-transformer';
import type { SubscriptionService } from '../subscription-service';
import { accessDenied, type TripAccess } from './trip-access';

const MATCHERS_LIMIT = 50;

type Deps = {
  trips: Pick<TripRepository, 'requesterIds'>;
  reads: Pick<TripReadModel, 'search' | 'records' | 'users'>;
  subscriptions: SubscriptionService;
  clock: Clock;
  access: TripAccess;
};

/**
 * The owner's "matching passengers" (or drivers, for a passenger trip): users whose active
 * subscriptions of the trip's kind, or whose trips of the other kind on the same day, start and
 * end within `radiusM` of the trip's ends; users with an open request on the trip are left out.
 */
export function createMatching({ trips, reads, subscriptions, clock, access }: Deps) {
  return async function matchers(user: User, id: number, radiusM: number = SEARCH.matchingRadiusM) {
    const trip = await access.liveTrip(id);
    if (trip.user_id !== user.id) throw accessDenied();
    const origin = trip.points[0] ?? { lat: 0, lng: 0 };
    const destination = trip.points[trip.points.length - 1] ?? origin;
    const ends = { origin: { lat: origin.lat, lng: origin.lng }, destination: { lat: destination.lat, lng: destination.lng } };
    const subscribers = await subscriptions.subscribersNear(
      { user_id: trip.user_id, is_passenger: trip.is_passenger, trip_date: trip.trip_date, ...ends },
      radiusM,
    );
    const dayStart = startOfArDay(arDay(trip.trip_date));
    const now = clock.now();
    const others = await reads.search({
      viewerId: user.id,
      viewerIsAdmin: false,
      includeHidden: false,
      isPassenger: !trip.is_passenger,
      excludeUserId: user.id,
      from: dayStart > now ? dayStart : now,
      to: addDays(dayStart, 1),
      origin: { ...ends.origin, radiusM },
      destination: { ...ends.destination, radiusM },
      newestFirst: false,
      limit: MATCHERS_LIMIT,
      offset: 0,
    });
    const tripOwners = (await reads.records(others.ids)).map((other) => other.user_id);
    const onTrip = await trips.requesterIds(id, OPEN_REQUEST_STATES);
    const userIds = [...new Set([...subscribers, ...tripOwners])].filter((userId) => !onTrip.has(userId)).slice(0, MATCHERS_LIMIT);
    return { data: (await reads.users(userIds)).map(toTripUser) };
  };
}
