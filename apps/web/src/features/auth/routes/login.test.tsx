import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { ApiError, api } from '@/lib/api-client';
import type * as ApiClientModule from '@/lib/api-client';
import { session } from '@/lib/session';
import { makeConfig } from '@/testing/fixtures';
import { renderWithApp } from '@/testing/render';
import { recallTarget, rememberTarget } from '@/lib/remembered-target';
import { LoginRoute } from './login';

vi.mock('@/lib/api-client', async (importOriginal) => {
  const actual = await importOriginal<typeof ApiClientModule>();
  return { ...actual, api: { call: vi.fn(), baseUrl: '' } };
});

// api.call is generic; the mock answers whatever each test needs.
const call = vi.mocked(api.call) as unknown as Mock<(...args: unknown[]) => Promise<unknown>>;
const user = { id: 7, name: 'Ana', image: 'ana.jpg', description: 'Viajo seguido.' };

function renderLogin(url = '/login') {
  return renderWithApp(<LoginRoute />, {
    path: '/login',
    url,
    routes: [
      { path: '/my-trips', element: <p>Mis viajes (destino)</p> },
      { path: '/trips/:id', element: <p>El viaje (destino)</p> },
      { path: '/register', element: <RegisterTarget /> },
    ],
  });
}

function RegisterTarget() {
  const { search } = useLocation();
  return <p>Registro (destino){search}</p>;
}

async function fillAndSubmit(email = 'ana@example.com', password = 'secreta123') {
  const u = userEvent.setup();
  await u.type(await screen.findByLabelText(/E-mail/), email);
  await u.type(screen.getByLabelText(/Contraseña/), password);
  await u.click(screen.getByRole('button', { name: 'Ingresar' }));
  return u;
}

beforeEach(() => {
  session.clear();
  session.setUserLoader(async () => user);
});

afterEach(() => {
  call.mockReset();
});

describe('Login page', () => {
  it("shows 'Email o password incorrecto.' when the API answers 401", async () => {
    call.mockRejectedValueOnce(new ApiError(401, { message: 'Unauthorized', errors: { error: 'invalid_credentials' } }));
    renderLogin();
    await fillAndSubmit();
    expect(await screen.findByText('Email o password incorrecto.')).toBeInTheDocument();
    expect(session.getState().token).toBeNull();
  });

  it('tells an inactive user to activate the account', async () => {
    call.mockRejectedValueOnce(new ApiError(401, { message: 'x', errors: { error: 'user_not_active' } }));
    renderLogin();
    await fillAndSubmit();
    expect(await screen.findByText(/Debés activar tu cuenta/)).toBeInTheDocument();
  });

  it('tells a banned user so', async () => {
    call.mockRejectedValueOnce(new ApiError(401, { message: 'x', errors: { error: 'user_banned' } }));
    renderLogin();
    await fillAndSubmit();
    expect(await screen.findByText(/Tu usuario fue suspendido/)).toBeInTheDocument();
  });

  it('stores the token, fetches the user and returns to the remembered page', async () => {
    call.mockResolvedValueOnce({ token: 'jwt', config: makeConfig() });
    renderLogin('/login?redirectTo=%2Fmy-trips');
    await fillAndSubmit();
    expect(await screen.findByText('Mis viajes (destino)')).toBeInTheDocument();
    expect(call).toHaveBeenCalledWith(expect.objectContaining({ path: '/api/login' }), {
      body: { email: 'ana@example.com', password: 'secreta123' },
    });
    expect(session.getState()).toMatchObject({ token: 'jwt', user });
  });

  it('keeps the remembered page across page loads and hands it on to registration (44.4)', async () => {
    renderLogin('/login?redirectTo=%2Ftrips%2F42');
    await userEvent.setup().click(await screen.findByRole('link', { name: 'Registrate' }));
    expect(await screen.findByText('Registro (destino)?redirectTo=%2Ftrips%2F42')).toBeInTheDocument();
    expect(recallTarget()).toBe('/trips/42');
  });

  it('without the query parameter, returns to the page kept before (a guest back from the activation link) and forgets it', async () => {
    rememberTarget('/trips/42');
    call.mockResolvedValueOnce({ token: 'jwt', config: makeConfig() });
    renderLogin('/login');
    await fillAndSubmit();
    expect(await screen.findByText('El viaje (destino)')).toBeInTheDocument();
    expect(recallTarget()).toBeNull();
  });

  it('removes the failure message once a new attempt succeeds', async () => {
    call
      .mockRejectedValueOnce(new ApiError(401, { message: 'x', errors: { error: 'invalid_credentials' } }))
      .mockResolvedValueOnce({ token: 'jwt', config: makeConfig() });
    renderLogin('/login?redirectTo=%2Fmy-trips');
    const u = await fillAndSubmit();
    expect(await screen.findByText('Email o password incorrecto.')).toBeInTheDocument();
    await u.click(screen.getByRole('button', { name: 'Ingresar' }));
    expect(await screen.findByText('Mis viajes (destino)')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('Email o password incorrecto.')).not.toBeInTheDocument());
  });

  it("answers a second submit while the first is in flight with 'Solicitud enviada'", async () => {
    call.mockImplementationOnce(() => new Promise(() => undefined));
    renderLogin();
    const u = await fillAndSubmit();
    await u.click(screen.getByRole('button', { name: 'Ingresar' }));
    expect(await screen.findByText('Solicitud enviada')).toBeInTheDocument();
    expect(call).toHaveBeenCalledTimes(1);
  });

  it('asks for e-mail and password before calling the API', async () => {
    renderLogin();
    const u = userEvent.setup();
    await u.click(await screen.findByRole('button', { name: 'Ingresar' }));
    expect(await screen.findByText('Ingresá tu e-mail.')).toBeInTheDocument();
    expect(call).not.toHaveBeenCalled();
  });

  it('explains that social login no longer works', async () => {
    renderLogin();
    const u = userEvent.setup();
    await u.click(await screen.findByRole('button', { name: 'Ingresar con Facebook' }));
    expect(await screen.findByText(/Este inicio de sesión ya no funciona/)).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('link', { name: 'ayuda@carpoolear.com.ar' })).toBeInTheDocument());
  });
});
