import { z } from 'zod';
import { DateTimeStringSchema, IdSchema, OkSchema, dataOf, pathId, queryBool } from './common';
import { PAGE_SIZES } from './constants';
import { defineEndpoint } from './endpoint';
import { ErrorBodySchema } from './errors';
import { pageQuery, paginated } from './pagination';

/** Where a click on a notification goes (spec document 1 §2, Notifications). */
export const NotificationTypeSchema = z.enum([
  'trip',
  'friends',
  'subscription',
  'my-trips',
  'conversation',
  'announcement',
]);
export type NotificationType = z.infer<typeof NotificationTypeSchema>;

/**
 * One notification of the bell. `extras` holds what the click needs (trip_id, conversation_id, an
 * announcement url, ...); the provider also keeps the type there.
 */
export const NotificationSchema = z
  .object({
    id: IdSchema,
    readed: z.boolean(),
    created_at: DateTimeStringSchema,
    text: z.string(),
    type: NotificationTypeSchema,
    extras: z.record(z.string(), z.unknown()),
  })
  .loose();
export type Notification = z.infer<typeof NotificationSchema>;

export const NotificationsQuerySchema = pageQuery(PAGE_SIZES.notifications).extend({
  /** false: leave the listed notifications unread (default: they become read). */
  mark: queryBool().optional(),
});

export const notificationEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/api/notifications',
    summary: "The current user's notifications, newest first (25 per page)",
    description:
      'The provider answers `{ data }` without meta (the client pages with a Siguiente button), so meta ' +
      'is optional here; the mock sends it. The listed notifications become read (unless mark=false); the ' +
      'answer still shows `readed` as it was before, so the page can highlight the new ones.',
    auth: 'user',
    query: NotificationsQuerySchema,
    responses: {
      200: paginated(NotificationSchema).partial({ meta: true }),
      401: ErrorBodySchema,
      422: ErrorBodySchema,
    },
  }),
  count: defineEndpoint({
    method: 'GET',
    path: '/api/notifications/count',
    summary: 'Number of unread notifications (the bell)',
    description:
      'API-NOTES says "count: an integer"; the provider wraps it like its other answers, ' +
      '`{ data: <integer> }`, and the client reads `data`.',
    auth: 'user',
    responses: { 200: dataOf(z.number().int().nonnegative()), 401: ErrorBodySchema },
  }),
  delete: defineEndpoint({
    method: 'DELETE',
    path: '/api/notifications/:id',
    summary: 'Delete a notification of the current user',
    description: "Answers `{ data: 'ok' }`; a missing one 422 model_not_found.",
    auth: 'user',
    params: z.object({ id: pathId() }),
    responses: { 200: OkSchema, 401: ErrorBodySchema, 422: ErrorBodySchema },
  }),
};
