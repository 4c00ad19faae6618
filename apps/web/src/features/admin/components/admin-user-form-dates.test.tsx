import { endpoints, type User } from '@carpool/contracts';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi, type Mock } from 'vitest';
import { api } from '@/lib/api-client';
import type * as ApiClientModule from '@/lib/api-client';
import { renderWithApp } from '@/testing/render';
import { AdminUserForm } from './admin-user-form';

vi.mock('@/lib/api-client', async (importOriginal) => {
  const actual = await importOriginal<typeof ApiClientModule>();
  return { ...actual, api: { call: vi.fn(), baseUrl: '' } };
});

const call = vi.mocked(api.call) as unknown as Mock<(...args: unknown[]) => Promise<unknown>>;
afterEach(() => call.mockReset());

const ana = { id: 7, name: 'Ana Pérez', email: 'ana@example.com', birthday: '1990-05-17', image: null, positive_ratings: 0, negative_ratings: 0 } as unknown as User;

/** The admin's user form (issue 44 item 10): the birthday as Argentina writes it, picked on the app's calendar. */
describe('AdminUserForm birthday', () => {
  it("shows the birthday as dd/mm/yyyy and saves the day picked on the calendar as the provider's YYYY-MM-DD", async () => {
    call.mockImplementation(async (endpoint) => (endpoint === endpoints.users.bankData ? { banks: [], cc: [] } : { data: ana }));
    renderWithApp(<AdminUserForm user={ana} onSaved={() => undefined} />);
    const birthday = screen.getByRole('textbox', { name: 'Fecha de nacimiento' });
    expect(birthday).toHaveValue('17/05/1990');

    // The calendar opens on May 1990: the 20th, picked.
    const user = userEvent.setup();
    await user.click(birthday);
    await user.click(await screen.findByRole('button', { name: '20 mayo 1990' }));
    expect(birthday).toHaveValue('20/05/1990');

    await user.click(screen.getByRole('button', { name: 'Guardar cambios' }));
    const saved = () => call.mock.calls.find(([endpoint]) => endpoint !== endpoints.users.bankData) as [unknown, { body: Record<string, unknown> }] | undefined;
    await vi.waitFor(() => expect(saved()).toBeDefined());
    expect(saved()![1].body.birthday).toBe('1990-05-20');
  });
});
