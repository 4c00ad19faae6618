import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi, type Mock } from 'vitest';
import type { User } from '@carpool/contracts';
import { api } from '@/lib/api-client';
import type * as ApiClientModule from '@/lib/api-client';
import { answerCalls, logInForEachTest } from '@/testing/api-answers';
import { renderWithApp } from '@/testing/render';
import { FriendsSearchRoute } from './friends-search';
import { FriendsRoute } from './friends';

vi.mock('@/lib/api-client', async (importOriginal) => {
  const actual = await importOriginal<typeof ApiClientModule>();
  return { ...actual, api: { call: vi.fn(), baseUrl: '' } };
});

const call = vi.mocked(api.call) as unknown as Mock<(...args: unknown[]) => Promise<unknown>>;
const person = (id: number, name: string, state?: User['state']): User =>
  ({ id, name, image: null, positive_ratings: 0, negative_ratings: 0, ...(state ? { state } : {}) }) as User;

const answer = (handlers: Record<string, () => unknown>) => answerCalls(call, handlers);

logInForEachTest(call);

describe('friends', () => {
  it("lists the requests I sent, each with a disabled 'Solicitud enviada'", async () => {
    answer({
      'GET /api/friends/pedings': () => ({ data: [] }),
      'GET /api/friends/sent-pendings': () => ({ data: [person(21, 'Carla Ruiz'), person(22, 'Diego Paz')] }),
      'GET /api/friends': () => ({ data: [person(30, 'Elena Sosa')] }),
    });
    renderWithApp(<FriendsRoute />, { path: '/setting/friends' });
    const sent = await screen.findByRole('list', { name: 'Solicitudes enviadas' });
    const rows = within(sent).getAllByTestId('sent-friend-request');
    expect(rows.map((row) => row.textContent)).toEqual([expect.stringContaining('Carla Ruiz'), expect.stringContaining('Diego Paz')]);
    expect(within(rows[0]!).getByRole('button', { name: 'Solicitud enviada a Carla Ruiz, esperando respuesta' })).toBeDisabled();
    expect(await screen.findByText('Elena Sosa')).toBeInTheDocument();
  });

  it('shows no sent section when nothing waits', async () => {
    answer({
      'GET /api/friends/pedings': () => ({ data: [] }),
      'GET /api/friends/sent-pendings': () => ({ data: [] }),
      'GET /api/friends': () => ({ data: [] }),
    });
    renderWithApp(<FriendsRoute />, { path: '/setting/friends' });
    expect(await screen.findByText('No tienes ningún amigo aún.')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Solicitudes enviadas' })).not.toBeInTheDocument();
  });

  it('the search marks people I already asked as sent, and the one I ask now', async () => {
    answer({
      'GET /api/friends/sent-pendings': () => ({ data: [person(21, 'Carla Ruiz')] }),
      'GET /api/users/list': () => ({ data: [person(21, 'Carla Ruiz', 'none'), person(23, 'Carlos Díaz', 'none')] }),
      'POST /api/friends/request/:id': () => 'OK',
    });
    renderWithApp(<FriendsSearchRoute />, { path: '/setting/friends/search' });
    const u = userEvent.setup();
    await u.type(screen.getByRole('searchbox', { name: 'Nombre de la persona' }), 'Carl');
    const carla = (await screen.findAllByTestId('friend-candidate')).find((row) => row.textContent?.includes('Carla Ruiz'))!;
    expect(await within(carla).findByRole('button', { name: /Solicitud enviada/ })).toBeDisabled();
    const carlos = screen.getAllByTestId('friend-candidate').find((row) => row.textContent?.includes('Carlos Díaz'))!;
    await u.click(within(carlos).getByRole('button', { name: 'Enviar solicitud de amistad a Carlos Díaz' }));
    expect(await within(carlos).findByRole('button', { name: /Solicitud enviada/ })).toBeDisabled();
  });
});
