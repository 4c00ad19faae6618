import type { JWT } from '@fastify/jwt';
import type { CountryConfig } from '../config/countries';
import type { Env } from '../config/env';
import type { Db } from '../db/client';
import type { Clock } from '../lib/clock';
import { createCarRepository } from '../repositories/car-repository';
import { createMailRepository } from '../repositories/mail-repository';
import { createTripRepository } from '../repositories/trip-repository';
import { createUserRepository } from '../repositories/user-repository';
import { createAccountService } from './account-service';
import { createAuthService } from './auth-service';
import { createCarService } from './car-service';
import { createMailService } from './mail-service';
import { createUploadService } from './upload-service';
import { createUserService, type Transaction } from './user-service';
import { createTripService } from './trip-service';

/** Wires repositories into services; handlers reach services through `app.services`. */
export function createServices({ db, jwt, clock, country, env }: { db: Db; jwt: JWT; clock: Clock; country: CountryConfig; env: Env }) {
  const users = createUserRepository(db);
  const trips = createTripRepository(db);
  const config = country.config;
  const transaction: Transaction = (fn) => db.$transaction(fn);
  const auth = createAuthService({ users, jwt, clock, config });
  const uploads = createUploadService({ dataDir: env.dataDir });
  const mail = createMailService({ outbox: createMailRepository(db), clock, config, publicUrl: env.publicUrl, smtpUrl: env.smtpUrl, from: env.mailFrom });
  const profiles = createUserService({ users, transaction, uploads, clock, config });
  return {
    auth,
    uploads,
    mail,
    users: profiles,
    accounts: createAccountService({ users, transaction, uploads, mail, auth, profiles, clock, config }),
    cars: createCarService({ cars: createCarRepository(db) }),
    trips: createTripService({ trips, clock }),
  };
}

export type Services = ReturnType<typeof createServices>;
