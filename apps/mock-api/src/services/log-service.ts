import { LOG_LIMITS, PAGE_SIZES, type LogBodySchema, type LogEntry as WireLogEntry } from '@carpool/contracts';
import type { LogEntry } from '@prisma/client';
import type { z } from 'zod';
import type { Db } from '../db/client';
import { AppError } from '../lib/app-error';
import type { Clock } from '../lib/clock';
import { toWireDateTime } from '../lib/dates';
import { pageOf, paginationMeta } from '../lib/paginate';

type LogBody = z.output<typeof LogBodySchema>;

/** The provider strips tags, scripts and styles from what clients send (ClientLogSanitizer). */
function clean(text: string): string {
  return text
    .replace(/<(script|style)\b[^>]*>[\s\S]*?<\/\1\s*>/gi, '')
    .replace(/<[^>]*>/g, '')
    .trim();
}

function parseContext(value: string | null): Record<string, unknown> | null {
  if (!value) return null;
  try {
    return JSON.parse(value) as Record<string, unknown>;
  } catch {
    return null;
  }
}

export const toWireLogEntry = (row: LogEntry): WireLogEntry => ({
  id: row.id,
  user_id: row.user_id,
  log: row.log,
  source: row.source,
  stack: row.stack,
  url: row.url,
  app_version: row.app_version,
  context: parseContext(row.context),
  created_at: toWireDateTime(row.created_at),
});

/**
 * Client errors (POST /api/log): kept in the database, unlike the provider's log line, so admins
 * can read them. A sliding minute per user (or address) bounds what one client can write.
 */
export function createLogService({ db, clock }: { db: Db; clock: Clock }) {
  const recent = new Map<string, number[]>();

  function allow(key: string): boolean {
    const now = Date.now();
    const times = (recent.get(key) ?? []).filter((at) => now - at < 60_000);
    if (times.length >= LOG_LIMITS.perMinute) {
      recent.set(key, times);
      return false;
    }
    times.push(now);
    recent.set(key, times);
    // Forget idle clients so the map cannot grow without bound.
    if (recent.size > 10_000) for (const [other, at] of recent) if (at.every((t) => now - t >= 60_000)) recent.delete(other);
    return true;
  }

  return {
    async record(body: LogBody, who: { userId: number | null; ip: string }) {
      if (!allow(who.userId ? `user:${who.userId}` : `ip:${who.ip}`)) {
        throw new AppError('too_many_requests', { message: 'Too Many Attempts.' });
      }
      const log = clean(body.log);
      await db.logEntry.create({
        data: {
          user_id: who.userId,
          log: log || body.log,
          source: body.source ? clean(body.source) : null,
          stack: body.stack ?? null,
          url: body.url ?? null,
          app_version: body.app_version === undefined ? null : String(body.app_version),
          context: body.context ? JSON.stringify(body.context) : null,
          ip: who.userId ? null : who.ip,
          created_at: clock.now(),
        },
      });
      return { data: 'ok' as const };
    },

    /** GET /api/admin/logs: newest first, paged. */
    async list(query: { page?: number; page_size?: number }, url: string) {
      const { page, perPage, offset } = pageOf(query, PAGE_SIZES.default);
      const [rows, total] = await Promise.all([
        db.logEntry.findMany({ orderBy: [{ created_at: 'desc' }, { id: 'desc' }], skip: offset, take: perPage }),
        db.logEntry.count(),
      ]);
      const data = rows.map(toWireLogEntry);
      return { data, meta: paginationMeta({ total, count: data.length, page, perPage, url }) };
    },
  };
}

export type LogService = ReturnType<typeof createLogService>;
