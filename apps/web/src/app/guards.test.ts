import { describe, expect, it } from 'vitest';
import { afterLoginPath } from '@/features/auth/utils/after-login';
import { accessRedirect, appTarget, ownerRedirect, profileCompleteRedirect } from './guards';
import { resolveHandle } from './route-handle';

const anonymous = { token: null, user: null };
const user = { id: 7, name: 'Ana', image: 'ana.jpg', description: 'Viajo seguido a Rosario.', is_admin: 0 as const };
const loggedIn = { token: 't', user };
const admin = { token: 't', user: { ...user, is_admin: 1 as const } };

describe('appTarget', () => {
  it('strips the /app basename and keeps the search', () => {
    expect(appTarget('http://localhost/app/trips/create?x=1')).toBe('/trips/create?x=1');
    expect(appTarget('http://localhost/app')).toBe('/');
  });
});

describe('accessRedirect', () => {
  it('lets everybody into public routes', () => {
    expect(accessRedirect('public', anonymous, '/trips')).toBeNull();
    expect(accessRedirect('public', loggedIn, '/about')).toBeNull();
  });

  it('sends logged-in users away from guest-only routes to trips', () => {
    expect(accessRedirect('guest', loggedIn, '/login')).toBe('/trips');
    expect(accessRedirect('guest', anonymous, '/login')).toBeNull();
  });

  it('sends anonymous users to login, remembering the target with its search', () => {
    expect(accessRedirect('user', anonymous, '/my-trips?loc=suscriptions')).toBe(
      '/login?redirectTo=%2Fmy-trips%3Floc%3Dsuscriptions',
    );
    expect(accessRedirect('user', loggedIn, '/my-trips')).toBeNull();
  });

  it('keeps admin routes for admins', () => {
    expect(accessRedirect('admin', anonymous, '/admin')).toBe('/login?redirectTo=%2Fadmin');
    expect(accessRedirect('admin', loggedIn, '/admin')).toBe('/trips');
    expect(accessRedirect('admin', admin, '/admin/users')).toBeNull();
  });
});

describe('profileCompleteRedirect', () => {
  it('lets a user with photo and description through', () => {
    expect(profileCompleteRedirect(user, '/trips/create')).toBeNull();
  });

  it('sends a user without photo or description to profile_update, remembering the target', () => {
    expect(profileCompleteRedirect({ ...user, image: null }, '/trips/create')).toBe(
      '/setting/profile?redirectTo=%2Ftrips%2Fcreate',
    );
    expect(profileCompleteRedirect({ ...user, description: '  ' }, '/trips/create')).toBe(
      '/setting/profile?redirectTo=%2Ftrips%2Fcreate',
    );
  });
});

describe('ownerRedirect', () => {
  it("lets the trip's owner edit it and sends anybody else to trips", () => {
    expect(ownerRedirect({ user_id: 7 }, user)).toBeNull();
    expect(ownerRedirect({ user_id: 8 }, user)).toBe('/trips');
    expect(ownerRedirect(null, user)).toBe('/trips');
    expect(ownerRedirect({ user_id: 7 }, null)).toBe('/trips');
  });
});

describe('afterLoginPath', () => {
  it('returns to the remembered page', () => {
    expect(afterLoginPath(user, '/my-trips?loc=suscriptions')).toBe('/my-trips?loc=suscriptions');
    expect(afterLoginPath(user, null)).toBe('/trips');
  });

  it('sends first-time users to profile_update, still remembering the page', () => {
    expect(afterLoginPath({ id: 1, name: 'Nuevo', image: null, description: null }, '/trips/3')).toBe(
      '/setting/profile?redirectTo=%2Ftrips%2F3',
    );
  });

  it('never leaves the app', () => {
    expect(afterLoginPath(user, 'https://evil.example')).toBe('/trips');
    expect(afterLoginPath(user, '//evil.example')).toBe('/trips');
  });
});

describe('resolveHandle', () => {
  it('shows the footer on a gray background, the back control and no header buttons by default', () => {
    expect(resolveHandle([undefined])).toEqual({ footer: { show: true }, background: 'gray', back: true, actions: [] });
  });

  it('lets a route turn the back control off and name its header buttons', () => {
    const handle = resolveHandle([undefined, { back: false, actions: [{ to: '/trips/create', labelKey: 'nav.createTrip', icon: 'plus' }] }]);
    expect(handle.back).toBe(false);
    expect(handle.actions).toEqual([{ to: '/trips/create', labelKey: 'nav.createTrip', icon: 'plus' }]);
  });

  it('lets the deepest route win over its parents', () => {
    const handle = resolveHandle([
      undefined,
      { titleKey: 'pages.conversations', footer: { show: true, active: 'conversations' } },
      { titleKey: 'pages.conversationChat', footer: { show: false } },
    ]);
    expect(handle).toEqual({ titleKey: 'pages.conversationChat', footer: { show: false }, background: 'gray', back: true, actions: [] });
  });
});
