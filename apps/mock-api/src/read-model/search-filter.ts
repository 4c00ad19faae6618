/**
 * What a trip search asks for, as the read model answers it: built by the trip rules
 * (services/trips/search-filter.ts) and by the search alerts, read by the SQL search and the index.
 */

export type GeoFilter = { lat: number; lng: number; radiusM: number };

export type TripSearchFilter = {
  viewerId: number | null;
  /** Admin listings: every trip, whatever its privacy and payment state. */
  viewerIsAdmin: boolean;
  /** Admin listings may show hidden trips. */
  includeHidden: boolean;
  isPassenger?: boolean;
  ownerId?: number;
  /** Trips on which this user is an active passenger (states 1 and 4). */
  passengerId?: number;
  excludeUserId?: number;
  from?: Date;
  to?: Date;
  /** Trips on this [start, end) come first. */
  exactDay?: { start: Date; end: Date };
  newestFirst: boolean;
  origin?: GeoFilter;
  destination?: GeoFilter;
  /** A place node id the trip's path holds at a point but its last (the index's `nodeBucketsOf`). */
  originNode?: string;
  /** A place node id the trip's path holds at a point but its first, after originNode's when both. */
  destinationNode?: string;
  limit: number;
  offset: number;
};

/**
 * "Now" for the lower bound of listings, to the minute: a search repeated within the minute is the
 * same query, whose answer the read model keeps until the next write; a trip leaves the lists at
 * most a minute after its departure.
 */
export const listingNow = (now: Date) => new Date(Math.floor(now.getTime() / 60_000) * 60_000);
