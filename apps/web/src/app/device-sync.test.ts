import { describe, expect, it, vi } from 'vitest';
import { createSessionStore } from '@/lib/session';
import { startDeviceSync } from './device-sync';

const setUp = (token: string | null) => {
  const store = createSessionStore();
  if (token) store.setToken(token);
  const sync = vi.fn(async () => null);
  const register = vi.fn(async () => null);
  const stop = startDeviceSync(store, sync, register);
  return { store, sync, register, stop };
};

describe('device sync (start-up and login)', () => {
  it('registers the service worker and updates the device at start-up when logged in', () => {
    const { sync, register } = setUp('token-1');
    expect(register).toHaveBeenCalledTimes(1);
    expect(sync).toHaveBeenCalledTimes(1);
  });

  it('waits for a login when nobody is logged in, and updates the device then', () => {
    const { store, sync } = setUp(null);
    expect(sync).not.toHaveBeenCalled();
    store.setToken('token-1');
    expect(sync).toHaveBeenCalledTimes(1);
  });

  it('not again on a refreshed token or a user update; again after logout and a new login', () => {
    const { store, sync, stop } = setUp('token-1');
    store.setToken('token-2');
    store.setUser({ id: 1, name: 'Lucía' });
    expect(sync).toHaveBeenCalledTimes(1);
    store.clear('logout');
    store.setToken('token-3');
    expect(sync).toHaveBeenCalledTimes(2);
    stop();
    store.clear('logout');
    store.setToken('token-4');
    expect(sync).toHaveBeenCalledTimes(2);
  });
});
