import type { Db } from '../db/client';

/** Tokens ended one by one (POST /api/logout), by their `jti`. */
export function createRevokedTokenRepository(db: Db) {
  return {
    /** Ends the token; rows whose end has passed go at the same time (nothing needs them any more). */
    async revoke(jti: string, until: Date, now: Date) {
      await db.$transaction([
        db.revokedToken.deleteMany({ where: { expires_at: { lt: now } } }),
        db.revokedToken.upsert({ where: { jti }, create: { jti, expires_at: until }, update: {} }),
      ]);
    },

    isRevoked: async (jti: string) => (await db.revokedToken.findUnique({ where: { jti }, select: { jti: true } })) !== null,
  };
}

export type RevokedTokenRepository = ReturnType<typeof createRevokedTokenRepository>;
