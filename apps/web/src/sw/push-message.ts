import { notificationTarget } from '@/lib/notification-target';

/**
 * What the server pushes (mock API push-service.ts, the provider's PushChannel): the stored
 * notification's text, and its extras with the type inside, as the notification list has them.
 */
export type PushPayload = {
  title?: string;
  body?: string;
  extras?: Record<string, unknown>;
  notification_id?: number;
};

export type ShownNotification = {
  title: string;
  options: { body: string; tag?: string; icon: string; badge: string; lang: string; data: { url: string } };
};

const DEFAULT_TITLE = 'Carpool';

/** Reads a push's data: JSON from our server; plain text is shown as it is. */
export function readPushPayload(text: string | null | undefined): PushPayload {
  if (!text) return {};
  try {
    const value = JSON.parse(text) as unknown;
    if (typeof value === 'object' && value !== null) return value as PushPayload;
  } catch {
    // Not JSON: the text is the message.
  }
  return { body: text };
}

/**
 * The notification a push shows and where a click goes: the route of the notification list's
 * click (spec document 1 §2, Notifications), inside the app's scope; an announcement's web address;
 * the notifications page otherwise.
 */
export function toShownNotification(payload: PushPayload, scope: string): ShownNotification {
  const extras = payload.extras && typeof payload.extras === 'object' ? payload.extras : {};
  const target = notificationTarget({ extras });
  const inApp = (path: string) => new URL(path.replace(/^\//, ''), scope).href;
  const url = target?.kind === 'external' ? target.url : inApp(target?.kind === 'app' ? target.to : '/notifications');
  const tag = payload.notification_id !== undefined ? `notification-${payload.notification_id}` : undefined;
  return {
    title: payload.title?.trim() || DEFAULT_TITLE,
    options: {
      body: payload.body ?? '',
      ...(tag ? { tag } : {}),
      icon: inApp('/icons/icon-192.png'),
      badge: inApp('/icons/icon-192.png'),
      lang: 'es-AR',
      data: { url },
    },
  };
}
