import compress from '@fastify/compress';
import Fastify from 'fastify';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { build } from '../../test/helper';
import { JSON_COMPRESSION, jsonCompressionPlugin, jsonEncodingFor } from './json-compression';

// Accept-Encoding headers of browsers, tools and odd clients.
const HEADERS = [
  'gzip, deflate, br, zstd',
  'gzip, deflate, br',
  'br, gzip',
  'gzip',
  'GZIP',
  'deflate',
  'identity',
  'br;q=0, gzip',
  'gzip;q=0.5, br;q=0.4',
  'gzip;q=0, br;q=0',
  '*',
  'x-gzip',
  'br;q=0, *',
  'compress, identity;q=0.5',
  '',
];

const decoded = (encoding: string | undefined, body: Buffer) =>
  encoding === 'br' ? brotliDecompressSync(body) : encoding === 'gzip' ? gunzipSync(body) : body;

describe('JSON answers compressed at once', () => {
  it('choose the encoding @fastify/compress chooses for every Accept-Encoding', async () => {
    // @fastify/compress alone, with the app's encodings, on an answer above its threshold.
    const plain = Fastify();
    await plain.register(compress, { encodings: [...JSON_COMPRESSION.encodings] });
    plain.get('/', async () => ({ text: 'x'.repeat(4_000) }));
    for (const header of HEADERS) {
      const answer = await plain.inject({ url: '/', headers: { 'accept-encoding': header } });
      expect(jsonEncodingFor(header) ?? undefined, header).toBe(answer.headers['content-encoding']);
    }
    expect(jsonEncodingFor(undefined)).toBeNull();
    await plain.close();
  });

  it('compress a search page as the browser asks, with the same JSON, Vary and length, and leave others alone', async () => {
    const app = await build();
    const url = '/api/trips?page=1';
    const plain = await app.inject({ url });
    expect(plain.statusCode).toBe(200);
    expect(plain.rawPayload.length).toBeGreaterThan(JSON_COMPRESSION.minBytes);
    expect(plain.headers['content-encoding']).toBeUndefined();
    for (const [header, encoding] of [['gzip, deflate, br, zstd', 'br'], ['gzip', 'gzip']] as const) {
      const answer = await app.inject({ url, headers: { 'accept-encoding': header, origin: 'https://example.org' } });
      expect(answer.headers['content-encoding']).toBe(encoding);
      expect(String(answer.headers.vary).toLowerCase()).toContain('accept-encoding');
      expect(Number(answer.headers['content-length'])).toBe(answer.rawPayload.length);
      expect(answer.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
      expect(JSON.parse(decoded(encoding, answer.rawPayload).toString('utf8'))).toEqual(plain.json());
    }
    // Not asked, refused, or too small: sent as it is.
    for (const headers of [{ 'accept-encoding': 'identity' }, { 'accept-encoding': 'br', 'x-no-compression': '1' }, { 'accept-encoding': 'br;q=0, gzip;q=0' }]) {
      const answer = await app.inject({ url, headers });
      expect(answer.headers['content-encoding'], JSON.stringify(headers)).toBeUndefined();
      expect(answer.rawPayload.equals(plain.rawPayload)).toBe(true);
    }
    const small = await app.inject({ url: '/api/trips/autocomplete?name=zzzq', headers: { 'accept-encoding': 'br' } });
    expect(small.statusCode).toBe(200);
    expect(small.rawPayload.length).toBeLessThan(JSON_COMPRESSION.minBytes);
    expect(small.headers['content-encoding']).toBeUndefined();
  });

  it('leave answers over the limit, and other types, to @fastify/compress', async () => {
    const app = Fastify();
    await app.register(jsonCompressionPlugin);
    await app.register(compress, { encodings: [...JSON_COMPRESSION.encodings] });
    const big = { text: 'carpool '.repeat(JSON_COMPRESSION.maxBytes / 4) };
    app.get('/big', async () => big);
    app.get('/page', async (_request, reply) => reply.type('text/html; charset=utf-8').send(`<p>${'hola '.repeat(1_000)}</p>`));
    const answer = await app.inject({ url: '/big', headers: { 'accept-encoding': 'br' } });
    expect(answer.headers['content-encoding']).toBe('br');
    // The plugin's stream: no length ahead.
    expect(answer.headers['content-length']).toBeUndefined();
    expect(JSON.parse(brotliDecompressSync(answer.rawPayload).toString('utf8'))).toEqual(big);
    const page = await app.inject({ url: '/page', headers: { 'accept-encoding': 'gzip' } });
    expect(page.headers['content-encoding']).toBe('gzip');
    expect(page.headers['content-length']).toBeUndefined();
    expect(gunzipSync(page.rawPayload).toString('utf8')).toMatch(/^<p>hola /);
    await app.close();
  });
});
