import { MatchersV3 } from '@pact-foundation/pact';
import { PAGE_SIZES, endpoints } from '@carpool/contracts';
import { describe, expect, it } from 'vitest';
import { authHeaders, createPact, loggedInClient, okBody } from '@/testing/pact';
import { exampleNotification, notificationMatcher } from '@/testing/pact-booking';

const pact = createPact();
/** The demo passenger's only notification, made by the provider state. */
const notification = { email: 'pasajera@carpool.ar', type: exampleNotification.type, text: exampleNotification.text };

describe('notifications (consumer)', () => {
  it('lists the notifications, newest first', async () => {
    await pact
      .addInteraction()
      .given('the user is logged in', { email: 'pasajera@carpool.ar' })
      .given('the user has a notification', notification)
      .uponReceiving('a request for the first page of notifications')
      .withRequest('GET', '/api/notifications', (builder) => builder.headers(authHeaders).query({ page: '1', page_size: String(PAGE_SIZES.notifications) }))
      // The provider may send no pagination meta (the client then pages by a short page): not expected here.
      .willRespondWith(200, (builder) => builder.jsonBody({ data: MatchersV3.eachLike(notificationMatcher(), 1) }))
      .executeTest(async (server) => {
        const { data } = await loggedInClient(server).call(endpoints.notifications.list, { query: { page: 1, page_size: PAGE_SIZES.notifications } });
        expect(data[0]?.readed).toBe(false);
        expect(data[0]?.extras.trip_id).toBeDefined();
      });
  });

  it('counts the unread notifications', async () => {
    await pact
      .addInteraction()
      .given('the user is logged in', { email: 'pasajera@carpool.ar' })
      .given('the user has a notification', notification)
      .uponReceiving('a request for the unread notification count')
      .withRequest('GET', '/api/notifications/count', (builder) => builder.headers(authHeaders))
      .willRespondWith(200, (builder) => builder.jsonBody({ data: MatchersV3.integer(1) }))
      .executeTest(async (server) => {
        const { data } = await loggedInClient(server).call(endpoints.notifications.count);
        expect(data).toBeGreaterThan(0);
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
