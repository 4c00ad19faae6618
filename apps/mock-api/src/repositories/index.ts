import type { Db, DbClient } from '../db/client';
import { createCarRepository } from './car-repository';
import { createDeviceRepository } from './device-repository';
import { createFriendRepository } from './friend-repository';
import { createLogRepository } from './log-repository';
import { createMailRepository } from './mail-repository';
import { createNotificationRepository } from './notification-repository';
import { createPaymentRepository } from './payment-repository';
import { createProviderCatalogueRepository } from './provider-catalogue-repository';
import { createRatingRepository } from './rating-repository';
import { createRequestRepository } from './request-repository';
import { createTripTemplateRepository } from './trip-template-repository';
import { createUserRepository } from './user-repository';

/**
 * The repositories that work on the client or inside a transaction, built on one of them. Services
 * receive the ones built on the client, and inside `transaction` the ones built on its client.
 */
export function createRepositories(client: DbClient) {
  return {
    users: createUserRepository(client),
    cars: createCarRepository(client),
    mail: createMailRepository(client),
    requests: createRequestRepository(client),
    payments: createPaymentRepository(client),
    notifications: createNotificationRepository(client),
    friends: createFriendRepository(client),
    ratings: createRatingRepository(client),
    devices: createDeviceRepository(client),
    logs: createLogRepository(client),
    templates: createTripTemplateRepository(client),
    catalogue: createProviderCatalogueRepository(client),
  };
}

export type Repositories = ReturnType<typeof createRepositories>;

/** Runs `fn` in one transaction, on repositories bound to it: everything commits or rolls back together. */
export type Transaction = <T>(fn: (repos: Repositories) => Promise<T>) => Promise<T>;

/**
 * How long a transaction may wait for the write lock and stay open: long enough for concurrent seat
 * requests to queue and for an SMTP hand-over inside a registration or reset.
 */
export const TRANSACTION_OPTIONS = { maxWait: 30_000, timeout: 30_000 } as const;

export function createTransaction(db: Db): Transaction {
  return (fn) => db.$transaction((tx) => fn(createRepositories(tx)), TRANSACTION_OPTIONS);
}
