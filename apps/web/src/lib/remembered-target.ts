import { safeRedirect } from '@/config/paths';

/**
 * The remembered route (spec document 1 §2) kept across page loads: a guest sent to login on the way
 * to a trip may register, open the activation link from the e-mail (a new page load, often a new tab)
 * and only then log in. The query parameter does not survive that, so the target is also kept here,
 * for a day, and read back by activation and login (issue 44.4).
 */
export const REMEMBERED_TARGET_KEY = 'carpool.rememberedTarget';
export const REMEMBERED_TARGET_TTL_MS = 24 * 60 * 60 * 1000;

type Stored = { target: string; expires: number };

function area(): Storage | undefined {
  try {
    return globalThis.localStorage;
  } catch {
    return undefined;
  }
}

/** Keeps a target inside the app (the home is not worth remembering). */
export function rememberTarget(target: string | null | undefined, now: number = Date.now()): void {
  const safe = safeRedirect(target, '');
  if (!safe || safe === '/trips') return;
  try {
    area()?.setItem(REMEMBERED_TARGET_KEY, JSON.stringify({ target: safe, expires: now + REMEMBERED_TARGET_TTL_MS } satisfies Stored));
  } catch {
    // Storage full or blocked: the query parameter still carries the target in this tab.
  }
}

/** The kept target while it has not expired, else null (an expired or broken one is dropped). */
export function recallTarget(now: number = Date.now()): string | null {
  const raw = area()?.getItem(REMEMBERED_TARGET_KEY);
  if (!raw) return null;
  try {
    const stored = JSON.parse(raw) as Partial<Stored>;
    if (typeof stored.target === 'string' && typeof stored.expires === 'number' && stored.expires > now) {
      const safe = safeRedirect(stored.target, '');
      if (safe) return safe;
    }
  } catch {
    // Not ours: dropped below.
  }
  forgetTarget();
  return null;
}

export function forgetTarget(): void {
  try {
    area()?.removeItem(REMEMBERED_TARGET_KEY);
  } catch {
    // Nothing to forget.
  }
}
