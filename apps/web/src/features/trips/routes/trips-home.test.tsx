import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi, type Mock } from 'vitest';
import { api } from '@/lib/api-client';
import type * as ApiClientModule from '@/lib/api-client';
import { session } from '@/lib/session';
import { makePage, makeTrip } from '@/testing/fixtures';
import { renderWithApp } from '@/testing/render';
import { makeUser } from '@/testing/user-fixtures';
import { TripsHomeRoute } from './trips-home';

vi.mock('@/lib/api-client', async (importOriginal) => {
  const actual = await importOriginal<typeof ApiClientModule>();
  return { ...actual, api: { call: vi.fn(), baseUrl: '' } };
});

const call = vi.mocked(api.call) as unknown as Mock<(...args: unknown[]) => Promise<unknown>>;
afterEach(() => {
  call.mockReset();
  session.clear();
});

const LOGIN_TEXT = 'Ingresá para ver los detalles de los viajes y pedir un asiento.';

function renderHome() {
  // The list answers every search; any other call fails (the home's extras need a session).
  call.mockImplementation(async (endpoint) => {
    if ((endpoint as { path: string }).path === '/api/trips') return makePage([makeTrip({ id: 1 })]);
    throw new Error(`unexpected call ${(endpoint as { path: string }).path}`);
  });
  return renderWithApp(<TripsHomeRoute />, { path: '/trips' });
}

describe('TripsHomeRoute', () => {
  it('offers a logged-out visitor on a phone the link to login, hidden from md (992 px) up', async () => {
    renderHome();
    const text = await screen.findByText(LOGIN_TEXT, { exact: false });
    const link = within(text).getByRole('link', { name: 'Ingresá para ver más' });
    expect(link).toHaveAttribute('href', '/login?redirectTo=%2Ftrips');
    // Mantine's hiddenFrom="md": phones and tablets see it, desktops have the header's Ingresar.
    expect(link.closest('.mantine-Alert-root')).toHaveClass('mantine-hidden-from-md');
  });

  it('shows no login link to a logged-in user', async () => {
    session.setToken('token');
    session.setUser(makeUser({ monthly_donate: 1 }));
    renderHome();
    expect(await screen.findAllByTestId('trip-card')).toHaveLength(1);
    expect(screen.queryByText(LOGIN_TEXT, { exact: false })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Ingresá para ver más' })).not.toBeInTheDocument();
  });

  it('lays the trips out with the config max_cards_per_row (3) from md', async () => {
    renderHome();
    expect(await screen.findAllByTestId('trip-card')).toHaveLength(1);
    const css = Array.from(document.querySelectorAll('style'), (style) => style.textContent).join('\n');
    expect(css).toMatch(/@media\(min-width: 62em\)\{[^{]+\{--sg-cols:3;\}/);
  });
});
