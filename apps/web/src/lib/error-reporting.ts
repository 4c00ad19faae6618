import { endpoints, LENGTHS } from '@carpool/contracts';
import { api } from './api-client';

const PER_MINUTE = 5;
let windowStart = 0;
let sentInWindow = 0;

/** The log line: the error's name, message and stack, then the context as JSON. */
function logLine(error: unknown, context?: Record<string, unknown>): string {
  const text =
    error instanceof Error ? `${error.name}: ${error.message}${error.stack ? `\n${error.stack}` : ''}` : String(error);
  const line = context ? `${text}\n${JSON.stringify(context)}` : text;
  return line.slice(0, LENGTHS.log);
}

/**
 * Sends a client error to the server log (POST /api/log), a few per minute at most so a failing
 * render loop cannot flood the server. Never throws: reporting must not break the page.
 */
export function reportClientError(error: unknown, context?: Record<string, unknown>): void {
  const now = Date.now();
  if (now - windowStart >= 60_000) {
    windowStart = now;
    sentInWindow = 0;
  }
  if (sentInWindow >= PER_MINUTE) return;
  sentInWindow += 1;
  void api.call(endpoints.logging.log, { body: { log: logLine(error, context) } }).catch(() => undefined);
}
