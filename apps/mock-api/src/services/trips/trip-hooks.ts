import { isActiveRequest, tripPath } from '@carpool/contracts';
import { toWireDateTime } from '../../lib/dates';
import { isUnpaid } from '../../lib/trip-visibility';
import type { TripReadModel } from '../../read-model/trip-read-model';
import type { TripRecord } from '../../read-model/trip-records';
import type { NotificationService } from '../notification-service';
import type { SubscriptionService } from '../subscription-service';
import { nodeIdOf, pointsOfRecord } from './trip-form';

type Deps = { reads: Pick<TripReadModel, 'record'>; subscriptions: SubscriptionService; notifications: NotificationService };

/** What follows a trip's writes: the notifications of its passengers and the search alerts it matches. */
export function createTripHooks({ reads, subscriptions, notifications }: Deps) {
  return {
    /**
     * A trip was cancelled: the passengers whose requests were open get a notification (type trip),
     * which the notification service also pushes to their devices.
     */
    async onTripDeleted(trip: TripRecord, userIds: number[]) {
      const when = toWireDateTime(trip.trip_date);
      const text = `${trip.user.name} canceló el viaje a ${trip.to_town} del ${when.slice(8, 10)}/${when.slice(5, 7)} a las ${when.slice(11, 16)}.`;
      await notifications.notifyMany(userIds.map((userId) => ({ userId, notification: { type: 'trip', text, extras: { trip_id: trip.id } } })));
    },

    /**
     * A trip became visible to others: just published, or its creation fee paid (the payment flow
     * calls this). Matching search alerts are recorded and their users notified. Answers who was.
     */
    async onTripPublished(tripId: number, options: { changed?: boolean } = {}): Promise<number[]> {
      const trip = await reads.record(tripId);
      if (!trip || trip.deleted_at || trip.hidden || isUnpaid(trip.state)) return [];
      const origin = trip.points[0];
      const destination = trip.points[trip.points.length - 1];
      if (!origin || !destination) return [];
      return subscriptions.matchPublishedTrip({
        id: trip.id,
        user_id: trip.user_id,
        is_passenger: trip.is_passenger,
        friendship_type_id: trip.friendship_type_id,
        trip_date: trip.trip_date,
        from_town: trip.from_town,
        to_town: trip.to_town,
        origin: { lat: origin.lat, lng: origin.lng },
        destination: { lat: destination.lat, lng: destination.lng },
        path: tripPath(pointsOfRecord(trip).map(nodeIdOf)),
      }, options);
    },

    /** The date or the route of a trip changed: its active passengers hear about it (type trip). */
    async onTripChanged(trip: TripRecord) {
      const aboard = trip.passengers.filter((p) => isActiveRequest(p.request_state)).map((p) => p.user_id);
      const text = `${trip.user.name} cambió el viaje a ${trip.to_town}: revisá la fecha y el recorrido.`;
      await notifications.notifyMany(aboard.map((userId) => ({ userId, notification: { type: 'trip', text, extras: { trip_id: trip.id } } })));
    },
  };
}

export type TripHooks = ReturnType<typeof createTripHooks>;
