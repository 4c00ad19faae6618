import {
  AR_OFFSET_MS,
  DEFAULT_PRICE_SETTINGS,
  MONEY,
  REQUEST_STATES,
  isActiveRequest,
  isSeatCount,
  perSeatCents,
  routeEstimate,
  seatsLeft,
  tripPriceCents,
} from '@carpool/contracts';
import type { Place } from './places';
import type { Rand } from './random';
import type { Row } from './sql';

export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;

export const PAYMENT_INFO = JSON.stringify({ cardDetail: { cardNumber: 'XXXX-XXXX-XXXX-4242' } });

export type UserModel = {
  id: number;
  name: string;
  first: string;
  female: boolean;
  email: string;
  home: Place;
  description: string;
  birthday: string;
  nroDoc: string;
  phone: string;
  isDriver: boolean;
  active: boolean;
  banned: boolean;
  isAdmin: boolean;
  demo: boolean;
  createdAt: Date;
  lastConnection: Date | null;
  activationToken: string | null;
  /** Extra column values (flags that vary per user). */
  columns: Row;
  carIds: number[];
  friends: Set<number>;
  /** Two-hour slots in which the user already travels (as driver or active passenger). */
  busy: Set<number>;
  positive: number;
  negative: number;
  opened: number;
  answered: number;
  answerDelaySum: number;
};

export type CarModel = { id: number; userId: number; patente: string; description: string; createdAt: Date };

export type PassengerModel = {
  id: number;
  tripId: number;
  userId: number;
  state: number;
  createdAt: Date;
  updatedAt: Date;
  paid: boolean;
};

export type TripModel = {
  id: number;
  userId: number;
  carId: number | null;
  isPassenger: boolean;
  date: Date;
  points: Place[];
  totalSeats: number;
  seatsAvailable: number;
  friendship: number;
  hidden: boolean;
  description: string;
  allowKids: boolean;
  allowSmoking: boolean;
  allowAnimals: boolean;
  seatPriceCents: number;
  recommendedPriceCents: number;
  parentId: number | null;
  /** The server's road estimate (routeEstimate): metres and seconds. */
  distance: number;
  duration: number;
  createdAt: Date;
  passengers: PassengerModel[];
  /** Demo trips fix how their ratings look; others are drawn at random. */
  ratings?: 'pending' | 'voted';
};

export type TripSpec = {
  userId: number;
  carId: number | null;
  isPassenger?: boolean;
  date: Date;
  points: Place[];
  totalSeats: number;
  friendship?: number;
  hidden?: boolean;
  description: string;
  allowKids?: boolean;
  allowSmoking?: boolean;
  allowAnimals?: boolean;
  parentId?: number | null;
  createdAt: Date;
  ratings?: 'pending' | 'voted';
};

export function slotOf(date: Date): number {
  return Math.floor(date.getTime() / (2 * HOUR));
}

/** Everything the seed builds, with ids assigned up front (the database starts from these). */
export class SeedState {
  readonly users: UserModel[] = [];
  readonly cars: CarModel[] = [];
  readonly trips: TripModel[] = [];
  readonly payments: Row[] = [];
  readonly friends: Row[] = [];
  readonly conversations: Row[] = [];
  readonly conversationUsers: Row[] = [];
  readonly messages: Row[] = [];
  readonly messageReads: Row[] = [];
  readonly notifications: Row[] = [];
  readonly ratings: Row[] = [];
  readonly references: Row[] = [];
  readonly subscriptions: Row[] = [];
  readonly tripTemplates: Row[] = [];
  readonly subscriptionMatches: Row[] = [];
  readonly donations: Row[] = [];
  readonly devices: Row[] = [];
  readonly uploadedFiles: Row[] = [];
  readonly userById = new Map<number, UserModel>();
  readonly tripById = new Map<number, TripModel>();
  /** "uid1:uid2" of every friends row, both directions for accepted friendships. */
  readonly friendPairs = new Set<string>();
  private readonly nextIds: Record<string, number>;

  constructor(
    readonly rand: Rand,
    readonly now: Date,
    baseIds: Record<string, number>,
  ) {
    this.nextIds = Object.fromEntries(Object.entries(baseIds).map(([table, max]) => [table, max + 1]));
  }

  nextId(table: string): number {
    const id = this.nextIds[table] ?? 1;
    this.nextIds[table] = id + 1;
    return id;
  }

  get nowMs(): number {
    return this.now.getTime();
  }

  /** A moment `ms` before now. */
  ago(ms: number): Date {
    return new Date(this.nowMs - ms);
  }

