import { SEARCH, haversineMetres, pathHoldsInOrder, pathNode, type FieldErrors, type SubscriptionBodySchema, type SubscriptionUpdateBodySchema } from '@carpool/contracts';
import type { Subscription, User } from '@prisma/client';
import type { z } from 'zod';
import { AppError } from '../lib/app-error';
import type { Clock } from '../lib/clock';
import { addDays, arDay, fromWireDateTime, startOfArDay, toWireDateTime } from '../lib/dates';
import { reaches } from '../lib/trip-visibility';
import type { SubscriptionRepository } from '../repositories/subscription-repository';
import type { TripSearchFilter } from '../read-model/search-filter';
import type { TripReadModel } from '../read-model/trip-read-model';
import { toWireSubscription } from '../transformers/subscription-transformer';
import type { NotificationService } from './notification-service';

type CreateBody = z.output<typeof SubscriptionBodySchema>;
type UpdateBody = z.output<typeof SubscriptionUpdateBodySchema>;
type End = 'from' | 'to';
type LatLng = { lat: number; lng: number };

/** What matching needs to know of a newly published trip. */
export type PublishedTrip = {
  id: number;
  user_id: number;
  is_passenger: boolean;
  friendship_type_id: number;
  trip_date: Date;
  from_town: string;
  to_town: string;
  origin: LatLng;
  destination: LatLng;
  /** The trip's place node ids in order (`tripPath`). */
  path?: string | null;
};

/** The seed writes the same text for the matches it makes (prisma/seed/texts.ts). */
export const subscriptionMatchText = (from: string, to: string) => `Hay un nuevo viaje de ${from} a ${to} que coincide con tu búsqueda.`;

/** Trips matched when a search alert is saved (enough for the "20+" the client shows). */
const EXISTING_MATCHES_LIMIT = 200;

const radiusOf = (radio: number | null) => Math.max(SEARCH.defaultRadiusM, radio ?? SEARCH.defaultRadiusM);
const pointOf = (s: Subscription, end: End): LatLng | null => {
  const lat = s[`${end}_lat`];
  const lng = s[`${end}_lng`];
  return lat === null || lng === null ? null : { lat, lng };
};
/** Both place ids of a saved search, as paths hold them; null when it lacks either. */
const nodesOf = (s: Subscription) => (s.from_id && s.to_id ? { from: pathNode(s.from_id), to: pathNode(s.to_id) } : null);

/**
 * A saved search with both place ids matches a trip whose path holds them in order, at any stops, as
 * the provider's SubscriptionsRepository does; and, unlike the provider (which then ignores the
 * radii), also a trip whose two ends lie within the radii the user chose (docs/decisions/subscriptions.md).
 */
const tripMatches = (s: Subscription, trip: Pick<PublishedTrip, 'origin' | 'destination' | 'path'>) => {
  const nodes = nodesOf(s);
  if (nodes && trip.path && pathHoldsInOrder(trip.path, nodes.from, nodes.to)) return true;
  return endMatches(s, 'from', trip.origin) && endMatches(s, 'to', trip.destination);
};

/** A subscription's end matches a trip's end when it has none or the trip's is within its radius. */
const endMatches = (s: Subscription, end: End, point: LatLng, radiusM?: number) => {
  const centre = pointOf(s, end);
  return centre === null || haversineMetres(centre, point) <= (radiusM ?? radiusOf(s[`${end}_radio`]));
};

type Fields = {
  trip_date: Date | null;
  is_passenger: boolean;
} & Record<`${End}_address` | `${End}_json_address` | `${End}_id`, string | null> &
  Record<`${End}_lat` | `${End}_lng`, number | null> &
  Record<`${End}_radio`, number | null>;

type Deps = { subscriptions: SubscriptionRepository; trips: Pick<TripReadModel, 'search' | 'friendCircles'>; notifications: NotificationService; clock: Clock };

