import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi, type Mock } from 'vitest';
import { ApiError, api } from '@/lib/api-client';
import type * as ApiClientModule from '@/lib/api-client';
import { answerCalls } from '@/testing/api-answers';
import { renderWithApp } from '@/testing/render';
import { makeUser } from '@/testing/user-fixtures';
import { AdminUserForm } from './admin-user-form';

vi.mock('@/lib/api-client', async (importOriginal) => {
  const actual = await importOriginal<typeof ApiClientModule>();
  return { ...actual, api: { call: vi.fn(), baseUrl: '' } };
});

const call = vi.mocked(api.call) as unknown as Mock<(...args: unknown[]) => Promise<unknown>>;
afterEach(() => call.mockReset());

const user = makeUser({ id: 12, name: 'Martín Gómez', email: 'martin@example.com' });

async function saveRefused(body: unknown) {
  answerCalls(call, {
    'GET /api/users/bank-data': () => ({ banks: [], cc: [] }),
    'PUT /api/users/modify': () => Promise.reject(new ApiError(422, body)),
  });
  const onSaved = vi.fn();
  renderWithApp(<AdminUserForm user={user} onSaved={onSaved} />);
  await userEvent.setup().click(screen.getByRole('button', { name: 'Guardar cambios' }));
  await waitFor(() => expect(call).toHaveBeenCalledWith(expect.objectContaining({ path: '/api/users/modify' }), expect.objectContaining({ body: expect.objectContaining({ user: { id: 12 } }) })));
  return onSaved;
}

describe('AdminUserForm save failure', () => {
  it("says 'Error al actualizar: ' followed by every field message of the server", async () => {
    const onSaved = await saveRefused({
      message: 'Validation failed',
      errors: { email: ['The email has already been taken.'], nro_doc: ['The nro doc must be a number.'] },
    });
    expect(await screen.findByText('Error al actualizar: The email has already been taken. The nro doc must be a number.')).toBeInTheDocument();
    expect(onSaved).not.toHaveBeenCalled();
  });

  it("says 'Error al actualizar: ' followed by the server's message when it names no field", async () => {
    await saveRefused({ message: 'Could not update user.' });
    expect(await screen.findByText('Error al actualizar: Could not update user.')).toBeInTheDocument();
  });
});
