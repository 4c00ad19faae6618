import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { firstScreenShown } from './after-first-screen';
import { useAfterFirstScreen } from './use-after-first-screen';

afterEach(() => vi.useRealTimers());

describe('useAfterFirstScreen', () => {
  it('is false until the first screen has shown and the browser was idle, then true, and true at once for users after that', () => {
    vi.useFakeTimers();
    const early = renderHook(() => useAfterFirstScreen());
    expect(early.result.current).toBe(false);

    act(() => firstScreenShown());
    // Shown, but the work that waits for it runs on idle (a second without requestIdleCallback), and so
    // does what asks in between.
    expect(early.result.current).toBe(false);
    const between = renderHook(() => useAfterFirstScreen());
    expect(between.result.current).toBe(false);
    act(() => vi.advanceTimersByTime(1_000));
    expect(early.result.current).toBe(true);
    expect(between.result.current).toBe(true);

    expect(renderHook(() => useAfterFirstScreen()).result.current).toBe(true);
  });
});
