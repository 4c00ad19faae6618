import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { User } from '@carpool/contracts';
import { describe, expect, it, vi, type Mock } from 'vitest';
import { api } from '@/lib/api-client';
import type * as ApiClientModule from '@/lib/api-client';
import { answerCalls, logInForEachTest } from '@/testing/api-answers';
import { renderWithApp } from '@/testing/render';
import { FriendsSearchRoute } from './friends-search';
import { FriendsRoute } from './friends';

// The friends page's empty texts and its way to the search (audit 2.63, 2.65/8.52, 8.51); friends.test.tsx
// holds the lists of requests.
vi.mock('@/lib/api-client', async (importOriginal) => {
  const actual = await importOriginal<typeof ApiClientModule>();
  return { ...actual, api: { call: vi.fn(), baseUrl: '' } };
});

const call = vi.mocked(api.call) as unknown as Mock<(...args: unknown[]) => Promise<unknown>>;
logInForEachTest(call);

const person = (id: number, name: string): User => ({ id, name, image: null, positive_ratings: 0, negative_ratings: 0 }) as User;
type Options = { query?: { value?: string } };

describe('friends page', () => {
  it("says 'No tienes ningún amigo aún.' without friends, and its button opens the search", async () => {
    answerCalls(call, {
      'GET /api/friends/pedings': () => ({ data: [] }),
      'GET /api/friends/sent-pendings': () => ({ data: [] }),
      'GET /api/friends': () => ({ data: [] }),
    });
    const { router } = renderWithApp(<FriendsRoute />, {
      path: '/setting/friends',
      routes: [{ path: '/setting/friends/search', element: <FriendsSearchRoute /> }],
    });
    expect(await screen.findByText('No tienes ningún amigo aún.')).toBeInTheDocument();
    const searchNew = screen.getByRole('link', { name: 'Buscar nuevos amigos' });
    expect(searchNew).toHaveAttribute('href', '/setting/friends/search');
    await userEvent.setup().click(searchNew);
    expect(await screen.findByRole('heading', { level: 1, name: 'Buscar amigos' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/setting/friends/search');
  });

  it("says 'No hay resultados' when the name filter matches no friend", async () => {
    answerCalls<Options>(call, {
      'GET /api/friends/pedings': () => ({ data: [] }),
      'GET /api/friends/sent-pendings': () => ({ data: [] }),
      'GET /api/friends': ({ query }) => ({ data: query?.value ? [] : [person(30, 'Elena Sosa')] }),
    });
    renderWithApp(<FriendsRoute />, { path: '/setting/friends' });
    expect(await screen.findByText('Elena Sosa')).toBeInTheDocument();
    await userEvent.setup().type(screen.getByRole('textbox', { name: 'Filtrar amigos por nombre' }), 'Zoe');
    expect(await screen.findByText('No hay resultados')).toBeInTheDocument();
    expect(screen.queryByText('No tienes ningún amigo aún.')).not.toBeInTheDocument();
  });

  it("the friends search says 'No hay resultados' when nobody matches", async () => {
    answerCalls(call, {
      'GET /api/friends/sent-pendings': () => ({ data: [] }),
      'GET /api/users/list': () => ({ data: [] }),
    });
    renderWithApp(<FriendsSearchRoute />, { path: '/setting/friends/search' });
    await userEvent.setup().type(screen.getByRole('searchbox', { name: 'Nombre de la persona' }), 'Zoe');
    expect(await screen.findByText('No hay resultados')).toBeInTheDocument();
    expect(call).toHaveBeenCalledWith(expect.objectContaining({ path: '/api/users/list' }), expect.objectContaining({ query: expect.objectContaining({ value: 'Zoe' }) }));
  });
});
