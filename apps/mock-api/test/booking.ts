import { isActiveRequest } from '@carpool/contracts';
import type { Prisma, Trip, User } from '@prisma/client';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { createRequestRepository } from '../src/repositories/request-repository';
import { bearer } from './helper';
import { TEST_SEED } from './seed-options';

/**
 * Fixtures of the booking tests: users and trips made straight in the database, around made-up
 * places in the South Atlantic so no seeded trip shares their destination or window.
 */
export const PLACES = {
  origin: { name: 'Origen de prueba', lat: -45.5, lng: -50.5 },
  destination: { name: 'Destino de prueba', lat: -47.5, lng: -52.5 },
  elsewhere: { name: 'Otro destino', lat: -48.5, lng: -54.5 },
} as const;

export const HOUR_MS = 3_600_000;
/** A departure `hours` after the tests' now. */
export const inHours = (hours: number) => new Date(TEST_SEED.now.getTime() + hours * HOUR_MS);

let serial = 0;

export type TestUser = { user: User; token: string; headers: { authorization: string } };

export async function makeUser(app: FastifyInstance, data: Partial<Prisma.UserUncheckedCreateInput> = {}): Promise<TestUser> {
  serial += 1;
  const user = await app.db.user.create({
    data: {
      email: `reserva-${process.pid}-${serial}-${Math.random().toString(36).slice(2, 8)}@carpool.ar`,
      name: `Usuario ${serial}`,
      password: 'x',
      active: true,
      ...data,
    },
  });
  const token = app.services.auth.issueToken(user.id);
  return { user, token, headers: bearer(token) };
}

export async function makeTrip(
  app: FastifyInstance,
  ownerId: number,
  options: {
    date?: Date;
    seats?: number;
    seatsAvailable?: number;
    price?: number;
    to?: { name: string; lat: number; lng: number };
    friendship?: number;
    hidden?: boolean;
    state?: string;
    isPassenger?: boolean;
    deleted?: boolean;
  } = {},
): Promise<Trip> {
  const from = PLACES.origin;
  const to = options.to ?? PLACES.destination;
  const seats = options.seats ?? 3;
  return app.db.trip.create({
    data: {
      user_id: ownerId,
      from_town: from.name,
      to_town: to.name,
      trip_date: options.date ?? inHours(72),
      total_seats: seats,
      seats_available: options.seatsAvailable ?? seats,
      seat_price_cents: options.price ?? 1_500_000,
      friendship_type_id: options.friendship ?? 2,
      hidden: options.hidden ?? false,
      state: options.state ?? 'ready',
      is_passenger: options.isPassenger ?? false,
      deleted_at: options.deleted ? TEST_SEED.now : null,
      description: 'Viaje de prueba',
      origin_lat: from.lat,
      origin_lng: from.lng,
      destination_lat: to.lat,
      destination_lng: to.lng,
      points: {
        create: [
          { position: 0, address: from.name, lat: from.lat, lng: from.lng },
          { position: 1, address: to.name, lat: to.lat, lng: to.lng },
        ],
      },
    },
  });
}

/** Many users at once (one INSERT), with their tokens. */
export async function makeUsers(app: FastifyInstance, count: number, name = 'Pasajero'): Promise<TestUser[]> {
  serial += 1;
  const prefix = `lote-${process.pid}-${serial}-${Math.random().toString(36).slice(2, 8)}`;
  await app.db.user.createMany({
    data: Array.from({ length: count }, (_, i) => ({ email: `${prefix}-${i}@carpool.ar`, name: `${name} ${i + 1}`, password: 'x', active: true })),
  });
  const users = await app.db.user.findMany({ where: { email: { startsWith: prefix } }, orderBy: { id: 'asc' } });
  return users.map((user) => {
    const token = app.services.auth.issueToken(user.id);
    return { user, token, headers: bearer(token) };
  });
}

/**
 * A request row made directly (state 0 unless told; `at` its creation time, else the database's
 * now). A request that holds a seat takes it first through the request repository, as booking does.
 */
export async function addRequest(app: FastifyInstance, trip: Pick<Trip, 'id'>, userId: number, state = 0, at?: Date) {
  if (isActiveRequest(state) && (await createRequestRepository(app.db).takeSeat(trip.id)) === 0) throw new Error(`trip ${trip.id} has no free seat`);
  return app.db.passenger.create({ data: { trip_id: trip.id, user_id: userId, request_state: state, ...(at ? { created_at: at, updated_at: at } : {}) } });
}

export const api = (app: FastifyInstance, who: TestUser | null, method: 'GET' | 'POST' | 'DELETE', url: string) =>
  app.inject({ method, url, headers: who ? who.headers : {} });

export const request = (app: FastifyInstance, who: TestUser, tripId: number) => api(app, who, 'POST', `/api/trips/${tripId}/requests`);
export const decide = (app: FastifyInstance, who: TestUser, tripId: number, userId: number, action: 'accept' | 'reject' | 'cancel') =>
  api(app, who, 'POST', `/api/trips/${tripId}/requests/${userId}/${action}`);

/** The error code of a 422 answer (string or list). */
export function codeOf(response: LightMyRequestResponse): unknown {
  return response.json<{ errors?: { error?: unknown } }>().errors?.error;
}

export function expectError(response: LightMyRequestResponse, status: number, code: string) {
  expect(response.statusCode, response.body).toBe(status);
  expect(codeOf(response), response.body).toBe(code);
}

/** The trip's seat counter and its requests by state. */
export async function seatsOf(app: FastifyInstance, tripId: number) {
  const trip = await app.db.trip.findUniqueOrThrow({ where: { id: tripId }, include: { passengers: true } });
  const count = (state: number) => trip.passengers.filter((p) => p.request_state === state).length;
  return {
    total: trip.total_seats,
    available: trip.seats_available,
    pending: count(0),
    accepted: count(1),
    rejected: count(2),
    cancelled: count(3),
    waitingPayment: count(4),
    active: count(1) + count(4),
  };
}

export const notificationsOf = (app: FastifyInstance, userId: number) =>
  app.db.notification.findMany({ where: { user_id: userId }, orderBy: { id: 'asc' } });
