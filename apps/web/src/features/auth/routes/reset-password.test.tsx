import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi, type Mock } from 'vitest';
import { ApiError, api } from '@/lib/api-client';
import type * as ApiClientModule from '@/lib/api-client';
import { runtimeConfig } from '@/lib/runtime-config';
import { renderWithApp } from '@/testing/render';
import { ResetPasswordRoute } from './reset-password';
import { ResetPasswordConfirmRoute } from './reset-password-confirm';

vi.mock('@/lib/api-client', async (importOriginal) => {
  const actual = await importOriginal<typeof ApiClientModule>();
  return { ...actual, api: { call: vi.fn(), baseUrl: '' } };
});

const call = vi.mocked(api.call) as unknown as Mock<(endpoint: { id: string }, options?: unknown) => Promise<unknown>>;

afterEach(() => {
  call.mockReset();
  runtimeConfig.localOutbox = false;
});

describe('Reset password: e-mail step', () => {
  const renderStep = () => renderWithApp(<ResetPasswordRoute />, { path: '/reset-password' });

  it("refuses a malformed e-mail with 'Ingrese un e-mail valido.' before calling", async () => {
    renderStep();
    const u = userEvent.setup();
    await u.type(await screen.findByLabelText(/E-mail/), 'ana@');
    await u.click(screen.getByRole('button', { name: 'Enviar enlace' }));
    expect(await screen.findByText('Ingrese un e-mail valido.')).toBeInTheDocument();
    expect(call).not.toHaveBeenCalled();
  });

  it("tells when the e-mail belongs to nobody ('El e-mail ingresado no pertenece a ningún usuario.')", async () => {
    call.mockRejectedValue(new ApiError(422, { message: 'x', errors: { error: 'user_not_found' } }));
    renderStep();
    const u = userEvent.setup();
    await u.type(await screen.findByLabelText(/E-mail/), 'nadie@example.com');
    await u.click(screen.getByRole('button', { name: 'Enviar enlace' }));
    expect(await screen.findAllByText('El e-mail ingresado no pertenece a ningún usuario.')).not.toHaveLength(0);
  });

  it('confirms that the link was sent', async () => {
    call.mockResolvedValue({ data: 'ok' });
    renderStep();
    const u = userEvent.setup();
    await u.type(await screen.findByLabelText(/E-mail/), 'ana@example.com');
    await u.click(screen.getByRole('button', { name: 'Enviar enlace' }));
    expect(await screen.findByText(/Te enviamos un e-mail a ana@example.com/)).toBeInTheDocument();
    expect(call).toHaveBeenCalledWith(expect.objectContaining({ id: 'auth.resetPassword' }), { body: { email: 'ana@example.com' } });
    expect(screen.queryByRole('link', { name: 'Abrir la bandeja local' })).not.toBeInTheDocument();
  });

  it('with the local outbox on (no SMTP), says the e-mail is there and links to it (44.8)', async () => {
    runtimeConfig.localOutbox = true;
    call.mockResolvedValue({ data: 'ok' });
    renderStep();
    const u = userEvent.setup();
    await u.type(await screen.findByLabelText(/E-mail/), 'ana@example.com');
    await u.click(screen.getByRole('button', { name: 'Enviar enlace' }));
    expect(await screen.findByText('El e-mail quedó en la bandeja local')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Abrir la bandeja local' })).toHaveAttribute('href', '/__mock/#section-correos-enviados');
  });
});

describe('Reset password: new password with the token', () => {
  const renderStep = () =>
    renderWithApp(<ResetPasswordConfirmRoute />, {
      path: '/reset-password/:token',
      url: '/reset-password/tok',
      routes: [{ path: '/login', element: <p>Ingresar (destino)</p> }],
    });

  async function fill(password: string, confirmation: string) {
    const u = userEvent.setup();
    await u.type(await screen.findByLabelText(/^Contraseña nueva/), password);
    await u.type(screen.getByLabelText(/Repetí la contraseña nueva/), confirmation);
    await u.click(screen.getByRole('button', { name: 'Guardar contraseña' }));
  }

  it("needs both passwords equal ('No coicide los campos')", async () => {
    renderStep();
    await fill('secreta123', 'secreta124');
    expect(await screen.findByText('No coicide los campos')).toBeInTheDocument();
    expect(call).not.toHaveBeenCalled();
  });

  it('saves the password and leads to login', async () => {
    call.mockResolvedValue({ data: 'ok' });
    renderStep();
    await fill('secreta123', 'secreta123');
    expect(await screen.findByText('Ingresar (destino)')).toBeInTheDocument();
    expect(call).toHaveBeenCalledWith(expect.objectContaining({ id: 'auth.changePassword' }), {
      params: { token: 'tok' },
      body: { password: 'secreta123', password_confirmation: 'secreta123' },
    });
  });

  it("says 'Token invalido' for an unknown or expired link", async () => {
    call.mockRejectedValue(new ApiError(422, { message: 'Token invalido', errors: { error: 'invalid_token' } }));
    renderStep();
    await fill('secreta123', 'secreta123');
    expect(await screen.findAllByText(/Token invalido/)).not.toHaveLength(0);
    expect(screen.getByRole('link', { name: 'Pedí un enlace nuevo' })).toBeInTheDocument();
  });
});
