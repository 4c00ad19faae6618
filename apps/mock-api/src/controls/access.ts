import { timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';

export const MOCK_CONTROLS_TOKEN_HEADER = 'x-mock-controls-token';
/** The control page's browser session: set by GET /__mock/?token=…, sent back to /__mock only. */
export const MOCK_CONTROLS_COOKIE = 'mock_controls_token';

const LOOPBACK_ADDRESSES = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);
const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '::1', '[::1]']);

/**
 * Headers a proxy adds. A reverse proxy on the same host makes every client loopback, so a request
 * that carries any of them is never trusted for being loopback (RFC 7239 Forwarded, the de facto X-Forwarded-*,
 * nginx's X-Real-IP, and Via, which every HTTP/1.1 proxy must add).
 */
export const FORWARDING_HEADERS = ['forwarded', 'x-forwarded-for', 'x-forwarded-host', 'x-forwarded-proto', 'x-real-ip', 'via'] as const;

export type ControlsAccess = { allowed: true; by: 'token' | 'loopback' } | { allowed: false; reason: string };

export const isLoopbackHost = (host: string): boolean => LOOPBACK_HOSTS.has(host.toLowerCase());

/** The host name of a Host or Origin value (`localhost:3000` → `localhost`, `[::1]:3000` → `[::1]`). */
function hostName(value: string | undefined): string | undefined {
  if (!value) return undefined;
  try {
    return new URL(value.includes('://') ? value : `http://${value}`).hostname.toLowerCase();
  } catch {
    return undefined;
  }
}

function sameSecret(sent: string, token: string): boolean {
  const a = Buffer.from(sent);
  const b = Buffer.from(token);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** The token the request carries: the header, else the control page's cookie. */
export function sentToken(request: FastifyRequest): string | undefined {
  const header = request.headers[MOCK_CONTROLS_TOKEN_HEADER];
  if (typeof header === 'string') return header;
  // The control page's address once, `/__mock/?token=…` (page.ts turns it into the cookie).
  const query = request.query as Record<string, unknown> | undefined;
  const pagePath = request.url.split('?')[0];
  if (request.method === 'GET' && (pagePath === '/__mock' || pagePath === '/__mock/') && typeof query?.token === 'string') return query.token;
  const cookies = request.headers.cookie;
  if (!cookies) return undefined;
  for (const part of cookies.split(';')) {
    const [name, ...value] = part.trim().split('=');
    if (name === MOCK_CONTROLS_COOKIE) return decodeURIComponent(value.join('='));
  }
  return undefined;
}

/**
 * Who may use the test controls (/__mock/*, the control page, the drift report):
 * - with a token configured (MOCK_CONTROLS_TOKEN, or the one generated when listening beyond loopback):
 *   only requests that send it, loopback included;
 * - without one: only a direct loopback client of a server that listens on loopback, i.e. a
 *   loopback socket, a loopback Host (no DNS rebinding), no forwarding header (no proxy in between)
 *   and, when the browser sends an Origin, the same host (no other site's page).
 */
export function controlsAccess(request: FastifyRequest, settings: { token: string | undefined; host: string }): ControlsAccess {
  const { token, host } = settings;
  if (token) {
    const sent = sentToken(request);
    return sent !== undefined && sameSecret(sent, token)
      ? { allowed: true, by: 'token' }
      : { allowed: false, reason: `Test controls need the token: send it in the ${MOCK_CONTROLS_TOKEN_HEADER} header (or open /__mock/?token=…).` };
  }
  const needToken = 'Test controls answer direct loopback clients only; behind a proxy or beyond loopback set MOCK_CONTROLS_TOKEN and send it in the X-Mock-Controls-Token header.';
  if (!isLoopbackHost(host)) return { allowed: false, reason: needToken };
  if (!LOOPBACK_ADDRESSES.has(request.socket.remoteAddress ?? '')) return { allowed: false, reason: needToken };
  if (FORWARDING_HEADERS.some((name) => request.headers[name] !== undefined)) return { allowed: false, reason: needToken };
  const requestHost = hostName(request.headers.host);
  if (requestHost !== undefined && !isLoopbackHost(requestHost)) return { allowed: false, reason: needToken };
  const origin = request.headers.origin;
  if (origin !== undefined && origin !== 'null' && hostName(origin) !== requestHost) return { allowed: false, reason: needToken };
  if (origin === 'null') return { allowed: false, reason: needToken };
  return { allowed: true, by: 'loopback' };
}

/** The same rule as a yes or no (the drift report of apps/mock-api/src/proxy guards itself with it). */
export function mayUseControls(request: FastifyRequest, settings: { token: string | undefined; host: string }): boolean {
  return controlsAccess(request, settings).allowed;
}

/** How `npm start` says to reach the controls. */
export function controlsBanner(settings: { token: string | undefined; tokenFile?: string; host: string; port: number }): string {
  const page = `http://localhost:${settings.port}/__mock/`;
  if (settings.token) {
    const where = settings.tokenFile ? `the token in ${settings.tokenFile}` : 'the token of MOCK_CONTROLS_TOKEN';
    return `Test controls (/__mock/*): send the header X-Mock-Controls-Token with ${where}; control page: ${page}?token=<token>`;
  }
  return `Test controls (/__mock/*): ${page} for loopback clients only (not through a proxy: set MOCK_CONTROLS_TOKEN for that)`;
}
