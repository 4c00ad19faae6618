import { readFileSync } from 'node:fs';
import path from 'node:path';
import {
  FULL_NAME_MAX,
  LENGTHS,
  appTitle,
  PAGE_SIZES,
  ProfileUpdateBodySchema,
  type AdminUserUpdateBodySchema,
  type AppConfig,
  type DonationBodySchema,
  type FieldErrors,
  type FriendState,
  type FriendshipState,
  type UserProperty,
} from '@carpool/contracts';
import type { Prisma, User } from '@prisma/client';
import bcrypt from 'bcryptjs';
import type { z } from 'zod';
import { BANK_DATA, bankOptionId } from '../config/bank-data';
import { AppError } from '../lib/app-error';
import type { Clock } from '../lib/clock';
import { arDay } from '../lib/dates';
import { addFieldError, normalizeForm, requiredMessage, takenMessage, toFieldErrors } from '../lib/form';
import { pageOf, paginationMeta } from '../lib/paginate';
import { FRIEND_STATE } from '../repositories/friend-repository';
import type { Repositories, Transaction } from '../repositories/index';
import { uniqueViolation, type UniqueUserField, type UserRepository } from '../repositories/user-repository';
import { parseDocs, PUBLIC_ACCESS, toWireDonation, toWireUser, type UserAccess } from '../transformers/user-transformer';
import type { UploadDescriptor, UploadService } from './upload-service';

export const BCRYPT_ROUNDS = 10;

type AdminUpdate = z.output<typeof AdminUserUpdateBodySchema>;
type Donation = z.output<typeof DonationBodySchema>;

const TERMS_FILE = path.resolve(import.meta.dirname, '../../assets/terms/terminos.es.html');
/** UserRepository::searchUsers answers 9; the admin screen shows the first 3 (PAGE_SIZES.adminUserSuggestions). */
const ADMIN_SEARCH_LIMIT = 9;

export const SELF_ACCESS: UserAccess = { self: true, admin: false, driverData: true };
export const ADMIN_ACCESS: UserAccess = { self: false, admin: true, driverData: true };

export const accessOf = (viewer: User, target: User, driverData: boolean): UserAccess => ({
  self: viewer.id === target.id,
  admin: viewer.is_admin,
  driverData,
});

/** The name is locked once the profile was first completed (a description saved). */
export const nameLocked = (user: User) => Boolean(user.description?.trim());

/** The files a request's multipart parser received (JSON bodies cannot forge them). */
export type ReceivedFiles = { isReceived: (value: unknown) => value is UploadDescriptor };

/**
 * Bank fields of a driver request, by id or name of GET /api/users/bank-data; the stored value is
 * the id. Unknown values are field errors.
 */
export function normalizeBank(
  input: { account_bank?: string | null | undefined; account_type?: string | null | undefined },
  errors: FieldErrors,
): { account_bank?: string | null; account_type?: string | null } {
  const out: { account_bank?: string | null; account_type?: string | null } = {};
  if (input.account_bank !== undefined) {
    const id = input.account_bank === null ? null : bankOptionId(BANK_DATA.banks, input.account_bank);
    if (id === undefined) addFieldError(errors, 'account_bank', 'The selected account bank is invalid.');
    else out.account_bank = id;
  }
  if (input.account_type !== undefined) {
    const id = input.account_type === null ? null : bankOptionId(BANK_DATA.cc, input.account_type);
    if (id === undefined) addFieldError(errors, 'account_type', 'The selected account type is invalid.');
    else out.account_type = id;
  }
  return out;
}

/** With module_validated_drivers, a driver (requesting or verified) needs the three bank fields. */
export function requireBankData(values: { account_number?: string | null; account_type?: string | null; account_bank?: string | null }, errors: FieldErrors) {
  for (const field of ['account_number', 'account_type', 'account_bank'] as const) {
    if (!values[field] && !errors[field]) addFieldError(errors, field, requiredMessage(field));
  }
}

