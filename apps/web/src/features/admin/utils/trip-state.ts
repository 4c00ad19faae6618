import type { Trip } from '@carpool/contracts';

const set = (flag: unknown) => flag === 1 || flag === true;

/** The admin list's state column: deleted by its owner, hidden by an admin, or visible. */
export const tripState = (trip: Pick<Trip, 'hidden' | 'deleted'>): 'deleted' | 'hidden' | 'visible' =>
  set(trip.deleted) ? 'deleted' : set(trip.hidden) ? 'hidden' : 'visible';
