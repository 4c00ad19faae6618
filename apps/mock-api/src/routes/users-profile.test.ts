import { endpoints, FULL_NAME_MAX, LENGTHS, UPLOADS } from '@carpool/contracts';
import bcrypt from 'bcryptjs';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { DEMO, bearer, build, expectContract, login } from '../../test/helper';
import { PNG_BYTES, PNG_DATA_URL, file, filesIn, multipart, pdf, png } from '../../test/forms';

type Fields = Parameters<typeof multipart>[0];

/** The profile form as the web sends it: every field, multipart. */
const profileForm = (overrides: Fields = {}): Fields => ({
  name: 'Lucía Fernández',
  description: 'Viajo seguido a Rosario por trabajo y me gusta charlar en la ruta.',
  nro_doc: '30123456',
  mobile_phone: '3415550000',
  patente: 'AC 456 EF',
  data_visibility: '1',
  emails_notifications: 'false',
  unaswered_messages_limit: '3',
  ...overrides,
});

async function update(app: FastifyInstance, token: string | null, fields: Fields, how: 'PUT' | 'POST' = 'POST') {
  const form = await multipart(how === 'POST' ? { _method: 'PUT', ...fields } : fields);
  return app.inject({
    method: how,
    url: '/api/users',
    payload: form.payload,
    headers: { ...form.headers, ...(token ? bearer(token) : {}) },
  });
}

/** An active account that never completed its profile (as right after activation). */
async function newcomer(app: FastifyInstance, name = 'Ana Pérez', email = 'ana.perez@example.com') {
  const user = await app.db.user.create({
    data: { email, password: await bcrypt.hash('secreto123', 4), name, active: true },
  });
  return { user, token: app.services.auth.issueToken(user.id) };
}

const userByEmail = (app: FastifyInstance, email: string) => app.db.user.findUniqueOrThrow({ where: { email }, include: { cars: true } });

