import { act, renderHook } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { TIMING } from '@carpool/contracts';
import { api } from '@/lib/api-client';
import type * as ApiClientModule from '@/lib/api-client';
import { session } from '@/lib/session';
import { createTestQueryClient } from '@/testing/render';
import { useUnreadCount } from './use-unread-count';

vi.mock('@/lib/api-client', async (importOriginal) => {
  const actual = await importOriginal<typeof ApiClientModule>();
  return { ...actual, api: { call: vi.fn(), baseUrl: '' } };
});

const call = vi.mocked(api.call) as unknown as Mock<(...args: unknown[]) => Promise<unknown>>;

function renderUnread() {
  const queryClient = createTestQueryClient();
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
  return renderHook(() => useUnreadCount(), { wrapper });
}

/** Lets the answer reach the hook under fake timers (promises, then the batched notification). */
const flush = () =>
  act(async () => {
    await vi.advanceTimersByTimeAsync(50);
  });

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  vi.useRealTimers();
  call.mockReset();
  session.clear('logout');
});

describe('useUnreadCount', () => {
  it('asks GET /api/notifications/count at once and every 30 s while logged in', async () => {
    session.setToken('token');
    session.setUser({ id: 7, name: 'Ana' });
    let unread = 2;
    call.mockImplementation(async () => ({ data: unread }));
    const { result } = renderUnread();
    await flush();
    expect(result.current).toBe(2);
    expect(call).toHaveBeenCalledTimes(1);
    expect(call).toHaveBeenCalledWith(expect.objectContaining({ path: '/api/notifications/count' }), expect.anything());

    unread = 5;
    await act(async () => {
      await vi.advanceTimersByTimeAsync(TIMING.notificationsPollMs - 1_000);
    });
    expect(call).toHaveBeenCalledTimes(1);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1_000);
    });
    expect(call).toHaveBeenCalledTimes(2);
    await flush();
    expect(result.current).toBe(5);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(TIMING.notificationsPollMs);
    });
    expect(call).toHaveBeenCalledTimes(3);
  });

  it('stays at 0 and asks nothing for a visitor; stops polling on logout', async () => {
    const { result } = renderUnread();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(TIMING.notificationsPollMs * 2);
    });
    expect(result.current).toBe(0);
    expect(call).not.toHaveBeenCalled();

    call.mockImplementation(async () => ({ data: 3 }));
    act(() => {
      session.setToken('token');
      session.setUser({ id: 7, name: 'Ana' });
    });
    await flush();
    expect(result.current).toBe(3);
    act(() => session.clear('logout'));
    expect(result.current).toBe(0);
    const calls = call.mock.calls.length;
    await act(async () => {
      await vi.advanceTimersByTimeAsync(TIMING.notificationsPollMs * 2);
    });
    expect(call.mock.calls.length).toBe(calls);
  });
});
