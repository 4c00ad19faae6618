import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { TIMING } from '@carpool/contracts';
import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { api } from '@/lib/api-client';
import type * as ApiClientModule from '@/lib/api-client';
import { configKeys } from '@/lib/app-config';
import { session } from '@/lib/session';
import { makeConfig } from '@/testing/fixtures';
import { createTestQueryClient, renderWithApp } from '@/testing/render';
import { makeNewUser } from '@/testing/user-fixtures';
import { OnboardingCarousel } from './onboarding-carousel';

vi.mock('@/lib/api-client', async (importOriginal) => {
  const actual = await importOriginal<typeof ApiClientModule>();
  return { ...actual, api: { call: vi.fn(), baseUrl: '' } };
});

const call = vi.mocked(api.call) as unknown as Mock<(endpoint: { id: string }, options?: unknown) => Promise<unknown>>;
const newcomer = makeNewUser({ on_boarding_view: 0 });

function renderCarousel(config = {}) {
  const queryClient = createTestQueryClient();
  queryClient.setQueryData(configKeys.all, makeConfig({ module_on_boarding_new_user: true, ...config }));
  return renderWithApp(<OnboardingCarousel />, { queryClient });
}

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  session.clear();
  session.setToken('jwt');
  session.setUser(newcomer);
  session.markFirstTime({ loaded: true, onboarded: false });
});

afterEach(() => {
  vi.useRealTimers();
  call.mockReset();
});

describe('Onboarding carousel', () => {
  it('appears 600 ms after the first open and walks through 4 cards with Anterior / Siguiente / ¡Comenzar!', async () => {
    call.mockResolvedValue({ data: { ...newcomer, on_boarding_view: 1 } });
    renderCarousel();
    const u = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    await act(() => vi.advanceTimersByTimeAsync(TIMING.onboardingOverlayDelayMs - 50));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(50));
    expect(await screen.findByRole('dialog')).toBeInTheDocument();

    expect(screen.getByText('Viajá compartiendo')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Anterior' })).toBeDisabled();
    await u.click(screen.getByRole('button', { name: 'Siguiente' }));
    expect(screen.getByText('Buscá tu viaje')).toBeInTheDocument();
    await u.click(screen.getByRole('button', { name: 'Anterior' }));
    expect(screen.getByText('Viajá compartiendo')).toBeInTheDocument();
    await u.click(screen.getByRole('button', { name: 'Siguiente' }));
    await u.click(screen.getByRole('button', { name: 'Siguiente' }));
    expect(screen.getByText('Publicá el tuyo')).toBeInTheDocument();
    await u.click(screen.getByRole('button', { name: 'Siguiente' }));
    expect(screen.getByText('Calificá y sumá confianza')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Siguiente' })).not.toBeInTheDocument();

    await u.click(screen.getByRole('button', { name: '¡Comenzar!' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(session.getState().firstTime).toMatchObject({ onboarded: true });
    expect(JSON.parse(localStorage.getItem('FIRST_TIME_APP')!)).toMatchObject({ onboarded: true });
    expect(call).toHaveBeenCalledWith(expect.objectContaining({ id: 'users.changeProperty' }), {
      params: { property: 'on_boarding_view', value: 1 },
    });
    await vi.waitFor(() => expect(session.getState().user).toMatchObject({ on_boarding_view: 1 }));
  });

  it('greets a first-time guest too; closing it marks FIRST_TIME_APP and asks the server nothing', async () => {
    session.clear();
    localStorage.removeItem('FIRST_TIME_APP');
    renderCarousel();
    const u = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    await act(() => vi.advanceTimersByTimeAsync(TIMING.onboardingOverlayDelayMs));
    const dialog = await screen.findByRole('dialog', { name: 'Bienvenido a Carpoolear' });
    expect(dialog).toHaveTextContent('Viajá compartiendo');
    await u.keyboard('{Escape}');
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(JSON.parse(localStorage.getItem('FIRST_TIME_APP')!)).toMatchObject({ onboarded: true });
    expect(call).not.toHaveBeenCalled();
  });

  it('stays away once onboarded, or with the module off', async () => {
    session.markFirstTime({ onboarded: true });
    const { unmount } = renderCarousel();
    await act(() => vi.advanceTimersByTimeAsync(TIMING.onboardingOverlayDelayMs * 2));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    unmount();

    session.markFirstTime({ onboarded: false });
    renderCarousel({ module_on_boarding_new_user: false });
    await act(() => vi.advanceTimersByTimeAsync(TIMING.onboardingOverlayDelayMs * 2));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
