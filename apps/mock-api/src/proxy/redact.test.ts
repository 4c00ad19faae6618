import { describe, expect, it } from 'vitest';
import { redactHeader, redactPath, redactQuery, redactText, redactValue } from './redact';

describe('redaction', () => {
  it('masks sensitive fields by name, keeping their shape', () => {
    expect(redactValue({ email: 'ana@mail.com', password: 'secreto99', nro_doc: '30111222', mobile_phone: '3415551234', dni: 30111222, name: 'Ana' })).toEqual({
      email: 'xxx@xxxx.xxx',
      password: 'xxxxxxx00',
      nro_doc: '00000000',
      mobile_phone: '0000000000',
      dni: 10000000,
      name: 'Ana',
    });
    expect(redactValue({ user: { access_token: 'abc.def' }, emails_notifications: 1 })).toEqual({ user: { access_token: 'xxx.xxx' }, emails_notifications: 1 });
  });

  it('masks personal patterns in any text, and leaves dates, coordinates and prices alone', () => {
    expect(redactText('escribime a ana@mail.com o al +54 9 341 555-0199, DNI 30.111.222')).toBe('escribime a xxx@xxxx.xxx o al +00 0 000 000-0000, DNI 00.000.000');
    expect(redactText('Bearer eyJhbGciOi.eyJzdWIiOjF9.sig')).toBe('Bearer xxxxxxxx');
    for (const kept of ['2026-12-05 10:54:00', '2026-12-05T10:54:00.000Z', '-32.9468,-60.6393;-34.6037,-58.3816', '12500', '06:54']) expect(redactText(kept)).toBe(kept);
  });

  it('masks credentials in headers, sensitive path parameters and query values', () => {
    expect(redactHeader('authorization', 'Bearer abc.def.ghi')).toBe('Bearer xxxxxxxx');
    expect(redactHeader('x-mock-controls-token', 'abc')).toBe('xxxxxxxx');
    expect(redactHeader('user-agent', 'Mozilla/5.0')).toBe('Mozilla/5.0');
    expect(redactPath('/api/activate/a1b2c3', '/api/activate/:token')).toBe('/api/activate/x0x0x0');
    expect(redactPath('/api/users/change/mobile_phone/3415551234', '/api/users/change/:property/:value')).toBe('/api/users/change/mobile_phone/0000000000');
    expect(redactPath('/api/trips/19', '/api/trips/:id')).toBe('/api/trips/19');
    expect(redactQuery(new URLSearchParams('name=ana@mail.com&page=2&token=zz')).toString()).toBe('name=xxx%40xxxx.xxx&page=2&token=xx');
  });
});
