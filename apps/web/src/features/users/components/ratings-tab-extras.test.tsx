import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi, type Mock } from 'vitest';
import { ApiError, api } from '@/lib/api-client';
import type * as ApiClientModule from '@/lib/api-client';
import { renderWithApp } from '@/testing/render';
import { ReferenceForm } from './ratings-tab-extras';

vi.mock('@/lib/api-client', async (importOriginal) => {
  const actual = await importOriginal<typeof ApiClientModule>();
  return { ...actual, api: { call: vi.fn(), baseUrl: '' } };
});

const call = vi.mocked(api.call) as unknown as Mock<(...args: unknown[]) => Promise<unknown>>;
afterEach(() => call.mockReset());

/** The provider refuses the reference with `code` (as `errors.error`, its usual shape). */
const refusing = (status: number, code: string) => () => Promise.reject(new ApiError(status, { message: code, errors: { error: code } }));

async function sendReference(answer: () => Promise<unknown>) {
  call.mockImplementation(answer);
  const u = userEvent.setup();
  renderWithApp(<ReferenceForm userId={12} name="Martín Gómez" />);
  await u.type(screen.getByRole('textbox', { name: 'Tu referencia sobre Martín Gómez' }), 'Buen compañero de viaje.');
  await u.click(screen.getByRole('button', { name: 'Enviar referencia' }));
  await waitFor(() => expect(call).toHaveBeenCalledWith(expect.objectContaining({ method: 'POST' }), expect.objectContaining({ body: { user_id_to: 12, comment: 'Buen compañero de viaje.' } })));
}

describe('ReferenceForm errors', () => {
  it('reference_exist: says the user already wrote one', async () => {
    await sendReference(refusing(422, 'reference_exist'));
    expect(await screen.findByText('Ya le escribiste una referencia a este usuario.')).toBeInTheDocument();
  });

  it("reference_same_user: 'No puedes enviarte una referencia a ti mismo'", async () => {
    await sendReference(refusing(422, 'reference_same_user'));
    expect(await screen.findByText('No puedes enviarte una referencia a ti mismo')).toBeInTheDocument();
  });

  it('user_doesnt_exist: says the user does not exist', async () => {
    await sendReference(refusing(422, 'user_doesnt_exist'));
    expect(await screen.findByText('El usuario no existe.')).toBeInTheDocument();
  });

  it('any other failure: the generic reference error', async () => {
    await sendReference(refusing(500, 'server_error'));
    expect(await screen.findByText('No se pudo guardar la referencia.')).toBeInTheDocument();
  });

  it('another known code (not a reference one) still gets the generic reference error', async () => {
    await sendReference(refusing(401, 'invalid_token'));
    expect(await screen.findByText('No se pudo guardar la referencia.')).toBeInTheDocument();
  });
});
