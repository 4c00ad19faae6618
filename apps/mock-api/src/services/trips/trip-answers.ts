import type { Trip as WireTrip, UserTripsQuerySchema } from '@carpool/contracts';
import type { User } from '@prisma/client';
import type { z } from 'zod';
import type { CountryConfig } from '../../config/countries';
import type { Clock } from '../../lib/clock';
import { listingNow } from '../../read-model/search-filter';
import type { AnsweredTrip, TripReadModel } from '../../read-model/trip-read-model';
import type { RequestRepository } from '../../repositories/request-repository';
import { tripViewer, type TripViewerExtras } from '../../transformers/trip-transformer';
import type { SearchQuery, createSearchFilter } from './search-filter';
import { notFound } from './trip-access';

type UserTripsQuery = z.output<typeof UserTripsQuerySchema>;

/** Past trips a user list shows (newest first); the call is not paged. */
const OLD_TRIPS_LIMIT = 100;
const UPCOMING_TRIPS_LIMIT = 200;

type Deps = {
  reads: TripReadModel;
  clock: Clock;
  country: CountryConfig;
  searchFilter: ReturnType<typeof createSearchFilter>;
  /** What a single-trip answer adds for a logged-in viewer: the seat-request limit and the group chat. */
  seatRequests: Pick<RequestRepository, 'seatRequestLimitStatus' | 'tripGroupChat'>;
};

/** The trip search, the trip page and the users' trip lists, answered by the read model. */
export function createTripAnswers({ reads, clock, country, searchFilter, seatRequests }: Deps) {
  /**
   * What a logged-in viewer's single-trip answer adds (the provider's TripTransformer): a few queries,
   * so lists go without them (the fields are optional). The group chat is for the driver and the
   * trip's active passengers (canAccessGroupChat).
   */
  async function viewerExtras(trip: AnsweredTrip, viewer: User): Promise<TripViewerExtras> {
    const [circles, limit, chat] = await Promise.all([
      reads.friendCircles(viewer.id),
      seatRequests.seatRequestLimitStatus(trip.id, trip.ownerId),
      trip.member ? seatRequests.tripGroupChat(trip.id, viewer.id) : null,
    ]);
    return {
      driver_is_friend: circles.friends.has(trip.ownerId),
      seat_request_limit: limit.limit,
      seat_request_limit_reached: limit.reached,
      group_chat_conversation_id: chat?.id ?? null,
      group_chat_unread_count: chat?.unread ?? 0,
    };
  }

  /** GET /api/trips/:id as JSON bytes; 404 when the trip is gone or the viewer may not see it. */
  async function showJson(viewer: User, id: number, knownVersion?: number): Promise<Buffer> {
    const answer = await reads.answer(id, tripViewer(viewer)!, { version: knownVersion, extras: (trip) => viewerExtras(trip, viewer) });
    if (!answer) throw notFound();
    return answer;
  }

  async function userTrips(viewer: User, query: UserTripsQuery, past: boolean) {
    // As the provider's TripController (resolveTargetUserId): user_id is an admin's alone; anyone
    // else is answered their own trips, whatever user_id says.
    const target = viewer.is_admin ? (query.user_id ?? viewer.id) : viewer.id;
    const now = listingNow(clock.now());
    const { ids } = await reads.search({
      viewerId: viewer.id,
      viewerIsAdmin: true,
      includeHidden: true,
      ...(query.as_driver ? { ownerId: target } : { passengerId: target }),
      ...(past ? { to: now } : { from: now }),
      newestFirst: past,
      limit: past ? OLD_TRIPS_LIMIT : UPCOMING_TRIPS_LIMIT,
      offset: 0,
    });
    return { data: await reads.answers(ids, tripViewer(viewer)) };
  }

  return {
    /**
     * GET /api/trips, answered as JSON bytes (`knownVersion`: the data version read when this
     * request authenticated, see AuthService.authenticateRequest); the search itself is
     * search-filter.ts's.
     */
    searchJson(query: SearchQuery, viewer: User | null, url: string, knownVersion?: number): Promise<Buffer> {
      // The country decides which searches are refused as abroad (test controls may change it).
      const key = `${country.config.osm_country}\u0000${viewer?.id ?? ''}\u0000${url}`;
      return reads.searchAnswer({ key, url, viewer: tripViewer(viewer), version: knownVersion }, () => searchFilter(query, viewer));
    },

    showJson,

    /** The trip of GET /api/trips/:id as an object (the conversations' trip). */
    async show(viewer: User, id: number): Promise<{ data: WireTrip }> {
      return JSON.parse((await showJson(viewer, id)).toString('utf8')) as { data: WireTrip };
    },

    /** GET /api/users/get-trips: upcoming trips as driver (published) or as passenger (aboard). */
    upcomingTrips: (viewer: User, query: UserTripsQuery) => userTrips(viewer, query, false),
    /** GET /api/users/get-old-trips: the same before now, newest first. */
    oldTrips: (viewer: User, query: UserTripsQuery) => userTrips(viewer, query, true),
  };
}
