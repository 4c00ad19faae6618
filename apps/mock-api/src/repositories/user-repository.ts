import { ACTIVE_REQUEST_STATES } from '@carpool/contracts';
import { Prisma } from '@prisma/client';
import type { DbClient } from '../db/client';
import { foldText } from '../lib/text';
import { FRIEND_STATE } from './friend-repository';


/** Relations a profile answer shows (cars, donations and references received). */
export const profileInclude = {
  cars: { orderBy: { id: 'asc' } },
  donations: { orderBy: { id: 'asc' } },
  // Each reference carries its author (id, name, image), as the provider's references_data does.
  referencesGot: { orderBy: { id: 'desc' }, include: { from: { select: { id: true, name: true, image: true } } } },
} satisfies Prisma.UserInclude;

export type UserWithProfile = Prisma.UserGetPayload<{ include: typeof profileInclude }>;

/** Columns that must stay unique across users. */
export type UniqueUserField = 'email' | 'nro_doc' | 'mobile_phone';

/** Users whose name (or, with the admin filter, more) contains a text. */
export type UserSearch = {
  text?: string;
  /** The admin filter (UserSearchFilter): digits match id, nro_doc or phone; other text name, e-mail or nro_doc. */
  adminFilter?: boolean;
  /** Active, not banned accounts only. */
  onlyUsable?: boolean;
  excludeId?: number;
  /** Leaves out the user's accepted friends (the friend search, UserRepository::index). */
  excludeFriendsOf?: number;
  limit?: number;
  offset?: number;
  /** Admin list: another order than by name. */
  orderBy?: { column: 'id' | 'name' | 'email' | 'last_connection'; direction: 'asc' | 'desc' };
};

/** Letters a name search treats as their plain vowel or consonant ("gomez" finds "Gómez"). */
const FOLDED: [string, string][] = [
  ['á', 'a'], ['é', 'e'], ['í', 'i'], ['ó', 'o'], ['ú', 'u'], ['ü', 'u'], ['ñ', 'n'], ['à', 'a'], ['è', 'e'], ['ç', 'c'],
  ['Á', 'a'], ['É', 'e'], ['Í', 'i'], ['Ó', 'o'], ['Ú', 'u'], ['Ü', 'u'], ['Ñ', 'n'], ['À', 'a'], ['È', 'e'], ['Ç', 'c'],
];

/** The SQL of a column folded as `foldText` folds the searched text (SQLite's lower() knows ASCII only). */
const foldSql = (column: string) => `lower(${FOLDED.reduce((sql, [from, to]) => `replace(${sql}, '${from}', '${to}')`, column)})`;

const NAME_MATCH = `instr(${foldSql('name')}, ?) > 0`;

/** The users' ids whose name contains the text, accents and case aside; or those of the admin filter. */
async function idsMatching(db: DbClient, text: string, adminFilter: boolean): Promise<number[]> {
  const sql = (where: string, ...values: string[]) => db.$queryRawUnsafe<{ id: number }[]>(`SELECT id FROM users WHERE ${where}`, ...values);
  const rows = !adminFilter
    ? await sql(NAME_MATCH, foldText(text))
    : /^\d+$/.test(text)
      ? await sql('instr(CAST(id AS TEXT), ?) > 0 OR instr(nro_doc, ?) > 0 OR instr(mobile_phone, ?) > 0', text, text, text)
      : await sql(`${NAME_MATCH} OR instr(lower(email), ?) > 0 OR instr(lower(nro_doc), ?) > 0`, foldText(text), text.toLowerCase(), text.toLowerCase());
  return rows.map((row) => Number(row.id));
}

async function searchWhere(db: DbClient, search: UserSearch): Promise<Prisma.UserWhereInput> {
  const text = search.text?.trim();
  const ids = text ? await idsMatching(db, text, Boolean(search.adminFilter)) : null;
  return {
    ...(search.onlyUsable ? { active: true, banned: false } : {}),
    AND: [
      ...(search.excludeId ? [{ id: { not: search.excludeId } }] : []),
      ...(search.excludeFriendsOf ? [{ friendsOut: { none: { uid2: search.excludeFriendsOf, state: FRIEND_STATE.accepted } } }] : []),
      ...(ids ? [{ id: { in: ids } }] : []),
    ],
  };
}