export function createSubscriptionService({ subscriptions, trips, notifications, clock }: Deps) {
  async function ownedBy(user: User, id: number) {
    const subscription = await subscriptions.findById(id);
    if (!subscription || subscription.user_id !== user.id) throw new AppError('model_not_found', { message: 'Subscription not found.' });
    return subscription;
  }

  /**
   * 'YYYY-MM-DD' or 'YYYY-MM-DD HH:mm:ss' (Argentina), or an ISO 8601 instant (what the answers
   * carry) → instant; field errors for bad or past days.
   */
  function parseDay(value: string | null | undefined, errors: FieldErrors): Date | null {
    if (value === null || value === undefined) return null;
    const text = value.length === 10 ? `${value} 00:00:00` : value;
    const date = text.includes('T') ? new Date(Date.parse(text)) : fromWireDateTime(text);
    if (Number.isNaN(date.getTime()) || (!text.includes('T') && toWireDateTime(date) !== text)) {
      errors.trip_date = ['La fecha no es válida.'];
      return null;
    }
    const today = arDay(clock.now());
    if (arDay(date) < today) errors.trip_date = ['La fecha ya pasó.'];
    else if (arDay(date) > arDay(addDays(clock.now(), 365 * SEARCH.dateMaxYearsAhead))) {
      errors.trip_date = [`La fecha no puede superar ${SEARCH.dateMaxYearsAhead} años.`];
    }
    return date;
  }

  /** The fields of one end the body sends (an explicit null address clears the whole end). */
  function endFields(body: Partial<CreateBody>, end: End): Partial<Fields> {
    if (body[`${end}_address`] === null) {
      return { [`${end}_address`]: null, [`${end}_lat`]: null, [`${end}_lng`]: null, [`${end}_radio`]: null, [`${end}_id`]: null, [`${end}_json_address`]: null };
    }
    const fields: Partial<Fields> = {};
    const set = <K extends keyof Fields>(key: K, value: Fields[K] | undefined) => {
      if (value !== undefined) fields[key] = value;
    };
    const radio = body[`${end}_radio`];
    const id = body[`${end}_id`];
    const json = body[`${end}_json_address`];
    set(`${end}_address`, body[`${end}_address`]);
    set(`${end}_lat`, body[`${end}_lat`]);
    set(`${end}_lng`, body[`${end}_lng`]);
    set(`${end}_radio`, radio === undefined || radio === null ? radio : Math.max(1, Math.round(radio)));
    set(`${end}_id`, id === undefined || id === null ? id : String(id));
    set(`${end}_json_address`, json === undefined || json === null ? json : JSON.stringify(json));
    return fields;
  }

  const EMPTY_ENDS = Object.fromEntries(
    ['from', 'to'].flatMap((end) => ['address', 'lat', 'lng', 'radio', 'id', 'json_address'].map((key) => [`${end}_${key}`, null])),
  ) as Omit<Fields, 'trip_date' | 'is_passenger'>;

  function checkEnds(fields: Fields, errors: FieldErrors) {
    if (fields.from_lat === null && fields.to_lat === null) {
      errors.from_address = ['Elegí un origen o un destino.'];
    }
    for (const end of ['from', 'to'] as const) {
      if ((fields[`${end}_lat`] === null) !== (fields[`${end}_lng`] === null)) errors[`${end}_lng`] = ['Faltan las coordenadas del punto.'];
    }
  }

  const samePoint = (a: number | null, b: number | null) => (a === null ? b === null : b !== null && Math.abs(a - b) < 1e-5);

  /** An active subscription of the user with the same kind, day, origin and destination. */
  async function assertNotDuplicate(userId: number, fields: Fields, exceptId?: number) {
    const day = fields.trip_date ? arDay(fields.trip_date) : null;
    const same = (await subscriptions.activeOf(userId, fields.is_passenger)).some(
      (s) =>
        s.id !== exceptId &&
        (s.trip_date ? arDay(s.trip_date) : null) === day &&
        samePoint(s.from_lat, fields.from_lat) &&
        samePoint(s.from_lng, fields.from_lng) &&
        samePoint(s.to_lat, fields.to_lat) &&
        samePoint(s.to_lng, fields.to_lng),
    );
    if (same) throw new AppError('subscription_exist', { message: 'subscription_exist', asList: true });
  }

  /** Records the visible upcoming trips that already match (no notification for those). */
  async function matchExistingTrips(subscription: Subscription) {
    const now = clock.now();
    const filter: TripSearchFilter = {
      viewerId: subscription.user_id,
      viewerIsAdmin: false,
      includeHidden: false,
      isPassenger: subscription.is_passenger,
      excludeUserId: subscription.user_id,
      newestFirst: false,
      from: now,
      limit: EXISTING_MATCHES_LIMIT,
      offset: 0,
    };
    for (const end of ['from', 'to'] as const) {
      const centre = pointOf(subscription, end);
      if (centre) filter[end === 'from' ? 'origin' : 'destination'] = { ...centre, radiusM: radiusOf(subscription[`${end}_radio`]) };
    }
    if (subscription.trip_date) {
      const dayStart = startOfArDay(arDay(subscription.trip_date));
      if (dayStart > now) filter.from = dayStart;
      filter.to = addDays(dayStart, 1);
    }
    const near = (await trips.search(filter)).ids;
    // The trips through both places (tripMatches), beside those near both ends.
    const nodes = nodesOf(subscription);
    const through = nodes
      ? (await trips.search({ ...filter, origin: undefined, destination: undefined, originNode: nodes.from, destinationNode: nodes.to })).ids
      : [];
    const ids = [...new Set([...near, ...through])].slice(0, EXISTING_MATCHES_LIMIT);
    await subscriptions.clearMatches(subscription.id);
    await subscriptions.addMatches(ids.map((trip_id) => ({ subscription_id: subscription.id, trip_id, created_at: now })));
  }

  async function answer(id: number) {
    return { data: toWireSubscription((await subscriptions.findById(id))!) };
  }

  return {
    async list(user: User) {
      return { data: (await subscriptions.listActive(user.id)).map(toWireSubscription) };
    },

    async show(user: User, id: number) {
      return { data: toWireSubscription(await ownedBy(user, id)) };
    },

    async create(user: User, body: CreateBody) {
      const errors: FieldErrors = {};
      const fields = {
        trip_date: parseDay(body.trip_date, errors),
        is_passenger: body.is_passenger,
        ...EMPTY_ENDS,
        ...endFields(body, 'from'),
        ...endFields(body, 'to'),
      } as Fields;
      checkEnds(fields, errors);
      if (Object.keys(errors).length > 0) throw AppError.fields(errors);
      await assertNotDuplicate(user.id, fields);
      const now = clock.now();
      const { id } = await subscriptions.create({ ...fields, user_id: user.id, state: true, created_at: now, updated_at: now });
      await matchExistingTrips((await subscriptions.findById(id))!);
      return answer(id);
    },

    async update(user: User, id: number, body: UpdateBody) {
      const current = await ownedBy(user, id);
      const errors: FieldErrors = {};
      const fields = {
        ...current,
        ...(body.trip_date !== undefined ? { trip_date: parseDay(body.trip_date, errors) } : {}),
        ...(body.is_passenger !== undefined ? { is_passenger: body.is_passenger } : {}),
        ...endFields(body, 'from'),
        ...endFields(body, 'to'),
      } as Fields & Subscription;
      checkEnds(fields, errors);
      if (Object.keys(errors).length > 0) throw AppError.fields(errors);
      const state = body.state ?? current.state;
      if (state) await assertNotDuplicate(user.id, fields, id);
      const { matches_count: _count, id: _id, user_id: _user, created_at: _created, ...data } = { ...fields, matches_count: 0 };
      await subscriptions.update(id, { ...data, state, updated_at: clock.now() });
      await matchExistingTrips((await subscriptions.findById(id))!);
      return answer(id);
    },

    async remove(user: User, id: number) {
      await ownedBy(user, id);
      await subscriptions.delete(id);
      return { data: 'ok' };
    },

    /**
     * A trip was published (and is visible): every active subscription of another user with the
     * same kind, no day or the trip's (Argentine) day, and both ends within its radii, that may
     * see the trip, records a match; each such user gets one notification (type subscription).
     * With `changed` (its date, route, kind or privacy changed), the matches that no longer hold
     * are forgotten, and only users it matched no alert of before are told.
     */
    async matchPublishedTrip(trip: PublishedTrip, { changed = false }: { changed?: boolean } = {}): Promise<number[]> {
      const day = arDay(trip.trip_date);
      const candidates = (await subscriptions.activeForKind(trip.is_passenger, trip.user_id)).filter(
        (s) =>
          (s.trip_date === null || arDay(s.trip_date) === day) && tripMatches(s, trip),
      );
      const toldBefore = new Set(changed ? await subscriptions.usersMatchedBy(trip.id) : []);
      const circles = candidates.length === 0 || trip.friendship_type_id === 2 ? null : await trips.friendCircles(trip.user_id);
      const mayView = (userId: number) => !circles || reaches(trip.friendship_type_id, circles, userId);
      const matched = candidates.filter((s) => mayView(s.user_id));
      if (changed) await subscriptions.keepMatchesOf(trip.id, matched.map((s) => s.id));
      const now = clock.now();
      await subscriptions.addMatches(matched.map((s) => ({ subscription_id: s.id, trip_id: trip.id, created_at: now })));
      const firstPerUser = new Map<number, Subscription>();
      for (const s of matched) if (!toldBefore.has(s.user_id) && !firstPerUser.has(s.user_id)) firstPerUser.set(s.user_id, s);
      const text = subscriptionMatchText(trip.from_town, trip.to_town);
      await notifications.notifyMany(
        [...firstPerUser.values()].map((s) => ({
          userId: s.user_id,
          notification: { type: 'subscription', text, extras: { trip_id: trip.id, subscription_id: s.id } },
        })),
      );
      return [...firstPerUser.keys()];
    },

    /** Users whose active subscriptions of a kind match a trip's ends within `radiusM` on its day. */
    async subscribersNear(trip: Omit<PublishedTrip, 'from_town' | 'to_town' | 'friendship_type_id' | 'id'>, radiusM: number): Promise<number[]> {
      const day = arDay(trip.trip_date);
      const users = (await subscriptions.activeForKind(trip.is_passenger, trip.user_id))
        .filter(
          (s) =>
            (s.trip_date === null || arDay(s.trip_date) === day) &&
            (s.from_lat !== null || s.to_lat !== null) &&
            endMatches(s, 'from', trip.origin, radiusM) &&
            endMatches(s, 'to', trip.destination, radiusM),
        )
        .map((s) => s.user_id);
      return [...new Set(users)];
    },
  };
}

export type SubscriptionService = ReturnType<typeof createSubscriptionService>;
