/**
 * The service worker (src/sw/sw.ts, built to /app/sw.js by vite-plugin-pwa) and Web Push in the
 * page: registration, the notification permission and the push subscription.
 */

export type PushPermission = NotificationPermission | 'unsupported';

const swUrl = () => `${import.meta.env.BASE_URL}sw.js`;

export const pushSupported = (): boolean =>
  typeof window !== 'undefined' && 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;

export function notificationPermission(): PushPermission {
  return typeof Notification === 'undefined' ? 'unsupported' : Notification.permission;
}

/** Asks the browser (it shows its own prompt; Safari and Firefox only after a tap). */
export async function requestNotificationPermission(): Promise<PushPermission> {
  if (typeof Notification === 'undefined') return 'unsupported';
  return Notification.requestPermission();
}

let registering: Promise<ServiceWorkerRegistration | null> | undefined;

/**
 * Registers /app/sw.js once, in built apps only (the dev server has no worker). A failure leaves
 * the app as it is: it only loses pushes and the offline copy.
 */
export function registerServiceWorker(): Promise<ServiceWorkerRegistration | null> {
  if (!import.meta.env.PROD || typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return Promise.resolve(null);
  registering ??= navigator.serviceWorker.register(swUrl(), { scope: import.meta.env.BASE_URL, updateViaCache: 'none' }).catch((error: unknown) => {
    console.warn('Service worker not registered', error);
    return null;
  });
  return registering;
}

/** A notification clicked while the app is open: the worker asks the page to go there (client-side). */
export function onServiceWorkerNavigate(navigate: (url: URL) => void): () => void {
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return () => undefined;
  const listener = (event: MessageEvent) => {
    const data = event.data as { type?: unknown; url?: unknown } | null;
    if (data?.type !== 'navigate' || typeof data.url !== 'string') return;
    const url = new URL(data.url, window.location.href);
    if (url.origin === window.location.origin) navigate(url);
  };
  navigator.serviceWorker.addEventListener('message', listener);
  return () => navigator.serviceWorker.removeEventListener('message', listener);
}

const withTimeout = <T>(promise: Promise<T>, ms: number): Promise<T | null> =>
  Promise.race([promise, new Promise<null>((resolve) => setTimeout(() => resolve(null), ms))]);

/** The VAPID public key (base64url) as PushManager wants it. */
export function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/').padEnd(Math.ceil(base64url.length / 4) * 4, '=');
  const binary = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(binary.length));
  for (let index = 0; index < binary.length; index += 1) bytes[index] = binary.charCodeAt(index);
  return bytes;
}

const sameKey = (subscription: PushSubscription, key: Uint8Array) => {
  const current = subscription.options.applicationServerKey;
  if (!current) return false;
  const bytes = new Uint8Array(current);
  return bytes.length === key.length && bytes.every((byte, index) => byte === key[index]);
};

/** How long the browser's push service may take to hand out a subscription. */
export const SUBSCRIBE_TIMEOUT_MS = 10_000;

/**
 * This browser's push subscription for the server's key, made when missing (or when the server's
 * key changed); null when push is unavailable, not allowed, or the push service does not answer.
 */
export async function pushSubscription(publicKey: string): Promise<PushSubscriptionJSON | null> {
  if (!pushSupported() || notificationPermission() !== 'granted') return null;
  const registration = await withTimeout(registerServiceWorker().then((found) => (found ? navigator.serviceWorker.ready : null)), SUBSCRIBE_TIMEOUT_MS);
  if (!registration) return null;
  const key = keyBytes(publicKey);
  try {
    let subscription = await registration.pushManager.getSubscription();
    if (subscription && !sameKey(subscription, key)) {
      await subscription.unsubscribe();
      subscription = null;
    }
    subscription ??= await withTimeout(registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key }), SUBSCRIBE_TIMEOUT_MS);
    return subscription?.toJSON() ?? null;
  } catch (error) {
    // No push service reachable (offline, a browser without one): the device goes without push.
    console.warn('No push subscription', error);
    return null;
  }
}
