import { endpoints, LENGTHS, PAGE_SIZES, UserPropertySchema } from '@carpool/contracts';
import type { User } from '@prisma/client';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { DEMO, bearer, build, expectContract, login } from '../../test/helper';
import { foldText } from '../lib/text';

const PRIVATE_TO_PARTNERS = ['nro_doc', 'mobile_phone', 'cars'] as const;
const ACCOUNT_ONLY = ['email', 'birthday', 'account_number', 'account_bank', 'account_type', 'driver_data_docs', 'donations', 'do_not_alert_pricing', 'on_boarding_view'] as const;

const byEmail = (app: FastifyInstance, email: string) => app.db.user.findUniqueOrThrow({ where: { email } });

async function show(app: FastifyInstance, token: string, id: number | 'me') {
  const response = await app.inject({ method: 'GET', url: `/api/users/${id}`, headers: bearer(token) });
  expect(response.statusCode, response.body).toBe(200);
  return expectContract(endpoints.users.show, response).data;
}

/** A seeded, active user with private data, no public visibility and no trip shared with `other`. */
async function stranger(app: FastifyInstance, other: User): Promise<User> {
  const candidates = await app.db.user.findMany({
    where: { active: true, banned: false, is_admin: false, data_visibility: 0, nro_doc: { not: null }, id: { not: other.id } },
    orderBy: { id: 'asc' },
  });
  for (const candidate of candidates) {
    const friendRows = await app.db.friend.count({ where: { OR: [{ uid1: other.id, uid2: candidate.id }, { uid1: candidate.id, uid2: other.id }] } });
    const sharedTrips = await app.db.passenger.count({
      where: { OR: [{ user_id: candidate.id, trip: { user_id: other.id } }, { user_id: other.id, trip: { user_id: candidate.id } }] },
    });
    if (friendRows === 0 && sharedTrips === 0) return candidate;
  }
  throw new Error('no stranger in the seed');
}