export function createUserRepository(db: DbClient) {
  return {
    findById: (id: number) => db.user.findUnique({ where: { id } }),
    findByEmail: (email: string) => db.user.findUnique({ where: { email } }),
    findProfile: (id: number) => db.user.findUnique({ where: { id }, include: profileInclude }),
    findByActivationToken: (token: string) => db.user.findUnique({ where: { activation_token: token } }),
    touchLastConnection: (id: number, at: Date) =>
      db.user.update({ where: { id }, data: { last_connection: at }, select: { id: true } }),
    deleteDevice: (userId: number, deviceId: string) => db.device.deleteMany({ where: { user_id: userId, device_id: deviceId } }),
    /** Ids of the user's accepted friends (state 1). */
    friendIds: async (userId: number) =>
      (await db.friend.findMany({ where: { uid1: userId, state: 1 }, select: { uid2: true } })).map((row) => row.uid2),

    /** True when another user already holds this value of a unique column. */
    isTaken: async (field: UniqueUserField, value: string, exceptId?: number) =>
      (await db.user.count({ where: { [field]: value, ...(exceptId ? { id: { not: exceptId } } : {}) } })) > 0,

    create: (data: Prisma.UserUncheckedCreateInput) => db.user.create({ data }),
    /** A new password (change, reset, an admin's edit) revokes every token issued before it. */
    update: (id: number, data: Prisma.UserUncheckedUpdateInput) =>
      db.user.update({ where: { id }, data: data.password === undefined ? data : { ...data, token_version: { increment: 1 } } }),

    /** Page of users for a search, by name (every match without a limit), with their references count. */
    search: async (search: UserSearch) => {
      const where = await searchWhere(db, search);
      const [rows, total] = await Promise.all([
        db.user.findMany({
          where,
          include: { _count: { select: { referencesGot: true } } },
          orderBy: search.orderBy ? [{ [search.orderBy.column]: search.orderBy.direction }, { id: search.orderBy.direction }] : [{ name: 'asc' }, { id: 'asc' }],
          ...(search.limit !== undefined ? { take: search.limit, skip: search.offset ?? 0 } : {}),
        }),
        db.user.count({ where }),
      ]);
      return { rows, total };
    },

    /**
     * Confirmed trip partners: one drove a (not deleted) trip on which the other is an active
     * passenger (state 1 accepted or 4 waiting for payment), in either direction.
     */
    arePartners: async (a: number, b: number) =>
      (await db.passenger.count({
        where: {
          request_state: { in: [...ACTIVE_REQUEST_STATES] },
          OR: [
            { user_id: b, trip: { user_id: a, deleted_at: null } },
            { user_id: a, trip: { user_id: b, deleted_at: null } },
          ],
        },
      })) > 0,

    /** Friendship rows between the viewer and each of the users, either way (state 0 request, 1 accepted). */
    friendRowsWith: (viewerId: number, userIds: number[]) =>
      db.friend.findMany({
        where: { OR: [{ uid1: viewerId, uid2: { in: userIds } }, { uid2: viewerId, uid1: { in: userIds } }] },
        select: { uid1: true, uid2: true, state: true },
      }),

    // Password resets.
    replaceResetToken: async (userId: number, token: string, at: Date) => {
      await db.passwordReset.deleteMany({ where: { user_id: userId } });
      return db.passwordReset.create({ data: { token, user_id: userId, created_at: at } });
    },
    findResetToken: (token: string) => db.passwordReset.findUnique({ where: { token } }),
    deleteResetTokens: (userId: number) => db.passwordReset.deleteMany({ where: { user_id: userId } }),

    // Uploaded files (paths relative to the uploads folder).
    addFile: (data: { user_id: number; kind: 'profile' | 'driver_doc'; path: string; mime: string; size: number }) =>
      db.uploadedFile.create({ data }),
    deleteFiles: (userId: number, paths: string[]) => db.uploadedFile.deleteMany({ where: { user_id: userId, path: { in: paths } } }),

    addDonation: (data: Prisma.DonationUncheckedCreateInput) => db.donation.create({ data }),
    tripExists: async (tripId: number) => (await db.trip.count({ where: { id: tripId } })) > 0,
  };
}

export type UserRepository = ReturnType<typeof createUserRepository>;

/**
 * The unique columns a failed write collided on (two requests racing for the same e-mail,
 * document or phone), or null when the error is something else. Driver adapters report the
 * columns in different places of `meta`, so the whole of it is searched.
 */
export function uniqueViolation(error: unknown, fields: readonly UniqueUserField[]): UniqueUserField[] | null {
  if (!(error instanceof Prisma.PrismaClientKnownRequestError) || error.code !== 'P2002') return null;
  const meta = JSON.stringify(error.meta ?? {});
  return fields.filter((field) => meta.includes(field));
}
