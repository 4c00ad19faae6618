import { SEARCH, type SubscriptionBody } from '@carpool/contracts';
import type { SelectedPlace, TripSearchValues } from './search-params';

/** The offer shows for a logged-in user not searching as passenger, with an origin or a destination. */
export const canOfferSearchAlert = (values: TripSearchValues, loggedIn: boolean): boolean =>
  loggedIn && !values.isPassenger && Boolean(values.origin || values.destination);

function end(prefix: 'from' | 'to', place: SelectedPlace | null) {
  if (!place) return {};
  return {
    [`${prefix}_address`]: place.name,
    [`${prefix}_lat`]: place.lat,
    [`${prefix}_lng`]: place.lng,
    [`${prefix}_radio`]: SEARCH.defaultRadiusM,
    [`${prefix}_id`]: place.id ?? null,
    [`${prefix}_json_address`]: {
      name: place.name,
      ciudad: place.name,
      ...(place.state && { provincia: place.state }),
      ...(place.country && { country: place.country }),
    },
  };
}

/** POST /api/subscriptions body of the current search (a day, or any day). */
export function subscriptionBodyFromSearch(values: TripSearchValues): SubscriptionBody {
  return {
    trip_date: values.date,
    ...end('from', values.origin),
    ...end('to', values.destination),
    is_passenger: values.isPassenger,
  };
}
