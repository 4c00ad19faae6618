import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi, type Mock } from 'vitest';
import { ApiError, api } from '@/lib/api-client';
import type * as ApiClientModule from '@/lib/api-client';
import { renderWithApp } from '@/testing/render';
import { makeUser } from '@/testing/user-fixtures';
import { ProfileUpdateForm } from './profile-update-form';

// The profile save's generic error (audit 8.10); the page's other errors are in routes/profile-update.test.tsx.
vi.mock('@/lib/api-client', async (importOriginal) => {
  const actual = await importOriginal<typeof ApiClientModule>();
  return { ...actual, api: { call: vi.fn(), baseUrl: '' } };
});

const call = vi.mocked(api.call) as unknown as Mock<(endpoint: { id: string }, options?: unknown) => Promise<unknown>>;
afterEach(() => call.mockReset());

const GENERIC = 'No pudimos guardar tu perfil. Volvé a intentarlo.';

async function saveFailing(error: ApiError) {
  call.mockImplementation(async (endpoint) => {
    if (endpoint.id === 'users.update') throw error;
    if (endpoint.id === 'users.bankData') return { banks: [], cc: [] };
    throw new Error(`unexpected call ${endpoint.id}`);
  });
  const onSaved = vi.fn();
  renderWithApp(<ProfileUpdateForm user={makeUser()} onSaved={onSaved} />);
  await userEvent.setup({ delay: null }).click(screen.getByRole('button', { name: 'Guardar' }));
  await waitFor(() => expect(call).toHaveBeenCalledWith(expect.objectContaining({ id: 'users.update' }), expect.anything()));
  return onSaved;
}

describe('ProfileUpdateForm save failure', () => {
  it('says the generic profile error when the server fails without a known code', async () => {
    const onSaved = await saveFailing(new ApiError(500, { message: 'Internal Server Error' }));
    expect(await screen.findByText(GENERIC)).toBeInTheDocument();
    expect(onSaved).not.toHaveBeenCalled();
  });

  it('says it too for a refusal that names no field', async () => {
    await saveFailing(new ApiError(422, { message: 'invalid', errors: {} }));
    expect(await screen.findByText(GENERIC)).toBeInTheDocument();
    expect(screen.queryByText('Faltan completar campos', { exact: false })).not.toBeInTheDocument();
  });
});
