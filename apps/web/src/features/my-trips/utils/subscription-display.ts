import { SUBSCRIPTION_MATCH_CAP, type Subscription } from '@carpool/contracts';
import { paths } from '@/config/paths';
import { parseProviderDate } from '@/lib/dates';

/** The match count, capped: 20 and more show as '20+'. */
export const matchCountLabel = (count: number | undefined): string =>
  (count ?? 0) >= SUBSCRIPTION_MATCH_CAP ? `${SUBSCRIPTION_MATCH_CAP}+` : String(count ?? 0);

/** The town of one end of the alert, or null for "any". */
export function subscriptionPlace(subscription: Subscription, end: 'from' | 'to'): string | null {
  const json = subscription[`${end}_json_address`];
  const address = subscription[`${end}_address`];
  return json?.ciudad || json?.name || address?.split(',')[0]?.trim() || null;
}

/** 'YYYY-MM-DD' of the alert, or null for any day. */
export const subscriptionDay = (subscription: Subscription): string | null =>
  subscription.trip_date ? parseProviderDate(subscription.trip_date).format('YYYY-MM-DD') : null;

/** The trips home with the alert's search (the home reads the search from these wire names). */
export function subscriptionSearchUrl(subscription: Subscription): string {
  const params = new URLSearchParams();
  for (const [end, prefix] of [
    ['from', 'origin'],
    ['to', 'destination'],
  ] as const) {
    const name = subscriptionPlace(subscription, end);
    const lat = subscription[`${end}_lat`];
    const lng = subscription[`${end}_lng`];
    if (!name || lat == null || lng == null) continue;
    params.set(`${prefix}_name`, name);
    params.set(`${prefix}_lat`, String(lat));
    params.set(`${prefix}_lng`, String(lng));
    const id = subscription[`${end}_id`];
    if (id) params.set(`${prefix}_id`, String(id));
  }
  const day = subscriptionDay(subscription);
  if (day) params.set('date', day);
  if (subscription.is_passenger === 1 || subscription.is_passenger === true) params.set('is_passenger', 'true');
  const query = params.toString();
  return query ? `${paths.trips}?${query}` : paths.trips;
}