/** The taken-value errors of a unique-constraint race, or the error itself. */
export function rethrowTaken(error: unknown, fields: readonly UniqueUserField[]): never {
  const taken = uniqueViolation(error, fields);
  if (taken && taken.length > 0) {
    const errors: FieldErrors = {};
    for (const field of taken) addFieldError(errors, field, takenMessage(field));
    throw AppError.fields(errors);
  }
  throw error;
}

const fail = (errors: FieldErrors) => {
  if (Object.keys(errors).length > 0) throw AppError.fields(errors);
};

type Deps = {
  users: UserRepository;
  transaction: Transaction;
  uploads: UploadService;
  clock: Clock;
  config: AppConfig;
};

/** Profiles: reading with the privacy rules, the profile form, photo, admin edits, and small switches. */
export function createUserService({ users, transaction, uploads, clock, config }: Deps) {
  const terms = (() => {
    let cached: string | null = null;
    return () => {
      cached ??= readFileSync(TERMS_FILE, 'utf8');
      return cached
        .replaceAll('{{name_app}}', appTitle(config.name_app))
        .replaceAll('{{country_name}}', config.country_name)
        .replaceAll('{{admin_email}}', config.admin_email);
    };
  })();

  async function profileOf(id: number, access: UserAccess) {
    const user = await users.findProfile(id);
    if (!user) throw new AppError('user_doesnt_exist', { message: 'El usuario no existe.' });
    return { data: toWireUser(user, access) };
  }

  /**
   * The viewer's friendship with each user, as FriendsManager::getFriendshipState reads the rows:
   * friend (my row accepted), pending_sent (my row otherwise), pending_received (only theirs), none.
   */
  async function friendshipStates(viewerId: number, ids: number[]): Promise<Map<number, FriendshipState>> {
    const rows = ids.length > 0 ? await users.friendRowsWith(viewerId, ids) : [];
    const mine = new Map(rows.filter((row) => row.uid1 === viewerId).map((row) => [row.uid2, row.state]));
    const theirs = new Set(rows.filter((row) => row.uid2 === viewerId).map((row) => row.uid1));
    return new Map(
      ids.map((id): [number, FriendshipState] => {
        if (mine.get(id) === FRIEND_STATE.accepted) return [id, 'friend'];
        if (mine.has(id)) return [id, 'pending_sent'];
        return [id, theirs.has(id) ? 'pending_received' : 'none'];
      }),
    );
  }

  /** The friend search's `state` (UserRepository::index): a request either way is 'request'. */
  const listState = (state: FriendshipState | undefined): FriendState =>
    state === 'friend' ? 'friend' : state === 'pending_sent' || state === 'pending_received' ? 'request' : 'none';

  async function checkUnique(errors: FieldErrors, values: Partial<Record<UniqueUserField, string | null | undefined>>, exceptId: number) {
    for (const [field, value] of Object.entries(values) as [UniqueUserField, string | null | undefined][]) {
      if (value && !errors[field] && (await users.isTaken(field, value, exceptId))) addFieldError(errors, field, takenMessage(field));
    }
  }

  /** Creates or changes the plate of the user's first car (profile and admin forms have one plate field). */
  async function savePlate({ cars }: Repositories, userId: number, patente: string, description?: string) {
    const car = await cars.firstOf(userId);
    if (car) await cars.update(car.id, { patente, ...(description !== undefined ? { description } : {}) });
    else await cars.create(userId, { patente, description: description ?? null });
  }

  return {
    profileOf,

    /**
     * GET /api/users/:id|me. Document, phone and plates for the user, admins, confirmed trip
     * partners, or everyone with data_visibility on; accounts never activated exist only for admins.
     */
    async show(viewer: User, id: number | 'me') {
      const targetId = id === 'me' ? viewer.id : id;
      const user = await users.findProfile(targetId);
      const self = targetId === viewer.id;
      if (!user || (!self && !viewer.is_admin && !user.active)) {
        throw new AppError('user_doesnt_exist', { message: 'El usuario no existe.' });
      }
      const driverData = self || viewer.is_admin || user.data_visibility === 1 || (await users.arePartners(viewer.id, user.id));
      const access = accessOf(viewer, user, driverData);
      if (!self) access.friendshipState = (await friendshipStates(viewer.id, [user.id])).get(user.id);
      return { data: toWireUser(user, access) };
    },

    /**
     * GET /api/users/list: usable accounts by name other than the viewer's friends, public fields
     * plus the friendship state; paged only when page_size is sent (else every match, no meta).
     */
    async list(viewer: User, query: { value?: string; page?: number; page_size?: number }, url: string) {
      const paged = query.page_size !== undefined ? pageOf(query, PAGE_SIZES.default) : null;
      const { rows, total } = await users.search({
        text: query.value,
        onlyUsable: true,
        excludeId: viewer.id,
        excludeFriendsOf: viewer.id,
        ...(paged ? { limit: paged.perPage, offset: paged.offset } : {}),
      });
      const states = await friendshipStates(viewer.id, rows.map((row) => row.id));
      const data = rows.map((row) => toWireUser(row, { ...PUBLIC_ACCESS, friendState: listState(states.get(row.id)) }));
      if (!paged) return { data };
      return { data, meta: paginationMeta({ total, count: rows.length, page: paged.page, perPage: paged.perPage, url }) };
    },

    /** GET /api/admin/users: every user (or those matching `name`), sorted and paged, in the admin view. */
    async adminList(query: { page?: number; per_page: number; sort: 'id' | 'name' | 'email' | 'last_connection'; direction: 'asc' | 'desc'; name?: string }, url: string) {
      const { page, perPage, offset } = pageOf({ page: query.page, page_size: query.per_page });
      const { rows, total } = await users.search({
        text: query.name || undefined,
        adminFilter: true,
        limit: perPage,
        offset,
        orderBy: { column: query.sort, direction: query.direction },
      });
      return { data: rows.map((row) => toWireUser(row, ADMIN_ACCESS)), meta: paginationMeta({ total, count: rows.length, page, perPage, url }) };
    },

    /** GET /api/users/search (admins): any account by UserSearchFilter's rules, 9 at most, admin view. */
    async adminSearch(name: string) {
      const { rows } = await users.search({ text: name, adminFilter: true, limit: ADMIN_SEARCH_LIMIT, offset: 0 });
      return { data: rows.map((row) => toWireUser(row, ADMIN_ACCESS)) };
    },

    /**
     * The profile form (PUT /api/users, or POST with _method=PUT). Only what is sent changes, but
     * the form's required fields (name, description, document, phone) must be set afterwards.
     */
    async updateProfile(user: User, rawBody: unknown, received: ReceivedFiles) {
      const form = normalizeForm(rawBody);
      const parsed = ProfileUpdateBodySchema.safeParse(form);
      const errors: FieldErrors = parsed.success ? {} : toFieldErrors(parsed.error.issues, form);
      // Uniqueness is worth telling even when other fields are wrong (the client shows "already registered").
      const raw = (field: string) => (typeof form[field] === 'string' && !errors[field] ? (form[field] as string) : undefined);
      await checkUnique(errors, { nro_doc: raw('nro_doc'), mobile_phone: raw('mobile_phone') }, user.id);
      if (!parsed.success) throw AppError.fields(errors);
      const body = parsed.data;

      const data: Prisma.UserUncheckedUpdateInput = {};
      if (body.name !== undefined && body.name !== user.name) {
        if (nameLocked(user)) addFieldError(errors, 'name', 'El nombre no puede modificarse.');
        else if (body.name.length > FULL_NAME_MAX) addFieldError(errors, 'name', `El nombre no puede tener más de ${FULL_NAME_MAX} caracteres.`);
        else data.name = body.name;
      }
      if (body.description !== undefined) data.description = body.description;
      if (body.birthday !== undefined) {
        if (body.birthday > arDay(clock.now())) addFieldError(errors, 'birthday', 'La fecha de nacimiento no puede ser posterior a hoy.');
        else data.birthday = body.birthday;
      }
      if (body.nro_doc !== undefined) data.nro_doc = body.nro_doc;
      if (body.mobile_phone !== undefined) data.mobile_phone = body.mobile_phone;
      if (body.data_visibility !== undefined) data.data_visibility = [1, '1', true].includes(body.data_visibility) ? 1 : 0;
      if (body.emails_notifications !== undefined) data.emails_notifications = body.emails_notifications;
      if (body.unaswered_messages_limit !== undefined) data.unaswered_messages_limit = body.unaswered_messages_limit;
      if (body.account_number !== undefined) data.account_number = body.account_number;
      Object.assign(data, normalizeBank(body, errors));

      for (const field of ['description', 'nro_doc', 'mobile_phone'] as const) {
        if (!(data[field] ?? user[field])) addFieldError(errors, field, requiredMessage(field));
      }

      // Driver documents: names already stored are kept, new files are added, the rest removed.
      const storedDocs = parseDocs(user.driver_data_docs);
      const keptDocs: string[] = [];
      const newFiles: UploadDescriptor[] = [];
      body.driver_data_docs?.forEach((item, index) => {
        if (typeof item === 'string') {
          if (storedDocs.includes(item)) keptDocs.push(item);
          else addFieldError(errors, `driver_data_docs.${index}`, 'The selected document does not exist.');
        } else if (received.isReceived(item)) newFiles.push(item);
        else addFieldError(errors, `driver_data_docs.${index}`, 'The driver data docs must be a file.');
      });
      const removedDocs = body.driver_data_docs ? storedDocs.filter((name) => !keptDocs.includes(name)) : [];

      if (config.module_validated_drivers && (body.user_be_driver || user.driver_is_verified)) {
        requireBankData(
          {
            account_number: (data.account_number as string | null | undefined) ?? user.account_number,
            account_type: (data.account_type as string | null | undefined) ?? user.account_type,
            account_bank: (data.account_bank as string | null | undefined) ?? user.account_bank,
          },
          errors,
        );
        const docsAfter = body.driver_data_docs ? keptDocs.length + newFiles.length : storedDocs.length;
        if (body.user_be_driver && docsAfter === 0) addFieldError(errors, 'driver_data_docs', requiredMessage('driver_data_docs'));
      }
      fail(errors);

      if (body.password !== undefined) data.password = await bcrypt.hash(body.password, BCRYPT_ROUNDS);

      let kept: Awaited<ReturnType<UploadService['keepDocuments']>> = [];
      try {
        await transaction(async (repos) => {
          const repo = repos.users;
          kept = await uploads.keepDocuments(newFiles, user.id);
          for (const file of kept) await repo.addFile({ user_id: user.id, kind: 'driver_doc', path: file.path, mime: file.mime, size: file.size });
          if (body.driver_data_docs) {
            data.driver_data_docs = JSON.stringify([...keptDocs, ...kept.map((file) => file.name)]);
            await repo.deleteFiles(user.id, removedDocs.map((name) => `docs/${name}`));
          }
          if (body.patente !== undefined) await savePlate(repos, user.id, body.patente);
          await repo.update(user.id, data);
        });
      } catch (error) {
        await uploads.remove(kept.map((file) => file.path));
        rethrowTaken(error, ['nro_doc', 'mobile_phone']);
      }
      await uploads.remove(removedDocs.map((name) => `docs/${name}`));
      return profileOf(user.id, SELF_ACCESS);
    },

    /** PUT /api/users/photo: stores the new photo, then removes the old one. */
    async updatePhoto(user: User, dataUrl: string) {
      const photo = await uploads.savePhoto(dataUrl, user.id);
      const oldPath = user.image ? `profile/${user.image}` : null;
      try {
        await transaction(async (repos) => {
          const repo = repos.users;
          await repo.addFile({ user_id: user.id, kind: 'profile', path: photo.path, mime: photo.mime, size: photo.size });
          if (oldPath) await repo.deleteFiles(user.id, [oldPath]);
          await repo.update(user.id, { image: photo.name });
        });
      } catch (error) {
        await uploads.remove([photo.path]);
        throw error;
      }
      if (oldPath) await uploads.remove([oldPath]);
      return profileOf(user.id, SELF_ACCESS);
    },

    /** PUT /api/users/modify (admins): profile, private note, driver status, bank data, active, banned, password. */
    async adminUpdate(body: AdminUpdate) {
      const target = await users.findById(body.user.id);
      if (!target) throw new AppError('user_doesnt_exist', { message: 'El usuario no existe.' });
      const errors: FieldErrors = {};
      const data: Prisma.UserUncheckedUpdateInput = {};
      const email = body.email?.trim().toLowerCase();
      if (body.name !== undefined && body.name !== target.name) {
        // The admin form's own limit (spec §5: name 25), as before issue 41's profile change.
        if (body.name.length > LENGTHS.userName) addFieldError(errors, 'name', `El nombre no puede tener más de ${LENGTHS.userName} caracteres.`);
        else data.name = body.name;
      }
      if (email !== undefined) data.email = email;
      await checkUnique(errors, { email, nro_doc: body.nro_doc, mobile_phone: body.mobile_phone }, target.id);
      const { description, private_note, nro_doc, mobile_phone, birthday, account_number, unaswered_messages_limit } = body;
      const { driver_is_verified, active, banned } = body;
      Object.assign(
        data,
        Object.fromEntries(
          Object.entries({ description, private_note, nro_doc, mobile_phone, birthday, account_number, unaswered_messages_limit, driver_is_verified, active, banned })
            .filter(([, value]) => value !== undefined),
        ),
      );
      if (birthday && birthday > arDay(clock.now())) addFieldError(errors, 'birthday', 'La fecha de nacimiento no puede ser posterior a hoy.');
      if (body.active) data.activation_token = null;
      Object.assign(data, normalizeBank(body, errors));
      fail(errors);
      if (body.password !== undefined) data.password = await bcrypt.hash(body.password, BCRYPT_ROUNDS);

      try {
        await transaction(async (repos) => {
          if (body.patente !== undefined) await savePlate(repos, target.id, body.patente, body.car_description);
          await repos.users.update(target.id, data);
        });
      } catch (error) {
        rethrowTaken(error, ['email', 'nro_doc', 'mobile_phone']);
      }
      return profileOf(target.id, ADMIN_ACCESS);
    },

    /** POST /api/users/change/:property/:value (the contract lets only the switchable flags through). */
    async changeProperty(user: User, property: UserProperty, value: boolean) {
      await users.update(user.id, { [property]: value });
      return profileOf(user.id, SELF_ACCESS);
    },

    bankData: () => BANK_DATA,

    /** The same Spanish terms for every `lang` (the product's only language). */
    terms: () => ({ content: terms() }),

    /**
     * POST /api/users/donation: a one-time donation (> 0), a monthly one (≥ 0, which also marks a
     * monthly donor) or a refusal (recorded with 0).
     */
    async donation(donor: User, body: Donation) {
      const errors: FieldErrors = {};
      if (body.has_donated === body.has_denied) addFieldError(errors, 'has_donated', 'Tienes que seleccionar un valor de donación.');
      if (body.has_donated && !body.monthly && body.ammount <= 0) addFieldError(errors, 'ammount', 'El valor de la donación debe ser mayor a 0.');
      if (body.trip_id && !(await users.tripExists(body.trip_id))) addFieldError(errors, 'trip_id', 'The selected trip id is invalid.');
      fail(errors);
      const record = await users.addDonation({
        user_id: donor.id,
        trip_id: body.trip_id ?? null,
        has_donated: body.has_donated,
        has_denied: body.has_denied,
        ammount: body.has_donated ? body.ammount : 0,
        created_at: clock.now(),
      });
      if (body.has_donated && body.monthly && !donor.monthly_donate) await users.update(donor.id, { monthly_donate: true });
      return { donation: toWireDonation(record) };
    },
  };
}

export type UserService = ReturnType<typeof createUserService>;
