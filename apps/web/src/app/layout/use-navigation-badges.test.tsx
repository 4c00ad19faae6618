import { act, renderHook } from '@testing-library/react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { TIMING } from '@carpool/contracts';
import { api } from '@/lib/api-client';
import type * as ApiClientModule from '@/lib/api-client';
import { conversationKeys } from '@/lib/conversations';
import { session } from '@/lib/session';
import { createTestQueryClient } from '@/testing/render';
import { useNavigationBadges } from './use-navigation-badges';

vi.mock('@/lib/api-client', async (importOriginal) => {
  const actual = await importOriginal<typeof ApiClientModule>();
  return { ...actual, api: { call: vi.fn(), baseUrl: '' } };
});

const call = vi.mocked(api.call) as unknown as Mock<(...args: unknown[]) => Promise<unknown>>;

function renderBadges(queryClient: QueryClient = createTestQueryClient()) {
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
  return { ...renderHook(() => useNavigationBadges(), { wrapper }), queryClient };
}

/** Lets the answer reach the hook under fake timers (promises, then the batched notification). */
const flush = () =>
  act(async () => {
    await vi.advanceTimersByTimeAsync(50);
  });
const countCalls = () => call.mock.calls.filter(([endpoint]) => (endpoint as { path: string }).path === '/api/notifications/count').length;

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  vi.useRealTimers();
  call.mockReset();
  session.clear('logout');
});

const logIn = () => {
  session.setToken('token');
  session.setUser({ id: 7, name: 'Ana' });
};

describe('useNavigationBadges', () => {
  it('reads the bell, Mensajes and Mis viajes from GET /api/notifications/count, at once and every 30 s', async () => {
    logIn();
    let counts = { notifications: 2, messages: 1, my_trips: 3 };
    call.mockImplementation(async () => ({ data: counts }));
    const { result } = renderBadges();
    await flush();
    expect(result.current).toEqual({ notifications: 2, messages: 1, myTrips: 3 });
    expect(call).toHaveBeenCalledTimes(1);
    expect(call).toHaveBeenCalledWith(expect.objectContaining({ path: '/api/notifications/count' }), expect.anything());

    counts = { notifications: 5, messages: 0, my_trips: 1 };
    await act(async () => {
      await vi.advanceTimersByTimeAsync(TIMING.notificationsPollMs - 1_000);
    });
    expect(call).toHaveBeenCalledTimes(1);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1_000);
    });
    await flush();
    expect(call).toHaveBeenCalledTimes(2);
    expect(result.current).toEqual({ notifications: 5, messages: 0, myTrips: 1 });
  });

  it('asks again once an opened chat has loaded its messages (reading it marks it read)', async () => {
    logIn();
    call.mockImplementation(async () => ({ data: { notifications: 0, messages: 1, my_trips: 0 } }));
    const { queryClient } = renderBadges();
    await flush();
    expect(countCalls()).toBe(1);
    // Another list's answer changes nothing; a chat's messages do.
    await act(async () => {
      await queryClient.fetchQuery({ queryKey: conversationKeys.lists(), queryFn: async () => [] });
    });
    await flush();
    expect(countCalls()).toBe(1);
    await act(async () => {
      await queryClient.fetchQuery({ queryKey: conversationKeys.messages(4), queryFn: async () => [] });
    });
    await flush();
    expect(countCalls()).toBe(2);
  });

  it('stays at 0 and asks nothing for a visitor; stops polling on logout', async () => {
    const { result } = renderBadges();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(TIMING.notificationsPollMs * 2);
    });
    expect(result.current).toEqual({ notifications: 0, messages: 0, myTrips: 0 });
    expect(call).not.toHaveBeenCalled();

    call.mockImplementation(async () => ({ data: { notifications: 3, messages: 2, my_trips: 1 } }));
    act(() => logIn());
    await flush();
    expect(result.current.notifications).toBe(3);
    act(() => session.clear('logout'));
    expect(result.current).toEqual({ notifications: 0, messages: 0, myTrips: 0 });
    const calls = call.mock.calls.length;
    await act(async () => {
      await vi.advanceTimersByTimeAsync(TIMING.notificationsPollMs * 2);
    });
    expect(call.mock.calls.length).toBe(calls);
  });
});
