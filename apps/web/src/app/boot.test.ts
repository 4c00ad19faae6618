import { ApiError } from '@/lib/api-client';
import { configKeys } from '@/lib/app-config';
import { createSessionStore } from '@/lib/session';
import { createTestQueryClient } from '@/testing/render';
import { makeConfig } from '@/testing/fixtures';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { startUp, type BootDeps } from './boot';

const user = { id: 7, name: 'Ana', image: 'a.jpg', description: 'Hola mundo!!' };

function deps(overrides: Partial<BootDeps> = {}) {
  const session = createSessionStore();
  session.setUserLoader(async () => user);
  return {
    session,
    queryClient: createTestQueryClient(),
    retoken: vi.fn(async () => ({ token: 'fresh', config: makeConfig({ name_app: 'fresh' }) })),
    wait: vi.fn(async () => undefined),
    now: () => 0,
    ...overrides,
  } satisfies BootDeps;
}

describe('startUp', () => {
  it('refreshes a cached token, keeps the answered config and loads the user', async () => {
    localStorage.setItem('TOKEN', JSON.stringify('cached'));
    localStorage.setItem('FIRST_TIME_APP', JSON.stringify({ loaded: true }));
    const d = deps();
    const result = await startUp(d);
    expect(d.retoken).toHaveBeenCalledOnce();
    expect(d.session.getState()).toMatchObject({ token: 'fresh', user });
    expect(JSON.parse(localStorage.getItem('TOKEN')!)).toBe('fresh');
    expect(result).toEqual({ config: makeConfig({ name_app: 'fresh' }), sessionLost: false });
    expect(d.wait).not.toHaveBeenCalled();
  });

  it('tells when the token has been refreshed, before the user has loaded', async () => {
    localStorage.setItem('TOKEN', JSON.stringify('cached'));
    localStorage.setItem('FIRST_TIME_APP', JSON.stringify({ loaded: true }));
    const order: string[] = [];
    const d = deps({ onTokenChecked: () => order.push(`token checked: ${d.session.getState().token}`) });
    d.session.setUserLoader(async () => {
      order.push('user');
      return user;
    });
    await startUp(d);
    expect(order).toEqual(['token checked: fresh', 'user']);
  });

  it('logs out when the refresh fails', async () => {
    localStorage.setItem('TOKEN', JSON.stringify('stale'));
    localStorage.setItem('USER', JSON.stringify(user));
    const d = deps({ retoken: vi.fn(async () => Promise.reject(new ApiError(401, { message: 'x', errors: { error: 'token_expired' } }))) });
    const result = await startUp(d);
    expect(result.sessionLost).toBe(true);
    expect(d.session.getState()).toMatchObject({ token: null, user: null });
    expect(localStorage.getItem('TOKEN')).toBeNull();
    expect(localStorage.getItem('USER')).toBeNull();
  });

  it('does not refresh anything for a visitor, and loads the configuration', async () => {
    const queryClient = new QueryClient();
    const fetchConfig = vi.spyOn(queryClient, 'ensureQueryData').mockResolvedValue(makeConfig());
    const d = deps({ queryClient });
    await startUp(d);
    expect(d.retoken).not.toHaveBeenCalled();
    expect(fetchConfig).toHaveBeenCalledWith(expect.objectContaining({ queryKey: configKeys.all }));
  });

  it('waits 2 s in all on the first load of the browser only, then remembers it', async () => {
    let clock = 0;
    // 500 ms pass between the start and the end of the start-up: 1.5 s are left to wait.
    const d = deps({ now: () => (clock += 500) });
    await startUp(d);
    expect(d.wait).toHaveBeenCalledWith(1500);
    expect(JSON.parse(localStorage.getItem('FIRST_TIME_APP')!)).toEqual({ loaded: true });

    const again = deps();
    await startUp(again);
    expect(again.wait).not.toHaveBeenCalled();
  });

  it('counts the 2 s of the first load from when the page began loading', async () => {
    // The app's code took 1.2 s to arrive and the start-up 0.5 s more: 0.3 s are left to wait.
    const d = deps({ now: () => 1_700, pageStartedAt: 0 });
    await startUp(d);
    expect(d.wait).toHaveBeenCalledWith(300);
  });
});
