import type { Device as WireDevice, DeviceBodySchema, DeviceUpdateBodySchema } from '@carpool/contracts';
import type { Device } from '@prisma/client';
import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import type { Db } from '../db/client';
import { AppError } from '../lib/app-error';
import type { Clock } from '../lib/clock';
import { toModelDateTime } from '../lib/dates';

type RegisterBody = z.output<typeof DeviceBodySchema>;
type UpdateBody = z.output<typeof DeviceUpdateBodySchema>;

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

const notFound = (message: string) => new AppError('device_not_found', { message, asList: true });

/** A user's browsers and phones (SOCIAL.md §6, DeviceManager). `session` is the request's JWT. */
export function createDeviceService({ db, clock }: { db: Db; clock: Clock }) {
  const changes = (body: UpdateBody) => ({
    ...(body.device_id !== undefined ? { device_id: body.device_id } : {}),
    ...(body.device_type !== undefined ? { device_type: body.device_type } : {}),
    ...(body.app_version !== undefined ? { app_version: String(body.app_version) } : {}),
    ...(body.notifications !== undefined ? { notifications: body.notifications } : {}),
    last_activity: clock.now(),
  });

  return {
    async list(userId: number) {
      const rows = await db.device.findMany({ where: { user_id: userId }, orderBy: { id: 'asc' } });
      return { data: rows.map(toWireDevice), count: rows.filter((row) => row.notifications).length };
    },

    /**
     * The provider's register: this session's device is updated; else this user's device with the
     * same device_id (a new session); the same device_id held by another user is removed (one
     * device, one user); else a new one. Unlike the provider, `notifications` is kept on create:
     * a browser that has not allowed notifications says so, and gets no pushes.
     */
    async register(userId: number, session: string, body: RegisterBody) {
      return db.$transaction(async (tx) => {
        const deviceId = body.device_id ?? `browser-${randomUUID()}`;
        const bySession = await tx.device.findFirst({ where: { session_id: session, user_id: userId } });
        if (bySession) {
          const row = await tx.device.update({ where: { id: bySession.id }, data: { ...changes({ ...body, device_id: body.device_id }) } });
          await tx.device.deleteMany({ where: { device_id: row.device_id, id: { not: row.id } } });
          return { data: toWireDevice(row) };
        }
        const sameDevice = await tx.device.findMany({ where: { device_id: deviceId } });
        const mine = sameDevice.find((row) => row.user_id === userId);
        const others = sameDevice.filter((row) => row !== mine).map((row) => row.id);
        if (others.length > 0) await tx.device.deleteMany({ where: { id: { in: others } } });
        if (mine) {
          const row = await tx.device.update({ where: { id: mine.id }, data: { ...changes(body), session_id: session } });
          return { data: toWireDevice(row) };
        }
        const row = await tx.device.create({
          data: {
            user_id: userId,
            session_id: session,
            device_id: deviceId,
            device_type: body.device_type,
            app_version: String(body.app_version),
            notifications: body.notifications,
            language: 'es',
            last_activity: clock.now(),
          },
        });
        return { data: toWireDevice(row) };
      });
    },

    /** Another user's or a missing device: 422 device_not_found, as the provider answers. */
    async update(userId: number, id: number, body: UpdateBody) {
      const own = await db.device.findFirst({ where: { id, user_id: userId } });
      if (!own) throw notFound('Bad request exceptions');
      if (body.device_id !== undefined && body.device_id !== own.device_id) {
        // The token moved to this user: nobody else keeps it.
        await db.device.deleteMany({ where: { device_id: body.device_id, id: { not: id } } });
      }
      const row = await db.device.update({ where: { id }, data: changes(body) });
      return { data: toWireDevice(row) };
    },

    /** Only the caller's own device (the provider, by a bug, removes only other users'). */
    async delete(userId: number, id: number) {
      const { count } = await db.device.deleteMany({ where: { id, user_id: userId } });
      if (count === 0) throw notFound('Bad request exceptions');
      return 'OK' as const;
    },

    /** POST /api/devices/logout: the device this session registered. */
    async logoutSession(userId: number, session: string) {
      const { count } = await db.device.deleteMany({ where: { session_id: session, user_id: userId } });
      if (count === 0) throw notFound('Device not found');
      return { message: 'Device logged out successfully' };
    },

    /** POST /api/logout also removes this session's device (and the one named in the body). */
    async forgetSession(userId: number, session: string) {
      await db.device.deleteMany({ where: { session_id: session, user_id: userId } });
    },
  };
}

export type DeviceService = ReturnType<typeof createDeviceService>;
