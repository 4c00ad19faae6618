import { LENGTHS, MONEY, RATINGS, REQUEST_STATES, isActiveRequest, type Trip, type TripPoint } from '@carpool/contracts';

export type Stars = { value: number; full: number; half: boolean; empty: number };

/** positive / (positive + negative) × 5, with a half star at a fraction of .5 or more; null without votes. */
export function ratingStars(positive: number, negative: number): Stars | null {
  const votes = positive + negative;
  if (votes <= 0) return null;
  const value = (positive / votes) * RATINGS.starsMax;
  const full = Math.floor(value);
  const half = full < RATINGS.starsMax && value - full >= 0.5;
  return { value, full, half, empty: RATINGS.starsMax - full - (half ? 1 : 0) };
}

export type SeatLevel = 'full' | 'almost-full' | 'half' | 'free';

/** Spec document 1 §4 Trip display: 0 free → Carpooleado, 1 → red, about half → orange, mostly free → green. */
export function seatLevel(available: number, total: number): SeatLevel {
  if (available <= 0) return 'full';
  if (available === 1) return 'almost-full';
  if (available <= total / 2) return 'half';
  return 'free';
}

export const SEAT_LEVEL_COLOR: Record<SeatLevel, string> = {
  full: 'gray',
  'almost-full': 'red',
  half: 'orange',
  free: 'green',
};

/** A seat at index i is taken when i is below total − available. */
export const isSeatTaken = (index: number, available: number, total: number): boolean =>
  index < total - available;

/** Town names are cut at 23 characters and set smaller above 16. */
export function townLabel(name: string): { text: string; small: boolean; cut: boolean } {
  const trimmed = name.trim();
  const cut = trimmed.length > LENGTHS.townName;
  return {
    text: cut ? `${trimmed.slice(0, LENGTHS.townName).trimEnd()}…` : trimmed,
    small: trimmed.length > LENGTHS.townNameSmallFontAbove,
    cut,
  };
}

/**
 * Cents → '$ 12.500': the one price format of the app, whole pesos with '.' thousands (seat prices
 * are typed in whole pesos; per-seat shares of a route price are rounded to the peso).
 */
export function formatPrice(cents: number): string {
  const whole = Math.round(Math.abs(cents) / MONEY.centsPerUnit);
  const grouped = String(whole).replace(/\B(?=(\d{3})+(?!\d))/g, '.');
  const sign = cents < 0 && whole > 0 ? '-' : '';
  return `${sign}$ ${grouped}`;
}

/** The name a point shows: the town of its address, else the address. */
export function pointName(point: TripPoint): string {
  const address = point.json_address;
  return address.ciudad || address.name || point.address.split(',')[0]?.trim() || point.address;
}

/** Points between origin and destination. */
export function intermediatePoints(trip: Pick<Trip, 'points'>): TripPoint[] {
  return trip.points.slice(1, -1);
}

export const isFlagSet = (flag: boolean | 0 | 1 | null | undefined): boolean => flag === true || flag === 1;

export type TripStatus = 'active' | 'hidden' | 'deleted';

/** Spec §4 Trip display: hidden shows Oculto, deleted shows Borrado, otherwise Activo (the owner's badge and the admin list). */
export function tripStatus(trip: Pick<Trip, 'hidden' | 'deleted'>): TripStatus {
  if (isFlagSet(trip.deleted)) return 'deleted';
  return isFlagSet(trip.hidden) ? 'hidden' : 'active';
}

type Viewer = { id: number } | null | undefined;

/** The trip's owner: `user.id` as the provider sends it (`user_id` is the mock's and may be missing). */
export const tripOwnerId = (trip: Pick<Trip, 'user' | 'user_id'>): number | undefined => trip.user?.id ?? trip.user_id;

/** Whether the viewer is aboard (isActiveRequest); a passenger without a state is aboard. */
export const isActivePassenger = (trip: Pick<Trip, 'passenger'>, viewer: Viewer): boolean =>
  Boolean(viewer) && (trip.passenger ?? []).some((p) => p.id === viewer!.id && isActiveRequest(p.request_state ?? REQUEST_STATES.accepted));

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
