import type { Subscription as WireSubscription } from '@carpool/contracts';
import { toModelDateTime } from '../lib/dates';
import type { SubscriptionWithCount } from '../repositories/subscription-repository';

function parseJson(value: string | null): Record<string, unknown> | null {
  if (value === null) return null;
  try {
    const parsed: unknown = JSON.parse(value);
    return parsed && typeof parsed === 'object' ? (parsed as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** The provider's raw model: its `trip_date` cast and timestamps serialise as ISO 8601 (UTC). */
export function toWireSubscription(subscription: SubscriptionWithCount): WireSubscription {
  return {
    id: subscription.id,
    user_id: subscription.user_id,
    trip_date: subscription.trip_date ? toModelDateTime(subscription.trip_date) : null,
    from_address: subscription.from_address,
    from_lat: subscription.from_lat,
    from_lng: subscription.from_lng,
    from_radio: subscription.from_radio,
    from_id: subscription.from_id,
    from_json_address: parseJson(subscription.from_json_address),
    to_address: subscription.to_address,
    to_lat: subscription.to_lat,
    to_lng: subscription.to_lng,
    to_radio: subscription.to_radio,
    to_id: subscription.to_id,
    to_json_address: parseJson(subscription.to_json_address),
    is_passenger: subscription.is_passenger ? 1 : 0,
    state: subscription.state ? 1 : 0,
    matches_count: subscription.matches_count,
    created_at: toModelDateTime(subscription.created_at),
  };
}
