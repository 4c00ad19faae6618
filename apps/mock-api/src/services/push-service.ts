import { chmodSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { Agent } from 'node:https';
import path from 'node:path';
import { rootCertificates } from 'node:tls';
import webpush, { type PushSubscription, WebPushError } from 'web-push';
import type { DeviceRepository } from '../repositories/device-repository';

export type VapidKeys = { publicKey: string; privateKey: string };

/**
 * The Web Push (VAPID) key pair: made on first start and kept in the data folder (mode 0600), so
 * the browsers' subscriptions survive restarts (a new key would orphan every one of them).
 */
export function resolveVapidKeys(dataDir: string): VapidKeys {
  const file = path.join(dataDir, 'vapid-keys.json');
  try {
    const kept = JSON.parse(readFileSync(file, 'utf8')) as Partial<VapidKeys>;
    if (typeof kept.publicKey === 'string' && typeof kept.privateKey === 'string') return { publicKey: kept.publicKey, privateKey: kept.privateKey };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT' && !(error instanceof SyntaxError)) throw error;
  }
  mkdirSync(dataDir, { recursive: true });
  const keys = webpush.generateVAPIDKeys();
  writeFileSync(file, JSON.stringify(keys), { mode: 0o600 });
  chmodSync(file, 0o600);
  return keys;
}

/** A browser device's device_id is its PushSubscription as JSON; anything else is not pushable. */
export function parseSubscription(deviceId: string): PushSubscription | null {
  if (!deviceId.startsWith('{')) return null;
  try {
    const value = JSON.parse(deviceId) as Partial<PushSubscription>;
    const url = new URL(String(value.endpoint));
    if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
    if (typeof value.keys?.p256dh !== 'string' || typeof value.keys.auth !== 'string') return null;
    return { endpoint: url.href, keys: { p256dh: value.keys.p256dh, auth: value.keys.auth } };
  } catch {
    return null;
  }
}

/** A stored notification to push: its text, its type and the ids a click needs. */
export type PushMessage = { body: string; type: string; extras: Record<string, unknown> };

/**
 * What a browser receives, as the provider sends it (PushChannel: the notification's getExtras()
 * replace toPush's extras, and sendBrowser sends title, body and those extras): the type inside
 * `extras`, beside the ids, never at the top.
 */
export type PushPayload = { title: string; body: string; extras: Record<string, unknown> & { type: string } };

const toPushPayload = (title: string, { body, type, extras }: PushMessage): PushPayload => ({ title, body, extras: { ...extras, type } });

export type PushOptions = {
  devices: DeviceRepository;
  keys: VapidKeys;
  /** VAPID subject: a mailto: or https: address push services can reach the sender at. */
  subject: string;
  title: string;
  /** Give up on a push endpoint after this long (a slow one must not pile up work). */
  timeoutMs?: number;
  /** An extra certificate authority to trust (PEM), besides the system's: a local push service in tests. */
  ca?: string;
};

/**
 * Sends pushes to a user's devices with notifications on, in the background: callers never wait
 * for a push service, and a failing one never fails them. A gone subscription (404/410) turns the
 * device's notifications off, as the provider does with a stale FCM token.
 */
export function createPushService({ devices, keys, subject, title, timeoutMs = 10_000, ca }: PushOptions) {
  const vapidDetails = { subject, publicKey: keys.publicKey, privateKey: keys.privateKey };
  const agent = ca ? new Agent({ ca: [...rootCertificates, ca], keepAlive: false }) : undefined;
  const pending = new Set<Promise<void>>();

  async function sendToDevice(device: { id: number; device_id: string }, payload: PushPayload) {
    const subscription = parseSubscription(device.device_id);
    if (!subscription) return;
    try {
      await webpush.sendNotification(subscription, JSON.stringify(payload), { vapidDetails, TTL: 24 * 3600, timeout: timeoutMs, ...(agent ? { agent } : {}) });
    } catch (error) {
      if (error instanceof WebPushError && (error.statusCode === 404 || error.statusCode === 410)) {
        await devices.stopNotifications(device.id);
      }
      // Other failures (network, 5xx) are the push service's; the notification is stored anyway.
    }
  }

  async function deliver(entries: { userId: number; message: PushMessage }[]) {
    const userIds = [...new Set(entries.map((entry) => entry.userId))];
    const listening = await devices.listening(userIds);
    await Promise.all(
      entries.flatMap(({ userId, message }) => {
        const payload = toPushPayload(title, message);
        return listening.filter((device) => device.user_id === userId).map((device) => sendToDevice(device, payload));
      }),
    );
  }

  return {
    publicKey: keys.publicKey,

    /**
     * Queues pushes; `ready` (optional) resolves when the notifications are committed, false when
     * they were not (their transaction rolled back), and nothing is pushed then.
     */
    send(entries: { userId: number; message: PushMessage }[], ready: Promise<boolean> = Promise.resolve(true)) {
      if (entries.length === 0) return;
      const job = (async () => {
        if (!(await ready)) return;
        await deliver(entries);
      })()
        .catch(() => undefined)
        .finally(() => pending.delete(job));
      pending.add(job);
    },

    /** Resolves when every queued push is done (tests, shutdown). */
    async settle() {
      while (pending.size > 0) await Promise.all([...pending]);
    },
  };
}

export type PushService = ReturnType<typeof createPushService>;
