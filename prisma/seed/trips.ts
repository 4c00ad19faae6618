import { DAY, HOUR, MINUTE, REQUEST, type SeedState, type TripModel, type UserModel } from './model';
import { regularUsers } from './people';
import type { Place } from './places';
import { pickRoute, type PlacePools, type TripCalendar } from './routes';
import { WeightedSampler, type Rand } from './random';
import {
  fill,
  PASSENGER_TRIP,
  TRIP_CLOSING,
  TRIP_DEPARTURE,
  TRIP_LUGGAGE,
  TRIP_MOOD,
  TRIP_ROUTE,
} from './texts';

const SEAT_WEIGHTS = new WeightedSampler([10, 25, 35, 30]); // 1 to 4 seats
const FRIENDSHIP_TYPES = [2, 1, 0] as const;
const FRIENDSHIP_WEIGHTS = new WeightedSampler([85, 8, 7]);
const PENDING_WEIGHTS = new WeightedSampler([45, 30, 15, 10]);
const REJECTED_WEIGHTS = new WeightedSampler([80, 15, 5]);
const CANCELLED_WEIGHTS = new WeightedSampler([85, 15]);

export function driverTripDescription(rand: Rand, returnOf?: Place): string {
  const parts: string[] = [];
  if (returnOf) parts.push(`Es la vuelta del viaje a ${returnOf.name}.`);
  parts.push(rand.pick(TRIP_DEPARTURE));
  if (rand.chance(0.6)) parts.push(rand.pick(TRIP_ROUTE));
  if (rand.chance(0.5)) parts.push(rand.pick(TRIP_LUGGAGE));
  if (rand.chance(0.6)) parts.push(rand.pick(TRIP_MOOD));
  if (rand.chance(0.5)) parts.push(rand.pick(TRIP_CLOSING));
  return parts.join(' ');
}

export function passengerTripDescription(rand: Rand, to: Place): string {
  return fill(rand.pick(PASSENGER_TRIP), { to: to.name });
}

/** Trip creation time: some days before departure, never after now. */
function createdAtFor(state: SeedState, date: Date): Date {
  const rand = state.rand;
  if (date.getTime() > state.nowMs) return state.ago(rand.int(1, 20 * 24) * HOUR + rand.int(0, 59) * MINUTE);
  return new Date(date.getTime() - rand.int(1, 15) * DAY - rand.int(0, 23) * HOUR);
}

/** A moment between the trip's publication and its departure (or now, whichever is first). */
function requestTime(state: SeedState, trip: TripModel): Date {
  const start = trip.createdAt.getTime() + 5 * MINUTE;
  const end = Math.min(state.nowMs - MINUTE, trip.date.getTime() - 30 * MINUTE);
  if (end <= start) return new Date(start);
  return new Date(start + Math.floor(state.rand.next() * (end - start)));
}

function answerTime(state: SeedState, trip: TripModel, created: Date): Date {
  const limit = Math.min(state.nowMs - MINUTE, trip.date.getTime());
  const answered = created.getTime() + state.rand.int(10, 12 * 60) * MINUTE;
  return new Date(Math.max(created.getTime(), Math.min(limit, answered)));
}

