import type { FriendsQuerySchema } from '@carpool/contracts';
import type { User } from '@prisma/client';
import type { z } from 'zod';
import { AppError } from '../lib/app-error';
import type { Clock } from '../lib/clock';
import { pageOf, paginationMeta } from '../lib/paginate';
import { foldText } from '../lib/text';
import { FRIEND_STATE, type FriendRepository } from '../repositories/friend-repository';
import type { Transaction } from '../repositories/index';
import type { UserRepository } from '../repositories/user-repository';
import { PUBLIC_ACCESS, toWireUser } from '../transformers/user-transformer';
import type { NotificationService } from './notification-service';

type FriendsQuery = z.output<typeof FriendsQuerySchema>;

/** What the other person is told (type `friends`: a click opens the friends settings). */
export const FRIEND_TEXTS = {
  request: (name: string) => `${name} te envió una solicitud de amistad.`,
  accepted: (name: string) => `${name} aceptó tu solicitud de amistad.`,
  rejected: (name: string) => `${name} rechazó tu solicitud de amistad.`,
  deleted: (name: string) => `${name} dejó de ser tu amigo.`,
} as const;

/** The provider's answers (FriendsController / FriendsManager), word for word. */
const INVALID = 'Operación inválida';
const BAD_REQUEST = 'Bad request exceptions';

/**
 * Friends (provider: FriendsManager, SOCIAL.md §2). A request is one row (me → X, 0); accepting
 * turns it into two rows (both directions, 1); rejecting deletes it; deleting a friend removes both
 * rows. Trip visibility by friends and friends of friends reads these rows, so it follows at once.
 */
type Deps = { friends: FriendRepository; users: UserRepository; transaction: Transaction; clock: Clock; notifications: NotificationService };

export function createFriendService({ friends, users, transaction, clock, notifications }: Deps) {

  const invalid = () => new AppError('friend_invalid_operation', { message: BAD_REQUEST, errors: { error: INVALID } });

  async function other(me: User, id: number): Promise<User> {
    const user = await users.findById(id);
    if (!user) throw new AppError('user_doesnt_exist', { message: BAD_REQUEST, errors: null });
    if (user.id === me.id) throw invalid();
    return user;
  }

  const tell = (userId: number, text: string, from: User) =>
    notifications.notify(userId, { type: 'friends', text, extras: { user_id: from.id } });

  return {
    /**
     * GET /api/friends: accepted friends by name, filtered by `value` (accents and case ignored);
     * paged only when page_size is sent, else every friend without meta (FriendsController::index).
     */
    async list(me: User, query: FriendsQuery, url: string) {
      const paged = query.page_size !== undefined ? pageOf(query) : null;
      const needle = foldText(query.value ?? '');
      const { rows, total } = await friends.friendsPage(me.id, (name) => foldText(name).includes(needle), paged?.offset ?? 0, paged?.perPage ?? Infinity);
      const data = rows.map((user) => toWireUser(user, PUBLIC_ACCESS));
      if (!paged) return { data };
      return { data, meta: paginationMeta({ total, count: data.length, page: paged.page, perPage: paged.perPage, url }) };
    },

    /** GET /api/friends/pedings: who sent me a request still waiting. */
    async pending(me: User) {
      return { data: (await friends.pendingFor(me.id)).map((user) => toWireUser(user, PUBLIC_ACCESS)) };
    },

    /** GET /api/friends/sent-pendings: whom I asked and has not answered yet. */
    async sentPending(me: User) {
      return { data: (await friends.sentBy(me.id)).map((user) => toWireUser(user, PUBLIC_ACCESS)) };
    },

    /** POST /api/friends/request/:id: allowed unless already friends; replaces any rows of the pair. */
    async request(me: User, id: number) {
      const target = await other(me, id);
      const mine = await friends.row(me.id, target.id);
      if (mine?.state === FRIEND_STATE.accepted) throw invalid();
      const now = clock.now();
      await friends.replacePair(me.id, target.id, [{ uid1: me.id, uid2: target.id, state: FRIEND_STATE.request, origin: 'request', created_at: now, updated_at: now }]);
      await tell(target.id, FRIEND_TEXTS.request(me.name), me);
      return 'OK' as const;
    },

    /** POST /api/friends/accept/:id: needs id's request to me; writes the friendship both ways. */
    async accept(me: User, id: number) {
      const requester = await other(me, id);
      const request = await friends.row(requester.id, me.id);
      if (request?.state !== FRIEND_STATE.request) throw invalid();
      const now = clock.now();
      const row = (uid1: number, uid2: number) => ({ uid1, uid2, state: FRIEND_STATE.accepted, origin: request.origin, created_at: now, updated_at: now });
      await transaction((repos) => repos.friends.replacePair(me.id, requester.id, [row(me.id, requester.id), row(requester.id, me.id)]));
      await tell(requester.id, FRIEND_TEXTS.accepted(me.name), me);
      return 'OK' as const;
    },

    /** POST /api/friends/reject/:id: needs id's request to me; deletes it. */
    async reject(me: User, id: number) {
      const requester = await other(me, id);
      const request = await friends.row(requester.id, me.id);
      if (request?.state !== FRIEND_STATE.request) throw invalid();
      await friends.deleteRow(requester.id, me.id);
      await tell(requester.id, FRIEND_TEXTS.rejected(me.name), me);
      return 'OK' as const;
    },

    /** POST /api/friends/delete/:id: needs the friendship; removes both rows. */
    async delete(me: User, id: number) {
      const friend = await other(me, id);
      const mine = await friends.row(me.id, friend.id);
      if (mine?.state !== FRIEND_STATE.accepted) throw invalid();
      await transaction((repos) => repos.friends.replacePair(me.id, friend.id, []));
      await tell(friend.id, FRIEND_TEXTS.deleted(me.name), me);
      return 'OK' as const;
    },
  };
}

export type FriendService = ReturnType<typeof createFriendService>;