describe('profile update (POST /api/users with _method=PUT, and PUT /api/users)', () => {
  it('saves every profile field of the form and answers the own profile', async () => {
    const app = await build();
    const token = await login(app, DEMO.passenger);
    const response = await update(app, token, profileForm());
    expect(response.statusCode, response.body).toBe(200);
    const { data } = expectContract(endpoints.users.update, response);
    expect(data).toMatchObject({
      nro_doc: '30123456',
      mobile_phone: '3415550000',
      data_visibility: '1',
      emails_notifications: 0,
      unaswered_messages_limit: 3,
      email: DEMO.passenger.email,
    });
    expect(data.cars?.map((car) => car.patente)).toEqual(['AC 456 EF']);
    const row = await userByEmail(app, DEMO.passenger.email);
    expect(row.description).toBe('Viajo seguido a Rosario por trabajo y me gusta charlar en la ruta.');
    expect(row.cars).toHaveLength(1);
  });

  it('is the same call as a real PUT, and needs a session either way', async () => {
    const app = await build();
    const token = await login(app, DEMO.passenger);
    const put = await update(app, token, profileForm({ unaswered_messages_limit: '7' }), 'PUT');
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json().data.unaswered_messages_limit).toBe(7);
    for (const how of ['PUT', 'POST'] as const) {
      const anonymous = await update(app, null, profileForm({ nro_doc: '30999999' }), how);
      expect(anonymous.statusCode).toBe(401);
      expect(anonymous.json().errors.error).toBe('token_not_provided');
    }
    expect((await userByEmail(app, DEMO.passenger.email)).nro_doc).toBe('30123456');
  });

  it('changes only the caller: ids in the body are ignored', async () => {
    const app = await build();
    const token = await login(app, DEMO.passenger);
    const driver = await userByEmail(app, DEMO.driver.email);
    const response = await update(app, token, { id: String(driver.id), user_id: String(driver.id), description: 'Cambio la descripción de otra persona.' });
    expect(response.statusCode).toBe(200);
    expect(response.json().data.id).not.toBe(driver.id);
    expect((await userByEmail(app, DEMO.driver.email)).description).toBe(driver.description);
  });

  it.each([
    ['description', { description: 'a b c d e f g h i' }],
    ['description', { description: 'x'.repeat(LENGTHS.userDescription + 1) }],
    ['nro_doc', { nro_doc: '123456' }],
    ['nro_doc', { nro_doc: '123456789' }],
    ['nro_doc', { nro_doc: '30.123.456' }],
    ['mobile_phone', { mobile_phone: '341-555' }],
    ['mobile_phone', { mobile_phone: '341555' }],
    ['mobile_phone', { mobile_phone: '1'.repeat(LENGTHS.phoneMax + 1) }],
    ['patente', { patente: 'x'.repeat(LENGTHS.patente + 1) }],
    ['password', { password: 'corta12', password_confirmation: 'corta12' }],
    ['password', { password: 'x'.repeat(LENGTHS.password + 1), password_confirmation: 'x'.repeat(LENGTHS.password + 1) }],
    ['password_confirmation', { password: 'nueva-clave', password_confirmation: 'otra-clave' }],
    ['unaswered_messages_limit', { unaswered_messages_limit: '-1' }],
    ['unaswered_messages_limit', { unaswered_messages_limit: 'muchos' }],
    ['data_visibility', { data_visibility: 'todos' }],
    ['emails_notifications', { emails_notifications: 'quizás' }],
    ['birthday', { birthday: '1899-12-31' }],
    ['birthday', { birthday: '2026-11-23' }],
  ] as [string, Fields][])('refuses %s: %j, changing nothing', async (field, change) => {
    const app = await build();
    const token = await login(app, DEMO.passenger);
    const before = await userByEmail(app, DEMO.passenger.email);
    const response = await update(app, token, profileForm(change));
    expect(response.statusCode, response.body).toBe(422);
    expect(Object.keys(response.json().errors)).toContain(field);
    const after = await userByEmail(app, DEMO.passenger.email);
    expect({ ...after, updated_at: null }).toEqual({ ...before, updated_at: null });
  });

  it('tells a document number or phone registered by someone else with a "taken" error', async () => {
    const app = await build();
    const token = await login(app, DEMO.passenger);
    const driver = await userByEmail(app, DEMO.driver.email);
    const response = await update(app, token, profileForm({ nro_doc: driver.nro_doc!, mobile_phone: driver.mobile_phone! }));
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({
      nro_doc: ['The nro doc has already been taken.'],
      mobile_phone: ['The mobile phone has already been taken.'],
    });
    // The "taken" errors come along with other errors, and one's own values are not "taken".
    const mixed = await update(app, token, profileForm({ nro_doc: driver.nro_doc!, description: 'corta' }));
    expect(Object.keys(mixed.json().errors).sort()).toEqual(['description', 'nro_doc']);
    const own = await update(app, token, profileForm({ nro_doc: '39876543', mobile_phone: '3415551234' }));
    expect(own.statusCode).toBe(200);
  });

  it('keeps the form\'s required fields set: description, document and phone cannot stay empty', async () => {
    const app = await build();
    const { token } = await newcomer(app);
    const response = await update(app, token, { emails_notifications: 'false', description: '', nro_doc: '' });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({
      description: ['The description field is required.'],
      nro_doc: ['The nro doc field is required.'],
      mobile_phone: ['The mobile phone field is required.'],
    });
    // Sent empty, a stored value stays (an empty input counts as not sent).
    const passenger = await login(app, DEMO.passenger);
    const kept = await update(app, passenger, { description: '', emails_notifications: 'false' });
    expect(kept.statusCode).toBe(200);
    expect((await userByEmail(app, DEMO.passenger.email)).description).not.toBe('');
  });

  it('takes on the first save a name as long as registration takes: first and last name of 25, joined (41.8)', async () => {
    const app = await build();
    const long = `${'M'.repeat(LENGTHS.userName)} ${'R'.repeat(LENGTHS.userName)}`;
    const { token } = await newcomer(app, long, 'nombre.largo@example.com');
    const saved = await update(app, token, profileForm({ name: long }));
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data.name).toHaveLength(FULL_NAME_MAX);
  });

  it('registration and the profile agree on the name: what POST /api/users stores, the first profile save takes; one longer is refused with errors.name (41.8)', async () => {
    const app = await build();
    const long = `${'M'.repeat(LENGTHS.userName)} ${'R'.repeat(LENGTHS.userName)}`;
    const registered = await app.inject({
      method: 'POST',
      url: '/api/users',
      ...(await multipart({
        email: 'largo@example.com',
        password: 'secreto123',
        password_confirmation: 'secreto123',
        name: long,
        terms_and_conditions: 'true',
        birthday: '1990-05-17',
        token: 'anti-bot-token',
      })),
    });
    expect(registered.statusCode, registered.body).toBe(200);
    const id = registered.json().data.id as number;
    await app.db.user.update({ where: { id }, data: { active: true } });
    const token = app.services.auth.issueToken(id);
    const refused = await update(app, token, profileForm({ name: `${long}x` }));
    expect(refused.statusCode).toBe(422);
    expect(Object.keys(refused.json().errors)).toEqual(['name']);
    const saved = await update(app, token, profileForm({ name: long }));
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data.name).toBe(long);
  });

  it('lets the registration name be changed until the profile is first completed, then locks it', async () => {
    const app = await build();
    const { user, token } = await newcomer(app, 'ana perez');
    // The stored name is first and last name (25 each) joined: the profile takes what registration took (41.8).
    const tooLong = await update(app, token, profileForm({ name: 'x'.repeat(FULL_NAME_MAX + 1) }));
    expect(tooLong.statusCode).toBe(422);
    expect(Object.keys(tooLong.json().errors)).toEqual(['name']);
    const first = await update(app, token, profileForm({ name: 'Ana Pérez' }));
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().data.name).toBe('Ana Pérez');

    const later = await update(app, token, profileForm({ name: 'Anita Pérez' }));
    expect(later.statusCode).toBe(422);
    expect(later.json().errors).toEqual({ name: ['El nombre no puede modificarse.'] });
    // The same name (the form sends it back) is fine.
    expect((await update(app, token, profileForm({ name: 'Ana Pérez' }))).statusCode).toBe(200);
    expect((await app.db.user.findUniqueOrThrow({ where: { id: user.id } })).name).toBe('Ana Pérez');
  });

  it('changes the password when both fields agree', async () => {
    const app = await build();
    const token = await login(app, DEMO.passenger);
    const response = await update(app, token, profileForm({ password: 'nueva-clave-123', password_confirmation: 'nueva-clave-123' }));
    expect(response.statusCode).toBe(200);
    // The change revoked every earlier token (security/revocation.test.ts): carry on with a new one.
    const fresh = await login(app, { email: DEMO.passenger.email, password: 'nueva-clave-123' });
    const blank = await update(app, fresh, profileForm({ password: '', password_confirmation: '' }));
    expect(blank.statusCode).toBe(200);
    await login(app, { email: DEMO.passenger.email, password: 'nueva-clave-123' });
  });

  describe('driver verification request (module_validated_drivers on)', () => {
    const bank = { account_number: '0110012345678901234567', account_type: 'caja_ahorro', account_bank: '011' };

    it('needs documents and bank data, then stores the documents', async () => {
      const app = await build();
      const token = await login(app, DEMO.passenger);
      const missing = await update(app, token, profileForm({ user_be_driver: 'true' }));
      expect(missing.statusCode).toBe(422);
      expect(Object.keys(missing.json().errors).sort()).toEqual(['account_bank', 'account_number', 'account_type', 'driver_data_docs']);

      const response = await update(app, token, profileForm({ user_be_driver: 'true', ...bank, driver_data_docs: [pdf(), png()] }));
      expect(response.statusCode, response.body).toBe(200);
      const { data } = expectContract(endpoints.users.update, response);
      expect(data).toMatchObject({ ...bank, driver_is_verified: 0 });
      expect(data.driver_data_docs).toHaveLength(2);
      expect(filesIn(app.env.dataDir, 'docs').sort()).toEqual([...data.driver_data_docs!].sort());
      expect(filesIn(app.env.dataDir, 'tmp')).toEqual([]);
    });

    it('keeps the documents named in the list, adds new files and removes the rest', async () => {
      const app = await build();
      const token = await login(app, DEMO.passenger);
      const first = await update(app, token, profileForm({ user_be_driver: 'true', ...bank, driver_data_docs: [pdf(), png()] }));
      const [keep, drop] = first.json().data.driver_data_docs as string[];
      const second = await update(app, token, profileForm({ user_be_driver: 'true', driver_data_docs: [keep!, pdf('licencia.pdf')] }));
      expect(second.statusCode, second.body).toBe(200);
      const docs = second.json().data.driver_data_docs as string[];
      expect(docs).toHaveLength(2);
      expect(docs[0]).toBe(keep);
      expect(filesIn(app.env.dataDir, 'docs')).not.toContain(drop);
      expect(filesIn(app.env.dataDir, 'docs').sort()).toEqual([...docs].sort());
      expect(await app.db.uploadedFile.count({ where: { kind: 'driver_doc', path: `docs/${drop}` } })).toBe(0);

      const unknown = await update(app, token, profileForm({ driver_data_docs: ['de-otra-persona.pdf'] }));
      expect(unknown.json().errors).toEqual({ 'driver_data_docs.0': ['The selected document does not exist.'] });
    });

    it('asks a verified driver for the bank data (spec: "is or becomes a verified driver")', async () => {
      const app = await build();
      // The seeded drivers have bank data; this one lost it.
      await app.db.user.update({ where: { email: DEMO.driver.email }, data: { account_bank: null, account_number: null, account_type: null } });
      const token = await login(app, DEMO.driver);
      const withoutBank = await update(app, token, profileForm({ name: 'Martín Gómez', nro_doc: '33456789', mobile_phone: '1145678901' }));
      expect(withoutBank.statusCode).toBe(422);
      expect(Object.keys(withoutBank.json().errors).sort()).toEqual(['account_bank', 'account_number', 'account_type']);
      const withBank = await update(app, token, profileForm({ name: 'Martín Gómez', nro_doc: '33456789', mobile_phone: '1145678901', ...bank }));
      expect(withBank.statusCode, withBank.body).toBe(200);
    });

    it('is not asked for when the module is off', async () => {
      const app = await build();
      app.country.config.module_validated_drivers = false;
      const token = await login(app, DEMO.driver);
      const response = await update(app, token, profileForm({ name: 'Martín Gómez', nro_doc: '33456789', mobile_phone: '1145678901', user_be_driver: 'true' }));
      expect(response.statusCode, response.body).toBe(200);
    });

    it('answers 413 for an oversized document and 422 for a wrong type, storing nothing', async () => {
      const app = await build();
      const token = await login(app, DEMO.passenger);
      const before = await userByEmail(app, DEMO.passenger.email);
      const big = Buffer.concat([PNG_BYTES, Buffer.alloc(UPLOADS.maxFileBytes, 0)]);
      const tooBig = await update(app, token, profileForm({ user_be_driver: 'true', ...bank, driver_data_docs: [file(big, 'dni.png', 'image/png')] }));
      expect(tooBig.statusCode).toBe(413);
      expect(tooBig.json().errors.error).toBe('file_too_large');
      const text = await update(app, token, profileForm({ user_be_driver: 'true', ...bank, driver_data_docs: [file('hola', 'dni.png', 'image/png')] }));
      expect(text.statusCode).toBe(422);
      expect(Object.keys(text.json().errors)).toEqual(['driver_data_docs.0']);
      const after = await userByEmail(app, DEMO.passenger.email);
      expect({ ...after, updated_at: null }).toEqual({ ...before, updated_at: null });
      expect(filesIn(app.env.dataDir, 'docs')).toEqual([]);
      expect(filesIn(app.env.dataDir, 'tmp')).toEqual([]);
      expect(await app.db.uploadedFile.count({ where: { kind: 'driver_doc' } })).toBe(0);
    });
  });
});