describe('GET /api/users/:id', () => {
  it("answers the caller's own profile for 'me', with the account data but not the admin's note", async () => {
    const app = await build();
    const token = await login(app, DEMO.driver);
    const me = await show(app, token, 'me');
    expect(me).toMatchObject({ name: 'Martín Gómez', email: DEMO.driver.email, nro_doc: '33456789', mobile_phone: '1145678901', driver_is_verified: 1 });
    expect(me.cars?.map((car) => car.patente)).toEqual(['AB 123 CD']);
    for (const field of ACCOUNT_ONLY) expect(me).toHaveProperty(field);
    expect(me).not.toHaveProperty('private_note');
    expect(me).not.toHaveProperty('state');
  });

  it('shows document, phone and plates of a user who made them public, never the account data', async () => {
    const app = await build();
    const driver = await byEmail(app, DEMO.driver.email);
    expect(driver.data_visibility).toBe(1);
    const viewer = await stranger(app, driver);
    const seen = await show(app, app.services.auth.issueToken(viewer.id), driver.id);
    expect(seen).toMatchObject({ nro_doc: '33456789', mobile_phone: '1145678901' });
    expect(seen.cars?.[0]?.patente).toBe('AB 123 CD');
    for (const field of ACCOUNT_ONLY) expect(seen).not.toHaveProperty(field);
    expect(seen).not.toHaveProperty('private_note');
  });

  it('hides document, phone and plates from non-partners, and shows them to confirmed trip partners both ways', async () => {
    const app = await build();
    const driver = await byEmail(app, DEMO.driver.email);
    await app.db.user.update({ where: { id: driver.id }, data: { data_visibility: 0 } });
    const other = await stranger(app, driver);
    const otherToken = app.services.auth.issueToken(other.id);
    const driverToken = await login(app, DEMO.driver);

    const hidden = await show(app, otherToken, driver.id);
    for (const field of PRIVATE_TO_PARTNERS) expect(hidden).not.toHaveProperty(field);
    expect(hidden).toMatchObject({ id: driver.id, name: driver.name, data_visibility: '0' });

    // A pending (0), rejected (2) or cancelled (3) request makes no partners; accepted (1) and waiting for payment (4) do.
    const trip = await app.db.trip.findFirstOrThrow({ where: { user_id: driver.id, deleted_at: null } });
    const request = await app.db.passenger.create({ data: { trip_id: trip.id, user_id: other.id, request_state: 0 } });
    for (const [state, visible] of [[0, false], [2, false], [3, false], [1, true], [4, true]] as const) {
      await app.db.passenger.update({ where: { id: request.id }, data: { request_state: state } });
      const byPassenger = await show(app, otherToken, driver.id);
      const byDriver = await show(app, driverToken, other.id);
      expect('nro_doc' in byPassenger, `state ${state}, passenger looking`).toBe(visible);
      expect('mobile_phone' in byDriver, `state ${state}, driver looking`).toBe(visible);
      expect(byDriver).not.toHaveProperty('email');
    }
  });

  it('shows the demo passenger and driver to each other (accepted on the trip to Rosario)', async () => {
    const app = await build();
    const passenger = await byEmail(app, DEMO.passenger.email);
    expect(passenger.data_visibility).toBe(0);
    const seen = await show(app, await login(app, DEMO.driver), passenger.id);
    expect(seen).toMatchObject({ nro_doc: passenger.nro_doc, mobile_phone: passenger.mobile_phone });
  });

  it('shows the private note, e-mail and bank data to admins only', async () => {
    const app = await build();
    const banned = await app.db.user.findFirstOrThrow({ where: { banned: true, private_note: { not: null } } });
    const asAdmin = await show(app, await login(app, DEMO.admin), banned.id);
    expect(asAdmin).toMatchObject({ private_note: banned.private_note, email: banned.email, banned: 1, nro_doc: banned.nro_doc });
    const asUser = await show(app, await login(app, DEMO.passenger), banned.id);
    expect(asUser).not.toHaveProperty('private_note');
    expect(asUser).not.toHaveProperty('email');
    // ProfileTransformer sends banned to admin viewers only, the user themself included.
    expect(asUser).not.toHaveProperty('banned');
    expect(await show(app, await login(app, DEMO.passenger), 'me')).not.toHaveProperty('banned');
  });

  it("tells the friendship from the viewer's side as friendship_state: friend, pending_sent, pending_received or none", async () => {
    const app = await build();
    const token = await login(app, DEMO.passenger);
    const passenger = await byEmail(app, DEMO.passenger.email);
    const driver = await byEmail(app, DEMO.driver.email);
    expect(await show(app, token, driver.id)).toMatchObject({ friendship_state: 'friend' });
    const other = await stranger(app, passenger);
    const seen = await show(app, token, other.id);
    expect(seen.friendship_state).toBe('none');
    // The friend search's `state` is not part of a profile (UsersManager::show sets friendship_state only).
    expect(seen).not.toHaveProperty('state');
    await app.db.friend.create({ data: { uid1: passenger.id, uid2: other.id, state: 0 } });
    expect((await show(app, token, other.id)).friendship_state).toBe('pending_sent');
    expect((await show(app, app.services.auth.issueToken(other.id), passenger.id)).friendship_state).toBe('pending_received');
    expect(await show(app, token, 'me')).not.toHaveProperty('friendship_state');
    expect(await show(app, token, passenger.id)).not.toHaveProperty('friendship_state');
  });

  it('counts the references received, and writes a last connection never made as an empty string', async () => {
    const app = await build();
    const passenger = await byEmail(app, DEMO.passenger.email);
    const other = await stranger(app, passenger);
    const token = app.services.auth.issueToken(other.id);
    const before = await app.db.reference.count({ where: { user_id_to: passenger.id } });
    await app.db.reference.create({ data: { user_id_from: other.id, user_id_to: passenger.id, comment: 'Muy buena compañera de viaje.' } });
    const seen = await show(app, token, passenger.id);
    expect(seen.references).toBe(before + 1);
    expect(seen.references_data).toHaveLength(before + 1);
    await app.db.user.update({ where: { id: passenger.id }, data: { last_connection: null } });
    expect((await show(app, token, passenger.id)).last_connection).toBe('');
  });

  it('answers user_doesnt_exist for a missing user, and for a never activated one unless the viewer is an admin', async () => {
    const app = await build();
    const token = await login(app, DEMO.passenger);
    const missing = await app.inject({ method: 'GET', url: '/api/users/999999', headers: bearer(token) });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors.error).toBe('user_doesnt_exist');
    const inactive = await app.db.user.findFirstOrThrow({ where: { active: false } });
    const hidden = await app.inject({ method: 'GET', url: `/api/users/${inactive.id}`, headers: bearer(token) });
    expect(hidden.json().errors.error).toBe('user_doesnt_exist');
    expect((await show(app, await login(app, DEMO.admin), inactive.id)).active).toBe(0);
    expect((await app.inject({ method: 'GET', url: '/api/users/me' })).statusCode).toBe(401);
    expect((await app.inject({ method: 'GET', url: '/api/users/otro', headers: bearer(token) })).statusCode).toBe(422);
  });
});

