import {
  RATED_ROLE,
  RATING_OPENS_AFTER_MS as OPENS_AFTER_MS,
  RATING_WINDOW_MS as WINDOW_MS,
  REQUEST_STATES,
  ratingWindow,
  type RatingValue,
} from '@carpool/contracts';
import type { User } from '@prisma/client';
import type { CountryConfig } from '../config/countries';
import { AppError } from '../lib/app-error';
import type { Clock } from '../lib/clock';
import { paginationMeta } from '../lib/paginate';
import type { Transaction } from '../repositories/index';
import type { RatingRepository } from '../repositories/rating-repository';
import type { UserRepository } from '../repositories/user-repository';
import { toWirePendingRating, toWireRating } from '../transformers/rating-transformer';
import { toWireReference } from '../transformers/user-transformer';
import type { NotificationService } from './notification-service';

/** The provider's texts (RatingManager, ReferencesManager; "Could not rate user." is reused for references, sic). */
const COULD_NOT_RATE = 'Could not rate user.';
const COULD_NOT_REPLY = 'Could not replay user.';
export const PENDING_RATE_TEXT = 'Tienes un viaje por calificar.';

/** The ratings lists' query, parsed: a page and, when asked, one vote (1 positive, 0 negative). */
type RatingsListQuery = { page?: number; page_size: number; value?: RatingValue };

type Deps = {
  ratings: RatingRepository;
  users: UserRepository;
  transaction: Transaction;
  clock: Clock;
  country: CountryConfig;
  notifications: NotificationService;
};

/**
 * Ratings and references (provider: RatingManager, ReferencesManager; SOCIAL.md §3-§4, with the
 * spec's window: open 24 h after the trip starts, for 14 days; votes 1 or 0).
 *
 * Pending ratings are made by a job driven by the server clock: it runs every minute, whenever the
 * clock is moved (POST /__mock/clock waits for it) and before every ratings call, so what a call
 * sees never depends on when the timer last fired. Runs are serialised.
 */
