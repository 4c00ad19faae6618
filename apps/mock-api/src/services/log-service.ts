import { LOG_LIMITS, PAGE_SIZES, type LogBodySchema } from '@carpool/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { Clock } from '../lib/clock';
import { pageOf, paginationMeta } from '../lib/paginate';
import type { LogRepository } from '../repositories/log-repository';
import { toWireLogEntry } from '../transformers/log-transformer';

type LogBody = z.output<typeof LogBodySchema>;

/** Text of a field as the provider's ClientLogSanitizer reads it: numbers and flags as text, anything else none. */
const asText = (value: unknown): string | null =>
  typeof value === 'string' ? value : typeof value === 'number' || typeof value === 'boolean' ? String(value) : null;

/**
 * The provider's ClientLogSanitizer::sanitizeString: script and style blocks and tags removed, control
 * characters dropped (line breaks too, unless `keepLines`, for the stack), trimmed, cut to `max`;
 * empty is none.
 */
export function cleanText(value: unknown, max: number, { keepLines = false } = {}): string | null {
  const text = asText(value);
  if (text === null) return null;
  let cleaned = text.replace(/<(script|style)\b[^>]*>[\s\S]*?<\/\1\s*>/gi, '').replace(/<[^>]*>/g, '');
  if (!keepLines) cleaned = cleaned.replace(/[\r\n]+/g, ' ');
  // eslint-disable-next-line no-control-regex -- control characters are what is removed
  cleaned = cleaned.replace(/[\x00-\x08\x0B\x0C\x0E-\x1F\x7F]/g, '').trim();
  return cleaned ? [...cleaned].slice(0, max).join('') : null;
}

type Context = { [key: string]: string | number | boolean | null | Context };

/**
 * ClientLogSanitizer::sanitizeContext: an object's keys and values cleaned, objects nested up to
 * LOG_LIMITS.contextDepth levels kept (deeper ones, and empty ones, dropped); not an object: none.
 */
export function cleanContext(value: unknown, depth = 0): Context | null {
  if (!value || typeof value !== 'object') return null;
  const context: Context = {};
  for (const [rawKey, item] of Object.entries(value)) {
    const key = cleanText(rawKey, LOG_LIMITS.contextKey);
    if (key === null) continue;
    if (item === null || typeof item === 'number' || typeof item === 'boolean') context[key] = item;
    else if (typeof item === 'string') {
      const text = cleanText(item, LOG_LIMITS.contextValue);
      if (text !== null) context[key] = text;
    } else if (typeof item === 'object' && depth < LOG_LIMITS.contextDepth) {
      const nested = cleanContext(item, depth + 1);
      if (nested && Object.keys(nested).length > 0) context[key] = nested;
    }
  }
  return context;
}

/** Where a dropped report is counted: the request's logger. */
type ServerLog = Pick<FastifyBaseLogger, 'warn'>;

/**
 * Client errors (POST /api/log): kept in the database, unlike the provider's log line, so admins
 * can read them. A sliding minute per user (or address) bounds what one client can write; past it
 * reports are dropped but still answered 200, as the provider (which has no limit) would.
 */
export function createLogService({ logs, clock }: { logs: LogRepository; clock: Clock }) {
  /** Per client: when its last reports were stored, and how many it had dropped since. */
  const recent = new Map<string, { times: number[]; dropped: number }>();

  /** 0 when the report fits in the client's minute, else how many it has now dropped in a row. */
  function droppedCount(key: string): number {
    const now = Date.now();
    const entry = recent.get(key) ?? { times: [], dropped: 0 };
    entry.times = entry.times.filter((at) => now - at < 60_000);
    recent.set(key, entry);
    if (entry.times.length >= LOG_LIMITS.perMinute) return ++entry.dropped;
    entry.times.push(now);
    entry.dropped = 0;
    // Forget idle clients so the map cannot grow without bound.
    if (recent.size > 10_000) for (const [other, { times }] of recent) if (times.every((t) => now - t >= 60_000)) recent.delete(other);
    return 0;
  }

  return {
    async record(body: LogBody, who: { userId: number | null; ip: string }, serverLog: ServerLog) {
      const client = who.userId ? `user:${who.userId}` : `ip:${who.ip}`;
      const dropped = droppedCount(client);
      if (dropped > 0) {
        serverLog.warn({ client, dropped }, `client log report dropped: over ${LOG_LIMITS.perMinute} a minute`);
        return { data: 'ok' as const };
      }
      const log = cleanText(body.log, LOG_LIMITS.log);
      const context = cleanContext(body.context);
      // As the provider: with neither a message nor a context there is nothing to write.
      if (log === null && context === null) return { data: 'ok' as const };
      await logs.create({
        user_id: who.userId,
        log: log ?? '',
        source: cleanText(body.source, LOG_LIMITS.source),
        stack: cleanText(body.stack, LOG_LIMITS.stack, { keepLines: true }),
        url: cleanText(body.url, LOG_LIMITS.url),
        app_version: cleanText(body.app_version, LOG_LIMITS.appVersion),
        context: context ? JSON.stringify(context) : null,
        ip: who.userId ? null : who.ip,
        created_at: clock.now(),
      });
      return { data: 'ok' as const };
    },

    /** GET /api/admin/logs: newest first, paged. */
    async list(query: { page?: number; page_size?: number }, url: string) {
      const { page, perPage, offset } = pageOf(query, PAGE_SIZES.default);
      const [rows, total] = await Promise.all([logs.page(offset, perPage), logs.count()]);
      const data = rows.map(toWireLogEntry);
      return { data, meta: paginationMeta({ total, count: data.length, page, perPage, url }) };
    },
  };
}

export type LogService = ReturnType<typeof createLogService>;
