import { tripPath } from '@carpool/contracts';
import type { FastifyInstance } from 'fastify';
import type { Prisma, User } from '@prisma/client';
import { addRequest } from '../booking';
import { DEMO } from '../helper';
import { addDays, fromWireDateTime } from '../../src/lib/dates';

/** A state's parameters as the pact gives them, and the values it hands back to the interaction. */
export type StateParams = Record<string, unknown>;
export type StateValues = Record<string, string | number | boolean | null>;
export type StateHandler = (params: StateParams) => Promise<StateValues | void>;

export type Place = { lat: number; lng: number; name: string; province: string; id: string };
export const BA: Place = { lat: -34.60757, lng: -58.43709, name: 'Buenos Aires', province: 'Ciudad Autónoma de Buenos Aires', id: '81590481' };
export const ROSARIO: Place = { lat: -32.9595, lng: -60.66154, name: 'Rosario', province: 'Santa Fe', id: '198417773' };

export const text = (params: StateParams, key: string, fallback?: string): string => {
  const value = params[key] ?? fallback;
  if (value === undefined || value === null) throw new Error(`provider state parameter "${key}" is missing`);
  return String(value);
};
export const number = (params: StateParams, key: string, fallback: number): number =>
  params[key] === undefined ? fallback : Number(params[key]);

export const userByEmail = (app: FastifyInstance, email: string): Promise<User> => app.db.user.findUniqueOrThrow({ where: { email } });

/** 'Sofía Etchegaray' → 'sofia.etchegaray'. */
const slug = (name: string) =>
  name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z]+/g, '.');

/** An active user with a complete public profile (photo, description, a recent connection), made in the database. */
export function createMember(app: FastifyInstance, name: string, data: Partial<Prisma.UserUncheckedCreateInput> = {}): Promise<User> {
  return app.db.user.create({
    data: {
      email: `${slug(name)}@correo.com.ar`,
      password: 'not-used',
      name,
      image: `${slug(name)}.jpg`,
      description: 'Trabajo en Córdoba y viajo a Buenos Aires una vez por mes.',
      active: true,
      positive_ratings: 4,
      last_connection: addDays(app.clock.now(), -1),
      ...data,
    },
  });
}

/**
 * A public driver trip of the demo driver Buenos Aires → Rosario with no car, return trip or
 * passengers: the shape the consumer's trip matcher expects.
 */
export async function createPlainTrip(
  app: FastifyInstance,
  tripDate: Date,
  options: { ownerEmail?: string; seats?: number; description?: string } = {},
): Promise<number> {
  const driver = await userByEmail(app, options.ownerEmail ?? DEMO.driver.email);
  const seats = options.seats ?? 3;
  const point = (p: Place) => ({
    address: `${p.name}, ${p.province}, Argentina`,
    json_address: JSON.stringify({ name: p.name, ciudad: p.name, provincia: p.province, country: 'AR' }),
    lat: p.lat,
    lng: p.lng,
    node_id: p.id,
  });
  const trip = await app.db.trip.create({
    data: {
      user_id: driver.id,
      from_town: BA.name,
      to_town: ROSARIO.name,
      trip_date: tripDate,
      estimated_time: '03:45',
      distance: 300_000,
      co2: 450,
      total_seats: seats,
      seats_available: seats,
      description: options.description ?? 'Salgo desde Palermo, paso por la General Paz.',
      no_lucrar: true,
      seat_price_cents: 1_500_000,
      recommended_trip_price_cents: 1_200_000,
      origin_lat: BA.lat,
      origin_lng: BA.lng,
      destination_lat: ROSARIO.lat,
      destination_lng: ROSARIO.lng,
      path: tripPath([BA.id, ROSARIO.id]),
      created_at: app.clock.now(),
      points: { create: [{ position: 0, ...point(BA) }, { position: 1, ...point(ROSARIO) }] },
    },
    select: { id: true },
  });
  return trip.id;
}

export const wireDate = (params: StateParams, key: string, fallback?: string) => fromWireDateTime(text(params, key, fallback));

/** Adds a seat request in a state at the server's now; one that holds a seat takes it as booking does. */
export const addSeatRequest = (app: FastifyInstance, tripId: number, userId: number, state: number) =>
  addRequest(app, { id: tripId }, userId, state, app.clock.now());