describe('PUT /api/users/photo', () => {
  const photo = (app: FastifyInstance, token: string | null, profile: string) =>
    app.inject({ method: 'PUT', url: '/api/users/photo', headers: token ? bearer(token) : {}, payload: { profile } });

  it('stores the photo under uploads/profile, serves it, and removes the previous one', async () => {
    const app = await build();
    const token = await login(app, DEMO.passenger);
    const first = await photo(app, token, PNG_DATA_URL);
    expect(first.statusCode, first.body).toBe(200);
    const image = expectContract(endpoints.users.updatePhoto, first).data.image!;
    expect(image).toMatch(/\.png$/);
    expect(filesIn(app.env.dataDir, 'profile')).toEqual([image]);
    const served = await app.inject({ method: 'GET', url: `/image/profile/${image}` });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.rawPayload.equals(PNG_BYTES)).toBe(true);

    const second = await photo(app, token, PNG_DATA_URL);
    const next = second.json().data.image;
    expect(next).not.toBe(image);
    expect(filesIn(app.env.dataDir, 'profile')).toEqual([next]);
    const me = await app.db.user.findUniqueOrThrow({ where: { email: DEMO.passenger.email } });
    expect(await app.db.uploadedFile.findMany({ where: { user_id: me.id, kind: 'profile' }, select: { path: true } })).toEqual([{ path: `profile/${next}` }]);
  });

  it('refuses what is not a base64 image data URL (field error) or not really an image (error_uploading_image)', async () => {
    const app = await build();
    const token = await login(app, DEMO.passenger);
    const notDataUrl = await photo(app, token, 'https://example.com/foto.png');
    expect(notDataUrl.statusCode).toBe(422);
    expect(Object.keys(notDataUrl.json().errors)).toEqual(['profile']);
    const html = await photo(app, token, `data:text/html;base64,${Buffer.from('<b>hola</b>').toString('base64')}`);
    expect(Object.keys(html.json().errors)).toEqual(['profile']);
    const fake = await photo(app, token, `data:image/png;base64,${Buffer.from('no soy una imagen').toString('base64')}`);
    expect(fake.statusCode).toBe(422);
    expect(fake.json().errors.error).toBe('error_uploading_image');
    const missing = await app.inject({ method: 'PUT', url: '/api/users/photo', headers: bearer(token), payload: {} });
    expect(missing.json().errors).toEqual({ profile: [expect.any(String)] });
    expect(filesIn(app.env.dataDir, 'profile')).toEqual([]);
  });

  it('answers 413 above the size limit and 401 without a session', async () => {
    const app = await build();
    const token = await login(app, DEMO.passenger);
    const huge = `data:image/png;base64,${Buffer.concat([PNG_BYTES, Buffer.alloc(UPLOADS.maxFileBytes + 1024)]).toString('base64')}`;
    const tooBig = await photo(app, token, huge);
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json().errors.error).toBe('file_too_large');
    expect((await photo(app, null, PNG_DATA_URL)).statusCode).toBe(401);
    expect(filesIn(app.env.dataDir, 'profile')).toEqual([]);
  });
});
