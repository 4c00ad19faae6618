import type { LogEntry as WireLogEntry } from '@carpool/contracts';
import type { LogEntry } from '@prisma/client';
import { toWireDateTime } from '../lib/dates';

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
