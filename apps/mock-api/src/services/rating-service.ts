import {
  RATED_ROLE,
  RATINGS,
  REQUEST_STATES,
  type PendingRating,
  type Rating as WireRating,
  type RatingValue,
  type Reference as WireReference,
} from '@carpool/contracts';
import type { Prisma, Rating, User } from '@prisma/client';
import type { CountryConfig } from '../config/countries';
import type { Db } from '../db/client';
import { AppError } from '../lib/app-error';
import type { Clock } from '../lib/clock';
import { toWireDateTime } from '../lib/dates';
import { paginationMeta } from '../lib/paginate';
import { tripInclude, type TripWithRelations } from '../repositories/trip-repository';
import { toTripUser, toWireTrip } from '../transformers/trip-transformer';
import type { NotificationService } from './notification-service';

const HOUR_MS = 3_600_000;
const OPENS_AFTER_MS = RATINGS.opensAfterHours * HOUR_MS;
const WINDOW_MS = RATINGS.windowDays * 24 * HOUR_MS;

/** The provider's texts (RatingManager, ReferencesManager; "Could not rate user." is reused for references, sic). */
const COULD_NOT_RATE = 'Could not rate user.';
const COULD_NOT_REPLY = 'Could not replay user.';
export const PENDING_RATE_TEXT = 'Tienes un viaje por calificar.';

/** When a trip's ratings open and close (spec: 24 h after the start, for 14 days). */
export const ratingWindow = (tripDate: Date) => ({
  opensAt: new Date(tripDate.getTime() + OPENS_AFTER_MS),
  closesAt: new Date(tripDate.getTime() + OPENS_AFTER_MS + WINDOW_MS),
});

type RatingRow = Rating & { from: User; to: User; trip: TripWithRelations };
/** The ratings lists' query, parsed: a page and, when asked, one vote (1 positive, 0 negative). */
type RatingsListQuery = { page?: number; page_size: number; value?: RatingValue };
const withParties = { from: true, to: true, trip: { include: tripInclude } } satisfies Prisma.RatingInclude;

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
function toWirePending(row: RatingRow): PendingRating {
  const { created_at: _created, voted: _voted, ...rating } = toWireRating(row);
  return { ...rating, to: toTripUser(row.to), trip_id: row.trip_id, user_id: row.user_id_to };
}

export const toWireReference = (reference: { id: number; user_id_from: number; user_id_to: number; comment: string; created_at: Date; from?: User }): WireReference => ({
  id: reference.id,
  user_id_from: reference.user_id_from,
  user_id_to: reference.user_id_to,
  comment: reference.comment,
  created_at: toWireDateTime(reference.created_at),
  ...(reference.from ? { from: { id: reference.from.id, name: reference.from.name, image: reference.from.image } } : {}),
});

/**
 * Ratings and references (provider: RatingManager, ReferencesManager; SOCIAL.md §3-§4, with the
 * spec's window: open 24 h after the trip starts, for 14 days; votes 1 or 0).
 *
 * Pending ratings are made by a job driven by the server clock: it runs every minute, whenever the
 * clock is moved (POST /__mock/clock waits for it) and before every ratings call, so what a call
 * sees never depends on when the timer last fired. Runs are serialised.
 */
