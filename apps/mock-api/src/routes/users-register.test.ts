import { endpoints, LENGTHS, UPLOADS } from '@carpool/contracts';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import { DEMO, build, expectContract } from '../../test/helper';
import { file, filesIn, multipart, pdf, png } from '../../test/forms';

type Fields = Parameters<typeof multipart>[0];

const registration = (overrides: Fields = {}): Fields => ({
  email: 'ana.perez@example.com',
  password: 'secreto123',
  password_confirmation: 'secreto123',
  name: 'Ana Pérez',
  terms_and_conditions: 'true',
  birthday: '1990-05-17',
  token: 'anti-bot-token',
  ...overrides,
});

const driverRequest = (overrides: Fields = {}): Fields =>
  registration({
    user_be_driver: 'true',
    account_number: '0110012345678901234567',
    account_type: 'caja_ahorro',
    account_bank: '011',
    driver_data_docs: [pdf()],
    ...overrides,
  });

async function register(app: FastifyInstance, fields: Fields) {
  return app.inject({ method: 'POST', url: '/api/users', ...(await multipart(fields)) });
}

/** Nothing of a refused registration is left: no user row, no e-mail, no file. */
async function expectNothingStored(app: FastifyInstance, usersBefore: number) {
  expect(await app.db.user.count()).toBe(usersBefore);
  expect(await app.db.mailMessage.count()).toBe(0);
  expect(await app.db.uploadedFile.count({ where: { kind: 'driver_doc' } })).toBe(0);
  expect(filesIn(app.env.dataDir, 'docs')).toEqual([]);
  expect(filesIn(app.env.dataDir, 'tmp')).toEqual([]);
}

