import { useSyncExternalStore } from 'react';
import { afterFirstScreen } from './after-first-screen';

export type DeferredModule<M> = {
  /** The module once it has loaded; until then undefined (the caller renders a stand-in). */
  useLoaded: () => M | undefined;
  /** Loads it now (a stand-in was used: pointed at, focused or clicked). */
  load: () => Promise<M>;
};

/**
 * Code the first screen shows no part of (a menu's dropdown, a tooltip) loads once the first screen
 * has shown, or at once when `load` is called; the component renders a stand-in that looks the same
 * until then. A failed download is tried again at the next `load`.
 */
export function deferredModule<M>(importModule: () => Promise<M>): DeferredModule<M> {
  let loaded: M | undefined;
  let loading: Promise<M> | undefined;
  const listeners = new Set<() => void>();
  const load = () =>
    (loading ??= importModule().then(
      (module) => {
        loaded = module;
        listeners.forEach((listener) => listener());
        return module;
      },
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    ));
  const subscribe = (listener: () => void) => {
    listeners.add(listener);
    return () => void listeners.delete(listener);
  };
  const current = () => loaded;
  afterFirstScreen(() => void load().catch(() => undefined));
  return { useLoaded: () => useSyncExternalStore(subscribe, current, current), load };
}
