import { randomBytes } from 'node:crypto';
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** HS256 keys shorter than the hash (32 bytes) can be guessed offline from one token. */
export const MIN_SECRET_BYTES = 32;

/**
 * The JWT signing key: JWT_SECRET when given (refused when shorter than 32 bytes), otherwise a
 * random key generated on first start and kept in the data folder (mode 0600) so tokens survive restarts.
 */
export function resolveJwtSecret(given: string | undefined, dataDir: string): string {
  if (given !== undefined) {
    if (Buffer.byteLength(given) < MIN_SECRET_BYTES) {
      throw new Error(`JWT_SECRET must be at least ${MIN_SECRET_BYTES} bytes; unset it to have one generated in DATA_DIR`);
    }
    return given;
  }
  return keptSecret(path.join(dataDir, 'jwt-secret'));
}

const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '::1']);

/**
 * The test controls' token. MOCK_CONTROLS_TOKEN when given. Otherwise a server listening on loopback
 * only needs none (loopback clients may use the controls); a server listening beyond loopback (HOST
 * 0.0.0.0, as in a container) gets one generated on first start and kept in DATA_DIR/mock-controls-token,
 * so whoever runs it can read it and nobody else can reach the controls.
 */
export function resolveControlsToken(
  given: string | undefined,
  { dataDir, host, mockControls }: { dataDir: string; host: string; mockControls: boolean },
): { token?: string; file?: string } {
  if (given !== undefined || !mockControls || LOOPBACK_HOSTS.has(host)) return { token: given };
  const file = path.join(dataDir, 'mock-controls-token');
  return { token: keptSecret(file), file };
}

/** A random secret kept in `file` (mode 0600), created on first use. */
function keptSecret(file: string): string {
  try {
    const kept = readFileSync(file, 'utf8').trim();
    if (kept.length >= MIN_SECRET_BYTES) return kept;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  mkdirSync(path.dirname(file), { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  chmodSync(file, 0o600);
  return secret;
}
