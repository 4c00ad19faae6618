import { APP, endpoints, type Device, type DeviceBody } from '@carpool/contracts';
import { api, type ApiClient } from './api-client';
import { i18n } from './i18n';
import { notificationPermission, pushSubscription, requestNotificationPermission, type PushPermission } from './service-worker';
import { session, type SessionStore } from './session';
import { toast } from './toast';

/** What the device registration needs of the browser (a fake in the unit tests). */
export type DevicePlatform = {
  permission: () => PushPermission;
  /** The push subscription for the server's VAPID key, or null without push. */
  subscription: (publicKey: string) => Promise<PushSubscriptionJSON | null>;
};

export type DeviceDeps = {
  api: Pick<ApiClient, 'call'>;
  session: SessionStore;
  platform: DevicePlatform;
  /** The server's VAPID public key (default: GET /api/devices/push-key). */
  pushKey?: () => Promise<string>;
};

/**
 * Start-up and login (spec document 1 §4, "update the device"): registers this browser for the
 * logged-in user, or updates it, and keeps the answer as CURRENT_DEVICE. `device_type` is
 * 'browser'; `device_id` is the push subscription (JSON) when notifications are allowed, otherwise
 * the id the server gave this browser before (so a browser without push stays one device).
 * POST /api/devices finds this session's device, or this user's device with the same device_id,
 * before it makes a new one; an older device this browser had is removed when a new one replaces it.
 */
export async function updateDevice({
  api,
  session,
  platform,
  pushKey = async () => (await api.call(endpoints.devices.pushKey)).data.public_key,
}: DeviceDeps): Promise<Device | null> {
  if (!session.getState().token) return null;
  const stored = session.getState().device;

  let subscription: string | undefined;
  if (platform.permission() === 'granted') {
    try {
      const found = await platform.subscription(await pushKey());
      if (found) subscription = JSON.stringify(found);
    } catch {
      // No key or no push service: the device is registered without push.
    }
  }

  const body: DeviceBody = {
    device_type: 'browser',
    app_version: APP.appVersion,
    notifications: subscription !== undefined,
  };
  const deviceId = subscription ?? stored?.device_id;
  if (deviceId) body.device_id = deviceId;

  const { data } = await api.call(endpoints.devices.create, { body });
  // Logged out meanwhile: the answer belongs to a session that is over.
  if (!session.getState().token) return null;
  session.setDevice(data);
  if (stored && stored.id !== data.id) {
    await api.call(endpoints.devices.delete, { params: { id: stored.id } }).catch(() => undefined);
  }
  return data;
}

const browserPlatform: DevicePlatform = { permission: notificationPermission, subscription: pushSubscription };

let running: Promise<unknown> = Promise.resolve();

/** The app's device update, one at a time (start-up, login and a granted permission may overlap). */
export function syncDevice(): Promise<Device | null> {
  const next = running.then(() => updateDevice({ api, session, platform: browserPlatform }));
  running = next.catch(() => undefined);
  return next;
}

/**
 * Asks for the notification permission after a tap (the only way Safari and Firefox ask) and says
 * how it went (spec document 2 §8: 'notificacionesPermitidas' or 'notificacionesDenegadas'); once
 * allowed, the device is registered again with its push subscription.
 */
export async function askForNotifications(
  request: () => Promise<PushPermission> = requestNotificationPermission,
  sync: () => Promise<unknown> = syncDevice,
): Promise<PushPermission> {
  const permission = await request();
  if (permission === 'granted') {
    toast.success(i18n.t('notificacionesPermitidas'));
    void sync().catch(() => undefined);
  } else if (permission === 'denied') {
    toast.error(i18n.t('notificacionesDenegadas'));
  }
  return permission;
}
