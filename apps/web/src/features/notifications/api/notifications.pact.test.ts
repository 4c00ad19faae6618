import { MatchersV3 } from '@pact-foundation/pact';
import { PAGE_SIZES, endpoints } from '@carpool/contracts';
import { describe, expect, it } from 'vitest';
import { authHeaders, createPact, loggedInClient, okBody } from '@/testing/pact';
import { exampleNotification, notificationMatcher } from '@/testing/pact-booking';

const pact = createPact();
/** The demo passenger's only notification, made by the provider state. */
const notification = { email: 'pasajera@carpool.ar', type: String(exampleNotification.extras.type), text: exampleNotification.text };
const { integer } = MatchersV3;
/** The query getNotifications sends: a page of 25, marked read as the provider's client asks. */
const getNotificationsFrom = (server: { url: string }) =>
  loggedInClient(server).call(endpoints.notifications.list, { query: { page: 1, page_size: PAGE_SIZES.notifications, mark: true } });
const getBadgeCountsFrom = async (server: { url: string }) => (await loggedInClient(server).call(endpoints.notifications.count)).data;

describe('notifications (consumer)', () => {
  it('lists a page of notifications, newest first, marking them read; the type inside extras, no meta', async () => {
    await pact
      .addInteraction()
      .given('the user is logged in', { email: 'pasajera@carpool.ar' })
      .given('the user has a notification', notification)
      .uponReceiving('a request for the first page of notifications, marking them read')
      .withRequest('GET', '/api/notifications', (builder) =>
        builder.headers(authHeaders).query({ page: '1', page_size: String(PAGE_SIZES.notifications), mark: 'true' }),
      )
      .willRespondWith(200, (builder) => builder.jsonBody({ data: MatchersV3.eachLike(notificationMatcher(), 1) }))
      .executeTest(async (server) => {
        const answer = await getNotificationsFrom(server);
        expect(answer).not.toHaveProperty('meta');
        expect(answer.data[0]?.readed).toBe(false);
        expect(answer.data[0]?.extras.type).toBe('trip');
        expect(answer.data[0]?.extras.trip_id).toEqual(expect.any(Number));
      });
  });

  it('counts the navigation badges: unread notifications, unread chats, pending requests and ratings', async () => {
    await pact
      .addInteraction()
      .given('the user is logged in', { email: 'conductor@carpool.ar' })
      .given('the driver has something new in every badge', { name: 'Sofía Etchegaray' })
      .uponReceiving('a request for the navigation badge counts')
      .withRequest('GET', '/api/notifications/count', (builder) => builder.headers(authHeaders))
      .willRespondWith(200, (builder) => builder.jsonBody({ data: { notifications: integer(1), messages: integer(1), my_trips: integer(1) } }))
      .executeTest(async (server) => {
        const badges = await getBadgeCountsFrom(server);
        expect(badges.notifications).toBeGreaterThan(0);
        expect(badges.messages).toBeGreaterThan(0);
        expect(badges.my_trips).toBeGreaterThan(0);
      });
  });

  it('deletes a notification', async () => {
    await pact
      .addInteraction()
      .given('the user is logged in', { email: 'pasajera@carpool.ar' })
      .given('the user has a notification', notification)
      .uponReceiving('a deletion of a notification')
      .withRequest('DELETE', MatchersV3.fromProviderState('/api/notifications/${notificationId}', `/api/notifications/${exampleNotification.id}`), (builder) =>
        builder.headers(authHeaders),
      )
      .willRespondWith(200, (builder) => builder.jsonBody(okBody()))
      .executeTest(async (server) => {
        const answer = await loggedInClient(server).call(endpoints.notifications.delete, { params: { id: exampleNotification.id } });
        expect(answer.data).toBe('ok');
      });
  });
});
