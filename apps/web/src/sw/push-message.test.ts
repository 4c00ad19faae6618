import { describe, expect, it } from 'vitest';
import { readPushPayload, toShownNotification } from './push-message';

const scope = 'https://carpool.example/app/';

describe('push payload → notification', () => {
  it("shows the server's title and Spanish text, and a click opens the notification's page in the app", () => {
    const shown = toShownNotification(
      readPushPayload(JSON.stringify({ title: 'Carpool', body: 'Lucía Fernández quiere subirse a uno de tus viajes.', extras: { type: 'my-trips', trip_id: 4 }, notification_id: 12 })),
      scope,
    );
    expect(shown.title).toBe('Carpool');
    expect(shown.options).toMatchObject({
      body: 'Lucía Fernández quiere subirse a uno de tus viajes.',
      tag: 'notification-12',
      lang: 'es-AR',
      data: { url: 'https://carpool.example/app/my-trips' },
      icon: 'https://carpool.example/app/icons/icon-192.png',
    });
  });

  it('routes by the type inside extras, as the notification list does', () => {
    const urlOf = (type: string, extras: Record<string, unknown> = {}) => toShownNotification({ extras: { ...extras, type } }, scope).options.data.url;
    expect(urlOf('trip', { trip_id: '9' })).toBe('https://carpool.example/app/trips/9');
    expect(urlOf('conversation', { conversation_id: 3 })).toBe('https://carpool.example/app/conversations/3');
    expect(urlOf('friends')).toBe('https://carpool.example/app/setting/friends');
    expect(urlOf('subscription')).toBe('https://carpool.example/app/my-trips?loc=suscriptions');
    expect(urlOf('announcement', { external_url: 'https://noticias.example/nota' })).toBe('https://noticias.example/nota');
    // Unknown types, missing ids and unsafe addresses open the notifications page.
    expect(urlOf('trip')).toBe('https://carpool.example/app/notifications');
    expect(urlOf('announcement', { external_url: 'javascript:alert(1)' })).toBe('https://carpool.example/app/notifications');
    expect(urlOf('live_location')).toBe('https://carpool.example/app/notifications');
    // A type beside the extras, where the provider never puts it for a browser, is not read.
    expect(toShownNotification(readPushPayload(JSON.stringify({ type: 'conversation', extras: { conversation_id: 8 } })), scope).options.data.url).toBe('https://carpool.example/app/notifications');
  });

  it('shows a plain-text push as its text under the app name', () => {
    const shown = toShownNotification(readPushPayload('Hola'), scope);
    expect(shown.title).toBe('Carpool');
    expect(shown.options.body).toBe('Hola');
    expect(toShownNotification(readPushPayload(null), scope).options.body).toBe('');
  });
});
