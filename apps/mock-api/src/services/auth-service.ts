import { randomUUID } from 'node:crypto';
import bcrypt from 'bcryptjs';
import type { JWT } from '@fastify/jwt';
import { AUTH, type AppConfig, type EndpointAuth } from '@carpool/contracts';
import type { User } from '@prisma/client';
import { AppError } from '../lib/app-error';
import type { Clock } from '../lib/clock';
import type { RevokedTokenRepository } from '../repositories/revoked-token-repository';
import type { UserRepository } from '../repositories/user-repository';

const DAY_S = 86_400;

type Deps = {
  users: UserRepository;
  revokedTokens: RevokedTokenRepository;
  jwt: JWT;
  clock: Clock;
  config: AppConfig;
  /** Moves on every committed write (the SQL reader's `PRAGMA data_version`): empties the callers kept below. */
  dataVersion?: () => Promise<number>;
};

/** Callers kept between writes (see `caller`). */
const CALLER_CACHE_SIZE = 10_000;

type Claims = { sub: number; iat: number; exp: number; tv?: number; jti?: string };

export function createAuthService({ users, revokedTokens, jwt, clock, config, dataVersion }: Deps) {
  const nowSeconds = () => Math.floor(clock.now().getTime() / 1000);

  // Every authenticated request needs its caller's row; through Prisma that lookup costs more than
  // the rest of a cached answer. A user row only changes with a write, and every committed write
  // moves the data version, which empties this map: a kept row is never older than the last write.
  // The version is read before the row, so a row stored under it is at least that new. Kept rows
  // are frozen (shared by concurrent requests). Whether a token id was revoked is kept the same way.
  const callers = new Map<number, User>();
  const revokedIds = new Map<string, boolean>();
  let callersVersion = -1;
  async function caller(id: number): Promise<{ user: User | null; version?: number }> {
    if (!dataVersion) return { user: await users.findById(id) };
    const version = await dataVersion();
    if (version !== callersVersion || callers.size >= CALLER_CACHE_SIZE || revokedIds.size >= CALLER_CACHE_SIZE) {
      callers.clear();
      revokedIds.clear();
      callersVersion = version;
    }
    const known = callers.get(id);
    if (known) return { user: known, version };
    const user = await users.findById(id);
    if (user && callersVersion === version) callers.set(id, Object.freeze(user));
    return { user, version };
  }

  /** Whether logout ended this token id (`version`: the data version `caller` read, for the kept answers). */
  async function isRevokedId(jti: string, version: number | undefined): Promise<boolean> {
    const known = version === undefined ? undefined : revokedIds.get(jti);
    if (known !== undefined) return known;
    const revoked = await revokedTokens.isRevoked(jti);
    if (version !== undefined && callersVersion === version) revokedIds.set(jti, revoked);
    return revoked;
  }

  /**
   * A 7-day token with its own id (`jti`: logout ends this token only, as the provider's
   * JWTAuth::invalidate) and the user's token version (`tv`: password changes raise it, which revokes
   * every token issued before). A bare id means version 0 (a fresh account).
   */
  function issueToken(user: number | Pick<User, 'id' | 'token_version'>): string {
    const iat = nowSeconds();
    const { id, token_version } = typeof user === 'number' ? { id: user, token_version: 0 } : user;
    return jwt.sign({ sub: id, tv: token_version, jti: randomUUID(), iat, exp: iat + AUTH.tokenLifetimeDays * DAY_S });
  }

  const revoked = async (payload: Claims, user: User, version?: number) =>
    payload.tv !== user.token_version || (typeof payload.jti === 'string' && (await isRevokedId(payload.jti, version)));

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
      payload = jwt.verify<Claims>(token);
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
    if (!user || (await revoked(payload, user, version))) {
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
      // The provider answers `{error: 'invalid_credentials'}` (AuthController::login); ours adds its usual fields.
      if (!user || !ok) throw new AppError('invalid_credentials', { message: 'invalid_credentials', topLevelCode: true });
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
      if (!user || (await revoked(payload, user))) throw new AppError('token_invalid', { message: 'Token is invalid' });
      if (user.banned) throw new AppError('banned', { message: 'banned' });
      await users.touchLastConnection(user.id, clock.now());
      return { token: issueToken(user), config };
    },

    /**
     * Ends the presented token only (the provider's AuthController::logout), kept as revoked while it
     * could still be refreshed; a token from before token ids (no `jti`) can only be ended with the
     * user's version, which ends every session. Forgets the device named in the body.
     */
    async logout(user: User, authorization: string | undefined, deviceId: string | undefined) {
      if (deviceId) await users.deleteDevice(user.id, deviceId);
      const payload = verify(readBearer(authorization) ?? '', true);
      if (typeof payload.jti === 'string') {
        await revokedTokens.revoke(payload.jti, new Date((payload.iat + AUTH.refreshWindowDays * DAY_S) * 1000), clock.now());
      } else {
        await users.update(user.id, { token_version: { increment: 1 } });
      }
      return 'OK' as const;
    },

    /** The request's caller (see `authenticateRequest`, the one place roles are checked). */
    async authenticate(authorization: string | undefined, mode: EndpointAuth): Promise<User | null> {
      return (await authenticateRequest(authorization, mode)).user;
    },

    authenticateRequest,
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