export function createRatingService({ db, clock, country, notifications }: { db: Db; clock: Clock; country: CountryConfig; notifications: NotificationService }) {
  let chain: Promise<unknown> = Promise.resolve();

  /** positive_ratings / negative_ratings count the user's public ratings (the provider computes them the same way). */
  async function recount(client: Prisma.TransactionClient | Db, userIds: number[]) {
    for (const userId of new Set(userIds)) {
      const [positive, negative] = await Promise.all([
        client.rating.count({ where: { user_id_to: userId, available: true, rating: 1 } }),
        client.rating.count({ where: { user_id_to: userId, available: true, rating: 0 } }),
      ]);
      await client.user.update({ where: { id: userId }, data: { positive_ratings: positive, negative_ratings: negative } });
    }
  }

  async function createPending(now: Date) {
    const opened = new Date(now.getTime() - OPENS_AFTER_MS);
    const oldest = new Date(opened.getTime() - WINDOW_MS);
    const trips = await db.trip.findMany({
      where: {
        is_passenger: false,
        deleted_at: null,
        trip_date: { lte: opened, gt: oldest },
        ratings: { none: {} },
        passengers: { some: { request_state: REQUEST_STATES.accepted } },
      },
      select: { id: true, user_id: true, to_town: true, passengers: { where: { request_state: REQUEST_STATES.accepted }, select: { user_id: true } } },
      orderBy: { id: 'asc' },
    });
    for (const trip of trips) {
      const passengerIds = [...new Set(trip.passengers.map((p) => p.user_id))].filter((id) => id !== trip.user_id);
      if (passengerIds.length === 0) continue;
      const rows = passengerIds.flatMap((passengerId) => [
        { trip_id: trip.id, user_id_from: trip.user_id, user_id_to: passengerId, user_to_type: RATED_ROLE.passenger, user_to_state: REQUEST_STATES.accepted, created_at: now },
        { trip_id: trip.id, user_id_from: passengerId, user_id_to: trip.user_id, user_to_type: RATED_ROLE.driver, user_to_state: REQUEST_STATES.accepted, created_at: now },
      ]);
      await db.$transaction(async (tx) => {
        await tx.rating.createMany({ data: rows });
        await notifications.notifyMany(
          [trip.user_id, ...passengerIds].map((userId) => ({ userId, notification: { type: 'my-trips' as const, text: PENDING_RATE_TEXT, extras: { trip_id: trip.id } } })),
          tx,
        );
      });
    }
  }

  /** Voted ratings whose window has closed become public even if the other side never voted. */
  async function publishClosed(now: Date) {
    const closedBefore = new Date(now.getTime() - OPENS_AFTER_MS - WINDOW_MS);
    const rows = await db.rating.findMany({
      where: { voted: true, available: false, trip: { trip_date: { lte: closedBefore } } },
      select: { id: true, user_id_to: true },
    });
    if (rows.length === 0) return;
    await db.$transaction(async (tx) => {
      await tx.rating.updateMany({ where: { id: { in: rows.map((r) => r.id) } }, data: { available: true } });
      await recount(tx, rows.map((r) => r.user_id_to));
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
    const { opensAt, closesAt } = ratingWindow(trip.trip_date);
    return now >= opensAt && now < closesAt;
  };

  async function ratingsOf(userId: number, query: RatingsListQuery, url: string) {
    const page = Math.max(1, query.page ?? 1);
    const perPage = Math.max(1, query.page_size);
    // `value` keeps one vote (RatingRepository::getRatings); the neutral vote is never picked.
    const where = { user_id_to: userId, available: true, ...(query.value === undefined ? {} : { rating: query.value }) } satisfies Prisma.RatingWhereInput;
    const [total, rows] = await Promise.all([
      db.rating.count({ where }),
      db.rating.findMany({ where, include: withParties, orderBy: [{ created_at: 'desc' }, { id: 'desc' }], skip: (page - 1) * perPage, take: perPage }),
    ]);
    const data = rows.map(toWireRating);
    return { data, meta: paginationMeta({ total, count: data.length, page, perPage, url }) };
  }

  return {
    runScheduled,

    /** GET /api/users/ratings and /api/users/:id/ratings: public ratings received, newest first. */
    async list(viewer: User, id: number | 'me', query: RatingsListQuery, url: string) {
      await runScheduled();
      if (id !== 'me' && id !== viewer.id) {
        const user = await db.user.findUnique({ where: { id }, select: { id: true } });
        if (!user) throw new AppError('user_doesnt_exist', { message: 'Users not found.', errors: { error: 'profile not found' } });
      }
      return ratingsOf(id === 'me' ? viewer.id : id, query, url);
    },

    /** GET /api/users/ratings/pending: what the user still has to rate, within its window. */
    async pending(viewer: User) {
      await runScheduled();
      const now = clock.now();
      const opened = new Date(now.getTime() - OPENS_AFTER_MS);
      const rows = await db.rating.findMany({
        where: { user_id_from: viewer.id, voted: false, trip: { trip_date: { lte: opened, gt: new Date(opened.getTime() - WINDOW_MS) } } },
        include: withParties,
        orderBy: [{ trip: { trip_date: 'desc' } }, { id: 'asc' }],
      });
      return { data: rows.map(toWirePending) };
    },

    /** POST /api/trips/:tripId/rate/:userId: one vote per pair and trip, inside the window. */
    async rate(viewer: User, tripId: number, userId: number, body: { rating: 0 | 1; comment: string }) {
      await runScheduled();
      const now = clock.now();
      const row = await db.rating.findUnique({
        where: { trip_id_user_id_from_user_id_to: { trip_id: tripId, user_id_from: viewer.id, user_id_to: userId } },
        include: { trip: true },
      });
      // The provider has one code for every vote it cannot take: no such rating (not a partner),
      // already voted, or expired (RatingManager::getRate / rateUser).
      if (!row || row.voted || !isOpen(row.trip, now)) {
        throw new AppError('user_have_already_voted', { message: COULD_NOT_RATE });
      }
      await db.$transaction(async (tx) => {
        // The update is conditional so two votes sent at once count once.
        const { count } = await tx.rating.updateMany({
          where: { id: row.id, voted: false },
          data: { voted: true, rating: body.rating, comment: body.comment.trim(), rate_at: now },
        });
        if (count === 0) throw new AppError('user_have_already_voted', { message: COULD_NOT_RATE });
        const reverse = await tx.rating.findUnique({
          where: { trip_id_user_id_from_user_id_to: { trip_id: tripId, user_id_from: userId, user_id_to: viewer.id } },
        });
        if (reverse?.voted) {
          await tx.rating.updateMany({ where: { id: { in: [row.id, reverse.id] } }, data: { available: true } });
          await recount(tx, [userId, viewer.id]);
        }
      });
      return { data: 'ok' as const };
    },

    /** POST /api/trips/:tripId/reply/:userId: the rated user answers a public rating once. */
    async reply(viewer: User, tripId: number, userId: number, body: { comment: string }) {
      if (!country.config.allow_rating_reply) throw new AppError('access_denied', { message: COULD_NOT_REPLY });
      const row = await db.rating.findUnique({
        where: { trip_id_user_id_from_user_id_to: { trip_id: tripId, user_id_from: userId, user_id_to: viewer.id } },
      });
      if (!row || !row.voted || row.reply_comment_created_at) {
        throw new AppError('user_have_already_replay', { message: COULD_NOT_REPLY });
      }
      // A rating not public yet cannot be seen, so it cannot be answered.
      if (!row.available) throw new AppError('access_denied', { message: COULD_NOT_REPLY });
      const { count } = await db.rating.updateMany({
        where: { id: row.id, reply_comment_created_at: null },
        data: { reply_comment: body.comment.trim(), reply_comment_created_at: clock.now() },
      });
      if (count === 0) throw new AppError('user_have_already_replay', { message: COULD_NOT_REPLY });
      return { data: 'ok' as const };
    },

    /** POST /api/references: one per author and profile, never to oneself. */
    async createReference(viewer: User, body: { user_id_to: number; comment: string }) {
      const target = await db.user.findUnique({ where: { id: body.user_id_to }, select: { id: true } });
      if (!target) throw new AppError('user_doesnt_exist', { message: COULD_NOT_RATE });
      if (target.id === viewer.id) throw new AppError('reference_same_user', { message: COULD_NOT_RATE });
      const written = await db.reference.findUnique({ where: { user_id_from_user_id_to: { user_id_from: viewer.id, user_id_to: target.id } } });
      if (written) throw new AppError('reference_exist', { message: COULD_NOT_RATE });
      try {
        const reference = await db.reference.create({
          data: { user_id_from: viewer.id, user_id_to: target.id, comment: body.comment.trim(), created_at: clock.now() },
          include: { from: true },
        });
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
