import { syncDevice } from '@/lib/devices';
import { registerServiceWorker } from '@/lib/service-worker';
import { session, type SessionStore } from '@/lib/session';

/**
 * Keeps this browser registered for the logged-in user (spec document 1 §4): once at start-up when
 * a session exists, and again at each login. The service worker is registered here too.
 */
export function startDeviceSync(store: SessionStore = session, sync: () => Promise<unknown> = syncDevice, register = registerServiceWorker): () => void {
  void register();
  const run = () => void sync().catch(() => undefined);
  let previous = store.getState().token;
  if (previous) run();
  return store.subscribe(() => {
    const { token } = store.getState();
    if (token && !previous) run();
    previous = token;
  });
}

/** After the first screen: the worker and the device calls never compete with it for the network. */
export function scheduleDeviceSync(win: Window = window): void {
  const start = () => {
    if (typeof win.requestIdleCallback === 'function') win.requestIdleCallback(() => startDeviceSync(), { timeout: 3_000 });
    else setTimeout(() => startDeviceSync(), 1_000);
  };
  if (win.document.readyState === 'complete') start();
  else win.addEventListener('load', start, { once: true });
}
