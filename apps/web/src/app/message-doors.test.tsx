import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Conversation } from '@carpool/contracts';
import type { ReactElement } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { MessageUserButton } from '@/components/message-user-button';
import { ConversationList } from '@/features/conversations/components/conversation-list';
import { ConversationIndexRoute } from '@/features/conversations/routes/conversation-index';
import { BookingPersonRow } from '@/features/trips/components/booking-person-row';
import { ProfileHeader } from '@/features/users/components/profile-header';
import { api } from '@/lib/api-client';
import type * as ApiClientModule from '@/lib/api-client';
import { session, type SessionUser } from '@/lib/session';
import { answerCalls } from '@/testing/api-answers';
import { renderWithApp } from '@/testing/render';
import { makeUser } from '@/testing/user-fixtures';

vi.mock('@/lib/api-client', async (importOriginal) => {
  const actual = await importOriginal<typeof ApiClientModule>();
  return { ...actual, api: { call: vi.fn(), baseUrl: '' } };
});

const call = vi.mocked(api.call) as unknown as Mock<(...args: unknown[]) => Promise<unknown>>;

/** Spec document 1 §2: a complete profile has a photo and a description. */
const complete: SessionUser = { id: 7, name: 'Ana Pérez', image: 'ana.jpg', description: 'Viajo seguido.' };
const incompletes: [string, SessionUser][] = [
  ['without a photo', { ...complete, image: null }],
  ['without a description', { ...complete, description: '  ' }],
];

const lucia = { id: 9, name: 'Lucía Fernández', image: null, positive_ratings: 2, negative_ratings: 0 };
const chat: Conversation = { id: 31, type: 0, title: 'Lucía Fernández', image: '', users: [], unread: false, last_message: null };

beforeEach(() => {
  session.setToken('token');
  answerCalls(call, {
    'GET /api/conversations': () => ({ data: [] }),
    'GET /api/conversations/user-list': () => ({ data: [lucia] }),
    'POST /api/conversations': () => ({ data: chat }),
  });
});
afterEach(() => {
  call.mockReset();
  session.clear('logout');
});

const opened = () => call.mock.calls.filter(([endpoint]) => (endpoint as { method: string; path: string }).method === 'POST');

function renderAt(ui: ReactElement, url = '/here') {
  return renderWithApp(ui, {
    path: url.split('?')[0],
    url,
    routes: [
      { path: '/setting/profile', element: <p>Formulario de perfil</p> },
      { path: '/conversations', element: <p>Conversaciones</p> },
      { path: '/conversations/:id', element: <p>Chat abierto</p> },
    ],
  });
}

type Door = { name: string; ui: () => ReactElement; url?: string; open: () => Promise<void>; target: string; through: string };

const u = () => userEvent.setup();
const doors: Door[] = [
  {
    name: "a passenger list's message link (BookingPersonRow)",
    ui: () => (
      <ul>
        <BookingPersonRow user={lucia} />
      </ul>
    ),
    open: async () => u().click(screen.getByRole('link', { name: 'Enviar mensaje a Lucía Fernández' })),
    target: '/conversations?to=9',
    through: 'Conversaciones',
  },
  {
    name: "the admin's message link on a profile (ProfileHeader)",
    ui: () => <ProfileHeader user={makeUser({ id: 9, name: 'Lucía Fernández' })} own={false} adminViewer showTransactions={false} />,
    open: async () => u().click(screen.getByRole('link', { name: 'Enviar mensaje' })),
    target: '/conversations?to=9',
    through: 'Conversaciones',
  },
  {
    name: "the admin users page's message button (MessageUserButton)",
    ui: () => <MessageUserButton userId={9} tripId={42} />,
    open: async () => u().click(screen.getByRole('button', { name: 'Enviar mensaje' })),
    target: '/conversations?to=9&trip=42',
    through: 'Chat abierto',
  },
  {
    name: "the chat list's people search (ConversationList)",
    ui: () => <ConversationList activeId={null} />,
    open: async () => {
      const user = u();
      await user.type(screen.getByRole('textbox', { name: 'Buscar por nombre' }), 'Lucía');
      await user.click(screen.getByRole('button', { name: 'Buscar' }));
      await user.click(await screen.findByRole('button', { name: 'Conversación con Lucía Fernández' }));
    },
    target: '/conversations?to=9',
    through: 'Chat abierto',
  },
];

describe('the profile-complete guard at every door to messaging (spec document 1 §2)', () => {
  for (const door of doors) {
    for (const [how, user] of incompletes) {
      it(`${door.name}: a user ${how} goes to the profile form, the chat remembered`, async () => {
        session.setUser(user);
        const { router } = renderAt(door.ui());
        await door.open();
        expect(await screen.findByText('Formulario de perfil')).toBeInTheDocument();
        expect(new URLSearchParams(router.state.location.search).get('redirectTo')).toBe(door.target);
        expect(opened()).toHaveLength(0);
      });
    }

    it(`${door.name}: a complete profile goes through`, async () => {
      session.setUser(complete);
      renderAt(door.ui());
      await door.open();
      expect(await screen.findByText(door.through)).toBeInTheDocument();
      expect(screen.queryByText('Formulario de perfil')).not.toBeInTheDocument();
    });
  }

  it('a typed or old /conversations?to= link with an incomplete profile goes to the profile form instead of starting the chat', async () => {
    session.setUser({ ...complete, image: null });
    const { router } = renderWithApp(<ConversationIndexRoute />, {
      path: '/conversations',
      url: '/conversations?to=9&trip=42',
      routes: [{ path: '/setting/profile', element: <p>Formulario de perfil</p> }],
    });
    expect(await screen.findByText('Formulario de perfil')).toBeInTheDocument();
    expect(new URLSearchParams(router.state.location.search).get('redirectTo')).toBe('/conversations?to=9&trip=42');
    expect(opened()).toHaveLength(0);
  });

  it('the same link with a complete profile starts the chat and opens it', async () => {
    session.setUser(complete);
    renderWithApp(<ConversationIndexRoute />, {
      path: '/conversations',
      url: '/conversations?to=9',
      routes: [{ path: '/conversations/:id', element: <p>Chat abierto</p> }],
    });
    expect(await screen.findByText('Chat abierto')).toBeInTheDocument();
    expect(opened()).toHaveLength(1);
  });
});
