import type { User } from '@prisma/client';
import type { CountryConfig } from './config/countries';
import type { Env } from './config/env';
import type { Db } from './db/client';
import type { Clock } from './lib/clock';
import type { Services } from './services';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    clock: Clock;
    env: Env;
    country: CountryConfig;
    services: Services;
    /** Every route registered, for the registry ↔ routes test. */
    routeTable: { method: string; url: string }[];
  }
}

declare module '@fastify/jwt' {
  interface FastifyJWT {
    payload: { sub: number; iat: number; exp: number; tv?: number; jti?: string };
    user: { sub: number; iat: number; exp: number; tv?: number; jti?: string };
  }
}

export type CurrentUser = User;