/** Seat requests of every state, consistent with the trip's seats. */
function addRandomRequests(state: SeedState, trip: TripModel, people: UserModel[]): void {
  const rand = state.rand;
  const past = trip.date.getTime() <= state.nowMs;
  const owner = state.user(trip.userId);
  // Friends-only trips (and friends-of-friends, approximated) draw their passengers among friends.
  const pool = trip.friendship === 2 ? people : people.filter((u) => owner.friends.has(u.id));
  if (pool.length === 0) return;
  const chosen = new Set<number>([trip.userId]);
  const pickUser = (mustBeFree: boolean): UserModel | undefined => {
    for (let tries = 0; tries < 6; tries++) {
      const user = rand.pick(pool);
      if (chosen.has(user.id) || (mustBeFree && !state.isFree(user.id, trip.date))) continue;
      chosen.add(user.id);
      return user;
    }
    return undefined;
  };

  const full = rand.chance(past ? 0.2 : 0.15);
  const active = full ? trip.totalSeats : Math.floor(rand.next() ** 1.3 * trip.totalSeats);
  for (let i = 0; i < active; i++) {
    const user = pickUser(true);
    if (!user) break;
    const created = requestTime(state, trip);
    const waiting = !past && rand.chance(0.1);
    state.addRequest(trip, user.id, waiting ? REQUEST.awaitingPayment : REQUEST.accepted, created, {
      paid: rand.chance(0.5),
      updatedAt: answerTime(state, trip, created),
    });
  }
  const pending = past ? 0 : PENDING_WEIGHTS.sample(rand);
  for (let i = 0; i < pending; i++) {
    const user = pickUser(false);
    if (!user) break;
    const created = requestTime(state, trip);
    state.addRequest(trip, user.id, REQUEST.pending, created);
  }
  for (const [count, requestState] of [
    [REJECTED_WEIGHTS.sample(rand), REQUEST.rejected],
    [CANCELLED_WEIGHTS.sample(rand), REQUEST.cancelled],
  ] as const) {
    for (let i = 0; i < count; i++) {
      const user = pickUser(false);
      if (!user) break;
      const created = requestTime(state, trip);
      state.addRequest(trip, user.id, requestState, created, { updatedAt: answerTime(state, trip, created) });
    }
  }
}

/** `count` random trips (return trips included), about 75 % upcoming and 10 % passenger trips. */
export function buildRandomTrips(state: SeedState, pools: PlacePools, calendar: TripCalendar, count: number): void {
  const rand = state.rand;
  const people = regularUsers(state);
  const drivers = people.filter((u) => u.isDriver && u.carIds.length > 0);
  if (drivers.length === 0 || count <= 0) return;
  // Some drivers publish much more often than others.
  const driverSampler = new WeightedSampler(drivers.map(() => (0.5 + rand.next() * 1.5) ** 2));

  let made = 0;
  while (made < count) {
    const passengerTrip = rand.chance(0.1);
    const owner = passengerTrip ? rand.pick(people) : drivers[driverSampler.sample(rand)]!;
    const { points } = pickRoute(pools, rand, owner.home);
    const past = rand.chance(0.25);
    let date = past ? calendar.past(rand) : calendar.future(rand);
    for (let tries = 0; tries < 3 && !state.isFree(owner.id, date); tries++) {
      date = past ? calendar.past(rand) : calendar.future(rand);
    }
    const friendship = FRIENDSHIP_TYPES[FRIENDSHIP_WEIGHTS.sample(rand)]!;
    const destination = points[points.length - 1]!;
    const common = {
      userId: owner.id,
      friendship,
      hidden: rand.chance(0.015),
      allowKids: rand.chance(0.8),
      allowSmoking: rand.chance(0.08),
      allowAnimals: rand.chance(0.3),
    };
    if (passengerTrip) {
      state.addTrip({
        ...common,
        carId: null,
        isPassenger: true,
        date,
        points,
        totalSeats: rand.int(1, 2),
        description: passengerTripDescription(rand, destination),
        createdAt: createdAtFor(state, date),
      });
      made++;
      continue;
    }
    const carId = rand.pick(owner.carIds);
    const outbound = state.addTrip({
      ...common,
      carId,
      date,
      points,
      totalSeats: SEAT_WEIGHTS.sample(rand) + 1,
      description: driverTripDescription(rand),
      createdAt: createdAtFor(state, date),
    });
    addRandomRequests(state, outbound, people);
    made++;
    if (made < count && rand.chance(0.12)) {
      const back = state.addTrip({
        ...common,
        hidden: outbound.hidden,
        carId,
        date: calendar.returnOf(rand, date),
        points: [...points].reverse(),
        totalSeats: SEAT_WEIGHTS.sample(rand) + 1,
        description: driverTripDescription(rand, destination),
        parentId: outbound.id,
        createdAt: new Date(outbound.createdAt.getTime() + 2 * MINUTE),
      });
      addRandomRequests(state, back, people);
      made++;
    }
  }
}
