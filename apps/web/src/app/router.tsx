import { createBrowserRouter, redirect, type LoaderFunctionArgs, type RouteObject } from 'react-router';
import { paths, withRedirect } from '@/config/paths';
import { Splash } from '@/components/splash';
import { i18n } from '@/lib/i18n';
import { session } from '@/lib/session';
import { toast } from '@/lib/toast';
import { boot } from './boot';
import { firstTripAnswered, prefetchTrip } from './first-page';
import { ROUTER_BASENAME, appTarget, guard, ownerGuard } from './guards';
import { AppLayout } from './layout/app-layout';
import { RootError } from './layout/root-error';
import { tripsHomeLoader } from './trips-home-loader';
import type { RouteHandle } from './route-handle';

const handle = (value: RouteHandle) => value;
const noFooter = { show: false } as const;

let sessionLostHandled = false;

/** Start-up for every first render; a refresh that failed sends the visitor to login once. */
async function rootLoader({ request }: LoaderFunctionArgs) {
  const { sessionLost } = await boot();
  if (sessionLost && !sessionLostHandled) {
    sessionLostHandled = true;
    const target = appTarget(request.url);
    if (!target.startsWith(paths.login)) throw redirect(withRedirect(paths.login, target));
  }
  return null;
}

const guardUser = guard('user');

async function tripDetailLoader(args: LoaderFunctionArgs) {
  const id = Number(args.params.id);
  const first = firstTripAnswered(id);
  if (!first) void prefetchTrip(id);
  await Promise.all([guardUser(args), first]);
  return null;
}

