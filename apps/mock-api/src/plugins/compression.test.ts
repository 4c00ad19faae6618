import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { build } from '../../test/helper';

const decoded = (encoding: string | undefined, body: Buffer) =>
  encoding === 'br' ? brotliDecompressSync(body) : encoding === 'gzip' ? gunzipSync(body) : body;

describe('API answers compressed as the client asks', () => {
  it('compress a search page with the same JSON and Vary, and send it as it is when not asked', async () => {
    const app = await build();
    const url = '/api/trips?page=1';
    const plain = await app.inject({ url });
    expect(plain.statusCode).toBe(200);
    expect(plain.rawPayload.length).toBeGreaterThan(1024);
    expect(plain.headers['content-encoding']).toBeUndefined();
    for (const [header, encoding] of [['gzip, deflate, br, zstd', 'br'], ['gzip', 'gzip'], ['gzip;q=0.5, br;q=0.4', 'gzip'], ['x-gzip', 'gzip']] as const) {
      const answer = await app.inject({ url, headers: { 'accept-encoding': header, origin: 'https://example.org' } });
      expect(answer.headers['content-encoding'], header).toBe(encoding);
      expect(String(answer.headers.vary).toLowerCase()).toContain('accept-encoding');
      expect(answer.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
      expect(JSON.parse(decoded(encoding, answer.rawPayload).toString('utf8'))).toEqual(plain.json());
    }
    // Not asked, refused, or told not to.
    for (const headers of [{ 'accept-encoding': 'identity' }, { 'accept-encoding': 'br', 'x-no-compression': '1' }, { 'accept-encoding': 'br;q=0, gzip;q=0' }]) {
      const answer = await app.inject({ url, headers });
      expect(answer.headers['content-encoding'], JSON.stringify(headers)).toBeUndefined();
      expect(answer.rawPayload.equals(plain.rawPayload)).toBe(true);
    }
  });

  it('send small answers as they are', async () => {
    const app = await build();
    const small = await app.inject({ url: '/api/trips/autocomplete?name=zzzq', headers: { 'accept-encoding': 'br' } });
    expect(small.statusCode).toBe(200);
    expect(small.rawPayload.length).toBeLessThan(1024);
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.json()).toBeTypeOf('object');
  });
});
