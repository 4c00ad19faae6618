import { endpoints } from '@carpool/contracts';
import { implement } from './handler';

const c = endpoints.conversations;

export const conversationRoutes = [
  implement(c.list, async ({ app, user, query, request }) => app.services.conversations.list(user, query, request.url)),
  implement(c.show, async ({ app, user, params }) => app.services.conversations.show(user, params.id)),
  implement(c.userList, async ({ app, user, query }) => app.services.conversations.userList(user, query.value)),
  implement(c.create, async ({ app, user, body }) => app.services.conversations.create(user, body)),
  implement(c.messages, async ({ app, user, params, query }) => app.services.conversations.messages(user, params.id, query)),
  implement(c.users, async ({ app, user, params }) => app.services.conversations.users(user, params.id)),
  implement(c.send, async ({ app, user, params, body }) => app.services.conversations.send(user, params.id, body.message)),
  implement(c.multiSend, async ({ app, user, body }) => app.services.conversations.multiSend(user, body)),
  implement(c.unread, async ({ app, user, query }) => app.services.conversations.unread(user, query)),
];
