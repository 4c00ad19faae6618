import { REQUEST_STATES } from '@carpool/contracts';
import { DAY, HOUR, MINUTE, type SeedState, type TripModel, type TripSpec, type UserModel } from './model';
import { regularUsers, type DemoUsers } from './people';
import { placeAddress, placeJsonAddress } from './places';
import type { PlacePools } from './routes';
import { driverTripDescription } from './trips';

/** Trips of the demo story, for the conversations and subscriptions built around them. */
export type DemoTrips = {
  toRosario: TripModel;
  backFromRosario: TripModel;
  toMarDelPlata: TripModel;
  fullToCordoba: TripModel;
  pastToRosario: TripModel;
  /** Helpers on the trip to Rosario: one accepted passenger and two pending requesters. */
  toRosarioAccepted: UserModel;
  toRosarioPending: UserModel[];
};

/**
 * The demo accounts' story (see DEMO_ACCOUNTS): every screen of the driver and of the passenger
 * has something to show. Dates are relative to now, at fixed Argentine times.
 */
export function buildDemoStory(state: SeedState, pools: PlacePools, demo: DemoUsers): DemoTrips {
  const rand = state.rand;
  const { driver, passenger, supportDrivers } = demo;
  const buenosAires = pools.get('81590481');
  const rosario = pools.get('198417773');
  const cordoba = pools.get('2466067279');
  const laPlata = pools.get('247782633');
  const marDelPlata = pools.get('198402188');
  const mendoza = pools.get('198403560');
  const santaFe = pools.get('198423933');
  const tandil = pools.get('198428780');
  const chascomus = pools.find('Chascomús', 'Buenos Aires');
  const pergamino = pools.find('Pergamino', 'Buenos Aires');

  // Passengers and requesters for the demo trips, taken in turn among the regular users.
  const helpers = regularUsers(state);
  let turn = 0;
  const helper = (trip: TripModel): UserModel => {
    for (let tries = 0; tries < helpers.length; tries++) {
      const user = helpers[turn++ % helpers.length]!;
      if (user.id !== trip.userId && !trip.passengers.some((p) => p.userId === user.id) && state.isFree(user.id, trip.date)) {
        return user;
      }
    }
    throw new Error('not enough users for the demo story: seed at least 16 users');
  };
  const driverTrip = (spec: Omit<TripSpec, 'userId' | 'carId' | 'description' | 'createdAt'> & { description?: string; createdAgo?: number }) =>
    state.addTrip({
      ...spec,
      userId: driver.id,
      carId: driver.carIds[0]!,
      description: spec.description ?? driverTripDescription(rand),
      createdAt: spec.createdAgo ? state.ago(spec.createdAgo) : new Date(spec.date.getTime() - 6 * DAY),
    });
  const answered = (created: Date, hours: number) => new Date(created.getTime() + hours * HOUR);

  // Upcoming trips of the driver.
  const toRosario = driverTrip({
    date: state.arDate(3, 8, 0),
    points: [buenosAires, rosario],
    totalSeats: 3,
    description:
      'Salgo desde Palermo, cerca de Plaza Italia, y voy por la Panamericana y la autopista a Rosario. ' +
      'Paro a mitad de camino para un café. Hay lugar para un bolso mediano por persona. Se comparte mate.',
    createdAgo: 5 * DAY,
  });
  const accepted = state.ago(4 * DAY);
  state.addRequest(toRosario, passenger.id, REQUEST_STATES.accepted, accepted, { paid: true, updatedAt: answered(accepted, 2) });
  const toRosarioAccepted = helper(toRosario);
  state.addRequest(toRosario, toRosarioAccepted.id, REQUEST_STATES.accepted, state.ago(3 * DAY), { updatedAt: state.ago(2 * DAY) });
  const toRosarioPending = [helper(toRosario), helper(toRosario)];
  state.addRequest(toRosario, toRosarioPending[0]!.id, REQUEST_STATES.pending, state.ago(26 * HOUR));
  state.addRequest(toRosario, toRosarioPending[1]!.id, REQUEST_STATES.pending, state.ago(5 * HOUR));

  const backFromRosario = driverTrip({
    date: state.arDate(5, 18, 0),
    points: [rosario, buenosAires],
    totalSeats: 3,
    description: driverTripDescription(rand, rosario),
    parentId: toRosario.id,
    createdAgo: 5 * DAY - 2 * MINUTE,
  });
  state.addRequest(backFromRosario, helper(backFromRosario).id, REQUEST_STATES.pending, state.ago(9 * HOUR));

  const toMarDelPlata = driverTrip({
    date: state.arDate(7, 7, 30),
    points: [buenosAires, chascomus, marDelPlata],
    totalSeats: 4,
    allowAnimals: true,
    createdAgo: 6 * DAY,
  });
  const mdpAccepted = state.ago(5 * DAY);
  state.addRequest(toMarDelPlata, helper(toMarDelPlata).id, REQUEST_STATES.accepted, mdpAccepted, { paid: true, updatedAt: answered(mdpAccepted, 3) });
  state.addRequest(toMarDelPlata, helper(toMarDelPlata).id, REQUEST_STATES.waitingPayment, state.ago(2 * DAY), { updatedAt: state.ago(40 * HOUR) });
  state.addRequest(toMarDelPlata, helper(toMarDelPlata).id, REQUEST_STATES.pending, state.ago(20 * HOUR));
  state.addRequest(toMarDelPlata, helper(toMarDelPlata).id, REQUEST_STATES.pending, state.ago(2 * HOUR));
  state.addRequest(toMarDelPlata, helper(toMarDelPlata).id, REQUEST_STATES.rejected, state.ago(4 * DAY), { updatedAt: state.ago(3 * DAY) });

  const fullToCordoba = driverTrip({ date: state.arDate(10, 6, 0), points: [buenosAires, cordoba], totalSeats: 2, createdAgo: 8 * DAY });
  state.addRequest(fullToCordoba, helper(fullToCordoba).id, REQUEST_STATES.accepted, state.ago(7 * DAY), { paid: true, updatedAt: state.ago(7 * DAY - 3 * HOUR) });
  state.addRequest(fullToCordoba, helper(fullToCordoba).id, REQUEST_STATES.accepted, state.ago(6 * DAY), { updatedAt: state.ago(6 * DAY - HOUR) });
  state.addRequest(fullToCordoba, helper(fullToCordoba).id, REQUEST_STATES.cancelled, state.ago(7 * DAY), { updatedAt: state.ago(5 * DAY) });

  driverTrip({ date: state.arDate(14, 16, 0), points: [buenosAires, pergamino], totalSeats: 3, friendship: 1, createdAgo: 2 * DAY });
  driverTrip({ date: state.arDate(21, 9, 0), points: [buenosAires, tandil], totalSeats: 2, allowAnimals: true, createdAgo: 1 * DAY });

  // Past trips of the driver: ratings still pending for the recent one, given for the older ones.
  const pastToRosario = driverTrip({ date: state.arDate(-3, 8, 0), points: [buenosAires, rosario], totalSeats: 3, ratings: 'pending' });
  state.addRequest(pastToRosario, passenger.id, REQUEST_STATES.accepted, state.ago(8 * DAY), { paid: true, updatedAt: state.ago(8 * DAY - HOUR) });
  state.addRequest(pastToRosario, helper(pastToRosario).id, REQUEST_STATES.accepted, state.ago(7 * DAY), { updatedAt: state.ago(7 * DAY - HOUR) });

  const pastToCoast = driverTrip({ date: state.arDate(-25, 7, 0), points: [buenosAires, marDelPlata], totalSeats: 3, ratings: 'voted' });
  state.addRequest(pastToCoast, passenger.id, REQUEST_STATES.accepted, state.ago(30 * DAY), { updatedAt: state.ago(30 * DAY - HOUR) });
  state.addRequest(pastToCoast, helper(pastToCoast).id, REQUEST_STATES.accepted, state.ago(29 * DAY), { updatedAt: state.ago(29 * DAY - HOUR) });

  const pastFromRosario = driverTrip({ date: state.arDate(-40, 17, 0), points: [rosario, buenosAires], totalSeats: 2, ratings: 'voted' });
  state.addRequest(pastFromRosario, helper(pastFromRosario).id, REQUEST_STATES.accepted, state.ago(44 * DAY), { updatedAt: state.ago(44 * DAY - HOUR) });

  // The passenger's requests on other drivers' trips: one of each remaining state.
  const others: [UserModel, TripSpec['points'], Date, number, number][] = [
    [supportDrivers[0]!, [rosario, cordoba], state.arDate(5, 9, 0), 3, REQUEST_STATES.pending],
    [supportDrivers[1]!, [buenosAires, laPlata], state.arDate(2, 18, 0), 3, REQUEST_STATES.rejected],
    [supportDrivers[2]!, [rosario, santaFe], state.arDate(12, 8, 0), 2, REQUEST_STATES.cancelled],
    [supportDrivers[3]!, [rosario, mendoza], state.arDate(6, 7, 0), 4, REQUEST_STATES.waitingPayment],
  ];
  for (const [owner, points, date, seats, requestState] of others) {
    const trip = state.addTrip({
      userId: owner.id,
      carId: owner.carIds[0]!,
      date,
      points,
      totalSeats: seats,
      description: driverTripDescription(rand),
      createdAt: state.ago(6 * DAY),
    });
    const created = state.ago(3 * DAY);
    state.addRequest(trip, passenger.id, requestState, created, {
      updatedAt: requestState === REQUEST_STATES.pending ? created : answered(created, 5),
    });
    if (seats > 2) state.addRequest(trip, helper(trip).id, REQUEST_STATES.accepted, state.ago(4 * DAY), { paid: true, updatedAt: state.ago(4 * DAY - HOUR) });
  }

  // The home search of the README and the e2e journey, Rosario → Córdoba, finds public trips of
  // other drivers in the coming days besides the one above.
  const toCordoba: [UserModel, Date, number][] = [
    [supportDrivers[1]!, state.arDate(1, 7, 30), 3],
    [supportDrivers[2]!, state.arDate(2, 15, 0), 2],
    [supportDrivers[3]!, state.arDate(4, 18, 30), 4],
  ];
  for (const [owner, date, seats] of toCordoba) {
    const description = driverTripDescription(rand);
    state.addTrip({ userId: owner.id, carId: owner.carIds[0]!, date, points: [rosario, cordoba], totalSeats: seats, description, createdAt: state.ago(2 * DAY) });
  }

  return { toRosario, backFromRosario, toMarDelPlata, fullToCordoba, pastToRosario, toRosarioAccepted, toRosarioPending };
}

/**
 * A trip creation template the demo driver saved by name (GET /api/trip-creation-templates): the
 * form of the trip to Rosario, as a client stores it (the provider keeps `data` as the client sent it).
 */
export function buildDemoTripTemplates(state: SeedState, demo: DemoUsers, trips: DemoTrips): void {
  const trip = trips.toRosario;
  const created = state.ago(5 * DAY);
  state.tripTemplates.push({
    user_id: demo.driver.id,
    name: `${trip.points[0]!.name} - ${trip.points[trip.points.length - 1]!.name}`,
    data: JSON.stringify({
      is_passenger: false,
      total_seats: trip.totalSeats,
      friendship_type_id: trip.friendship,
      description: trip.description,
      points: trip.points.map((place) => ({ address: placeAddress(place), json_address: JSON.parse(placeJsonAddress(place)), lat: place.lat, lng: place.lng })),
    }),
    created_at: created,
    updated_at: created,
  });
}
