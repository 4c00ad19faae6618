import { readFileSync } from 'node:fs';
import type { JWT } from '@fastify/jwt';
import type { CountryConfig } from '../config/countries';
import type { Env } from '../config/env';
import type { Db } from '../db/client';
import type { Clock } from '../lib/clock';
import { createChatReachRepository, createConversationRepository } from '../repositories/conversation-repository';
import { createAdminChartRepository } from '../repositories/admin-chart-repository';
import { createRepositories, createTransaction } from '../repositories/index';
import { createPlaceRepository } from '../repositories/place-repository';
import { createSqlReader } from '../read-model/sql-reader';
import { createTripReadModel } from '../read-model/trip-read-model';
import { createSubscriptionRepository } from '../repositories/subscription-repository';
import { createTripRepository } from '../repositories/trip-repository';
import { createRevokedTokenRepository } from '../repositories/revoked-token-repository';
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
import { createUserService } from './user-service';
import { createTripService } from './trips';
import { createPlaceService } from './place-service';
import { createPriceService } from './price-service';
import { createSubscriptionService } from './subscription-service';
import { createProviderCallsService } from './provider-calls-service';
import { createRatingService } from './rating-service';
import { createDeviceService } from './device-service';
import { createLogService } from './log-service';
import { createPushService, resolveVapidKeys } from './push-service';

/** Builds every repository and wires them into services; handlers reach services through `app.services`. */
export function createServices({ db, jwt, clock, country, env }: { db: Db; jwt: JWT; clock: Clock; country: CountryConfig; env: Env }) {
  const repos = createRepositories(db);
  const transaction = createTransaction(db);
  const { users } = repos;
  // The hot reads (trip search, trip answers, places) go through a second, read-only connection.
  const reader = createSqlReader(db);
  const trips = createTripRepository(db);
  const tripReads = createTripReadModel({ reader, clock, keptMb: env.tripAnswersMb });
  const places = createPlaceService({ places: createPlaceRepository(db, reader) });
  const prices = createPriceService({ country, trips });
  const config = country.config;
  // Web Push to the users' devices for every stored notification.
  const push = createPushService({
    devices: repos.devices,
    keys: resolveVapidKeys(env.dataDir),
    subject: `mailto:${config.admin_email}`,
    ca: env.pushCaFile ? readFileSync(env.pushCaFile, 'utf8') : undefined,
    title: config.name_app.charAt(0).toUpperCase() + config.name_app.slice(1),
  });
  const notifications = createNotificationService({ notifications: repos.notifications, clock, push });
  const subscriptions = createSubscriptionService({ subscriptions: createSubscriptionRepository(db), trips: tripReads, notifications, clock });
  const auth = createAuthService({ users, revokedTokens: createRevokedTokenRepository(db), jwt, clock, config, dataVersion: () => reader.version() });
  const uploads = createUploadService({ dataDir: env.dataDir });
  const mail = createMailService({ outbox: repos.mail, clock, config, publicUrl: env.publicUrl, smtpUrl: env.smtpUrl, from: env.mailFrom });
  const profiles = createUserService({ users, transaction, uploads, clock, config });
  const seatRequests = repos.requests;
  const tripService = createTripService({
    trips, reads: tripReads, prices, places, subscriptions, notifications, clock, country,
    seatRequests,
  });
  return {
    auth,
    uploads,
    mail,
    users: profiles,
    accounts: createAccountService({ users, transaction, uploads, mail, auth, profiles, clock, config }),
    cars: createCarService({ cars: repos.cars }),
    trips: tripService,
    places,
    subscriptions,
    notifications,
    requests: createRequestService({ requests: repos.requests, payments: repos.payments, transaction, clock, config, notifications }),
    payments: createPaymentService({ repositories: repos, transaction, clock, config, notifications }),
    providerCalls: createProviderCallsService({ catalogue: repos.catalogue, users, clock, prices, templates: repos.templates }),
    friends: createFriendService({ friends: repos.friends, users, transaction, clock, notifications }),
    ratings: createRatingService({ ratings: repos.ratings, users, transaction, clock, country, notifications }),
    conversations: createConversationService({
      conversations: createConversationRepository(db),
      reach: createChatReachRepository(db),
      requests: repos.requests,
      users,
      clock,
      country,
      notifications,
      trips,
      tripAnswer: (viewer, id) => tripService.show(viewer, id),
    }),
    adminData: createAdminDataService({ charts: createAdminChartRepository(reader), clock }),
    push,
    devices: createDeviceService({ devices: repos.devices, transaction, clock }),
    logs: createLogService({ logs: repos.logs, clock }),
  };
}

export type Services = ReturnType<typeof createServices>;
