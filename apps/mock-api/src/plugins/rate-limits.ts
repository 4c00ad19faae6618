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
const MINUTE = 60_000;

/**
 * Per entry: `ip` counts every call from one address; `account` counts per e-mail address (login:
 * only failed attempts, so a person who logs in often is never stopped; reset and registration:
 * every call, so one address cannot be sent 50 mails).
 */
export const RATE_LIMITS: Record<string, { ip: Limit; account: Limit; accountCounts: 'failures' | 'calls' }> = {
  [endpoints.auth.login.id]: { ip: { max: 60, timeWindow: MINUTE }, account: { max: 10, timeWindow: 15 * MINUTE }, accountCounts: 'failures' },
  [endpoints.auth.resetPassword.id]: { ip: { max: 20, timeWindow: 15 * MINUTE }, account: { max: 3, timeWindow: 15 * MINUTE }, accountCounts: 'calls' },
  [endpoints.users.register.id]: { ip: { max: 30, timeWindow: 60 * MINUTE }, account: { max: 5, timeWindow: 60 * MINUTE }, accountCounts: 'calls' },
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
 * (before the body is read) and per account (once the e-mail is known).
 */
export const rateLimitsPlugin = fp(async (app: FastifyInstance) => {
  const stores = new Set<Map<string, { current: number; start: number }>>();
  await app.register(rateLimit, { global: false, store: clockStore(app.clock, stores) });
  app.decorate('rateLimits', { reset: () => stores.forEach((counts) => counts.clear()) });

  app.addHook('onRoute', (route) => {
    const endpointId = (route.config as { endpointId?: string } | undefined)?.endpointId;
    const limits = endpointId ? RATE_LIMITS[endpointId] : undefined;
    if (!limits) return;
    const perIp = app.createRateLimit({ ...limits.ip, keyGenerator: (request) => `ip:${request.ip}` }) as Limiter;
    const perAccount = app.createRateLimit({ ...limits.account, keyGenerator: (request) => `account:${accountOf(request)}` }) as Limiter;
    const counted = (request: FastifyRequest) => accountOf(request) !== undefined;
    route.onRequest = [async (request) => enforce(perIp, request), ...[route.onRequest ?? []].flat()];
    route.preHandler = [
      async (request) => {
        if (counted(request)) await enforce(perAccount, request, { increment: limits.accountCounts === 'calls' });
      },
      ...[route.preHandler ?? []].flat(),
    ];
    if (limits.accountCounts === 'failures') {
      route.onResponse = [
        async (request, reply) => {
          if (counted(request) && reply.statusCode >= 400 && reply.statusCode !== 429) await perAccount(request);
        },
        ...[route.onResponse ?? []].flat(),
      ];
    }
  });
});