describe('POST /api/users (registration)', () => {
  it('creates an inactive account and e-mails a Spanish activation link through the outbox', async () => {
    const app = await build();
    const response = await register(app, registration({ email: '  Ana.Perez@Example.com ' }));
    expect(response.statusCode, response.body).toBe(200);
    const { data } = expectContract(endpoints.users.register, response);
    expect(data).toMatchObject({ name: 'Ana Pérez', email: 'ana.perez@example.com', active: 0, birthday: '1990-05-17' });
    expect(data).not.toHaveProperty('private_note');

    const row = await app.db.user.findUniqueOrThrow({ where: { id: data.id } });
    expect(row.active).toBe(false);
    expect(row.activation_token).toMatch(/^[0-9a-f]{48}$/);
    expect(row.password).not.toBe('secreto123');
    expect(row.password).toMatch(/^\$2[aby]\$/);

    const outbox = await app.inject({ method: 'GET', url: '/__mock/outbox?to=ana.perez@example.com' });
    const [mail] = outbox.json().data;
    expect(mail.subject).toBe('Activá tu cuenta de Carpool');
    expect(mail.text).toContain('Para activar tu cuenta');
    expect(mail.links).toEqual([`${app.env.publicUrl}/app/activate/${row.activation_token}`]);
    expect(mail.html).toContain(`href="${app.env.publicUrl}/app/activate/${row.activation_token}"`);
  });

  it('register → activation mail → activate → log in (and not before)', async () => {
    const app = await build();
    expect((await register(app, registration())).statusCode).toBe(200);
    const credentials = { email: 'ana.perez@example.com', password: 'secreto123' };
    const early = await app.inject({ method: 'POST', url: '/api/login', payload: credentials });
    expect(early.statusCode).toBe(401);
    expect(early.json().errors.error).toBe('user_not_active');

    const outbox = await app.inject({ method: 'GET', url: '/__mock/outbox?to=ana.perez@example.com' });
    const link: string = outbox.json().data[0].links[0];
    const token = link.split('/app/activate/')[1]!;
    const activated = await app.inject({ method: 'POST', url: `/api/activate/${token}` });
    expect(activated.statusCode, activated.body).toBe(200);
    const session = expectContract(endpoints.auth.activate, activated);
    const me = await app.inject({ method: 'GET', url: '/api/users/me', headers: { authorization: `Bearer ${session.token}` } });
    expect(me.json().data).toMatchObject({ email: 'ana.perez@example.com', active: 1 });

    const login = await app.inject({ method: 'POST', url: '/api/login', payload: credentials });
    expect(login.statusCode).toBe(200);
    const again = await app.inject({ method: 'POST', url: `/api/activate/${token}` });
    expect(again.statusCode).toBe(422);
    expect(again.json()).toEqual({ message: 'Token invalido', errors: { error: 'invalid_token' } });
  });

  it('refuses an e-mail already taken (any case) with the provider\'s "been taken" message, with the other errors', async () => {
    const app = await build();
    const before = await app.db.user.count();
    const taken = await register(app, registration({ email: DEMO.driver.email.toUpperCase() }));
    expect(taken.statusCode).toBe(422);
    expect(taken.json()).toEqual({ message: 'The given data was invalid.', errors: { email: ['The email has already been taken.'] } });
    const both = await register(app, registration({ email: DEMO.driver.email, password: 'corta', password_confirmation: 'corta' }));
    expect(Object.keys(both.json().errors).sort()).toEqual(['email', 'password']);
    expect(both.json().errors.email).toEqual(['The email has already been taken.']);
    await expectNothingStored(app, before);
  });

  it.each([
    ['email', { email: undefined }, 'The email field is required.'],
    ['email', { email: 'no-es-un-mail' }, null],
    ['email', { email: `${'a'.repeat(LENGTHS.email - 6)}@xy.com` }, null],
    ['password', { password: undefined }, 'The password field is required.'],
    ['password', { password: 'corta12', password_confirmation: 'corta12' }, null],
    ['password', { password: 'x'.repeat(LENGTHS.password + 1), password_confirmation: 'x'.repeat(LENGTHS.password + 1) }, null],
    ['password_confirmation', { password_confirmation: undefined }, 'The password confirmation field is required.'],
    ['password_confirmation', { password_confirmation: 'otra-clave' }, 'Las contraseñas no coinciden'],
    ['name', { name: undefined }, 'The name field is required.'],
    ['name', { name: '    ' }, null],
    ['name', { name: `${'a'.repeat(LENGTHS.userName)} ${'b'.repeat(LENGTHS.userName + 1)}` }, null],
    ['terms_and_conditions', { terms_and_conditions: undefined }, 'The terms and conditions field is required.'],
    ['terms_and_conditions', { terms_and_conditions: 'false' }, 'Debe aceptar los términos y condiciones'],
    ['terms_and_conditions', { terms_and_conditions: 'quizás' }, null],
    ['birthday', { birthday: '1899-12-31' }, null],
    ['birthday', { birthday: '2026-11-23' }, null],
    ['birthday', { birthday: '17/05/1990' }, null],
    ['token', { token: undefined }, 'The token field is required.'],
    ['token', { token: '   ' }, 'The token field is required.'],
  ] as [string, Fields, string | null][])('refuses %s: %j', async (field, change, message) => {
    const app = await build();
    const before = await app.db.user.count();
    const response = await register(app, registration(change));
    expect(response.statusCode, response.body).toBe(422);
    const errors = response.json().errors;
    expect(Object.keys(errors)).toContain(field);
    if (message) expect(errors[field]).toContain(message);
    await expectNothingStored(app, before);
  });

  it('accepts the limits themselves: 40-character e-mail and password, 8-character password, 1900-01-01 and today', async () => {
    const app = await build();
    const email = `${'a'.repeat(LENGTHS.email - 12)}@example.com`;
    const longest = 'x'.repeat(LENGTHS.password);
    expect((await register(app, registration({ email, password: longest, password_confirmation: longest, birthday: '1900-01-01' }))).statusCode).toBe(200);
    const response = await register(app, registration({ email: 'b@example.com', password: '12345678', password_confirmation: '12345678', birthday: '2026-11-22' }));
    expect(response.statusCode, response.body).toBe(200);
  });

  it('with module_validated_drivers, a driver request needs bank data and a document', async () => {
    const app = await build();
    expect(app.country.config.module_validated_drivers).toBe(true);
    const before = await app.db.user.count();
    const response = await register(app, registration({ user_be_driver: 'true' }));
    expect(response.statusCode).toBe(422);
    expect(Object.keys(response.json().errors).sort()).toEqual(['account_bank', 'account_number', 'account_type', 'driver_data_docs']);
    expect(response.json().errors.account_number).toEqual(['The account number field is required.']);
    const unknownBank = await register(app, driverRequest({ account_bank: 'Banco Inexistente', account_type: 'plazo fijo' }));
    expect(unknownBank.json().errors).toEqual({
      account_bank: ['The selected account bank is invalid.'],
      account_type: ['The selected account type is invalid.'],
    });
    await expectNothingStored(app, before);
  });

  it('without module_validated_drivers, a driver request needs neither bank data nor documents', async () => {
    const app = await build();
    app.country.config.module_validated_drivers = false;
    const response = await register(app, registration({ user_be_driver: 'true' }));
    expect(response.statusCode, response.body).toBe(200);
  });

  it('stores the documents of a driver request and the bank data (ids of bank-data, given by id or name)', async () => {
    const app = await build();
    const response = await register(app, driverRequest({ account_bank: 'banco de la nación argentina', account_type: 'Cuenta corriente', driver_data_docs: [pdf(), png()] }));
    expect(response.statusCode, response.body).toBe(200);
    const { data } = expectContract(endpoints.users.register, response);
    expect(data).toMatchObject({ account_bank: '011', account_type: 'cuenta_corriente', driver_is_verified: 0 });
    expect(data.driver_data_docs).toHaveLength(2);
    expect(filesIn(app.env.dataDir, 'docs').sort()).toEqual([...data.driver_data_docs!].sort());
    expect(filesIn(app.env.dataDir, 'tmp')).toEqual([]);
    const rows = await app.db.uploadedFile.findMany({ where: { user_id: data.id, kind: 'driver_doc' }, orderBy: { id: 'asc' } });
    expect(rows.map((row) => row.mime)).toEqual(['application/pdf', 'image/png']);
  });

  it('takes the documents field with or without the [] of the PHP convention', async () => {
    const app = await build();
    const form = await multipart({ ...driverRequest({ driver_data_docs: undefined }), driver_data_docs: pdf() });
    const response = await app.inject({ method: 'POST', url: '/api/users', ...form });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data.driver_data_docs).toHaveLength(1);
  });

  it('answers 413 for a file above the size limit, storing nothing', async () => {
    const app = await build();
    const before = await app.db.user.count();
    const big = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(UPLOADS.maxFileBytes + 1, 0x20)]);
    const response = await register(app, driverRequest({ driver_data_docs: [pdf(), file(big, 'grande.pdf', 'application/pdf')] }));
    expect(response.statusCode).toBe(413);
    expect(response.json().errors.error).toBe('file_too_large');
    await expectNothingStored(app, before);
  });

  it('refuses files that are not images or PDF, judged by their bytes, storing nothing', async () => {
    const app = await build();
    const before = await app.db.user.count();
    const zip = file(Buffer.from('PK\u0003\u0004rest'), 'docs.zip', 'application/zip');
    const disguised = file('<script>alert(1)</script>', 'dni.pdf', 'application/pdf');
    const response = await register(app, driverRequest({ driver_data_docs: [pdf(), zip, disguised] }));
    expect(response.statusCode).toBe(422);
    expect(Object.keys(response.json().errors).sort()).toEqual(['driver_data_docs.1', 'driver_data_docs.2']);
    expect(response.json().errors['driver_data_docs.1'][0]).toContain('Tipo de archivo no permitido');
    await expectNothingStored(app, before);
  });

  it('does not take file descriptors from a JSON body', async () => {
    const app = await build();
    const before = await app.db.user.count();
    const forged = { filename: 'passwd.pdf', mimetype: 'application/pdf', size: 10, path: '/etc/hostname' };
    const response = await app.inject({
      method: 'POST',
      url: '/api/users',
      payload: { ...driverRequest({ driver_data_docs: undefined }), driver_data_docs: [forged] },
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors['driver_data_docs.0']).toEqual(['The driver data docs must be a file.']);
    await expectNothingStored(app, before);
  });

  it('rolls everything back when the activation e-mail cannot be sent', async () => {
    const app = await build();
    const before = await app.db.user.count();
    vi.spyOn(app.services.mail, 'send').mockRejectedValueOnce(new Error('SMTP down'));
    const response = await register(app, driverRequest());
    expect(response.statusCode).toBe(500);
    expect(response.json().errors.error).toBe('server_error');
    await expectNothingStored(app, before);
  });
});
