import type { Trip } from '@carpool/contracts';
import type { QueryClient } from '@tanstack/react-query';
import { redirect, type LoaderFunctionArgs } from 'react-router';
import { paths, withRedirect } from '@/config/paths';
import { tripQueryOptions } from '@/features/trips/api/get-trip';
import { i18n } from '@/lib/i18n';
import { queryClient as appQueryClient } from '@/lib/query-client';
import { isAdmin, isLoggedIn, isProfileComplete, session, type SessionState, type SessionUser } from '@/lib/session';
import { toast } from '@/lib/toast';
import { tripOwnerId } from '@/lib/trip-display';
import { boot } from './boot';

/** Spec document 1 §2: G guests only, P public, L logged in, A admin only. */
export type Access = 'guest' | 'public' | 'user' | 'admin';

export const ROUTER_BASENAME = '/app';

/** '/app/trips/create?x=1' → '/trips/create?x=1': the target to remember. */
export function appTarget(url: string | URL, basename: string = ROUTER_BASENAME): string {
  const { pathname, search } = typeof url === 'string' ? new URL(url, 'http://app.local') : url;
  const path = pathname === basename ? '/' : pathname.startsWith(`${basename}/`) ? pathname.slice(basename.length) : pathname;
  return `${path}${search}`;
}

/** Where an access rule sends the visitor, or null to let them in. */
export function accessRedirect(access: Access, state: Pick<SessionState, 'token' | 'user'>, target: string): string | null {
  const loggedIn = isLoggedIn(state);
  switch (access) {
    case 'public':
      return null;
    case 'guest':
      return loggedIn ? paths.trips : null;
    case 'user':
      return loggedIn ? null : withRedirect(paths.login, target);
    case 'admin':
      if (!loggedIn) return withRedirect(paths.login, target);
      return isAdmin(state.user) ? null : paths.trips;
  }
}

/** Users without a photo and a description complete the profile first; the target is remembered. */
export function profileCompleteRedirect(user: SessionUser | null, target: string): string | null {
  return isProfileComplete(user) ? null : withRedirect(paths.profileUpdate, target);
}

/** Only the trip's owner opens the edit form; the others go to trips. */
export function ownerRedirect(trip: Pick<Trip, 'user' | 'user_id'> | null, user: SessionUser | null): string | null {
  return trip && user && tripOwnerId(trip) === user.id ? null : paths.trips;
}

type GuardOptions = { profileComplete?: boolean };

/** Route loader enforcing an access rule after the start-up. */
export function guard(access: Access, options: GuardOptions = {}) {
  return async ({ request }: LoaderFunctionArgs) => {
    await boot();
    const target = appTarget(request.url);
    const state = session.getState();
    const to =
      accessRedirect(access, state, target) ?? (options.profileComplete ? profileCompleteRedirect(state.user, target) : null);
    if (to) throw redirect(to);
    return null;
  };
}

/**
 * update-trip: logged in, and owner of the trip (loaded here, so the form finds it cached). Anyone else
 * goes to trips with a word why: someone else's trip, or one that could not be loaded.
 */
export function ownerGuard(client: QueryClient = appQueryClient) {
  return async (args: LoaderFunctionArgs) => {
    await guard('user')(args);
    const id = Number(args.params.id);
    let trip: Trip | null = null;
    if (Number.isInteger(id) && id > 0) {
      trip = await client.ensureQueryData(tripQueryOptions(id)).catch(() => null);
    }
    const to = ownerRedirect(trip, session.getState().user);
    if (to) {
      toast.error(i18n.t(trip ? 'tripForm.notOwner' : 'problemaAlCargarElViaje'));
      throw redirect(to);
    }
    return null;
  };
}
