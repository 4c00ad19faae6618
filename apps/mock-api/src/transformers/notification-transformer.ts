import type { Notification as WireNotification } from '@carpool/contracts';
import type { Notification } from '@prisma/client';
import { toWireDateTime } from '../lib/dates';

function parseExtras(value: string): Record<string, unknown> {
  try {
    const parsed: unknown = JSON.parse(value);
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/** As the provider answers it: the type inside `extras`, beside the ids a click needs. */
export const toWireNotification = (row: Notification): WireNotification => ({
  id: row.id,
  readed: row.readed,
  created_at: toWireDateTime(row.created_at),
  text: row.text,
  extras: { ...parseExtras(row.extras), type: row.type },
});
