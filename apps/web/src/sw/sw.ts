/// <reference lib="webworker" />
import { readPushPayload, toShownNotification } from './push-message';

declare const self: ServiceWorkerGlobalScope;

/**
 * The app's service worker (/app/sw.js, scope /app/): shows pushes, opens the right page on a
 * click, and keeps a copy of what the browser already loaded so an installed app opens offline.
 * Nothing is precached, and the API (/api), images and runtime-config.js always go to the network:
 * answers are never served from a cache.
 */
const ASSETS = 'carpool-assets-v1';
const SHELL = 'carpool-shell-v1';
const SHELL_KEY = 'app-shell';

self.addEventListener('install', () => {
  void self.skipWaiting();
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      const keep = new Set([ASSETS, SHELL]);
      for (const name of await caches.keys()) if (!keep.has(name)) await caches.delete(name);
      await self.clients.claim();
    })(),
  );
});

const scopePath = () => new URL(self.registration.scope).pathname;

/** Hashed build files never change under the same name: the cached copy is the file. */
async function cacheFirst(request: Request): Promise<Response> {
  const cache = await caches.open(ASSETS);
  const cached = await cache.match(request);
  if (cached) return cached;
  const response = await fetch(request);
  if (response.ok && response.type === 'basic') await cache.put(request, response.clone());
  return response;
}

/** Pages: always the network's index.html; the last one seen only when the network fails. */
async function networkFirstShell(request: Request): Promise<Response> {
  const cache = await caches.open(SHELL);
  try {
    const response = await fetch(request);
    if (response.ok && response.type === 'basic' && (response.headers.get('content-type') ?? '').includes('text/html')) {
      await cache.put(SHELL_KEY, response.clone());
    }
    return response;
  } catch (error) {
    const cached = await cache.match(SHELL_KEY);
    if (cached) return cached;
    throw error;
  }
}

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  const scope = scopePath();
  if (request.mode === 'navigate' && url.pathname.startsWith(scope)) {
    event.respondWith(networkFirstShell(request));
  } else if (url.pathname.startsWith(`${scope}assets/`)) {
    event.respondWith(cacheFirst(request));
  }
  // Everything else (the API, images, runtime-config.js, the manifest) is the browser's as usual.
});

self.addEventListener('push', (event) => {
  const { title, options } = toShownNotification(readPushPayload(event.data?.text()), self.registration.scope);
  event.waitUntil(self.registration.showNotification(title, options));
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = (event.notification.data as { url?: string } | null)?.url ?? self.registration.scope;
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const inScope = url.startsWith(self.registration.scope);
      const open = inScope ? windows.find((client) => client.url.startsWith(self.registration.scope)) : undefined;
      if (open) {
        // The open app goes to the page itself (client-side, keeping its state); see lib/service-worker.ts.
        open.postMessage({ type: 'navigate', url });
        await open.focus();
        return;
      }
      await self.clients.openWindow(url);
    })(),
  );
});