describe('GET /api/users/list', () => {
  it('finds usable accounts by name but not friends, with the friendship state and public fields only', async () => {
    const app = await build();
    const token = await login(app, DEMO.passenger);
    const other = await stranger(app, await byEmail(app, DEMO.passenger.email));
    await app.db.user.update({ where: { id: other.id }, data: { name: 'Martina Sosa' } });
    const response = await app.inject({ method: 'GET', url: '/api/users/list?value=MARTÍ', headers: bearer(token) });
    expect(response.statusCode).toBe(200);
    const body = expectContract(endpoints.users.list, response);
    // The demo driver is her friend: UserRepository::index leaves friends out.
    expect(body.data.map((user) => user.name)).not.toContain('Martín Gómez');
    expect(body.data.map((user) => user.name)).toContain('Martina Sosa');
    for (const user of body.data) {
      expect(foldText(user.name)).toContain('marti');
      expect(['none', 'request']).toContain(user.state);
      for (const field of [...PRIVATE_TO_PARTNERS, ...ACCOUNT_ONLY, 'private_note', 'banned']) expect(user).not.toHaveProperty(field);
    }
  });

  it("names a request waiting either way 'request', as the provider does", async () => {
    const app = await build();
    const token = await login(app, DEMO.passenger);
    const passenger = await byEmail(app, DEMO.passenger.email);
    const [asked, asking] = await app.db.user.findMany({
      where: { active: true, banned: false, id: { not: passenger.id }, friendsIn: { none: { uid1: passenger.id } }, friendsOut: { none: { uid2: passenger.id } } },
      orderBy: { id: 'asc' },
      take: 2,
    });
    await app.db.friend.create({ data: { uid1: passenger.id, uid2: asked!.id, state: 0 } });
    await app.db.friend.create({ data: { uid1: asking!.id, uid2: passenger.id, state: 0 } });
    const { data } = expectContract(endpoints.users.list, await app.inject({ method: 'GET', url: '/api/users/list', headers: bearer(token) }));
    const stateOf = (id: number) => data.find((user) => user.id === id)?.state;
    expect(stateOf(asked!.id)).toBe('request');
    expect(stateOf(asking!.id)).toBe('request');
    const rows = await app.db.friend.findMany({ where: { OR: [{ uid1: passenger.id }, { uid2: passenger.id }] } });
    const related = new Set(rows.flatMap((row) => [row.uid1, row.uid2]));
    for (const user of data) expect(user.state, user.name).toBe(related.has(user.id) ? 'request' : 'none');
  });

  it('ignores accents and case, and takes the text literally', async () => {
    const app = await build();
    const token = await login(app, DEMO.passenger);
    const passenger = await byEmail(app, DEMO.passenger.email);
    const other = await stranger(app, passenger);
    await app.db.user.update({ where: { id: other.id }, data: { name: 'Ramón Núñez' } });
    const names = async (value: string) => {
      const response = await app.inject({ method: 'GET', url: `/api/users/list?page_size=100&value=${encodeURIComponent(value)}`, headers: bearer(token) });
      return expectContract(endpoints.users.list, response).data.map((user) => user.name);
    };
    for (const value of ['nunez', 'NUÑEZ', 'ramon núñez', 'Ramón Nunez']) expect(await names(value), value).toContain('Ramón Núñez');
    expect(await names('%')).toEqual([]);
    expect(await names('_')).toEqual([]);
  });

  it('pages when page_size is sent, and answers every usable account but the caller and friends without it', async () => {
    const app = await build();
    const token = await login(app, DEMO.passenger);
    const passenger = await byEmail(app, DEMO.passenger.email);
    const usable = await app.db.user.count({
      where: { active: true, banned: false, id: { not: passenger.id }, friendsOut: { none: { uid2: passenger.id, state: 1 } } },
    });
    expect(usable).toBeGreaterThan(PAGE_SIZES.default);
    const first = expectContract(endpoints.users.list, await app.inject({ method: 'GET', url: '/api/users/list?page_size=5', headers: bearer(token) }));
    expect('meta' in first && first.meta.pagination).toMatchObject({ total: usable, per_page: 5, current_page: 1, count: 5 });
    expect('meta' in first && first.meta.pagination.links.next).toContain('page=2');
    expect(first.data.length).toBe(5);

    const everyone = await app.inject({ method: 'GET', url: '/api/users/list?page=2', headers: bearer(token) });
    const all = expectContract(endpoints.users.list, everyone);
    expect(all).not.toHaveProperty('meta');
    expect(all.data).toHaveLength(usable);
    const ids = all.data.map((user) => user.id);
    expect(ids).not.toContain(passenger.id);
    const hidden = await app.db.user.findMany({ where: { OR: [{ active: false }, { banned: true }] }, select: { id: true } });
    for (const { id } of hidden) expect(ids).not.toContain(id);
    for (const query of ['?page=0', '?page_size=0', `?value=${'x'.repeat(LENGTHS.searchText + 1)}`]) {
      const refused = await app.inject({ method: 'GET', url: `/api/users/list${query}`, headers: bearer(token) });
      expect(refused.statusCode, query).toBe(422);
      expect(Object.keys(refused.json().errors).length, query).toBeGreaterThan(0);
    }
    expect((await app.inject({ method: 'GET', url: '/api/users/list' })).statusCode).toBe(401);
  });
});

