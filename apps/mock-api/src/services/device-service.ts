import type { DeviceBodySchema, DeviceUpdateBodySchema } from '@carpool/contracts';
import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import { AppError } from '../lib/app-error';
import type { Clock } from '../lib/clock';
import type { DeviceRepository } from '../repositories/device-repository';
import type { Transaction } from '../repositories/index';
import { toWireDevice } from '../transformers/device-transformer';

type RegisterBody = z.output<typeof DeviceBodySchema>;
type UpdateBody = z.output<typeof DeviceUpdateBodySchema>;

const notFound = (message: string) => new AppError('device_not_found', { message, asList: true });

/** A user's browsers and phones (SOCIAL.md §6, DeviceManager). `session` is the request's JWT. */
export function createDeviceService({ devices, transaction, clock }: { devices: DeviceRepository; transaction: Transaction; clock: Clock }) {
  const changes = (body: UpdateBody) => ({
    ...(body.device_id !== undefined ? { device_id: body.device_id } : {}),
    ...(body.device_type !== undefined ? { device_type: body.device_type } : {}),
    ...(body.app_version !== undefined ? { app_version: String(body.app_version) } : {}),
    ...(body.notifications !== undefined ? { notifications: body.notifications } : {}),
    last_activity: clock.now(),
  });

  return {
    async list(userId: number) {
      const rows = await devices.listOf(userId);
      return { data: rows.map(toWireDevice), count: rows.filter((row) => row.notifications).length };
    },

    /**
     * The provider's register: this session's device is updated; else this user's device with the
     * same device_id (a new session); the same device_id held by another user is removed (one
     * device, one user); else a new one. Unlike the provider, `notifications` is kept on create:
     * a browser that has not allowed notifications says so, and gets no pushes.
     */
    async register(userId: number, session: string, body: RegisterBody) {
      return transaction(async ({ devices: txDevices }) => {
        const deviceId = body.device_id ?? `browser-${randomUUID()}`;
        const bySession = await txDevices.findBySession(userId, session);
        if (bySession) {
          const row = await txDevices.update(bySession.id, { ...changes({ ...body, device_id: body.device_id }) });
          await txDevices.deleteOthersWithDeviceId(row.device_id, row.id);
          return { data: toWireDevice(row) };
        }
        const sameDevice = await txDevices.withDeviceId(deviceId);
        const mine = sameDevice.find((row) => row.user_id === userId);
        const others = sameDevice.filter((row) => row !== mine).map((row) => row.id);
        if (others.length > 0) await txDevices.deleteIds(others);
        if (mine) {
          const row = await txDevices.update(mine.id, { ...changes(body), session_id: session });
          return { data: toWireDevice(row) };
        }
        const row = await txDevices.create({
          user_id: userId,
          session_id: session,
          device_id: deviceId,
          device_type: body.device_type,
          app_version: String(body.app_version),
          notifications: body.notifications,
          language: 'es',
          last_activity: clock.now(),
        });
        return { data: toWireDevice(row) };
      });
    },

    /** Another user's or a missing device: 422 device_not_found, as the provider answers. */
    async update(userId: number, id: number, body: UpdateBody) {
      const own = await devices.findOwned(userId, id);
      if (!own) throw notFound('Bad request exceptions');
      if (body.device_id !== undefined && body.device_id !== own.device_id) {
        // The token moved to this user: nobody else keeps it.
        await devices.deleteOthersWithDeviceId(body.device_id, id);
      }
      const row = await devices.update(id, changes(body));
      return { data: toWireDevice(row) };
    },

    /** Only the caller's own device (the provider, by a bug, removes only other users'). */
    async delete(userId: number, id: number) {
      if ((await devices.deleteOwned(userId, id)) === 0) throw notFound('Bad request exceptions');
      return 'OK' as const;
    },

    /** POST /api/devices/logout: the device this session registered. */
    async logoutSession(userId: number, session: string) {
      if ((await devices.deleteOfSession(userId, session)) === 0) throw notFound('Device not found');
      return { message: 'Device logged out successfully' };
    },

    /** POST /api/logout also removes this session's device (and the one named in the body). */
    async forgetSession(userId: number, session: string) {
      await devices.deleteOfSession(userId, session);
    },
  };
}

export type DeviceService = ReturnType<typeof createDeviceService>;
