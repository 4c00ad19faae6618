import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import type { IncomingMessage } from 'node:http';
import { Verifier } from '@pact-foundation/pact';
import type { StateFunc } from '@pact-foundation/pact/src/dsl/verifier/proxy/types';
import bcrypt from 'bcryptjs';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build } from '../../test/helper';
import { TEST_SEED } from '../../test/seed-options';
import { fromWireDateTime } from '../lib/dates';

/**
 * Verifies every consumer pact (written by apps/web's *.pact.test.ts into <repo>/pacts)
 * against buildApp() on a fresh seeded database. Provider states are set up through the
 * database and the server clock. PACT_PROVIDER_URL (+ PACT_PROVIDER_TOKEN) verifies the
 * same pacts against another provider, e.g. the real API, where states cannot be seeded.
 */
const PACT_DIR = path.resolve(import.meta.dirname, '../../../../pacts');
const pactFiles = existsSync(PACT_DIR)
  ? readdirSync(PACT_DIR).filter((file) => file.endsWith('.json')).map((file) => path.join(PACT_DIR, file))
  : [];

const external = process.env.PACT_PROVIDER_URL;
let app: FastifyInstance | undefined;
let baseUrl = external ?? '';
/** The token the request filter puts on calls that carry one (set by the "logged in" state). */
let token: string | undefined = process.env.PACT_PROVIDER_TOKEN;

const BA = { lat: -34.60757, lng: -58.43709, name: 'Buenos Aires', province: 'Ciudad Autónoma de Buenos Aires', id: '81590481' };
const ROSARIO = { lat: -32.9595, lng: -60.66154, name: 'Rosario', province: 'Santa Fe', id: '198417773' };

function local(): FastifyInstance {
  if (!app) throw new Error('provider states need the local mock API');
  return app;
}

const stateHandlers: Record<string, (params?: Record<string, unknown>) => Promise<unknown>> = {
  'the country is Argentina': async () => undefined,
  'the demo accounts exist': async () => undefined,
  'public trips exist': async () => {
    // The interaction matches trips without car or return trip: make the list only such trips.
    const server = local();
    await server.db.trip.updateMany({ data: { deleted_at: server.clock.now() } });
    for (const days of [1, 2, 3]) await createPlainTrip(new Date(server.clock.now().getTime() + days * 86_400_000));
  },
  'an inactive account': async (params) => {
    const email = String(params?.email);
    const password = await bcrypt.hash('carpool123', 4);
    await local().db.user.upsert({
      where: { email },
      create: { email, password, name: 'Cuenta Inactiva', active: false },
      update: { active: false, banned: false, password },
    });
  },
  'the user is logged in': async (params) => {
    const user = await local().db.user.findUniqueOrThrow({ where: { email: String(params?.email) } });
    token = local().services.auth.issueToken(user.id);
  },
  'a public trip from Buenos Aires to Rosario': async (params) => {
    const server = local();
    server.clock.travelTo(new Date(String(params?.now ?? TEST_SEED.now.toISOString())));
    // Only this trip may match the search, so its optional parts (no car, no return) are known.
    await server.db.trip.updateMany({
      where: { origin_lat: { gt: BA.lat - 0.05, lt: BA.lat + 0.05 }, destination_lat: { gt: ROSARIO.lat - 0.05, lt: ROSARIO.lat + 0.05 } },
      data: { deleted_at: server.clock.now() },
    });
    await createPlainTrip(fromWireDateTime(String(params?.date)));
  },
};

/** A public driver trip of the demo driver with no car, return trip or passengers. */
async function createPlainTrip(tripDate: Date) {
  const server = local();
  const driver = await server.db.user.findUniqueOrThrow({ where: { email: 'conductor@carpool.ar' } });
  const place = (p: typeof BA) => ({
    address: `${p.name}, ${p.province}, Argentina`,
    json_address: JSON.stringify({ name: p.name, ciudad: p.name, provincia: p.province, country: 'AR' }),
    lat: p.lat,
    lng: p.lng,
    node_id: p.id,
  });
  await server.db.trip.create({
    data: {
      user_id: driver.id,
      from_town: BA.name,
      to_town: ROSARIO.name,
      trip_date: tripDate,
      estimated_time: '03:45',
      distance: 300_000,
      co2: 450,
      total_seats: 3,
      seats_available: 3,
      description: 'Salgo desde Palermo, paso por la General Paz.',
      no_lucrar: true,
      seat_price_cents: 1_500_000,
      recommended_trip_price_cents: 1_200_000,
      origin_lat: BA.lat,
      origin_lng: BA.lng,
      destination_lat: ROSARIO.lat,
      destination_lng: ROSARIO.lng,
      points: { create: [{ position: 0, ...place(BA) }, { position: 1, ...place(ROSARIO) }] },
    },
  });
}

beforeAll(async () => {
  if (external) return;
  app = await build();
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  baseUrl = `http://127.0.0.1:${address.port}`;
});

afterAll(async () => {
  await app?.close();
});

describe('provider verification', () => {
  it('has pacts to verify (run the web consumer tests first)', () => {
    expect(pactFiles.length).toBeGreaterThan(0);
  });

  it('honours every interaction of the web app', async () => {
    const verifier = new Verifier({
      provider: 'carpool-mock-api',
      providerBaseUrl: baseUrl,
      pactUrls: pactFiles,
      logLevel: 'warn',
      // Each interaction starts from a fresh seed on the local mock, with the seed's clock.
      beforeEach: async () => {
        if (external) return;
        token = undefined;
        await local().inject({ method: 'POST', url: '/__mock/reset', payload: { users: 40, trips: 200 } });
        local().clock.travelTo(TEST_SEED.now);
      },
      stateHandlers: Object.fromEntries(
        Object.entries(stateHandlers).map(([name, handler]): [string, StateFunc] => [
          name,
          async (params) => {
            if (!external) await handler(params as Record<string, unknown> | undefined);
            return undefined;
          },
        ]),
      ),
      requestFilter: (request: IncomingMessage, _response: unknown, next: () => void) => {
        if (request.headers.authorization && token) request.headers.authorization = `Bearer ${token}`;
        next();
      },
    });
    await expect(verifier.verifyProvider()).resolves.toBeDefined();
  });
});
