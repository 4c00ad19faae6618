import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { session } from '@/lib/session';
import { STORAGE_KEYS, storage } from '@/lib/storage';
import { renderWithApp } from '@/testing/render';

const IPHONE_SAFARI =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const DESKTOP_CHROME = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';

/** Each test is a new visit: the module's "seen this visit" flag starts clear. */
async function renderPrompts(userAgent: string) {
  vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(userAgent);
  vi.resetModules();
  const { HomePrompts } = await import('./home-prompts');
  const { session: freshSession } = await import('@/lib/session');
  freshSession.hydrate();
  return { ...renderWithApp(<HomePrompts />), session: freshSession };
}

const advance = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('install modal on the trips home', () => {
  it('opens after 2 s on iPhone Safari with Instalar, Entendido and No mostrar más; Instalar shows the steps', async () => {
    await renderPrompts(IPHONE_SAFARI);
    await advance(1_900);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await advance(200);
    const dialog = await screen.findByRole('dialog', { name: 'Instalá Carpoolear en tu iPhone' });
    expect(dialog).toBeVisible();
    expect(screen.getByRole('button', { name: 'Entendido' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'No mostrar más' })).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Instalar' }));
    expect(screen.getByText('Elegí «Agregar a inicio».')).toBeVisible();
  });

  it("'No mostrar más' is remembered in FIRST_TIME_APP (local storage)", async () => {
    const { session: current } = await renderPrompts(IPHONE_SAFARI);
    await advance(2_100);
    await userEvent.click(await screen.findByRole('button', { name: 'No mostrar más' }));
    expect(current.getState().firstTime?.installModalHidden).toBe(true);
    expect(storage.get(STORAGE_KEYS.firstTimeApp)).toMatchObject({ installModalHidden: true });
  });

  it("stays away on a later visit after 'No mostrar más'", async () => {
    storage.set(STORAGE_KEYS.firstTimeApp, { loaded: true, installModalHidden: true });
    await renderPrompts(IPHONE_SAFARI);
    await advance(5_000);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('never opens in a desktop browser', async () => {
    await renderPrompts(DESKTOP_CHROME);
    await advance(5_000);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});

// The module under test is re-imported per test; keep the shared singleton quiet.
afterEach(() => session.clear('logout'));
