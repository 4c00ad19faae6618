import type { PendingRating, Rating as WireRating } from '@carpool/contracts';
import { toWireDateTime } from '../lib/dates';
import type { RatingRow } from '../repositories/rating-repository';
import { toTripUser, toWireTrip } from './trip-transformer';

/**
 * The provider's RatingTransformer: the author and the rated user as TripUserTransformer gives them,
 * the full trip answer as TripTransformer gives it without a viewer (the controller passes none), and
 * `to` only while the rating is not voted. `created_at` and `voted` are the spec's additions.
 */
export function toWireRating(row: RatingRow): WireRating {
  return {
    id: row.id,
    from: toTripUser(row.from),
    ...(row.rate_at ? {} : { to: toTripUser(row.to) }),
    trip: toWireTrip(row.trip, null),
    user_to_type: row.user_to_type,
    user_to_state: row.user_to_state,
    rating: row.rating,
    comment: row.comment ?? '',
    reply_comment: row.reply_comment ?? '',
    reply_comment_created_at: row.reply_comment_created_at ? toWireDateTime(row.reply_comment_created_at) : null,
    created_at: toWireDateTime(row.created_at),
    rate_at: row.rate_at ? toWireDateTime(row.rate_at) : null,
    voted: row.voted,
  };
}

/** A pending row: the same shape (with `to`), plus the spec's `trip_id` and `user_id`. */
export function toWirePendingRating(row: RatingRow): PendingRating {
  const { created_at: _created, voted: _voted, ...rating } = toWireRating(row);
  return { ...rating, to: toTripUser(row.to), trip_id: row.trip_id, user_id: row.user_id_to };
}
