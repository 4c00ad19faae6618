import { APP, LENGTHS, type LogBody } from '@carpool/contracts';
import { runtimeConfig } from './runtime-config';
import { STORAGE_KEYS, storage } from './storage';

/** At most this many reports in a sliding minute: a render loop must not flood the server. */
export const REPORTS_PER_MINUTE = 5;
const MINUTE_MS = 60_000;

const sentAt: number[] = [];
const recentKeys = new Map<string, number>();
let sending = false;

function describe(error: unknown): { message: string; stack?: string } {
  if (error instanceof Error) return { message: `${error.name}: ${error.message}`, stack: error.stack };
  if (typeof error === 'string') return { message: error };
  try {
    return { message: JSON.stringify(error) ?? String(error) };
  } catch {
    return { message: String(error) };
  }
}

/** Scalars only, cut to the server's limits, so a context never makes the report itself fail. */
function flatContext(context: Record<string, unknown> | undefined): Record<string, string | number | boolean | null> | undefined {
  if (!context) return undefined;
  const out: Record<string, string | number | boolean | null> = {};
  for (const [key, value] of Object.entries(context).slice(0, 20)) {
    const name = key.slice(0, 100);
    if (value === null || typeof value === 'number' || typeof value === 'boolean') out[name] = value;
    else if (typeof value === 'string') out[name] = value.slice(0, 1000);
    else {
      try {
        out[name] = (JSON.stringify(value) ?? String(value)).slice(0, 1000);
      } catch {
        out[name] = String(value).slice(0, 1000);
      }
    }
  }
  return out;
}

function allowed(key: string, now: number): boolean {
  while (sentAt.length > 0 && now - sentAt[0]! > MINUTE_MS) sentAt.shift();
  if (sentAt.length >= REPORTS_PER_MINUTE) return false;
  // The same error twice within the minute is one report.
  const last = recentKeys.get(key);
  if (last !== undefined && now - last < MINUTE_MS) return false;
  sentAt.push(now);
  recentKeys.set(key, now);
  if (recentKeys.size > 50) recentKeys.delete(recentKeys.keys().next().value!);
  return true;
}

/** The POST /api/log body of a client error: message with the stack, page URL, app version, context. */
export function clientErrorBody(error: unknown, context?: Record<string, unknown>): LogBody {
  const { message, stack } = describe(error);
  return {
    log: (stack && !stack.includes(message) ? `${message}\n${stack}` : (stack ?? message)).slice(0, LENGTHS.log),
    source: 'web',
    stack: stack?.slice(0, LENGTHS.log),
    url: globalThis.location?.href?.slice(0, 2000),
    app_version: APP.appVersion,
    context: flatContext(context),
  };
}

/**
 * Sends a report with plain fetch, not the app's API client: a failing report must not go through
 * the client's own error handling (a 401 would end the session), and nothing here throws.
 */
export function postClientError(
  body: LogBody,
  { baseUrl = runtimeConfig.apiUrl, token = storage.get<string>(STORAGE_KEYS.token), fetch = globalThis.fetch }: { baseUrl?: string; token?: string | null; fetch?: typeof globalThis.fetch } = {},
): Promise<Response | undefined> {
  const headers: Record<string, string> = { 'Content-Type': 'application/json', Accept: 'application/json' };
  if (typeof token === 'string' && token) headers.Authorization = `Bearer ${token}`;
  return fetch(`${baseUrl}/api/log`, { method: 'POST', headers, body: JSON.stringify(body), keepalive: true }).catch(() => undefined);
}

/**
 * Sends a client error to POST /api/log (message, stack, page URL, app version; the token when
 * logged in). Never throws and never reports its own failure, so it cannot loop.
 */
export function reportClientError(error: unknown, context?: Record<string, unknown>): void {
  if (sending) return;
  try {
    sending = true;
    const body = clientErrorBody(error, context);
    // Where it was thrown (the top frame) tells repeats apart from other errors with the same text.
    const topFrame = body.stack?.split('\n').find((line) => line.trim().startsWith('at ') || line.includes('@')) ?? '';
    const { message } = describe(error);
    if (!allowed(`${message}\n${topFrame}`.slice(0, 500), Date.now())) return;
    void postClientError(body);
  } catch {
    // Reporting is best effort.
  } finally {
    sending = false;
  }
}

let installed = false;

/** Window errors and unhandled promise rejections go to the server log. Idempotent. */
export function installGlobalErrorReporting(target: Window = window): void {
  if (installed) return;
  installed = true;
  target.addEventListener('error', (event: ErrorEvent) => {
    // Failed <img>/<script> loads fire 'error' without an ErrorEvent message; those are not app errors.
    if (!(event instanceof ErrorEvent)) return;
    reportClientError(event.error ?? event.message, { kind: 'window.onerror', file: event.filename, line: event.lineno, column: event.colno });
  });
  target.addEventListener('unhandledrejection', (event: PromiseRejectionEvent) => {
    reportClientError(event.reason, { kind: 'unhandledrejection' });
  });
}

/** For tests: forget the rate-limit window. */
export function resetErrorReportingForTests(): void {
  sentAt.length = 0;
  recentKeys.clear();
}
