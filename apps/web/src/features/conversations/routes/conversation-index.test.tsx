import { screen, waitFor } from '@testing-library/react';
import type { Conversation } from '@carpool/contracts';
import { afterEach, describe, expect, it, vi, type Mock } from 'vitest';
import { ApiError, api } from '@/lib/api-client';
import { conversationKeys } from '@/lib/conversations';
import type * as ApiClientModule from '@/lib/api-client';
import { answerCalls, logInForEachTest } from '@/testing/api-answers';
import { renderWithApp } from '@/testing/render';
import { ConversationIndexRoute } from './conversation-index';
import { TWO_PANES_QUERY } from './conversations';

vi.mock('@/lib/api-client', async (importOriginal) => {
  const actual = await importOriginal<typeof ApiClientModule>();
  return { ...actual, api: { call: vi.fn(), baseUrl: '' } };
});

const call = vi.mocked(api.call) as unknown as Mock<(...args: unknown[]) => Promise<unknown>>;
logInForEachTest(call);

const chat = (id: number, title: string): Conversation => ({
  id,
  type: 0,
  title,
  image: '',
  users: [],
  unread: false,
  last_message: null,
});

// jsdom answers every media query with false (testing/setup.ts): a phone, unless a test says two panes.
const phoneMedia = window.matchMedia;
const atTwoPanes = () => {
  window.matchMedia = ((query: string) => ({ ...phoneMedia(query), matches: query === TWO_PANES_QUERY })) as typeof window.matchMedia;
};
afterEach(() => {
  window.matchMedia = phoneMedia;
});

const render = (url = '/conversations') =>
  renderWithApp(<ConversationIndexRoute />, {
    path: '/conversations',
    url,
    routes: [{ path: '/conversations/:id', element: <p>Chat abierto</p> }],
  });

describe('ConversationIndexRoute', () => {
  it('opens the newest conversation by itself on a desktop (two panes)', async () => {
    atTwoPanes();
    answerCalls(call, { 'GET /api/conversations': () => ({ data: [chat(5, 'Martín Gómez'), chat(3, 'Lucía Díaz')] }) });
    const { router } = render();
    expect(await screen.findByText('Chat abierto')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/conversations/5');
  });

  it('stays on the list alone on a phone', async () => {
    answerCalls(call, { 'GET /api/conversations': () => ({ data: [chat(5, 'Martín Gómez')] }) });
    const { router, queryClient } = render();
    // The list has arrived: on a desktop the navigation would follow it.
    await waitFor(() => expect(queryClient.getQueryState(conversationKeys.lists())?.status).toBe('success'));
    expect(screen.queryByText('Chat abierto')).not.toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/conversations');
  });

  it('says so when a chat cannot be started from a ?to= link', async () => {
    answerCalls(call, {
      'GET /api/conversations': () => ({ data: [] }),
      'POST /api/conversations': () => Promise.reject(new ApiError(500, { message: 'server_error', errors: { error: 'server_error' } })),
    });
    const { router } = render('/conversations?to=12&trip=42');
    expect(await screen.findByText('Ocurrió al crear la conversación. Vuelva a intentarlo más tarde.')).toBeInTheDocument();
    expect(call).toHaveBeenCalledWith(expect.objectContaining({ method: 'POST', path: '/api/conversations' }), expect.objectContaining({ body: { to: 12, tripId: 42 } }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });
});
