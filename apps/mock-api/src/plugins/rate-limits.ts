import rateLimit, { type FastifyRateLimitStore } from '@fastify/rate-limit';
import { endpoints } from '@carpool/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../lib/app-error';
import type { Clock } from '../lib/clock';

declare module 'fastify' {
  interface FastifyInstance {
    /** Brute-force limits; `reset()` forgets every count (POST /__mock/reset, tests). */
    rateLimits: { reset: () => void };
  }
}

type Limit = { max: number; timeWindow: number };
type Entry = {
  /** Every call from one address, checked before the body is read (unless `limited` needs the body). */
  ip: Limit;
  /**
   * Per e-mail address, or with `ceiling` (login) per pair of client address and e-mail, so a
   * stranger's guesses lock only the stranger's own address out of that account (issue 45).
   */
  account: Limit;
  /** login: only failed attempts, so a person who logs in often is never stopped; reset and registration: every call. */
  accountCounts: 'failures' | 'calls';
  /**
   * login: failures for one account from every address. Above `max` the account is under attack
   * and each address gets `underAttackMax` failures instead of `account.max`: guessing from many
   * addresses slows down, while an address that has not failed (the owner's) is never refused.
   */
  ceiling?: Limit & { underAttackMax: number };
  /** Whether a call counts at all, read from its body (a profile update sent as POST /api/users is no registration). */
  limited?: (request: FastifyRequest) => boolean;
};
const MINUTE = 60_000;

/** Laravel method spoofing, as routes/users.ts reads it: a POST with `_method=PUT` is the profile update. */
function spoofedPut(request: FastifyRequest): boolean {
  const method = (request.body as { _method?: unknown } | undefined)?._method;
  return typeof method === 'string' && method.toUpperCase() === 'PUT';
}

/** Brute-force limits per entry; the provider has none, so only abuse ever meets them. */
export const RATE_LIMITS: Record<string, Entry> = {
  [endpoints.auth.login.id]: {
    ip: { max: 60, timeWindow: MINUTE },
    account: { max: 10, timeWindow: 15 * MINUTE },
    accountCounts: 'failures',
    ceiling: { max: 100, timeWindow: 15 * MINUTE, underAttackMax: 3 },
  },
  [endpoints.auth.resetPassword.id]: { ip: { max: 20, timeWindow: 15 * MINUTE }, account: { max: 3, timeWindow: 15 * MINUTE }, accountCounts: 'calls' },
  [endpoints.users.register.id]: {
    ip: { max: 30, timeWindow: 60 * MINUTE },
    account: { max: 5, timeWindow: 60 * MINUTE },
    accountCounts: 'calls',
    limited: (request) => !spoofedPut(request),
  },
};

/** The limiter's counts follow the server clock, so tests move time with POST /__mock/clock instead of sleeping. */
function clockStore(clock: Clock, stores: Set<Map<string, { current: number; start: number }>>) {
  return class ClockStore implements FastifyRateLimitStore {
    private readonly counts = new Map<string, { current: number; start: number }>();
    constructor() {
      stores.add(this.counts);
    }
    private live(key: string, timeWindow: number) {
      const now = clock.now().getTime();
      const entry = this.counts.get(key);
      return entry && entry.start + timeWindow > now ? entry : undefined;
    }
    incr(key: string, callback: (error: Error | null, result?: { current: number; ttl: number }) => void, timeWindow: number) {
      const now = clock.now().getTime();
      const entry = this.live(key, timeWindow) ?? { current: 0, start: now };
      entry.current += 1;
      this.counts.set(key, entry);
      callback(null, { current: entry.current, ttl: entry.start + timeWindow - now });
    }
    read(key: string, callback: (error: Error | null, result?: { current: number; ttl: number }) => void, timeWindow: number) {
      const entry = this.live(key, timeWindow);
      callback(null, { current: entry?.current ?? 0, ttl: entry ? entry.start + timeWindow - clock.now().getTime() : 0 });
    }
    child() {
      return new ClockStore();
    }
  };
}

