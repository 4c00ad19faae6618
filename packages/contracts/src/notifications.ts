import { z } from 'zod';
import { DateTimeStringSchema, IdSchema, OkSchema, dataOf, pathId, queryBool } from './common';
import { defineEndpoint } from './endpoint';
import { ErrorBodySchema } from './errors';
import { pageWhenAskedQuery } from './pagination';

/** The types our server gives its notifications: the click targets of spec document 1 §2 (Notifications). */
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
 * What a click needs, as the provider's notification classes give it (`getExtras`): the `type`
 * (spec document 1 §2's click targets; the provider also sends others, such as `friend`,
 * `live_location` or `ticket`, which the client leaves without a link) and the ids: `trip_id`,
 * `conversation_id`, `user_id`, or an announcement's `external_url`.
 */
export const NotificationExtrasSchema = z.object({ type: z.string().optional() }).loose();
export type NotificationExtras = z.infer<typeof NotificationExtrasSchema>;

/** One notification of the bell (NotificationManager::getNotifications): the type sits in `extras`. */
export const NotificationSchema = z
  .object({
    id: IdSchema,
    readed: z.boolean(),
    created_at: DateTimeStringSchema,
    text: z.string(),
    extras: NotificationExtrasSchema,
  })
  .loose();
export type Notification = z.infer<typeof NotificationSchema>;

/** `page` and `page_size` together pick a page (without both: every notification); `mark=true` marks the listed ones read. */
export const NotificationsQuerySchema = pageWhenAskedQuery().extend({ mark: queryBool().optional() });

/** The navigation badges (NotificationManager::getNavigationBadgeCounts). */
export const NavigationBadgeCountsSchema = z.object({
  /** Unread notifications: the bell. */
  notifications: z.number().int().nonnegative(),
  /** Conversations the viewer has not read: the Mensajes badge. */
  messages: z.number().int().nonnegative(),
  /** Pending seat requests on the viewer's upcoming trips plus the viewer's pending ratings: the Mis viajes badge. */
  my_trips: z.number().int().nonnegative(),
});
export type NavigationBadgeCounts = z.infer<typeof NavigationBadgeCountsSchema>;

export const notificationEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/api/notifications',
    summary: "The current user's notifications, newest first (clients ask 25 a page)",
    description:
      'Answers `{ data }` without pagination meta, as the provider does (NotificationController::index): ' +
      'a full page means the next may hold more. With `mark=true` the listed notifications become read; the ' +
      'answer still shows `readed` as it was before, so the page can highlight the new ones.',
    auth: 'user',
    query: NotificationsQuerySchema,
    responses: {
      200: dataOf(z.array(NotificationSchema)),
      401: ErrorBodySchema,
      422: ErrorBodySchema,
    },
  }),
  count: defineEndpoint({
    method: 'GET',
    path: '/api/notifications/count',
    summary: 'The navigation badges: unread notifications, unread conversations, pending requests and ratings',
    description: 'The provider answers `{ data: { notifications, messages, my_trips } }` (NotificationController::count).',
    auth: 'user',
    responses: { 200: dataOf(NavigationBadgeCountsSchema), 401: ErrorBodySchema },
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
