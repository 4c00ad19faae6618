import { APP, type Device } from '@carpool/contracts';
import { notifications } from '@mantine/notifications';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { askForNotifications, updateDevice, type DeviceDeps, type DevicePlatform } from './devices';
import { createSessionStore } from './session';
import { STORAGE_KEYS, storage } from './storage';

const subscription: PushSubscriptionJSON = { endpoint: 'https://push.example/abc', keys: { p256dh: 'p256', auth: 'auth' } };

const device = (patch: Partial<Device> = {}): Device => ({
  id: 7,
  user_id: 3,
  device_id: 'browser-1',
  device_type: 'browser',
  app_version: APP.appVersion,
  notifications: false,
  ...patch,
});

type Call = { id: string; options: { body?: Record<string, unknown>; params?: Record<string, unknown> } | undefined };

/** A fake API client: answers by endpoint id and records the calls. */
function fakeApi(answers: Record<string, (options: Call['options']) => unknown>) {
  const calls: Call[] = [];
  const call = vi.fn(async (endpoint: { id?: string }, options?: Call['options']) => {
    const id = endpoint.id ?? '';
    calls.push({ id, options });
    const answer = answers[id];
    if (!answer) throw new Error(`unexpected call ${id}`);
    return answer(options);
  });
  return { calls, call: call as unknown as DeviceDeps['api']['call'] };
}

const platform = (permission: ReturnType<DevicePlatform['permission']>, found: PushSubscriptionJSON | null = subscription): DevicePlatform => ({
  permission: () => permission,
  subscription: vi.fn(async () => found),
});

function loggedInSession() {
  const session = createSessionStore();
  session.setToken('the-token');
  return session;
}

const registerAnswer = (patch: Partial<Device> = {}) => (options: Call['options']) => ({
  data: device({ device_id: String(options?.body?.device_id ?? 'browser-new'), notifications: Boolean(options?.body?.notifications), ...patch }),
});

beforeEach(() => {
  localStorage.clear();
});

describe('updateDevice (start-up and login)', () => {
  it('does nothing without a session', async () => {
    const api = fakeApi({});
    expect(await updateDevice({ api, session: createSessionStore(), platform: platform('granted') })).toBeNull();
    expect(api.calls).toEqual([]);
  });

  it("registers a browser without push as 'browser', app version, notifications off, and keeps it as CURRENT_DEVICE", async () => {
    const session = loggedInSession();
    const api = fakeApi({ 'devices.create': registerAnswer() });
    const result = await updateDevice({ api, session, platform: platform('default') });

    expect(api.calls.map((call) => call.id)).toEqual(['devices.create']);
    expect(api.calls[0]!.options?.body).toEqual({ device_type: 'browser', app_version: APP.appVersion, notifications: false });
    expect(result?.device_id).toBe('browser-new');
    expect(session.getState().device).toEqual(result);
    expect(storage.get(STORAGE_KEYS.currentDevice)).toEqual(result);
  });

  it('sends the push subscription (JSON) as device_id with notifications on when the permission is granted', async () => {
    const session = loggedInSession();
    const api = fakeApi({ 'devices.pushKey': () => ({ data: { public_key: 'BPUBLIC' } }), 'devices.create': registerAnswer() });
    const browser = platform('granted');
    await updateDevice({ api, session, platform: browser });

    expect(browser.subscription).toHaveBeenCalledWith('BPUBLIC');
    expect(api.calls.map((call) => call.id)).toEqual(['devices.pushKey', 'devices.create']);
    expect(api.calls[1]!.options?.body).toEqual({ device_type: 'browser', app_version: APP.appVersion, notifications: true, device_id: JSON.stringify(subscription) });
    expect(session.getState().device?.notifications).toBe(true);
  });

  it('updates the stored device on the next start-up: the same device_id, no second device', async () => {
    const session = loggedInSession();
    session.setDevice(device());
    const api = fakeApi({ 'devices.create': registerAnswer() });
    await updateDevice({ api, session, platform: platform('denied') });

    expect(api.calls.map((call) => call.id)).toEqual(['devices.create']);
    expect(api.calls[0]!.options?.body?.device_id).toBe('browser-1');
    expect(session.getState().device?.id).toBe(7);
  });

  it('registers without push when the push service fails, keeping the stored id', async () => {
    const session = loggedInSession();
    session.setDevice(device());
    const api = fakeApi({ 'devices.pushKey': () => ({ data: { public_key: 'BPUBLIC' } }), 'devices.create': registerAnswer() });
    const browser: DevicePlatform = { permission: () => 'granted', subscription: vi.fn(async () => Promise.reject(new Error('no push service'))) };
    await updateDevice({ api, session, platform: browser });

    expect(api.calls[1]!.options?.body).toMatchObject({ device_id: 'browser-1', notifications: false });
  });

  it('removes the device this browser had when the API answers another one (a new push subscription)', async () => {
    const session = loggedInSession();
    session.setDevice(device());
    const api = fakeApi({
      'devices.pushKey': () => ({ data: { public_key: 'BPUBLIC' } }),
      'devices.create': registerAnswer({ id: 8 }),
      'devices.delete': () => 'OK',
    });
    await updateDevice({ api, session, platform: platform('granted') });

    expect(api.calls.map((call) => call.id)).toEqual(['devices.pushKey', 'devices.create', 'devices.delete']);
    expect(api.calls[2]!.options?.params).toEqual({ id: 7 });
    expect(session.getState().device?.id).toBe(8);
  });

  it('keeps nothing when the session ended while the call was out', async () => {
    const session = loggedInSession();
    const api = fakeApi({
      'devices.create': (options) => {
        session.clear('logout');
        return registerAnswer()(options);
      },
    });
    expect(await updateDevice({ api, session, platform: platform('default') })).toBeNull();
    expect(storage.get(STORAGE_KEYS.currentDevice)).toBeNull();
  });

  it('logout forgets CURRENT_DEVICE with the session', () => {
    const session = loggedInSession();
    session.setDevice(device());
    session.clear('logout');
    expect(session.getState().device).toBeNull();
    expect(storage.get(STORAGE_KEYS.currentDevice)).toBeNull();
  });
});

describe('askForNotifications', () => {
  const shownMessages = () => {
    const shown: string[] = [];
    vi.spyOn(notifications, 'show').mockImplementation((data) => {
      shown.push(String(data.message));
      return '';
    });
    return shown;
  };

  it("says 'notificacionesPermitidas' and registers the device again when allowed", async () => {
    const shown = shownMessages();
    const sync = vi.fn(async () => null);
    expect(await askForNotifications(async () => 'granted', sync)).toBe('granted');
    expect(shown).toEqual(['Las notificaciones están activadas.']);
    expect(sync).toHaveBeenCalledTimes(1);
  });

  it("says 'notificacionesDenegadas' when refused, and registers nothing", async () => {
    const shown = shownMessages();
    const sync = vi.fn(async () => null);
    expect(await askForNotifications(async () => 'denied', sync)).toBe('denied');
    expect(shown).toEqual(['Las notificaciones están bloqueadas.']);
    expect(sync).not.toHaveBeenCalled();
  });

  it('says nothing when the prompt was closed without an answer', async () => {
    const shown = shownMessages();
    await askForNotifications(async () => 'default', vi.fn(async () => null));
    expect(shown).toEqual([]);
  });
});
