import { REQUEST_STATES, type Trip } from '@carpool/contracts';
import { isFlagSet, isSeatTaken, seatLevel, type SeatLevel } from '@/lib/trip-display';

type Viewer = { id: number } | null | undefined;

/** The trip owner: the trip's user id is the current user's. */
export const isTripOwner = (trip: Pick<Trip, 'user_id'>, viewer: Viewer): boolean => Boolean(viewer) && trip.user_id === viewer!.id;

const ACTIVE_STATES: number[] = [REQUEST_STATES.accepted, REQUEST_STATES.waitingPayment];

/** States 1 and 4 count as active passengers. */
export const isActivePassenger = (trip: Pick<Trip, 'passenger'>, viewer: Viewer): boolean =>
  Boolean(viewer) &&
  (trip.passenger ?? []).some((p) => p.id === viewer!.id && ACTIVE_STATES.includes(p.request_state ?? REQUEST_STATES.accepted));

export type SeatsDisplay = {
  /** One entry per seat: taken when its index is below total − available. */
  seats: { taken: boolean }[];
  level: SeatLevel;
  /** 'Carpooleado': no free seat, for a viewer who is not a passenger. */
  carpooleado: boolean;
};

export function seatsDisplay(trip: Pick<Trip, 'total_seats' | 'seats_available'>, viewerIsPassenger: boolean): SeatsDisplay {
  const { total_seats: total, seats_available: available } = trip;
  return {
    seats: Array.from({ length: total }, (_, index) => ({ taken: isSeatTaken(index, available, total) })),
    level: seatLevel(available, total),
    carpooleado: available <= 0 && !viewerIsPassenger,
  };
}

export type TripStatus = 'active' | 'hidden' | 'deleted';

/** Spec §4 Trip display: hidden shows Oculto, deleted shows Borrado, otherwise Activo. */
export function tripStatus(trip: Pick<Trip, 'hidden' | 'deleted'>): TripStatus {
  if (isFlagSet(trip.deleted)) return 'deleted';
  return isFlagSet(trip.hidden) ? 'hidden' : 'active';
}

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

/** Facebook and Twitter always; WhatsApp only on mobile (below 768 px). */
export function shareLinks(url: string, text: string, mobile: boolean): ShareLink[] {
  const u = encodeURIComponent(url);
  const links: ShareLink[] = [
    { network: 'facebook', href: `https://www.facebook.com/sharer/sharer.php?u=${u}` },
    { network: 'twitter', href: `https://twitter.com/intent/tweet?text=${encodeURIComponent(text)}&url=${u}` },
  ];
  if (mobile) links.push({ network: 'whatsapp', href: `https://api.whatsapp.com/send?text=${encodeURIComponent(`${text} ${url}`)}` });
  return links;
}