describe('GET /api/users/search (admins)', () => {
  const search = async (app: FastifyInstance, token: string, name: string) =>
    expectContract(endpoints.users.search, await app.inject({ method: 'GET', url: `/api/users/search?name=${encodeURIComponent(name)}`, headers: bearer(token) })).data;

  it('finds any account by name or e-mail, 9 at most by name, with the admin view', async () => {
    const app = await build();
    const token = await login(app, DEMO.admin);
    const data = await search(app, token, 'pasajera@');
    expect(data.map((user) => user.email)).toEqual([DEMO.passenger.email]);
    expect(data[0]).toMatchObject({ banned: 0 });
    expect((await search(app, token, 'Martín')).some((user) => user.name === 'Martín Gómez')).toBe(true);
    const many = await search(app, token, 'a');
    expect(await app.db.user.count({ where: { name: { contains: 'a' } } })).toBeGreaterThan(9);
    expect(many).toHaveLength(9);
    expect((await app.inject({ method: 'GET', url: '/api/users/search', headers: bearer(token) })).statusCode).toBe(422);
  });

  it('matches a term of digits on the id, the document or the phone, as UserSearchFilter does', async () => {
    const app = await build();
    const token = await login(app, DEMO.admin);
    const passenger = await byEmail(app, DEMO.passenger.email);
    expect((await search(app, token, passenger.nro_doc!)).map((user) => user.id)).toEqual([passenger.id]);
    expect((await search(app, token, passenger.mobile_phone!)).map((user) => user.id)).toEqual([passenger.id]);
    // A part of the document is enough (LIKE %term%).
    expect((await search(app, token, passenger.nro_doc!.slice(1, 7))).map((user) => user.id)).toContain(passenger.id);
    // The newest account's id is long enough to match only a few rows.
    const newest = await app.db.user.findFirstOrThrow({ orderBy: { id: 'desc' } });
    const byId = await search(app, token, String(newest.id));
    expect(byId.map((user) => user.id)).toContain(newest.id);
    for (const user of byId) expect([String(user.id), user.nro_doc ?? '', user.mobile_phone ?? ''].some((value) => value.includes(String(newest.id)))).toBe(true);
    // Any other term also looks at the e-mail (not at the phone).
    expect((await search(app, token, `x${passenger.mobile_phone!}`)).length).toBe(0);
  });

  it('refuses other users (403) and anonymous callers (401)', async () => {
    const app = await build();
    const token = await login(app, DEMO.driver);
    const response = await app.inject({ method: 'GET', url: '/api/users/search?name=a', headers: bearer(token) });
    expect(response.statusCode).toBe(403);
    expect(response.json().errors.error).toBe('forbidden');
    expect((await app.inject({ method: 'GET', url: '/api/users/search?name=a' })).statusCode).toBe(401);
  });
});

