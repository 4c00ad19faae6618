import type { JWT } from '@fastify/jwt';
import type { CountryConfig } from '../config/countries';
import type { Db } from '../db/client';
import type { Clock } from '../lib/clock';
import { createTripRepository } from '../repositories/trip-repository';
import { createUserRepository } from '../repositories/user-repository';
import { createAuthService } from './auth-service';
import { createTripService } from './trip-service';

/** Wires repositories into services; handlers reach services through `app.services`. */
export function createServices({ db, jwt, clock, country }: { db: Db; jwt: JWT; clock: Clock; country: CountryConfig }) {
  const users = createUserRepository(db);
  const trips = createTripRepository(db);
  return {
    auth: createAuthService({ users, jwt, clock, config: country.config }),
    trips: createTripService({ trips, clock }),
  };
}

export type Services = ReturnType<typeof createServices>;