export const routes: RouteObject[] = [
  {
    id: 'root',
    path: '/',
    loader: rootLoader,
    // Revalidating the start-up on every search change would only re-read the memoised result.
    shouldRevalidate: () => false,
    HydrateFallback: Splash,
    ErrorBoundary: RootError,
    Component: AppLayout,
    children: [
      { index: true, loader: () => redirect(paths.trips), element: null },
      {
        path: 'login',
        loader: guard('guest'),
        handle: handle({ titleKey: 'pages.login', footer: noFooter, background: 'white' }),
        lazy: () => import('@/features/auth/routes/login'),
      },
      {
        path: 'register',
        loader: guard('guest'),
        handle: handle({ titleKey: 'pages.register', footer: noFooter, background: 'white' }),
        lazy: () => import('@/features/auth/routes/register'),
      },
      {
        path: 'activate/:token',
        loader: guard('guest'),
        handle: handle({ titleKey: 'pages.activate', footer: noFooter }),
        lazy: () => import('@/features/auth/routes/activate'),
      },
      {
        path: 'reset-password',
        loader: guard('guest'),
        handle: handle({ titleKey: 'pages.resetPassword', footer: noFooter }),
        lazy: () => import('@/features/auth/routes/reset-password'),
      },
      {
        path: 'reset-password/:token',
        loader: guard('guest'),
        handle: handle({ titleKey: 'pages.resetPasswordConfirm', footer: noFooter }),
        lazy: () => import('@/features/auth/routes/reset-password-confirm'),
      },
      {
        path: 'profile/:id',
        loader: guard('user'),
        handle: handle({ titleKey: 'pages.profile', footer: { show: true, active: 'profile' } }),
        lazy: () => import('@/features/users/routes/profile'),
      },
      {
        path: 'my-trips',
        loader: guard('user'),
        handle: handle({ titleKey: 'pages.myTrips', actions: [{ to: paths.newTrip, labelKey: 'nav.createTrip', icon: 'plus' }] }),
        lazy: () => import('@/features/my-trips/routes/my-trips'),
      },
      {
        path: 'trips',
        loader: tripsHomeLoader,
        // The home has no back control: arriving here clears the back history.
        handle: handle({ footer: { show: true, active: 'home' }, back: false }),
        lazy: () => import('@/features/trips/routes/trips-home'),
      },
      {
        path: 'trips/create',
        loader: guard('user', { profileComplete: true }),
        handle: handle({ titleKey: 'pages.newTrip', footer: { show: true, active: 'new-trip' }, background: 'white' }),
        lazy: () => import('@/features/trips/routes/trip-create'),
      },
      {
        path: 'trips/update/:id',
        loader: ownerGuard(),
        handle: handle({ titleKey: 'pages.updateTrip', background: 'white' }),
        lazy: () => import('@/features/trips/routes/trip-update'),
      },
      {
        path: 'trips/:id',
        loader: tripDetailLoader,
        handle: handle({ titleKey: 'pages.tripDetail', background: 'white' }),
        lazy: () => import('@/features/trips/routes/trip-detail'),
      },
      {
        path: 'trips/:id/:location',
        loader: tripDetailLoader,
        handle: handle({ titleKey: 'pages.tripPassengers', background: 'white' }),
        lazy: () => import('@/features/trips/routes/trip-detail'),
      },
      {
        path: 'notifications',
        loader: guard('user'),
        handle: handle({
          titleKey: 'pages.notifications',
          footer: { show: true, active: 'notifications' },
          actions: [{ to: paths.profileUpdate, labelKey: 'headerActions.notificationSettings', icon: 'settings' }],
        }),
        lazy: () => import('@/features/notifications/routes/notifications'),
      },
      {
        path: 'setting',
        loader: guard('user'),
        handle: handle({ titleKey: 'pages.settings', footer: { show: true, active: 'profile' } }),
        lazy: () => import('@/features/users/routes/settings'),
        children: [
          { index: true, loader: () => redirect(paths.profileUpdate), element: null },
          { path: 'profile', handle: handle({ titleKey: 'pages.profileUpdate' }), lazy: () => import('@/features/users/routes/profile-update') },
          { path: 'friends', handle: handle({ titleKey: 'pages.friends' }), lazy: () => import('@/features/friends/routes/friends') },
          { path: 'cars', handle: handle({ titleKey: 'cars.title' }), lazy: () => import('@/features/users/routes/cars') },
          {
            path: 'friends/search',
            handle: handle({ titleKey: 'pages.friendsSearch' }),
            lazy: () => import('@/features/friends/routes/friends-search'),
          },
        ],
      },
      {
        path: 'conversations',
        loader: guard('user'),
        handle: handle({ titleKey: 'pages.conversations', footer: { show: true, active: 'conversations' } }),
        lazy: () => import('@/features/conversations/routes/conversations'),
        children: [
          { index: true, lazy: () => import('@/features/conversations/routes/conversation-index') },
          {
            path: ':id',
            handle: handle({ titleKey: 'pages.conversationChat', footer: noFooter }),
            lazy: () => import('@/features/conversations/routes/conversation-chat'),
          },
        ],
      },
      {
        path: 'about',
        loader: guard('public'),
        handle: handle({ titleKey: 'pages.about', background: 'white' }),
        lazy: () => import('@/features/about/routes/about'),
      },
      {
        path: 'transactions',
        loader: guard('public'),
        handle: handle({ titleKey: 'pages.transactions' }),
        lazy: () => import('@/features/transactions/routes/transactions'),
      },
      {
        // The mock's payment pages send a browser without a payment session here (logged in first).
        path: 'pay',
        loader: guard('user'),
        handle: handle({ titleKey: 'pages.payment' }),
        lazy: () => import('@/features/transactions/routes/pay'),
      },
      {
        path: 'terminos',
        loader: guard('public'),
        handle: handle({ titleKey: 'pages.terms', background: 'white' }),
        lazy: () => import('@/features/about/routes/terms'),
      },
      {
        path: 'admin',
        loader: guard('admin'),
        handle: handle({ titleKey: 'nav.admin' }),
        lazy: () => import('@/features/admin/routes/admin-layout'),
        children: [
          { index: true, handle: handle({ titleKey: 'pages.adminCharts' }), lazy: () => import('@/features/admin/routes/charts') },
          { path: 'users', handle: handle({ titleKey: 'pages.adminUsers' }), lazy: () => import('@/features/admin/routes/users') },
          { path: 'trips', handle: handle({ titleKey: 'pages.adminTrips' }), lazy: () => import('@/features/admin/routes/trips') },
        ],
      },
      { path: '*', loader: () => redirect(paths.trips), element: null },
    ],
  },
];

export function createAppRouter() {
  const router = createBrowserRouter(routes, { basename: ROUTER_BASENAME });

  // A token the API refuses mid-session: back to login, remembering where the user was.
  session.onClear((reason) => {
    if (reason !== 'expired' || !router.state.initialized) return;
    // The router's location carries the basename ('/app/notifications'); the remembered target does not.
    const target = appTarget(router.state.location.pathname + router.state.location.search);
    if (target.startsWith(paths.login)) return;
    toast.error(i18n.t('sesionExpirada'));
    void router.navigate(withRedirect(paths.login, target), { replace: true });
  });

  return router;
}
