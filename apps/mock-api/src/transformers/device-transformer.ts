import type { Device as WireDevice } from '@carpool/contracts';
import type { Device } from '@prisma/client';
import { toModelDateTime } from '../lib/dates';

/**
 * The provider's raw device row (its model's ISO 8601 timestamps), without session_id: the provider
 * sends the session's JWT in it, which no answer should carry.
 */
export const toWireDevice = (row: Device): WireDevice => ({
  id: row.id,
  user_id: row.user_id,
  device_id: row.device_id,
  device_type: row.device_type,
  app_version: Number.isInteger(Number(row.app_version)) ? Number(row.app_version) : row.app_version,
  notifications: row.notifications,
  language: row.language,
  created_at: toModelDateTime(row.created_at),
  updated_at: toModelDateTime(row.updated_at),
});
