import { z } from 'zod';
import { FlagSchema, IdSchema, ModelDateTimeSchema, bodyBool, dataOf, pathId, queryInt } from './common';
import { APP, LENGTHS } from './constants';
import { defineEndpoint } from './endpoint';
import { ErrorBodySchema } from './errors';

/**
 * 'browser' on the web; the mobile shells send their platform. Free text, as the provider stores it
 * (`users_devices.device_type`, 12 characters; DeviceManager does not validate it and
 * Device::isAndroid/isIOS/isBrowser look for the word in it).
 */
export const DeviceTypeSchema = z.string().trim().min(1).max(LENGTHS.deviceType);

/** A device (browser or phone) of a logged-in user, for push notifications. Stored locally as CURRENT_DEVICE. */
export const DeviceSchema = z
  .object({
    id: IdSchema,
    user_id: IdSchema.optional(),
    /** The push token, or an id of the browser when push is off. */
    device_id: z.string(),
    device_type: z.string(),
    app_version: z.union([z.number().int(), z.string()]),
    /** Push notifications on. */
    notifications: FlagSchema,
    language: z.string().nullable().optional(),
    /** ISO 8601 from the provider's model (and from us); 'YYYY-MM-DD HH:mm:ss' also read. */
    created_at: ModelDateTimeSchema.optional(),
    updated_at: ModelDateTimeSchema.optional(),
  })
  .loose();
export type Device = z.infer<typeof DeviceSchema>;

/**
 * The push token. The spec's web payload leaves it out (no push token in a plain browser); the
 * server then makes an id for the browser. The provider requires it.
 */
const deviceIdInput = z.string().trim().min(1).max(LENGTHS.deviceId);
const appVersionInput = queryInt().pipe(z.number().int().positive());

/** POST /api/devices. */
export const DeviceBodySchema = z.object({
  device_id: deviceIdInput.optional(),
  device_type: DeviceTypeSchema.default('browser'),
  /** APP.appVersion on the web. */
  app_version: appVersionInput.default(APP.appVersion),
  notifications: bodyBool().default(true),
});
export type DeviceBody = z.input<typeof DeviceBodySchema>;

/** PUT /api/devices/:id: the fields to change. */
export const DeviceUpdateBodySchema = z.object({
  device_id: deviceIdInput.optional(),
  device_type: DeviceTypeSchema.optional(),
  app_version: appVersionInput.optional(),
  notifications: bodyBool().optional(),
});
export type DeviceUpdateBody = z.input<typeof DeviceUpdateBodySchema>;

const deviceParams = z.object({ id: pathId() });
const errors = { 401: ErrorBodySchema, 422: ErrorBodySchema };

export const deviceEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/api/devices',
    summary: "The current user's devices",
    auth: 'user',
    description: 'The provider also answers `count`: how many of them have notifications on.',
    responses: { 200: dataOf(z.array(DeviceSchema)).extend({ count: z.number().int().nonnegative() }), 401: ErrorBodySchema },
  }),
  create: defineEndpoint({
    method: 'POST',
    path: '/api/devices',
    summary: 'Register this device (after login and at start-up)',
    description:
      'Also the push-token registration, whose path the spec does not show: the same call with ' +
      'device_id = the push token (on the web, the JSON of the Web Push subscription), as the provider ' +
      'does. The device of this session (token) is updated; else the same device_id of this user is ' +
      'updated; the same device_id of another user is removed ("one device, one user"); else a new one.',
    auth: 'user',
    body: DeviceBodySchema,
    responses: { 200: dataOf(DeviceSchema), ...errors },
  }),
  update: defineEndpoint({
    method: 'PUT',
    path: '/api/devices/:id',
    summary: 'Update this device (app version, push token, notifications on/off)',
    description: "Another user's or a missing device: 422 device_not_found.",
    auth: 'user',
    params: deviceParams,
    body: DeviceUpdateBodySchema,
    responses: { 200: dataOf(DeviceSchema), ...errors },
  }),
  delete: defineEndpoint({
    method: 'DELETE',
    path: '/api/devices/:id',
    summary: 'Remove a device (at logout)',
    description:
      'Answers the JSON string "OK". Only the caller\'s own device is removed; another user\'s or a missing ' +
      'one gives 422 device_not_found (the provider answers "OK" and, by a bug, removes only other users\' devices).',
    auth: 'user',
    params: deviceParams,
    responses: { 200: z.literal('OK'), ...errors },
  }),
  logout: defineEndpoint({
    method: 'POST',
    path: '/api/devices/logout',
    summary: 'Remove the device registered with this session (token)',
    description: 'None registered with this token: 422 device_not_found.',
    auth: 'user',
    responses: { 200: z.object({ message: z.string() }), ...errors },
  }),
  pushKey: defineEndpoint({
    method: 'GET',
    path: '/api/devices/push-key',
    summary: "The server's Web Push (VAPID) public key, for PushManager.subscribe",
    description: 'Ours: the provider pushes through Firebase. The key pair is made on first start and kept.',
    auth: 'none',
    responses: { 200: dataOf(z.object({ public_key: z.string().min(1) })) },
  }),
};
