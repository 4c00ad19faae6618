import { tripPath, type AppConfig, type TripBody } from '@carpool/contracts';
import type { FastifyInstance } from 'fastify';
import { fromWireDateTime } from '../src/lib/dates';
import { DEMO, build, login } from './helper';

/** Real places of prisma/data (OSM node ids). */
export const PLACES = {
  buenosAires: { id: '81590481', name: 'Buenos Aires', province: 'Ciudad Autónoma de Buenos Aires', country: 'AR', lat: -34.60757, lng: -58.43709 },
  rosario: { id: '198417773', name: 'Rosario', province: 'Santa Fe', country: 'AR', lat: -32.9595, lng: -60.66154 },
  funes: { id: '198450872', name: 'Funes', province: 'Santa Fe', country: 'AR', lat: -32.91683, lng: -60.81049 },
  cordoba: { id: '2466067279', name: 'Córdoba', province: 'Córdoba', country: 'AR', lat: -31.41734, lng: -64.18332 },
  carlosPaz: { id: '198433616', name: 'Villa Carlos Paz', province: 'Córdoba', country: 'AR', lat: -31.41838, lng: -64.4937 },
  mendoza: { id: '198403560', name: 'Mendoza', province: 'Mendoza', country: 'AR', lat: -32.88973, lng: -68.8443 },
  posadas: { id: '198411639', name: 'Posadas', province: 'Misiones', country: 'AR', lat: -27.36648, lng: -55.89429 },
  montevideo: { id: '296140043', name: 'Montevideo', province: '', country: 'UY', lat: -34.9059, lng: -56.19136 },
  asuncion: { id: '249854726', name: 'Asunción', province: '', country: 'PY', lat: -25.28005, lng: -57.63438 },
  encarnacion: { id: '243191014', name: 'Encarnación', province: 'Itapúa', country: 'PY', lat: -27.33761, lng: -55.86695 },
} as const;

export type TestPlace = (typeof PLACES)[keyof typeof PLACES];

/** A trip point as the client's place picker sends it. */
export function point(place: TestPlace) {
  return {
    address: [place.name, place.province].filter(Boolean).join(', '),
    json_address: { name: place.name, ciudad: place.name, provincia: place.province, country: place.country },
    lat: place.lat,
    lng: place.lng,
    node_id: place.id,
  };
}

/** A valid driver trip, Rosario → Córdoba on 2026-11-26 (the test clock is 2026-11-22 12:00 Argentina). */
export function tripBody(overrides: Partial<TripBody> = {}): TripBody {
  return {
    is_passenger: false,
    trip_date: '2026-11-26 10:00:00',
    total_seats: 3,
    friendship_type_id: 2,
    description: 'Salgo desde la terminal, paro a mitad de camino.',
    no_lucrar: true,
    seat_price_cents: 500_000,
    points: [point(PLACES.rosario), point(PLACES.cordoba)],
    ...overrides,
  };
}

/** Runs `fn` with configuration flags changed (services read the configuration on every call). */
export async function withConfig<T>(app: FastifyInstance, patch: Partial<AppConfig>, fn: () => Promise<T>): Promise<T> {
  const saved = app.country.config;
  app.country.config = { ...saved, ...patch };
  try {
    return await fn();
  } finally {
    app.country.config = saved;
  }
}

export async function userIdOf(app: FastifyInstance, email: string): Promise<number> {
  return (await app.db.user.findUniqueOrThrow({ where: { email } })).id;
}

let serial = 0;

/** A new active user with a complete profile, and a token for it. */
export async function makeUser(app: FastifyInstance, overrides: Record<string, unknown> = {}) {
  serial += 1;
  const unique = `${process.pid % 1000}${String(serial).padStart(3, '0')}`;
  const user = await app.db.user.create({
    data: {
      email: `usuario${unique}@test.ar`,
      password: 'x',
      name: `Usuario ${unique}`,
      active: true,
      image: 'avatar.png',
      description: 'Viajo seguido por trabajo.',
      nro_doc: `4${unique.padStart(7, '0')}`.slice(0, 8),
      mobile_phone: `11${unique.padStart(8, '0')}`,
      ...overrides,
    },
  });
  return { user, token: app.services.auth.issueToken(user.id) };
}

/** A trip written straight to the database (no rules applied), between two places. */
export async function insertTrip(
  app: FastifyInstance,
  options: {
    userId: number;
    from: TestPlace;
    to: TestPlace;
    /** Intermediate stops, in order. */
    via?: TestPlace[];
    date: string;
    isPassenger?: boolean;
    friendship?: number;
    hidden?: boolean;
    state?: string;
    seats?: number;
    description?: string;
  },
) {
  const seats = options.seats ?? 3;
  const stops = [options.from, ...(options.via ?? []), options.to];
  return app.db.trip.create({
    data: {
      user_id: options.userId,
      from_town: options.from.name,
      to_town: options.to.name,
      trip_date: fromWireDateTime(options.date),
      total_seats: seats,
      seats_available: seats,
      is_passenger: options.isPassenger ?? false,
      friendship_type_id: options.friendship ?? 2,
      hidden: options.hidden ?? false,
      state: options.state ?? 'ready',
      description: options.description ?? 'Viaje de prueba.',
      no_lucrar: !options.isPassenger,
      origin_lat: options.from.lat,
      origin_lng: options.from.lng,
      destination_lat: options.to.lat,
      destination_lng: options.to.lng,
      path: tripPath(stops.map((stop) => stop.id)),
      points: {
        create: stops.map((stop, position) => ({ position, address: stop.name, lat: stop.lat, lng: stop.lng, node_id: stop.id })),
      },
    },
  });
}

/** A fresh app with the three demo accounts logged in: the setup most trip tests share. */
export async function buildWithDemoSessions() {
  const app = await build();
  return {
    app,
    driverToken: await login(app, DEMO.driver),
    passengerToken: await login(app, DEMO.passenger),
    adminToken: await login(app, DEMO.admin),
    driverId: await userIdOf(app, DEMO.driver.email),
    passengerId: await userIdOf(app, DEMO.passenger.email),
  };
}
