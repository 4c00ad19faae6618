import { copyFileSync, mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { endpointList, type Endpoint, type EndpointResponse } from '@carpool/contracts';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, expect, inject } from 'vitest';
import { buildApp } from '../src/app';
import { TEST_SEED } from './seed-options';

export const DEMO = {
  admin: { email: 'admin@carpool.ar', password: 'carpool123' },
  driver: { email: 'conductor@carpool.ar', password: 'carpool123' },
  passenger: { email: 'pasajera@carpool.ar', password: 'carpool123' },
} as const;

/** A test key long enough for the 32-byte rule (config/secret.ts). */
export const TEST_JWT_SECRET = 'test-secret-test-secret-test-secret-0123';

/** A fresh app on a private copy of the seeded template database, with the clock at the seed's now. */
export async function build(env: Record<string, unknown> = {}): Promise<FastifyInstance> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'carpool-app-'));
  const file = path.join(dir, 'test.db');
  copyFileSync(inject('templateDb'), file);
  const app = await buildApp({
    env: { databaseUrl: `file:${file}`, dataDir: dir, mockControls: true, jwtSecret: TEST_JWT_SECRET, ...env },
  });
  app.clock.travelTo(TEST_SEED.now);
  afterAll(() => app.close());
  return app;
}

export async function login(app: FastifyInstance, who: { email: string; password: string }): Promise<string> {
  const response = await app.inject({ method: 'POST', url: '/api/login', payload: who });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ token: string }>().token;
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** Asserts an answer matches the contract's schema for its status, and returns it parsed. */
export function expectContract<E extends Endpoint>(endpoint: E, response: LightMyRequestResponse): EndpointResponse<E> {
  const schema = endpoint.responses[response.statusCode];
  expect(schema, `${endpoint.id} has no ${response.statusCode} answer in the contract: ${response.body}`).toBeDefined();
  const parsed = schema!.safeParse(response.json());
  if (!parsed.success) expect.fail(`${endpoint.id} answer breaks the contract: ${JSON.stringify(parsed.error.issues.slice(0, 5))}`);
  return parsed.data as EndpointResponse<E>;
}

export const endpointById = (id: string) => endpointList.find((endpoint) => endpoint.id === id)!;
