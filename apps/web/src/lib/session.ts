import { useSyncExternalStore } from 'react';
import type { Device, Flag } from '@carpool/contracts';
import { STORAGE_KEYS, storage } from './storage';

/**
 * What the shell needs of the current user. The users feature fetches the full user
 * (GET /api/users/me); its answer is structurally a SessionUser.
 */
export type SessionUser = {
  id: number;
  name: string;
  image?: string | null;
  description?: string | null;
  is_admin?: Flag | null;
  [key: string]: unknown;
};

/**
 * The FIRST_TIME_APP record: what this browser remembers whoever logs in (it stays at logout).
 * `installModalHidden` is the install modal's 'No mostrar más'; `iosNotificationsWarningHidden` the
 * closed iOS notification warning.
 */
export type FirstTimeRecord = { loaded?: boolean; onboarded?: boolean; installModalHidden?: boolean; iosNotificationsWarningHidden?: boolean };

export type SessionState = {
  token: string | null;
  user: SessionUser | null;
  /** This browser as registered with the API (CURRENT_DEVICE): lib/devices.ts keeps it. */
  device: Device | null;
  firstTime: FirstTimeRecord | null;
};

export type ClearReason = 'logout' | 'expired';

type Listener = () => void;

/** A CURRENT_DEVICE written by hand or by an older client is dropped, not trusted. */
function readDevice(value: unknown): Device | null {
  if (typeof value !== 'object' || value === null) return null;
  const { id, device_id } = value as Partial<Device>;
  return typeof id === 'number' && typeof device_id === 'string' ? (value as Device) : null;
}

export function createSessionStore() {
  let state: SessionState = { token: null, user: null, device: null, firstTime: null };
  const listeners = new Set<Listener>();
  let userLoader: (() => Promise<SessionUser>) | null = null;
  const clearListeners = new Set<(reason: ClearReason) => void>();

  const set = (next: Partial<SessionState>) => {
    state = { ...state, ...next };
    listeners.forEach((listener) => listener());
  };

  const setUser = (user: SessionUser) => {
    storage.set(STORAGE_KEYS.user, user);
    set({ user });
  };

  return {
    getState: () => state,
    subscribe(listener: Listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    /** Loads the cached token, user, device and first-time record (spec: Start-up). */
    hydrate() {
      storage.detectRemember();
      const token = storage.get<string>(STORAGE_KEYS.token);
      const firstTime = storage.get<FirstTimeRecord | boolean>(STORAGE_KEYS.firstTimeApp);
      set({
        token: typeof token === 'string' && token !== '' ? token : null,
        user: storage.get<SessionUser>(STORAGE_KEYS.user),
        device: readDevice(storage.get(STORAGE_KEYS.currentDevice)),
        firstTime: typeof firstTime === 'object' && firstTime !== null ? firstTime : firstTime ? { loaded: true } : null,
      });
    },
    setToken(token: string) {
      storage.set(STORAGE_KEYS.token, token);
      set({ token });
    },
    setUser,
    /** The app wires the users feature's fetcher here, so auth and start-up share one user query. */
    setUserLoader(loader: () => Promise<SessionUser>) {
      userLoader = loader;
    },
    /** Fetches the current user (GET /api/users/me) and keeps it. */
    async loadUser(): Promise<SessionUser> {
      if (!userLoader) throw new Error('No user loader configured');
      const user = await userLoader();
      setUser(user);
      return user;
    },
    /** The device the API answered for this browser (start-up or login), kept as CURRENT_DEVICE. */
    setDevice(device: Device) {
      storage.set(STORAGE_KEYS.currentDevice, device);
      set({ device });
    },
    markFirstTime(patch: FirstTimeRecord) {
      const firstTime = { ...state.firstTime, ...patch };
      storage.set(STORAGE_KEYS.firstTimeApp, firstTime);
      set({ firstTime });
    },
    /** Forgets token, user and device; the first-time record stays (it belongs to the browser). */
    clear(reason: ClearReason = 'logout') {
      storage.remove(STORAGE_KEYS.token);
      storage.remove(STORAGE_KEYS.user);
      storage.remove(STORAGE_KEYS.currentDevice);
      set({ token: null, user: null, device: null });
      clearListeners.forEach((listener) => listener(reason));
    },
    onClear(listener: (reason: ClearReason) => void) {
      clearListeners.add(listener);
      return () => clearListeners.delete(listener);
    },
  };
}

export type SessionStore = ReturnType<typeof createSessionStore>;

export const session = createSessionStore();

export function useSession(): SessionState {
  return useSyncExternalStore(session.subscribe, session.getState, session.getState);
}

export const isLoggedIn = (state: Pick<SessionState, 'token'>): boolean => state.token !== null;

export const isAdmin = (user: SessionUser | null | undefined): boolean => Boolean(user?.is_admin);

/** Spec: a complete profile has a photo and a description. */
export const isProfileComplete = (user: SessionUser | null | undefined): boolean =>
  Boolean(user?.image) && Boolean(user?.description?.trim());
