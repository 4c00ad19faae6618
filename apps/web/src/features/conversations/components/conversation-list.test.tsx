import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Conversation } from '@carpool/contracts';
import { describe, expect, it, vi, type Mock } from 'vitest';
import { ApiError, api } from '@/lib/api-client';
import type * as ApiClientModule from '@/lib/api-client';
import { answerCalls, logInForEachTest } from '@/testing/api-answers';
import { renderWithApp } from '@/testing/render';
import { makeUser } from '@/testing/user-fixtures';
import { ConversationList } from './conversation-list';

vi.mock('@/lib/api-client', async (importOriginal) => {
  const actual = await importOriginal<typeof ApiClientModule>();
  return { ...actual, api: { call: vi.fn(), baseUrl: '' } };
});

const call = vi.mocked(api.call) as unknown as Mock<(...args: unknown[]) => Promise<unknown>>;
logInForEachTest(call);

const chat = (id: number, title: string): Conversation => ({ id, type: 0, title, image: '', users: [], unread: false, last_message: null });
type Options = { query?: { value?: string } };
const userListCalls = () => call.mock.calls.filter(([endpoint]) => (endpoint as { path: string }).path === '/api/conversations/user-list');

const render = () => renderWithApp(<ConversationList activeId={null} />, { path: '/conversations' });

describe('ConversationList', () => {
  it("says 'No tienes conversaciones...' when there is none", async () => {
    answerCalls(call, { 'GET /api/conversations': () => ({ data: [] }) });
    render();
    expect(await screen.findByText('No tienes conversaciones...')).toBeInTheDocument();
  });

  it('searches people by its button only, and emptying the text clears the results', async () => {
    answerCalls<Options>(call, {
      'GET /api/conversations': () => ({ data: [chat(5, 'Lucía Díaz')] }),
      'GET /api/conversations/user-list': () => ({ data: [makeUser({ id: 12, name: 'Martín Gómez' })] }),
    });
    const u = userEvent.setup();
    render();
    expect(await screen.findByText('Lucía Díaz')).toBeInTheDocument();
    const input = screen.getByRole('textbox', { name: 'Buscar por nombre' });
    await u.type(input, 'Mar');
    // Typing alone asks nothing.
    expect(userListCalls()).toHaveLength(0);
    expect(screen.getByText('Lucía Díaz')).toBeInTheDocument();
    await u.click(screen.getByRole('button', { name: 'Buscar' }));
    const people = await screen.findByRole('list', { name: 'Personas' });
    expect(within(people).getByRole('button', { name: 'Conversación con Martín Gómez' })).toBeInTheDocument();
    expect(userListCalls()).toHaveLength(1);
    expect(userListCalls()[0]![1]).toEqual(expect.objectContaining({ query: { value: 'Mar' } }));
    expect(screen.queryByText('Lucía Díaz')).not.toBeInTheDocument();
    // Emptying the text (no new click) clears the results and shows the conversations again.
    await u.clear(input);
    expect(screen.queryByRole('list', { name: 'Personas' })).not.toBeInTheDocument();
    expect(screen.getByText('Lucía Díaz')).toBeInTheDocument();
  });

  it("says 'No hay resultados' when nobody matches", async () => {
    answerCalls(call, {
      'GET /api/conversations': () => ({ data: [chat(5, 'Lucía Díaz')] }),
      'GET /api/conversations/user-list': () => ({ data: [] }),
    });
    const u = userEvent.setup();
    render();
    await u.type(await screen.findByRole('textbox', { name: 'Buscar por nombre' }), 'Zoe');
    await u.click(screen.getByRole('button', { name: 'Buscar' }));
    expect(await screen.findByText('No hay resultados')).toBeInTheDocument();
  });

  it('says so when the chat with a found person cannot be started', async () => {
    answerCalls(call, {
      'GET /api/conversations': () => ({ data: [] }),
      'GET /api/conversations/user-list': () => ({ data: [makeUser({ id: 12, name: 'Martín Gómez' })] }),
      'POST /api/conversations': () => Promise.reject(new ApiError(500, { message: 'server_error', errors: { error: 'server_error' } })),
    });
    const u = userEvent.setup();
    render();
    await u.type(await screen.findByRole('textbox', { name: 'Buscar por nombre' }), 'Mar');
    await u.click(screen.getByRole('button', { name: 'Buscar' }));
    await u.click(await screen.findByRole('button', { name: 'Conversación con Martín Gómez' }));
    expect(await screen.findByText('Ocurrió al crear la conversación. Vuelva a intentarlo más tarde.')).toBeInTheDocument();
    await waitFor(() => expect(call).toHaveBeenCalledWith(expect.objectContaining({ method: 'POST', path: '/api/conversations' }), expect.objectContaining({ body: { to: 12 } })));
  });
});
