import { z } from 'zod';
import { dataOf, pathId } from './common';
import { LENGTHS } from './constants';
import { defineEndpoint } from './endpoint';
import { ErrorBodySchema } from './errors';
import { pagedWhenAsked, pageWhenAskedQuery } from './pagination';
import { UserSchema } from './users';

/** Friend actions answer the JSON string "OK". */
export const FriendActionAnswerSchema = z.literal('OK');

export const FriendsQuerySchema = pageWhenAskedQuery().extend({
  /** Name filter. */
  value: z.string().trim().max(LENGTHS.searchText).optional(),
});

const friendParams = z.object({ id: pathId() });
const errors = { 401: ErrorBodySchema, 422: ErrorBodySchema };

function friendAction(action: 'accept' | 'delete' | 'reject' | 'request', summary: string, description: string) {
  return defineEndpoint({
    method: 'POST',
    path: `/api/friends/${action}/:id`,
    summary,
    description:
      `${description} Empty body. A failed precondition answers 422 errors.error 'Operación inválida'; an unknown ` +
      'user 422 "Bad request exceptions" without a code.',
    auth: 'user',
    params: friendParams,
    responses: { 200: FriendActionAnswerSchema, ...errors },
  });
}

export const friendEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/api/friends',
    summary: "The current user's friends, filtered by name",
    description:
      'Paged only when page_size is sent (FriendsController::index); otherwise every friend, without meta.',
    auth: 'user',
    query: FriendsQuerySchema,
    responses: { 200: pagedWhenAsked(UserSchema), ...errors },
  }),
  pending: defineEndpoint({
    method: 'GET',
    path: '/api/friends/pedings',
    summary: 'Friend requests waiting for the current user (sic: pedings)',
    auth: 'user',
    responses: { 200: dataOf(z.array(UserSchema)), 401: ErrorBodySchema },
  }),
  sentPending: defineEndpoint({
    method: 'GET',
    path: '/api/friends/sent-pendings',
    summary: 'Friend requests the current user sent that are still waiting',
    description: 'A fractal collection of the asked profiles, not paged (FriendsController::sentPendings).',
    auth: 'user',
    responses: { 200: dataOf(z.array(UserSchema)), 401: ErrorBodySchema },
  }),
  accept: friendAction(
    'accept',
    "Accept id's friend request",
    'Writes the friendship both ways and removes the request from the pending list.',
  ),
  delete: friendAction('delete', 'Remove id from the friends', 'Removes the friendship both ways.'),
  reject: friendAction('reject', "Reject id's friend request", 'Removes the request from the pending list.'),
  request: friendAction(
    'request',
    'Send a friend request to id',
    "The user then shows as 'pending' (state) in searches; the receiver gets a notification.",
  ),
};