describe('PUT /api/users/modify (admins)', () => {
  const modify = (app: FastifyInstance, token: string, payload: Record<string, unknown>) =>
    app.inject({ method: 'PUT', url: '/api/users/modify', headers: bearer(token), payload });

  it('edits profile, private note, driver status, bank data, active and banned flags, and sets a password', async () => {
    const app = await build();
    const admin = await login(app, DEMO.admin);
    const passenger = await byEmail(app, DEMO.passenger.email);
    const response = await modify(app, admin, {
      user: { id: passenger.id },
      name: 'Lucía B. Fernández',
      description: 'Editado por la administración.',
      private_note: 'Pidió verificación como conductora.',
      patente: 'AD 111 BB',
      car_description: 'Fiat Cronos rojo',
      driver_is_verified: true,
      account_number: '123456',
      account_type: 'Caja de ahorro',
      account_bank: '285',
      password: 'clave-admin-1',
      password_confirmation: 'clave-admin-1',
    });
    expect(response.statusCode, response.body).toBe(200);
    const { data } = expectContract(endpoints.users.adminUpdate, response);
    expect(data).toMatchObject({
      name: 'Lucía B. Fernández',
      private_note: 'Pidió verificación como conductora.',
      driver_is_verified: 1,
      account_type: 'caja_ahorro',
      account_bank: '285',
    });
    expect(data.cars).toEqual([expect.objectContaining({ patente: 'AD 111 BB', description: 'Fiat Cronos rojo' })]);
    await login(app, { email: DEMO.passenger.email, password: 'clave-admin-1' });

    const banned = await modify(app, admin, { user: { id: passenger.id }, banned: true });
    expect(banned.json().data.banned).toBe(1);
    const refused = await app.inject({ method: 'POST', url: '/api/login', payload: { email: DEMO.passenger.email, password: 'clave-admin-1' } });
    expect(refused.json().errors.error).toBe('user_banned');

    const inactive = await app.db.user.findFirstOrThrow({ where: { active: false, activation_token: { not: null } } });
    await modify(app, admin, { user: { id: inactive.id }, active: true });
    expect(await app.db.user.findUniqueOrThrow({ where: { id: inactive.id } })).toMatchObject({ active: true, activation_token: null });
  });

  it.each([
    ['name', { name: 'x'.repeat(LENGTHS.userName + 1) }, 'El nombre no puede tener más de 25 caracteres.'],
    ['description', { description: 'x'.repeat(LENGTHS.adminDescription + 1) }, null],
    ['private_note', { private_note: 'x'.repeat(LENGTHS.privateNote + 1) }, null],
    ['patente', { patente: 'x'.repeat(LENGTHS.patente + 1) }, 'La patente no puede tener más de 20 caracteres'],
    ['password_confirmation', { password: 'clave-admin-1', password_confirmation: 'otra' }, null],
    ['email', { email: DEMO.driver.email }, 'The email has already been taken.'],
    ['nro_doc', { nro_doc: '33456789' }, 'The nro doc has already been taken.'],
    ['mobile_phone', { mobile_phone: '1145678901' }, 'The mobile phone has already been taken.'],
    ['account_bank', { account_bank: 'Banco Fantasma' }, 'The selected account bank is invalid.'],
    ['banned', { banned: 'quizás' }, null],
    ['user', { user: undefined }, null],
  ] as [string, Record<string, unknown>, string | null][])('refuses %s: %j', async (field, change, message) => {
    const app = await build();
    const admin = await login(app, DEMO.admin);
    const passenger = await byEmail(app, DEMO.passenger.email);
    const response = await modify(app, admin, { user: { id: passenger.id }, ...change });
    expect(response.statusCode, response.body).toBe(422);
    expect(Object.keys(response.json().errors)).toEqual([field]);
    if (message) expect(response.json().errors[field]).toEqual([message]);
    expect({ ...(await byEmail(app, DEMO.passenger.email)), updated_at: null }).toEqual({ ...passenger, updated_at: null });
  });

  it('answers user_doesnt_exist for a missing user', async () => {
    const app = await build();
    const response = await modify(app, await login(app, DEMO.admin), { user: { id: 999999 }, banned: true });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors.error).toBe('user_doesnt_exist');
  });

  it('is for admins only: users get 403 and nothing changes', async () => {
    const app = await build();
    const driver = await byEmail(app, DEMO.driver.email);
    const token = await login(app, DEMO.passenger);
    const response = await modify(app, token, { user: { id: driver.id }, banned: true, private_note: 'hack' });
    expect(response.statusCode).toBe(403);
    expect(response.json().errors.error).toBe('forbidden');
    expect(await byEmail(app, DEMO.driver.email)).toEqual(driver);
    expect((await app.inject({ method: 'PUT', url: '/api/users/modify', payload: { user: { id: driver.id } } })).statusCode).toBe(401);
  });
});

