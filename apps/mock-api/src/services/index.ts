import { readFileSync } from 'node:fs';
import type { JWT } from '@fastify/jwt';
import type { CountryConfig } from '../config/countries';
import type { Env } from '../config/env';
import type { Db } from '../db/client';
import type { Clock } from '../lib/clock';
import { createCarRepository } from '../repositories/car-repository';
import { createMailRepository } from '../repositories/mail-repository';
import { createPlaceRepository } from '../repositories/place-repository';
import { createRequestRepository } from '../repositories/request-repository';
import { createSqlReader } from '../repositories/sql-reader';
import { createSubscriptionRepository } from '../repositories/subscription-repository';
import { createTripRepository } from '../repositories/trip-repository';
import { createTripTemplateRepository } from '../repositories/trip-template-repository';
import { createRevokedTokenRepository } from '../repositories/revoked-token-repository';
import { createUserRepository } from '../repositories/user-repository';
import { createAccountService } from './account-service';
import { createAdminDataService } from './admin-data-service';
import { createAuthService } from './auth-service';
import { createCarService } from './car-service';
import { createConversationService } from './conversation-service';
import { createFriendService } from './friend-service';
import { createMailService } from './mail-service';
import { createNotificationService } from './notification-service';
import { createPaymentService } from './payment-service';
import { createRequestService } from './request-service';
import { createUploadService } from './upload-service';
import { createUserService, type Transaction } from './user-service';
import { createTripService } from './trip-service';
import { createPlaceService } from './place-service';
import { createPriceService } from './price-service';
import { createSubscriptionService } from './subscription-service';
import { createProviderCallsService } from './provider-calls-service';
import { createRatingService } from './rating-service';
import { createDeviceService } from './device-service';
import { createLogService } from './log-service';
import { createPushService, resolveVapidKeys } from './push-service';

/** Wires repositories into services; handlers reach services through `app.services`. */
export function createServices({ db, jwt, clock, country, env }: { db: Db; jwt: JWT; clock: Clock; country: CountryConfig; env: Env }) {
  const users = createUserRepository(db);
  // Issue 4: the hot reads (trip search, trip answers, places) go through a second, read-only connection.
  const reader = createSqlReader(db);
  const trips = createTripRepository(db, reader);
  const places = createPlaceService({ places: createPlaceRepository(db, reader) });
  const prices = createPriceService({ country, trips });
  const config = country.config;
  // Issue 14: Web Push to the users' devices for every stored notification.
  const push = createPushService({
    db,
    keys: resolveVapidKeys(env.dataDir),
    subject: `mailto:${config.admin_email}`,
    ca: env.pushCaFile ? readFileSync(env.pushCaFile, 'utf8') : undefined,
    title: config.name_app.charAt(0).toUpperCase() + config.name_app.slice(1),
  });
  const notifications = createNotificationService(db, clock, push);
  const subscriptions = createSubscriptionService({ subscriptions: createSubscriptionRepository(db), trips, notifications, clock });
  // Long enough for an SMTP hand-over inside a registration or reset transaction.
  const transaction: Transaction = (fn) => db.$transaction(fn, { timeout: 20_000 });
  const auth = createAuthService({ users, revokedTokens: createRevokedTokenRepository(db), jwt, clock, config, dataVersion: () => reader.version() });
  const uploads = createUploadService({ dataDir: env.dataDir });
  const mail = createMailService({ outbox: createMailRepository(db), clock, config, publicUrl: env.publicUrl, smtpUrl: env.smtpUrl, from: env.mailFrom });
  const profiles = createUserService({ users, transaction, uploads, clock, config });
  const seatRequests = createRequestRepository(db);
  const tripService = createTripService({
    trips, prices, places, subscriptions, notifications, clock, country, keptMb: env.tripAnswersMb,
    seatRequests,
  });
  return {
    auth,
    uploads,
    mail,
    users: profiles,
    accounts: createAccountService({ users, transaction, uploads, mail, auth, profiles, clock, config }),
    cars: createCarService({ cars: createCarRepository(db) }),
    trips: tripService,
    places,
    subscriptions,
    notifications,
    requests: createRequestService({ db, clock, config, notifications }),
    payments: createPaymentService({ db, clock, config, notifications }),
    providerCalls: createProviderCallsService({ db, clock, prices, templates: createTripTemplateRepository(db) }),
    friends: createFriendService({ db, clock, notifications }),
    ratings: createRatingService({ db, clock, country, notifications }),
    conversations: createConversationService({ db, clock, country, notifications, trips, tripAnswer: (viewer, id) => tripService.show(viewer, id) }),
    adminData: createAdminDataService({ reader, clock }),
    push,
    devices: createDeviceService({ db, clock }),
    logs: createLogService({ db, clock }),
  };
}

export type Services = ReturnType<typeof createServices>;
