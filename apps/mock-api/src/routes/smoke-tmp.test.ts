import { describe, expect, it } from 'vitest';
import { build } from '../../test/helper';
import { multipart, pdf, filesIn } from '../../test/forms';

describe('smoke', () => {
  it('registers', async () => {
    const app = await build();
    const form = await multipart({ email: 'ana@example.com', password: 'secreto123', password_confirmation: 'secreto123', name: 'Ana Pérez', terms_and_conditions: 'true', token: 'x', user_be_driver: 'true', account_number: '123', account_type: 'caja_ahorro', account_bank: '011', driver_data_docs: [pdf()] });
    const response = await app.inject({ method: 'POST', url: '/api/users', ...form });
    console.log(response.statusCode, response.body);
    console.log(filesIn(app.env.dataDir, 'docs'), filesIn(app.env.dataDir, 'tmp'));
    const outbox = await app.inject({ method: 'GET', url: '/__mock/outbox' });
    console.log(outbox.body);
    expect(response.statusCode).toBe(200);
  });
});