export function createRatingService({ ratings, users, transaction, clock, country, notifications }: Deps) {
  let chain: Promise<unknown> = Promise.resolve();

  /** positive_ratings / negative_ratings count the user's public ratings (the provider computes them the same way). */
  async function recount(within: RatingRepository, userIds: number[]) {
    for (const userId of new Set(userIds)) await within.setUserCounts(userId, await within.publicCounts(userId));
  }

  async function createPending(now: Date) {
    const opened = new Date(now.getTime() - OPENS_AFTER_MS);
    const oldest = new Date(opened.getTime() - WINDOW_MS);
    const trips = await ratings.tripsToRate(oldest, opened);
    for (const trip of trips) {
      const passengerIds = [...new Set(trip.passengers.map((p) => p.user_id))].filter((id) => id !== trip.user_id);
      if (passengerIds.length === 0) continue;
      const rows = passengerIds.flatMap((passengerId) => [
        { trip_id: trip.id, user_id_from: trip.user_id, user_id_to: passengerId, user_to_type: RATED_ROLE.passenger, user_to_state: REQUEST_STATES.accepted, created_at: now },
        { trip_id: trip.id, user_id_from: passengerId, user_id_to: trip.user_id, user_to_type: RATED_ROLE.driver, user_to_state: REQUEST_STATES.accepted, created_at: now },
      ]);
      await transaction(async (repos) => {
        await repos.ratings.createMany(rows);
        await notifications.notifyMany(
          [trip.user_id, ...passengerIds].map((userId) => ({ userId, notification: { type: 'my-trips' as const, text: PENDING_RATE_TEXT, extras: { trip_id: trip.id } } })),
          repos,
        );
      });
    }
  }

  /** Voted ratings whose window has closed become public even if the other side never voted. */
  async function publishClosed(now: Date) {
    const closedBefore = new Date(now.getTime() - OPENS_AFTER_MS - WINDOW_MS);
    const rows = await ratings.votedHiddenOfTripsBefore(closedBefore);
    if (rows.length === 0) return;
    await transaction(async (repos) => {
      await repos.ratings.publish(rows.map((r) => r.id));
      await recount(repos.ratings, rows.map((r) => r.user_id_to));
    });
  }

  /** The scheduled job; serialised so concurrent triggers never create a pair twice. */
  function runScheduled(): Promise<void> {
    const run = chain.then(async () => {
      const now = clock.now();
      await createPending(now);
      await publishClosed(now);
    });
    chain = run.catch(() => undefined);
    return run;
  }

  const isOpen = (trip: { trip_date: Date }, now: Date) => {
    const { opens, closes } = ratingWindow(trip.trip_date);
    return now >= opens && now < closes;
  };

  async function ratingsOf(userId: number, query: RatingsListQuery, url: string) {
    const page = Math.max(1, query.page ?? 1);
    const perPage = Math.max(1, query.page_size);
    // `value` keeps one vote (RatingRepository::getRatings); the neutral vote is never picked.
    const { rows, total } = await ratings.publicPage(userId, query.value, (page - 1) * perPage, perPage);
    const data = rows.map(toWireRating);
    return { data, meta: paginationMeta({ total, count: data.length, page, perPage, url }) };
  }

  return {
    runScheduled,

    /** GET /api/users/ratings and /api/users/:id/ratings: public ratings received, newest first. */
    async list(viewer: User, id: number | 'me', query: RatingsListQuery, url: string) {
      await runScheduled();
      if (id !== 'me' && id !== viewer.id) {
        const user = await users.findById(id);
        if (!user) throw new AppError('user_doesnt_exist', { message: 'Users not found.', errors: { error: 'profile not found' } });
      }
      return ratingsOf(id === 'me' ? viewer.id : id, query, url);
    },

    /** GET /api/users/ratings/pending: what the user still has to rate, within its window. */
    async pending(viewer: User) {
      await runScheduled();
      const now = clock.now();
      const opened = new Date(now.getTime() - OPENS_AFTER_MS);
      const rows = await ratings.unvotedBy(viewer.id, new Date(opened.getTime() - WINDOW_MS), opened);
      return { data: rows.map(toWirePendingRating) };
    },

    /** POST /api/trips/:tripId/rate/:userId: one vote per pair and trip, inside the window. */
    async rate(viewer: User, tripId: number, userId: number, body: { rating: 0 | 1; comment: string }) {
      await runScheduled();
      const now = clock.now();
      const row = await ratings.findWithTrip(tripId, viewer.id, userId);
      // The provider has one code for every vote it cannot take: no such rating (not a partner),
      // already voted, or expired (RatingManager::getRate / rateUser).
      if (!row || row.voted || !isOpen(row.trip, now)) {
        throw new AppError('user_have_already_voted', { message: COULD_NOT_RATE });
      }
      await transaction(async (repos) => {
        // The update is conditional so two votes sent at once count once.
        const count = await repos.ratings.vote(row.id, { rating: body.rating, comment: body.comment.trim(), at: now });
        if (count === 0) throw new AppError('user_have_already_voted', { message: COULD_NOT_RATE });
        const reverse = await repos.ratings.find(tripId, userId, viewer.id);
        if (reverse?.voted) {
          await repos.ratings.publish([row.id, reverse.id]);
          await recount(repos.ratings, [userId, viewer.id]);
        }
      });
      return { data: 'ok' as const };
    },

    /** POST /api/trips/:tripId/reply/:userId: the rated user answers a public rating once. */
    async reply(viewer: User, tripId: number, userId: number, body: { comment: string }) {
      if (!country.config.allow_rating_reply) throw new AppError('access_denied', { message: COULD_NOT_REPLY });
      const row = await ratings.find(tripId, userId, viewer.id);
      if (!row || !row.voted || row.reply_comment_created_at) {
        throw new AppError('user_have_already_replay', { message: COULD_NOT_REPLY });
      }
      // A rating not public yet cannot be seen, so it cannot be answered.
      if (!row.available) throw new AppError('access_denied', { message: COULD_NOT_REPLY });
      const count = await ratings.reply(row.id, body.comment.trim(), clock.now());
      if (count === 0) throw new AppError('user_have_already_replay', { message: COULD_NOT_REPLY });
      return { data: 'ok' as const };
    },

    /** POST /api/references: one per author and profile, never to oneself. */
    async createReference(viewer: User, body: { user_id_to: number; comment: string }) {
      const target = await users.findById(body.user_id_to);
      if (!target) throw new AppError('user_doesnt_exist', { message: COULD_NOT_RATE });
      if (target.id === viewer.id) throw new AppError('reference_same_user', { message: COULD_NOT_RATE });
      const written = await ratings.findReference(viewer.id, target.id);
      if (written) throw new AppError('reference_exist', { message: COULD_NOT_RATE });
      try {
        const reference = await ratings.createReference({ fromId: viewer.id, toId: target.id, comment: body.comment.trim(), at: clock.now() });
        return toWireReference(reference);
      } catch (error) {
        // The unique (author, profile) index is the one check that holds under concurrent posts.
        if ((error as { code?: string }).code === 'P2002') throw new AppError('reference_exist', { message: COULD_NOT_RATE });
        throw error;
      }
    },
  };
}

export type RatingService = ReturnType<typeof createRatingService>;
