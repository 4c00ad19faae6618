import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { ApiError, api } from '@/lib/api-client';
import type * as ApiClientModule from '@/lib/api-client';
import { session } from '@/lib/session';
import { makeConfig } from '@/testing/fixtures';
import { renderWithApp } from '@/testing/render';
import { makeNewUser } from '@/testing/user-fixtures';
import { rememberTarget } from '@/lib/remembered-target';
import { ActivateRoute } from './activate';

vi.mock('@/lib/api-client', async (importOriginal) => {
  const actual = await importOriginal<typeof ApiClientModule>();
  return { ...actual, api: { call: vi.fn(), baseUrl: '' } };
});

const call = vi.mocked(api.call) as unknown as Mock<(endpoint: { id: string }, options?: { params?: Record<string, unknown> }) => Promise<unknown>>;
const newUser = makeNewUser({ id: 31, name: 'Ana Pérez' });

function ProfileTarget() {
  const { search } = useLocation();
  return <p>Editar perfil (destino){search}</p>;
}

const renderActivation = () =>
  renderWithApp(<ActivateRoute />, {
    path: '/activate/:token',
    url: '/activate/abc123',
    routes: [
      { path: '/setting/profile', element: <ProfileTarget /> },
      { path: '/login', element: <p>Ingresar (destino)</p> },
    ],
  });

beforeEach(() => {
  session.clear();
  session.setUserLoader(async () => newUser);
});

afterEach(() => call.mockReset());

describe('Activation page', () => {
  it('activates once on load, logs the new user in and leads to the profile', async () => {
    call.mockResolvedValue({ token: 'jwt', config: makeConfig() });
    renderActivation();
    expect(await screen.findByText('¡Tu cuenta está activa!')).toBeInTheDocument();
    expect(call).toHaveBeenCalledTimes(1);
    expect(call).toHaveBeenCalledWith(expect.objectContaining({ id: 'auth.activate' }), { params: { token: 'abc123' } });
    expect(session.getState()).toMatchObject({ token: 'jwt', user: newUser });
    await userEvent.setup().click(screen.getByRole('link', { name: 'Continuar' }));
    expect(await screen.findByText('Editar perfil (destino)?redirectTo=%2Ftrips')).toBeInTheDocument();
  });

  it('leads to the profile on the way to the page the guest was on before registering (kept across page loads, 44.4)', async () => {
    // The login page kept it when the guest was sent there from a trip; the activation link is a new page load.
    rememberTarget('/trips/42');
    call.mockResolvedValue({ token: 'jwt', config: makeConfig() });
    renderActivation();
    expect(await screen.findByText('¡Tu cuenta está activa!')).toBeInTheDocument();
    // Used up: a later login does not go back there.
    expect(localStorage.getItem('carpool.rememberedTarget')).toBeNull();
    await userEvent.setup().click(screen.getByRole('link', { name: 'Continuar' }));
    expect(await screen.findByText('Editar perfil (destino)?redirectTo=%2Ftrips%2F42')).toBeInTheDocument();
  });

  it("shows 'Token invalido' with a link to login for an unknown or used token", async () => {
    call.mockRejectedValue(new ApiError(422, { message: 'Token invalido', errors: { error: 'invalid_token' } }));
    renderActivation();
    expect(await screen.findByText('Token invalido')).toBeInTheDocument();
    expect(session.getState().token).toBeNull();
    await userEvent.setup().click(screen.getByRole('link', { name: 'Ir a ingresar' }));
    expect(await screen.findByText('Ingresar (destino)')).toBeInTheDocument();
  });
});