const accountOf = (request: FastifyRequest): string | undefined => {
  const email = (request.body as { email?: unknown } | undefined)?.email;
  return typeof email === 'string' && email.trim() ? email.trim().toLowerCase() : undefined;
};

type Limiter = (request: FastifyRequest, options?: { increment?: boolean }) => Promise<{ isAllowed: boolean; isExceeded: boolean; ttlInSeconds: number } | { isAllowed: true; key: string }>;

/** 429 in the provider's format with Retry-After (seconds). */
async function enforce(limiter: Limiter, request: FastifyRequest, options?: { increment?: boolean }) {
  const result = await limiter(request, options);
  if ('isExceeded' in result && result.isExceeded) {
    throw new AppError('too_many_requests', { message: 'Too Many Attempts.', retryAfterSeconds: Math.max(1, result.ttlInSeconds) });
  }
}

/**
 * Brute-force limits with @fastify/rate-limit on login, password reset and registration, per IP
 * (before the body is read, unless the entry's `limited` needs it) and per account or address and
 * account pair (once the e-mail is known).
 */
export const rateLimitsPlugin = fp(async (app: FastifyInstance) => {
  const stores = new Set<Map<string, { current: number; start: number }>>();
  await app.register(rateLimit, { global: false, store: clockStore(app.clock, stores) });
  app.decorate('rateLimits', { reset: () => stores.forEach((counts) => counts.clear()) });
  /** Login requests whose account is over its ceiling (each address then gets `underAttackMax`). */
  const underAttack = new WeakSet<FastifyRequest>();

  app.addHook('onRoute', (route) => {
    const endpointId = (route.config as { endpointId?: string } | undefined)?.endpointId;
    const limits = endpointId ? RATE_LIMITS[endpointId] : undefined;
    if (!limits) return;
    const { ceiling, limited } = limits;
    const perIp = app.createRateLimit({ ...limits.ip, keyGenerator: (request) => `ip:${request.ip}` }) as Limiter;
    const perAccount = app.createRateLimit({
      ...limits.account,
      max: ceiling ? (request: FastifyRequest) => (underAttack.has(request) ? ceiling.underAttackMax : limits.account.max) : limits.account.max,
      keyGenerator: (request) => (ceiling ? `pair:${request.ip}|${accountOf(request)}` : `account:${accountOf(request)}`),
    }) as Limiter;
    const perAccountCeiling = ceiling
      ? (app.createRateLimit({ max: ceiling.max, timeWindow: ceiling.timeWindow, keyGenerator: (request) => `account:${accountOf(request)}` }) as Limiter)
      : undefined;
    const counted = (request: FastifyRequest) => accountOf(request) !== undefined;
    if (!limited) route.onRequest = [async (request) => enforce(perIp, request), ...[route.onRequest ?? []].flat()];
    route.preHandler = [
      async (request) => {
        if (limited && !limited(request)) return;
        if (limited) await enforce(perIp, request);
        if (!counted(request)) return;
        if (perAccountCeiling) {
          const total = await perAccountCeiling(request, { increment: false });
          if ('isExceeded' in total && total.isExceeded) underAttack.add(request);
        }
        await enforce(perAccount, request, { increment: limits.accountCounts === 'calls' });
      },
      ...[route.preHandler ?? []].flat(),
    ];
    if (limits.accountCounts === 'failures') {
      route.onResponse = [
        async (request, reply) => {
          // A refused or wrong guess counts; a server failure (5xx) is no guess.
          if (!counted(request) || reply.statusCode < 400 || reply.statusCode >= 500 || reply.statusCode === 429) return;
          await perAccount(request);
          if (perAccountCeiling) await perAccountCeiling(request);
        },
        ...[route.onResponse ?? []].flat(),
      ];
    }
  });
});
