import { STORAGE_KEYS } from '@carpool/contracts';

type StorageKey = (typeof STORAGE_KEYS)[keyof typeof STORAGE_KEYS];

function area(name: 'localStorage' | 'sessionStorage'): Storage | undefined {
  try {
    return globalThis[name];
  } catch {
    // Storage can be blocked (private mode, sandboxed frames): the app then forgets on reload.
    return undefined;
  }
}

/** Without 'Recordarme' the session keys live in sessionStorage and go away with the tab. */
let remember = true;

const sessionScoped = (key: StorageKey) => key !== STORAGE_KEYS.firstTimeApp;

/** Values are stored as JSON; a raw string written by hand (or by an older client) is read as is. */
export const storage = {
  get<T = unknown>(key: StorageKey): T | null {
    const raw = area('localStorage')?.getItem(key) ?? area('sessionStorage')?.getItem(key);
    if (raw === null || raw === undefined) return null;
    try {
      return JSON.parse(raw) as T;
    } catch {
      return raw as T;
    }
  },
  set(key: StorageKey, value: unknown): void {
    const persistent = remember || !sessionScoped(key);
    area(persistent ? 'sessionStorage' : 'localStorage')?.removeItem(key);
    area(persistent ? 'localStorage' : 'sessionStorage')?.setItem(key, JSON.stringify(value));
  },
  remove(key: StorageKey): void {
    area('localStorage')?.removeItem(key);
    area('sessionStorage')?.removeItem(key);
  },
  /** Chooses where the session keys go from now on ('Recordarme'). */
  setRemember(value: boolean): void {
    remember = value;
  },
  /** A token found only in sessionStorage means the user did not ask to be remembered. */
  detectRemember(): void {
    remember = area('sessionStorage')?.getItem(STORAGE_KEYS.token) == null;
  },
};

export { STORAGE_KEYS };