describe('POST /api/users/change/:property/:value', () => {
  it("takes the provider's allow-list (e-mails, auto-accept, the four alert flags) and the spec's two", () => {
    expect(UserPropertySchema.options).toEqual(expect.arrayContaining(['emails_notifications', 'autoaccept_requests', 'on_boarding_view', 'monthly_donate']));
    expect(UserPropertySchema.options.filter((property) => property.startsWith('do_not_alert_'))).toHaveLength(4);
  });

  it.each(UserPropertySchema.options)('switches %s on and off', async (property) => {
    const app = await build();
    const token = await login(app, DEMO.passenger);
    for (const [value, expected] of [['1', 1], ['0', 0], ['true', 1], ['false', 0]] as const) {
      const response = await app.inject({ method: 'POST', url: `/api/users/change/${property}/${value}`, headers: bearer(token) });
      expect(response.statusCode).toBe(200);
      const body = expectContract(endpoints.users.changeProperty, response);
      expect('data' in body ? body.data[property] : undefined).toBe(expected);
      expect((await byEmail(app, DEMO.passenger.email))[property]).toBe(expected === 1);
    }
  });

  it('refuses any other property or value with a field error, and needs a session', async () => {
    const app = await build();
    const token = await login(app, DEMO.passenger);
    for (const url of ['/api/users/change/is_admin/1', '/api/users/change/driver_is_verified/1', '/api/users/change/banned/0', '/api/users/change/name/Hacker']) {
      const response = await app.inject({ method: 'POST', url, headers: bearer(token) });
      expect(response.statusCode, url).toBe(422);
      expect(Object.keys(response.json().errors), url).toContain('property');
    }
    const badValue = await app.inject({ method: 'POST', url: '/api/users/change/on_boarding_view/quizás', headers: bearer(token) });
    expect(Object.keys(badValue.json().errors)).toEqual(['value']);
    expect((await byEmail(app, DEMO.passenger.email)).is_admin).toBe(false);
    expect((await app.inject({ method: 'POST', url: '/api/users/change/on_boarding_view/1' })).statusCode).toBe(401);
  });
});

describe('GET /api/users/bank-data and /api/users/terms', () => {
  it('lists Argentine banks and the two account types', async () => {
    const app = await build();
    const response = await app.inject({ method: 'GET', url: '/api/users/bank-data' });
    const body = expectContract(endpoints.users.bankData, response);
    expect(body.cc).toEqual([
      { id: 'caja_ahorro', name: 'Caja de ahorro' },
      { id: 'cuenta_corriente', name: 'Cuenta corriente' },
    ]);
    expect(body.banks).toContainEqual({ id: '011', name: 'Banco de la Nación Argentina' });
    expect(new Set(body.banks.map((bank) => bank.id)).size).toBe(body.banks.length);
  });

  it('answers the Spanish terms as HTML for any lang, without a session', async () => {
    const app = await build();
    for (const url of ['/api/users/terms', '/api/users/terms?lang=arg', '/api/users/terms?lang=en']) {
      const { content } = expectContract(endpoints.users.terms, await app.inject({ method: 'GET', url }));
      // name_app capitalised as everywhere else (it read 'carpool' here).
      expect(content).toContain('<h2>Términos y condiciones de Carpool</h2>');
      expect(content).not.toMatch(/\bcarpool\b(?!\.)/);
      expect(content).toContain('ayuda@carpool.ar');
      expect(content).not.toContain('{{');
    }
    expect((await app.inject({ method: 'GET', url: '/api/users/terms?lang=<script>' })).statusCode).toBe(422);
  });
});

