import bcrypt from 'bcryptjs';
import type { JWT } from '@fastify/jwt';
import { AUTH, type AppConfig, type EndpointAuth } from '@carpool/contracts';
import type { User } from '@prisma/client';
import { AppError } from '../lib/app-error';
import type { Clock } from '../lib/clock';
import type { UserRepository } from '../repositories/user-repository';

const DAY_S = 86_400;

type Deps = {
  users: UserRepository;
  jwt: JWT;
  clock: Clock;
  config: AppConfig;
  /** Moves on every committed write (the SQL reader's `PRAGMA data_version`): empties the callers kept below. */
  dataVersion?: () => Promise<number>;
};

/** Callers kept between writes (see `caller`). */
const CALLER_CACHE_SIZE = 10_000;

export function createAuthService({ users, jwt, clock, config, dataVersion }: Deps) {
  const nowSeconds = () => Math.floor(clock.now().getTime() / 1000);

  // Every authenticated request needs its caller's row; through Prisma that lookup costs more than
  // the rest of a cached answer. A user row only changes with a write, and every committed write
  // moves the data version, which empties this map: a kept row is never older than the last write.
  // The version is read before the row, so a row stored under it is at least that new. Kept rows
  // are frozen (shared by concurrent requests).
  const callers = new Map<number, User>();
  let callersVersion = -1;
  async function caller(id: number): Promise<{ user: User | null; version?: number }> {
    if (!dataVersion) return { user: await users.findById(id) };
    const version = await dataVersion();
    if (version !== callersVersion || callers.size >= CALLER_CACHE_SIZE) {
      callers.clear();
      callersVersion = version;
    }
    const known = callers.get(id);
    if (known) return { user: known, version };
    const user = await users.findById(id);
    if (user && callersVersion === version) callers.set(id, Object.freeze(user));
    return { user, version };
  }

  /**
   * A 7-day token carrying the user's token version (`tv`): logout and password changes raise the
   * version, which revokes every token issued before. A bare id means version 0 (a fresh account).
   */
  function issueToken(user: number | Pick<User, 'id' | 'token_version'>): string {
    const iat = nowSeconds();
    const { id, token_version } = typeof user === 'number' ? { id: user, token_version: 0 } : user;
    return jwt.sign({ sub: id, tv: token_version, iat, exp: iat + AUTH.tokenLifetimeDays * DAY_S });
  }

  const revoked = (payload: { tv?: unknown }, user: User) => payload.tv !== user.token_version;

  function readBearer(header: string | undefined): string | null {
    if (!header) return null;
    const match = /^Bearer\s+(\S+)$/i.exec(header);
    return match?.[1] ?? null;
  }

  /**
   * The token's claims if its signature is ours and (unless `ignoreExpiration`) it has not expired
   * by the server clock. The plugin's verifier (built once) checks the signature and the required
   * claims; the end is checked here, as fast-jwt would (expired from the second of `exp` on).
   */
  function verify(token: string, ignoreExpiration = false) {
    let payload;
    try {
      payload = jwt.verify<{ sub: number; iat: number; exp: number; tv?: number }>(token);
    } catch {
      throw new AppError('token_invalid', { message: 'Token is invalid' });
    }
    if (typeof payload.exp !== 'number' || !Number.isFinite(payload.exp)) throw new AppError('token_invalid', { message: 'Token is invalid' });
    if (!ignoreExpiration && clock.now().getTime() >= payload.exp * 1000) {
      throw new AppError('token_expired', { message: 'Token has expired' });
    }
    return payload;
  }

  /**
   * The one place roles are checked: `none` and `optional` never fail on a bad token
   * (optional reads it when valid), `user` needs a valid token of an allowed account,
   * `admin` also needs is_admin. Also gives the data version the caller was read at when one was
   * (a logged-in request): the request's reads may use it instead of reading it again (see
   * `TripService.searchJson`), which is safe because the request arrived before it was read.
   */
  async function authenticateRequest(authorization: string | undefined, mode: EndpointAuth): Promise<{ user: User | null; dataVersion?: number }> {
    if (mode === 'none') return { user: null };
    const token = readBearer(authorization);
    if (!token) {
      if (mode === 'optional') return { user: null };
      throw new AppError('token_not_provided', { message: 'Token not provided' });
    }
    let payload;
    try {
      payload = verify(token);
    } catch (error) {
      if (mode === 'optional') return { user: null };
      throw error;
    }
    const { user, version } = await caller(payload.sub);
    if (!user || revoked(payload, user)) {
      if (mode === 'optional') return { user: null };
      throw new AppError('token_invalid', { message: 'Token is invalid' });
    }
    if (user.banned) throw new AppError('banned', { message: 'banned' });
    if (mode === 'admin' && !user.is_admin) throw new AppError('forbidden', { message: 'Only administrators may do this.' });
    return { user, dataVersion: version };
  }

  return {
    issueToken,

    async login(email: string, password: string) {
      const user = await users.findByEmail(email.trim().toLowerCase());
      // Compare even when the user is missing so both paths cost the same.
      const ok = await bcrypt.compare(password, user?.password ?? '$2b$10$invalidinvalidinvalidinvalidinvalidinvalidinvalidinv');
      if (!user || !ok) throw new AppError('invalid_credentials', { message: 'invalid_credentials' });
      if (user.banned) throw new AppError('user_banned', { message: 'user_banned' });
      if (!user.active) throw new AppError('user_not_active', { message: 'user_not_active' });
      await users.touchLastConnection(user.id, clock.now());
      return { token: issueToken(user), config };
    },

    /** Refreshes a token up to 14 days old (expired ones included); banned users get 403. */
    async retoken(authorization: string | undefined) {
      const token = readBearer(authorization);
      if (!token) throw new AppError('token_not_provided', { message: 'Token not provided' });
      const payload = verify(token, true);
      if (nowSeconds() - payload.iat > AUTH.refreshWindowDays * DAY_S) {
        throw new AppError('token_expired', { message: 'Token can no longer be refreshed' });
      }
      const user = await users.findById(payload.sub);
      if (!user || revoked(payload, user)) throw new AppError('token_invalid', { message: 'Token is invalid' });
      if (user.banned) throw new AppError('banned', { message: 'banned' });
      await users.touchLastConnection(user.id, clock.now());
      return { token: issueToken(user), config };
    },

    /** Revokes the user's tokens (every session: the version is per user) and forgets the device. */
    async logout(user: User, deviceId: string | undefined) {
      if (deviceId) await users.deleteDevice(user.id, deviceId);
      await users.update(user.id, { token_version: { increment: 1 } });
      return { data: 'ok' };
    },

    /** The request's caller (see `authenticateRequest`, the one place roles are checked). */
    async authenticate(authorization: string | undefined, mode: EndpointAuth): Promise<User | null> {
      return (await authenticateRequest(authorization, mode)).user;
    },

    authenticateRequest,
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
