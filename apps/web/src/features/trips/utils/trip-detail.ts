import type { Trip } from '@carpool/contracts';
import { isFlagSet, tripOwnerId } from '@/lib/trip-display';

type Viewer = { id: number } | null | undefined;

/** The trip owner: the trip's user is the current user. */
export const isTripOwner = (trip: Pick<Trip, 'user' | 'user_id'>, viewer: Viewer): boolean =>
  Boolean(viewer) && tripOwnerId(trip) === viewer!.id;

// The passenger and seat rules are shared with the trip cards (lib/trip-display.ts).
export { isActivePassenger, seatsDisplay, tripStatus, type SeatsDisplay, type TripStatus } from '@/lib/trip-display';


export type TripAlert = 'hidden' | 'deleted' | 'awaiting_payment' | 'payment_failed' | 'pending_payment';

/** Alerts by state: hidden ('Oculto'), deleted ('Borrado') and the creation-fee states. */
export function tripAlerts(trip: Pick<Trip, 'hidden' | 'deleted' | 'state'>): TripAlert[] {
  const alerts: TripAlert[] = [];
  if (isFlagSet(trip.deleted)) alerts.push('deleted');
  else if (isFlagSet(trip.hidden)) alerts.push('hidden');
  if (trip.state === 'awaiting_payment' || trip.state === 'payment_failed' || trip.state === 'pending_payment') alerts.push(trip.state);
  return alerts;
}

export type ShareLink = { network: 'facebook' | 'twitter' | 'whatsapp'; href: string };

/** Facebook and Twitter always; WhatsApp only on mobile (below 768 px). No Google Plus: docs/decisions/left-out.md. */
export function shareLinks(url: string, text: string, mobile: boolean): ShareLink[] {
  const u = encodeURIComponent(url);
  const links: ShareLink[] = [
    { network: 'facebook', href: `https://www.facebook.com/sharer/sharer.php?u=${u}` },
    { network: 'twitter', href: `https://twitter.com/intent/tweet?text=${encodeURIComponent(text)}&url=${u}` },
  ];
  if (mobile) links.push({ network: 'whatsapp', href: `https://api.whatsapp.com/send?text=${encodeURIComponent(`${text} ${url}`)}` });
  return links;
}