describe('POST /api/users/donation', () => {
  const donate = (app: FastifyInstance, token: string | null, payload: Record<string, unknown>) =>
    app.inject({ method: 'POST', url: '/api/users/donation', headers: token ? bearer(token) : {}, payload });

  it('records a one-time donation, a monthly one (marking a monthly donor) and a refusal', async () => {
    const app = await build();
    const token = await login(app, DEMO.passenger);
    const passenger = await byEmail(app, DEMO.passenger.email);
    const before = await app.db.donation.count({ where: { user_id: passenger.id } });
    const trip = await app.db.trip.findFirstOrThrow({ where: { passengers: { some: { user_id: passenger.id } } } });
    const once = await donate(app, token, { has_donated: true, ammount: 2000, trip_id: trip.id });
    expect(once.statusCode, once.body).toBe(200);
    expect(expectContract(endpoints.users.donation, once).donation).toMatchObject({ has_donated: 1, has_denied: 0, ammount: 2000, trip_id: trip.id });
    const refusal = await donate(app, token, { has_denied: true, ammount: 5000 });
    expect(refusal.json().donation).toMatchObject({ has_donated: 0, has_denied: 1, ammount: 0, trip_id: null });
    expect((await byEmail(app, DEMO.passenger.email)).monthly_donate).toBe(false);
    const monthly = await donate(app, token, { has_donated: true, monthly: true, ammount: 0 });
    expect(monthly.statusCode).toBe(200);
    expect((await byEmail(app, DEMO.passenger.email)).monthly_donate).toBe(true);
    expect(await app.db.donation.count({ where: { user_id: passenger.id } })).toBe(before + 3);
  });

  it('refuses a one-time donation of 0, a negative amount, neither or both choices, and an unknown trip', async () => {
    const app = await build();
    const token = await login(app, DEMO.passenger);
    const before = await app.db.donation.count();
    const cases: [Record<string, unknown>, string][] = [
      [{ has_donated: true, ammount: 0 }, 'ammount'],
      [{ has_donated: true, monthly: true, ammount: -1 }, 'ammount'],
      [{ has_donated: true, ammount: 10.5 }, 'ammount'],
      [{ ammount: 2000 }, 'has_donated'],
      [{ has_donated: true, has_denied: true, ammount: 2000 }, 'has_donated'],
      [{ has_donated: true, ammount: 2000, trip_id: 999999 }, 'trip_id'],
      [{ has_donated: 'sí', ammount: 2000 }, 'has_donated'],
    ];
    for (const [payload, field] of cases) {
      const response = await donate(app, token, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(422);
      expect(Object.keys(response.json().errors), JSON.stringify(payload)).toEqual([field]);
    }
    expect(await app.db.donation.count()).toBe(before);
  });

  it("belongs to the session's user only: a guest gets 401 and a foreign user id is ignored", async () => {
    const app = await build();
    const passenger = await byEmail(app, DEMO.passenger.email);
    const driver = await byEmail(app, DEMO.driver.email);
    const before = await app.db.donation.count();
    const guest = await donate(app, null, { has_donated: true, monthly: true, ammount: 5000, user: passenger.id });
    expect(guest.statusCode).toBe(401);
    expect(await app.db.donation.count()).toBe(before);
    expect((await byEmail(app, DEMO.passenger.email)).monthly_donate).toBe(passenger.monthly_donate);
    const token = await login(app, DEMO.driver);
    const foreign = await donate(app, token, { has_donated: true, ammount: 5000, user: passenger.id });
    expect(foreign.statusCode).toBe(200);
    expect(foreign.json().donation.user_id).toBe(driver.id);
  });
});