  /** Local Argentine date `days` from today at hh:mm, as a UTC instant. */
  arDate(days: number, hour: number, minute = 0): Date {
    const local = new Date(this.nowMs + AR_OFFSET_MS);
    return new Date(
      Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate() + days, hour, minute) - AR_OFFSET_MS,
    );
  }

  user(id: number): UserModel {
    const user = this.userById.get(id);
    if (!user) throw new Error(`no seeded user ${id}`);
    return user;
  }

  addUser(user: UserModel): UserModel {
    this.users.push(user);
    this.userById.set(user.id, user);
    return user;
  }

  addTrip(spec: TripSpec): TripModel {
    if (!isSeatCount(spec.totalSeats)) throw new Error('seats out of range');
    // The route and its recommended price as the server computes them when the trip is published.
    const { distance, duration } = routeEstimate(spec.points);
    const recommendedCents = tripPriceCents(distance, DEFAULT_PRICE_SETTINGS).recommended;
    const isPassenger = spec.isPassenger ?? false;
    // Drivers ask about the recommended price per seat, in round amounts of 500 pesos.
    const recommendedSeatPesos = perSeatCents(recommendedCents, spec.totalSeats) / MONEY.centsPerUnit;
    const seatPesos = isPassenger
      ? 0
      : Math.min(40_000, Math.max(5_000, Math.round((recommendedSeatPesos * (0.85 + this.rand.next() * 0.25)) / 500) * 500));
    const trip: TripModel = {
      id: this.nextId('trips'),
      userId: spec.userId,
      carId: isPassenger ? null : spec.carId,
      isPassenger,
      date: spec.date,
      points: spec.points,
      totalSeats: spec.totalSeats,
      seatsAvailable: spec.totalSeats,
      friendship: spec.friendship ?? 2,
      hidden: spec.hidden ?? false,
      description: spec.description,
      allowKids: spec.allowKids ?? true,
      allowSmoking: spec.allowSmoking ?? false,
      allowAnimals: spec.allowAnimals ?? false,
      seatPriceCents: seatPesos * MONEY.centsPerUnit,
      recommendedPriceCents: recommendedCents,
      parentId: spec.parentId ?? null,
      distance,
      duration,
      createdAt: spec.createdAt,
      passengers: [],
      ...(spec.ratings ? { ratings: spec.ratings } : {}),
    };
    this.trips.push(trip);
    this.tripById.set(trip.id, trip);
    this.user(spec.userId).busy.add(slotOf(spec.date));
    return trip;
  }

  /** Is the user free to travel at that time (no other trip within about two hours)? */
  isFree(userId: number, date: Date): boolean {
    const busy = this.user(userId).busy;
    const slot = slotOf(date);
    return !busy.has(slot - 1) && !busy.has(slot) && !busy.has(slot + 1);
  }

  /** Adds a seat request; an active one (isActiveRequest) takes a seat. A paid request gets its seat payment row. */
  addRequest(trip: TripModel, userId: number, state: number, createdAt: Date, options: { paid?: boolean; updatedAt?: Date } = {}): PassengerModel {
    if (userId === trip.userId) throw new Error('a driver cannot request a seat on their own trip');
    if (trip.isPassenger) throw new Error('passenger trips take no seat requests');
    if (trip.passengers.some((p) => p.userId === userId)) throw new Error('duplicate seat request');
    const active = isActiveRequest(state);
    if (active) {
      if (trip.seatsAvailable <= 0) throw new Error(`trip ${trip.id} is full`);
      this.user(userId).busy.add(slotOf(trip.date));
    }
    const paid = state === REQUEST_STATES.accepted && (options.paid ?? false);
    const passenger: PassengerModel = {
      id: this.nextId('trip_passengers'),
      tripId: trip.id,
      userId,
      state,
      createdAt,
      updatedAt: options.updatedAt ?? createdAt,
      paid,
    };
    trip.passengers.push(passenger);
    trip.seatsAvailable = seatsLeft(trip.totalSeats, trip.passengers.filter((p) => isActiveRequest(p.state)).length);
    if (paid) {
      this.payments.push({
        id: this.nextId('payments'),
        kind: 'seat',
        user_id: userId,
        trip_id: trip.id,
        passenger_id: passenger.id,
        amount_cents: trip.seatPriceCents,
        payment_status: 'ok',
        payment_info: PAYMENT_INFO,
        created_at: passenger.updatedAt,
        updated_at: passenger.updatedAt,
      });
    }
    return passenger;
  }

  addNotification(userId: number, type: string, text: string, extras: Record<string, number>, createdAt: Date, readed: boolean): void {
    this.notifications.push({
      id: this.nextId('notifications'),
      user_id: userId,
      type,
      text,
      extras: JSON.stringify(extras),
      readed,
      created_at: createdAt,
    });
  }

  /** Accepted friendship: both directions, as the provider writes it. */
  addFriendship(a: number, b: number, createdAt: Date, updatedAt: Date): void {
    for (const [uid1, uid2] of [[a, b], [b, a]] as const) {
      this.friendPairs.add(`${uid1}:${uid2}`);
      this.friends.push({ uid1, uid2, state: 1, origin: 'request', created_at: createdAt, updated_at: updatedAt });
    }
    this.user(a).friends.add(b);
    this.user(b).friends.add(a);
  }

  hasFriendRow(a: number, b: number): boolean {
    return this.friendPairs.has(`${a}:${b}`) || this.friendPairs.has(`${b}:${a}`);
  }

  addFriendRequest(from: number, to: number, createdAt: Date): void {
    this.friendPairs.add(`${from}:${to}`);
    this.friends.push({ uid1: from, uid2: to, state: 0, origin: 'request', created_at: createdAt, updated_at: createdAt });
  }
}
