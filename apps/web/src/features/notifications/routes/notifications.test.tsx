import { screen, within, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi, type Mock } from 'vitest';
import type { Notification } from '@carpool/contracts';
import { api } from '@/lib/api-client';
import type * as ApiClientModule from '@/lib/api-client';
import { answerCalls, logInForEachTest } from '@/testing/api-answers';
import { renderWithApp } from '@/testing/render';
import { notificationKeys } from '../api/query-keys';
import { NotificationsRoute } from './notifications';

vi.mock('@/lib/api-client', async (importOriginal) => {
  const actual = await importOriginal<typeof ApiClientModule>();
  return { ...actual, api: { call: vi.fn(), baseUrl: '' } };
});

const call = vi.mocked(api.call) as unknown as Mock<(...args: unknown[]) => Promise<unknown>>;
type Options = { query?: { page?: number; page_size?: number; mark?: boolean }; params?: { id?: number } };

const notification = (id: number, overrides: Partial<Notification> = {}): Notification => ({
  id,
  readed: true,
  created_at: '2030-03-01 10:15:00',
  text: `Notificación ${id}`,
  extras: { type: 'my-trips' },
  ...overrides,
});

const answer = (handlers: Record<string, (options: Options) => unknown>) => answerCalls(call, handlers);

logInForEachTest(call);

describe('notifications page', () => {
  it("shows 25 a page and appends the next with 'Siguiente' until the last; the bell is asked again", async () => {
    const first = Array.from({ length: 25 }, (_, index) => notification(index + 1, { readed: index > 1 }));
    const second = Array.from({ length: 5 }, (_, index) => notification(26 + index));
    answer({
      'GET /api/notifications': ({ query }) =>
        query?.page === 1 ? { data: first } : { data: second },
    });
    const { queryClient } = renderWithApp(<NotificationsRoute />, { path: '/notifications' });
    queryClient.setQueryData(notificationKeys.count(7), { notifications: 2, messages: 0, my_trips: 0 });
    const list = await screen.findByRole('list', { name: 'Notificaciones' });
    expect(within(list).getAllByTestId('notification-item')).toHaveLength(25);
    expect(within(list).getAllByText('Nueva')).toHaveLength(2);
    expect(call).toHaveBeenCalledWith(expect.objectContaining({ path: '/api/notifications' }), expect.objectContaining({ query: { page: 1, page_size: 25, mark: true } }));
    await waitFor(() => expect(queryClient.getQueryState(notificationKeys.count(7))?.isInvalidated).toBe(true));

    await userEvent.setup().click(screen.getByRole('button', { name: 'Siguiente' }));
    await waitFor(() => expect(within(list).getAllByTestId('notification-item')).toHaveLength(30));
    expect(screen.getByText('Notificación 30')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Siguiente' })).not.toBeInTheDocument();
  });

  it('links each notification by its type; announcements open in a new tab', async () => {
    answer({
      'GET /api/notifications': () => ({
        data: [
          notification(1, { text: 'Lucía quiere subirse a tu viaje a Rosario.', extras: { type: 'trip', trip_id: 42 } }),
          notification(2, { text: 'Pedro te mandó una solicitud de amistad.', extras: { type: 'friends' } }),
          notification(3, { text: 'Hay un viaje para tu alerta.', extras: { type: 'subscription' } }),
          notification(4, { text: 'Pagá tu asiento.', extras: { type: 'my-trips' } }),
          notification(5, { text: 'Nuevo mensaje de Pedro.', extras: { type: 'conversation', conversation_id: 15 } }),
          notification(6, { text: 'Novedades de la app.', extras: { type: 'announcement', external_url: 'https://example.org/novedades' } }),
        ],
      }),
    });
    renderWithApp(<NotificationsRoute />, { path: '/notifications' });
    expect(await screen.findByRole('link', { name: 'Lucía quiere subirse a tu viaje a Rosario.' })).toHaveAttribute('href', '/trips/42');
    expect(screen.getByRole('link', { name: 'Pedro te mandó una solicitud de amistad.' })).toHaveAttribute('href', '/setting/friends');
    expect(screen.getByRole('link', { name: 'Hay un viaje para tu alerta.' })).toHaveAttribute('href', '/my-trips?loc=suscriptions');
    expect(screen.getByRole('link', { name: 'Pagá tu asiento.' })).toHaveAttribute('href', '/my-trips');
    expect(screen.getByRole('link', { name: 'Nuevo mensaje de Pedro.' })).toHaveAttribute('href', '/conversations/15');
    const announcement = screen.getByRole('link', { name: /Novedades de la app\./ });
    expect(announcement).toHaveAttribute('href', 'https://example.org/novedades');
    expect(announcement).toHaveAttribute('target', '_blank');
  });

  it('a click on a trip notification opens the trip', async () => {
    answer({ 'GET /api/notifications': () => ({ data: [notification(1, { text: 'Aceptaron tu solicitud.', extras: { type: 'trip', trip_id: 42 } })] }) });
    const { router } = renderWithApp(<NotificationsRoute />, { path: '/notifications' });
    await userEvent.setup().click(await screen.findByRole('link', { name: 'Aceptaron tu solicitud.' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/trips/42'));
  });

  it("says 'No hay notificaciones' when there are none", async () => {
    answer({ 'GET /api/notifications': () => ({ data: [] }) });
    renderWithApp(<NotificationsRoute />, { path: '/notifications' });
    expect(await screen.findByText('No hay notificaciones')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Siguiente' })).not.toBeInTheDocument();
  });

  it('deletes a notification', async () => {
    answer({
      'GET /api/notifications': () => ({ data: [notification(1), notification(2)] }),
      'DELETE /api/notifications/:id': () => ({ data: 'ok' }),
    });
    renderWithApp(<NotificationsRoute />, { path: '/notifications' });
    const items = await screen.findAllByTestId('notification-item');
    await userEvent.setup().click(within(items[0]!).getByRole('button', { name: 'Borrar notificación' }));
    expect(await screen.findByText('La notificación fue borrada.')).toBeInTheDocument();
    expect(call).toHaveBeenCalledWith(expect.objectContaining({ method: 'DELETE' }), { params: { id: 1 } });
    await waitFor(() => expect(screen.getAllByTestId('notification-item')).toHaveLength(1));
    expect(screen.getByText('Notificación 2')).toBeInTheDocument();
  });
});
