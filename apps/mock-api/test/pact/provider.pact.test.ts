import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import type { IncomingMessage } from 'node:http';
import { endpointList } from '@carpool/contracts';
import { Verifier } from '@pact-foundation/pact';
import type { StateFunc } from '@pact-foundation/pact/src/dsl/verifier/proxy/types';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build } from '../helper';
import { TEST_SEED } from '../seed-options';
import { accountStates } from './account-states';
import { adminStates } from './admin-states';
import { bookingStates } from './booking-states';
import { deviceStates } from './device-states';
import type { StateHandler } from './fixtures';
import { providerCallStates } from './provider-call-states';
import { ratingStates } from './rating-states';
import { socialStates } from './social-states';
import { tripStates } from './trip-states';

/**
 * Verifies every consumer pact (written by apps/web's *.pact.test.ts into <repo>/pacts)
 * against buildApp() on a fresh seeded database. Provider states are set up through the
 * database, the services and the server clock (./account-states.ts, ./trip-states.ts,
 * ./booking-states.ts). PACT_PROVIDER_URL (+ PACT_PROVIDER_TOKEN) verifies the
 * same pacts against another provider, e.g. the real API, where states cannot be seeded.
 */
const PACT_DIR = process.env.PACT_DIR ?? path.resolve(import.meta.dirname, '../../../../pacts');
const pactFiles = existsSync(PACT_DIR)
  ? readdirSync(PACT_DIR).filter((file) => file.endsWith('.json')).map((file) => path.join(PACT_DIR, file))
  : [];

const external = process.env.PACT_PROVIDER_URL;
let app: FastifyInstance | undefined;
let baseUrl = external ?? '';
/** The token the request filter puts on calls that carry one (set by the "logged in" state). */
let token: string | undefined = process.env.PACT_PROVIDER_TOKEN;

function local(): FastifyInstance {
  if (!app) throw new Error('provider states need the local mock API');
  return app;
}

const logIn = (issued: string) => {
  token = issued;
};

/** One handler per named state; each may hand values (generated ids) back to the interaction. */
const stateHandlers: Record<string, StateHandler> = {
  ...accountStates(local, logIn),
  ...tripStates(local),
  ...bookingStates(local),
  ...adminStates(local),
  ...socialStates(local),
  ...ratingStates(local),
  ...providerCallStates(local),
  ...deviceStates(local, () => token),
};

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

  // Issue 41 item 11: every registry entry is exercised by the web's pacts.
  const WITHOUT_INTERACTION: string[] = [];

  it('has a Pact interaction for every registry entry', () => {
    const pattern = (template: string) => new RegExp(`^${template.replace(/:[A-Za-z_]+/g, '[^/]+')}$`);
    const literalSegments = (template: string) => template.split('/').filter((part) => part && !part.startsWith(':')).length;
    const covered = new Set<string>();
    for (const file of pactFiles) {
      type PactRequest = { method: string; path: string; body?: { content?: unknown; encoded?: string | boolean } };
      const { interactions } = JSON.parse(readFileSync(file, 'utf8')) as { interactions: { request: PactRequest }[] };
      for (const { request } of interactions) {
        // A multipart POST with the field _method=PUT is the PUT the router takes it for (the profile update).
        const content = typeof request.body?.content === 'string' ? request.body.content : '';
        const body = request.body?.encoded === 'base64' ? Buffer.from(content, 'base64').toString('utf8') : content;
        const method = request.method === 'POST' && /name="_method"\r?\n\r?\nPUT\b/.test(body) ? 'PUT' : request.method;
        // The most specific entry wins, as in the router (/api/trips/autocomplete before /api/trips/:id).
        const entry = endpointList
          .filter((candidate) => candidate.method === method && pattern(candidate.path).test(request.path))
          .sort((a, b) => literalSegments(b.path) - literalSegments(a.path))[0];
        expect(entry, `${request.method} ${request.path} matches no registry entry`).toBeDefined();
        covered.add(entry!.id);
      }
    }
    const uncovered = endpointList.map((endpoint) => endpoint.id).filter((id) => !covered.has(id)).sort();
    expect(uncovered).toEqual(WITHOUT_INTERACTION);
  });

  // Each interaction reseeds the database: allow a few minutes for the whole web app.
  it('honours every interaction of the web app', { timeout: 600_000 }, async () => {
    const stateErrors: string[] = [];
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
            // Against another provider the states cannot be seeded: the pacts' example values stand.
            if (external) return undefined;
            try {
              return (await handler((params ?? {}) as Record<string, unknown>)) ?? undefined;
            } catch (error) {
              // The verifier only logs a failing state and goes on: fail the run at the end instead.
              stateErrors.push(`${name}: ${(error as Error).message}`);
              throw error;
            }
          },
        ]),
      ),
      requestFilter: (request: IncomingMessage, _response: unknown, next: () => void) => {
        if (request.headers.authorization && token) request.headers.authorization = `Bearer ${token}`;
        next();
      },
    });
    await expect(verifier.verifyProvider()).resolves.toBeDefined();
    expect(stateErrors).toEqual([]);
  });
});
