import { act, render, screen } from '@testing-library/react';
import { TIMING } from '@carpool/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createTestQueryClient } from '@/testing/render';
import { TestProviders } from '@/testing/test-providers';
import { toast } from './toast';

/** Moves the fake clock inside React's act, so that the effects the timers start run too. */
const advance = (ms: number) => act(() => vi.advanceTimersByTime(ms));

/** The toasts' times (spec document 2 §9; issue 41 item 10), on fake timers. */
describe('toasts', () => {
  beforeEach(() => vi.useFakeTimers({ shouldAdvanceTime: false }));
  afterEach(() => vi.useRealTimers());

  it.each([
    ['an error toast', () => toast.error('No se pudo guardar.'), 'No se pudo guardar.', TIMING.errorToastMs, 10_000],
    ['a success toast', () => toast.success('Listo.'), 'Listo.', TIMING.defaultToastMs, 2_000],
    ['an information toast', () => toast.info('Un aviso.'), 'Un aviso.', TIMING.defaultToastMs, 2_000],
  ])('%s stays its time and then goes', async (_kind, show, text, ms, specMs) => {
    expect(ms).toBe(specMs);
    render(<TestProviders queryClient={createTestQueryClient()}>{null}</TestProviders>);
    await act(async () => show());
    expect(screen.getByText(text)).toBeInTheDocument();
    await advance(ms - 100);
    expect(screen.getByText(text)).toBeInTheDocument();
    // Past its time, then the closing transition (250 ms) and the list's re-render, each a timer that
    // the previous one starts: moved in steps.
    for (let step = 0; step < 5; step += 1) await advance(300);
    expect(screen.queryByText(text)).not.toBeInTheDocument();
  });

});
