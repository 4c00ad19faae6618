import { TIMING, type AppConfig, type TokenAnswer } from '@carpool/contracts';
import type { QueryClient } from '@tanstack/react-query';
import { retoken } from '@/features/auth/api/retoken';
import { userQueryOptions } from '@/features/users/api/get-user';
import { afterFirstScreen } from '@/lib/after-first-screen';
import { appConfigQueryOptions, storeAppConfig } from '@/lib/app-config';
import { applyLocale } from '@/lib/i18n';
import { queryClient } from '@/lib/query-client';
import { session, type SessionStore } from '@/lib/session';
import { scheduleDeviceSync } from './device-sync';

export type BootResult = {
  config: AppConfig;
  /** The cached session could not be refreshed: the app logged out and must go to login. */
  sessionLost: boolean;
};

export type BootDeps = {
  session: SessionStore;
  queryClient: QueryClient;
  retoken: () => Promise<TokenAnswer>;
  wait: (ms: number) => Promise<void>;
  now: () => number;
  /** When the page began loading, on the `now` clock (default: when the start-up began). */
  pageStartedAt?: number;
  /** The cached token has been refreshed (or there was none): calls may go out with it. */
  onTokenChecked?: () => void;
};

/** The users feature provides the current user; login and start-up both go through the session. */
export function wireSession(store: SessionStore = session, client: QueryClient = queryClient): void {
  store.setUserLoader(() => client.fetchQuery({ ...userQueryOptions('me'), staleTime: 0 }));
}

/**
 * Start-up (spec document 1 §4): load the cached session, refresh the token, load the configuration
 * and the user. The spec's "first load waits 2 s outside a mobile shell" applies here only to the very
 * first load of the app in a browser (no FIRST_TIME_APP record yet), so the splash does not flash by;
 * later loads start as soon as the data is there. The 2 s count from when the page began loading:
 * time spent fetching the app's code is part of the wait, not added to it.
 */
export async function startUp(deps: BootDeps): Promise<BootResult> {
  const startedAt = deps.pageStartedAt ?? deps.now();
  deps.session.hydrate();
  const firstLoad = !deps.session.getState().firstTime?.loaded;
  let sessionLost = false;

  if (deps.session.getState().token) {
    try {
      const answer = await deps.retoken();
      deps.session.setToken(answer.token);
      storeAppConfig(deps.queryClient, answer.config);
    } catch {
      deps.session.clear('expired');
      sessionLost = true;
    }
  }
  deps.onTokenChecked?.();

  const config = await deps.queryClient.ensureQueryData(appConfigQueryOptions());

  if (deps.session.getState().token) {
    try {
      await deps.session.loadUser();
    } catch {
      // A refused token already ended the session (api onUnauthorized); other failures keep the cached user.
      if (!deps.session.getState().token) sessionLost = true;
    }
  }

  if (firstLoad) {
    const remaining = TIMING.initialLoadWaitMs - (deps.now() - startedAt);
    if (remaining > 0) await deps.wait(remaining);
    deps.session.markFirstTime({ loaded: true });
  }
  return { config, sessionLost };
}

let booting: Promise<BootResult> | null = null;
let tokenCheckedNow: () => void = () => undefined;
const tokenCheckedOnce = new Promise<void>((resolve) => (tokenCheckedNow = resolve));

/**
 * Resolves once the start-up has refreshed the cached token (before the configuration and the user
 * load): a page's own data may be asked for from then on, beside the user (the trip page does).
 */
export function tokenChecked(): Promise<void> {
  void boot().catch(() => undefined);
  return tokenCheckedOnce;
}

/** Runs the start-up once; every route loader awaits it. A failure may be retried. */
export function boot(): Promise<BootResult> {
  booting ??= startUp({
    session,
    queryClient,
    retoken,
    wait: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
    now: () => performance.now(),
    pageStartedAt: 0,
    onTokenChecked: () => tokenCheckedNow(),
  }).then(
    async (result) => {
      // The first render already speaks the configured variant (its texts load here when needed).
      await applyLocale(result.config.locale);
      scheduleDeviceSync();
      // The session's own data (trips, pending lists, cars) loads after the first screen, its code too.
      afterFirstScreen(() => void import('./session-preload').then(({ startSessionPreload }) => startSessionPreload()));
      return result;
    },
    (error: unknown) => {
      booting = null;
      throw error;
    },
  );
  return booting;
}
