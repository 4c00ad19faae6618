import { REQUEST_STATES } from '@carpool/contracts';
import { DAY, HOUR, MINUTE, type SeedState, type TripModel, type UserModel } from './model';
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
    state.addRequest(trip, user.id, waiting ? REQUEST_STATES.waitingPayment : REQUEST_STATES.accepted, created, {
      paid: rand.chance(0.5),
      updatedAt: answerTime(state, trip, created),
    });
  }
  const pending = past ? 0 : PENDING_WEIGHTS.sample(rand);
  for (let i = 0; i < pending; i++) {
    const user = pickUser(false);
    if (!user) break;
    const created = requestTime(state, trip);
    state.addRequest(trip, user.id, REQUEST_STATES.pending, created);
  }
  for (const [count, requestState] of [
    [REJECTED_WEIGHTS.sample(rand), REQUEST_STATES.rejected],
    [CANCELLED_WEIGHTS.sample(rand), REQUEST_STATES.cancelled],
  ] as const) {
    for (let i = 0; i < count; i++) {
      const user = pickUser(false);
      if (!user) break;
      const created = requestTime(state, trip);
      state.addRequest(trip, user.id, requestState, created, { updatedAt: answerTime(state, trip, created) });
    }
  }
}

/**
 * The main corridors between the big cities, both ways, from the cities' own places (the rows the
 * autocomplete offers, so that a search by the picked places' ids finds them), with the stop some
 * of them make on the way. `daily`: the share of days with a departure (every day on the busiest,
 * so that their obvious searches always find a trip on the day asked).
 */
const CORRIDORS: { ends: [string, string]; via?: string; daily: number }[] = [
  { ends: ['Buenos Aires', 'Rosario'], daily: 1 },
  { ends: ['Buenos Aires', 'Córdoba'], via: 'Rosario', daily: 1 },
  { ends: ['Buenos Aires', 'Mar del Plata'], via: 'Chascomús', daily: 1 },
  { ends: ['Buenos Aires', 'La Plata'], daily: 1 },
  { ends: ['Rosario', 'Córdoba'], daily: 1 },
  { ends: ['Buenos Aires', 'Santa Fe'], via: 'Rosario', daily: 0.6 },
  { ends: ['Buenos Aires', 'Mendoza'], via: 'Rosario', daily: 0.6 },
  { ends: ['Buenos Aires', 'Neuquén'], daily: 0.5 },
  { ends: ['Buenos Aires', 'San Carlos de Bariloche'], via: 'Neuquén', daily: 0.45 },
  { ends: ['Rosario', 'Santa Fe'], daily: 0.7 },
  { ends: ['Córdoba', 'Mendoza'], daily: 0.65 },
  { ends: ['Córdoba', 'San Miguel de Tucumán'], daily: 0.6 },
  { ends: ['San Miguel de Tucumán', 'Salta'], daily: 0.65 },
  { ends: ['Córdoba', 'Salta'], via: 'San Miguel de Tucumán', daily: 0.5 },
  { ends: ['Neuquén', 'San Carlos de Bariloche'], daily: 0.65 },
  { ends: ['La Plata', 'Mar del Plata'], daily: 0.5 },
];
/** Days ahead the corridors have departures on (today's, when still an hour away, included). */
const CORRIDOR_DAYS = 21;
/** Share of the corridors' trips that stop on the way, where the corridor has a stop. */
const CORRIDOR_VIA = 0.4;
/** Share of the corridors' days with a passenger looking for a driver, beside the drivers' departures. */
const CORRIDOR_PASSENGERS = 0.1;

/**
 * Departures on the main corridors, both ways, on most of the coming days (day by day, every
 * corridor each day, so that a small budget still covers the first days), at most `budget`.
 */
function buildCorridorTrips(state: SeedState, pools: PlacePools, calendar: TripCalendar, drivers: UserModel[], people: UserModel[], budget: number): number {
  const rand = state.rand;
  const corridors = CORRIDORS.flatMap(({ ends: [a, b], via, daily }) => {
    // The most important place of each name: the one the autocomplete offers first.
    const [from, to, stop] = [pools.find(a), pools.find(b), via === undefined ? undefined : pools.find(via)];
    return [
      { points: [from, to], stop, daily },
      { points: [to, from], stop, daily },
    ];
  });
  let made = 0;
  /** A departure of the corridor on the day, by a driver or by a passenger looking for one. */
  const depart = (day: number, [from, to]: Place[], stop: Place | undefined, passengerTrip: boolean) => {
    const [hour, minute] = calendar.hour(rand);
    const date = state.arDate(day, hour, minute);
    if (date.getTime() < state.nowMs + HOUR) return;
    const points = stop && rand.chance(CORRIDOR_VIA) ? [from!, stop, to!] : [from!, to!];
    const owners = passengerTrip ? people : drivers;
    let owner = rand.pick(owners);
    for (let tries = 0; tries < 20 && !state.isFree(owner.id, date); tries++) owner = rand.pick(owners);
    if (!state.isFree(owner.id, date)) return;
    const trip = state.addTrip({
      userId: owner.id,
      carId: passengerTrip ? null : rand.pick(owner.carIds),
      isPassenger: passengerTrip,
      date,
      points,
      totalSeats: passengerTrip ? rand.int(1, 2) : SEAT_WEIGHTS.sample(rand) + 1,
      description: passengerTrip ? passengerTripDescription(rand, to!) : driverTripDescription(rand),
      allowKids: rand.chance(0.8),
      allowSmoking: rand.chance(0.08),
      allowAnimals: rand.chance(0.3),
      createdAt: createdAtFor(state, date),
    });
    if (!passengerTrip) addRandomRequests(state, trip, people);
    made++;
  };
  for (let day = 0; day < CORRIDOR_DAYS; day++) {
    for (const { points, stop, daily } of corridors) {
      if (made >= budget) return made;
      if (rand.chance(daily)) depart(day, points, stop, false);
      if (made < budget && rand.chance(CORRIDOR_PASSENGERS)) depart(day, points, stop, true);
    }
  }
  return made;
}

/**
 * `count` trips (return trips included): up to a quarter on the main corridors in the coming days
 * (`buildCorridorTrips`), the rest random, about 75 % upcoming and 10 % passenger trips.
 */
export function buildRandomTrips(state: SeedState, pools: PlacePools, calendar: TripCalendar, count: number): void {
  const rand = state.rand;
  const people = regularUsers(state);
  const drivers = people.filter((u) => u.isDriver && u.carIds.length > 0);
  if (drivers.length === 0 || count <= 0) return;
  let made = buildCorridorTrips(state, pools, calendar, drivers, people, Math.floor(count / 4));
  // The corridors' trips are all upcoming: the rest keep a quarter of all the trips in the past.
  const pastShare = Math.min(1, (0.25 * count) / Math.max(1, count - made));
  // Some drivers publish much more often than others.
  const driverSampler = new WeightedSampler(drivers.map(() => (0.5 + rand.next() * 1.5) ** 2));

  while (made < count) {
    const passengerTrip = rand.chance(0.1);
    const owner = passengerTrip ? rand.pick(people) : drivers[driverSampler.sample(rand)]!;
    const { points } = pickRoute(pools, rand, owner.home);
    const past = rand.chance(pastShare);
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
