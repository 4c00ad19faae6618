import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { build } from '../../test/helper';
import { runtimeAdditions } from './web-app';

/** A built web app as Vite leaves it: hashed assets with their .br/.gz copies, index.html, runtime-config.js. */
function fakeDist(): string {
  const dist = mkdtempSync(path.join(os.tmpdir(), 'carpool-web-dist-'));
  mkdirSync(path.join(dist, 'assets'));
  const write = (name: string, text: string, compressed = true) => {
    writeFileSync(path.join(dist, name), text);
    if (!compressed) return;
    // Each copy marked, to tell the build's copy from compression on the fly.
    writeFileSync(path.join(dist, `${name}.br`), brotliCompressSync(`${text}<!--br-->`));
    writeFileSync(path.join(dist, `${name}.gz`), gzipSync(`${text}<!--gz-->`));
  };
  write('index.html', `<!doctype html><title>Carpool</title>${'<p>x</p>'.repeat(200)}`);
  write('assets/index-AbC123.js', `console.log(${JSON.stringify('carpool '.repeat(500))});`);
  write('runtime-config.js', "window.__CARPOOL__ = { apiUrl: '' };", false);
  // The PWA files vite-plugin-pwa adds (issue 14).
  write('sw.js', "self.addEventListener('push', () => {});", false);
  write('manifest.webmanifest', JSON.stringify({ name: 'Carpool', start_url: '/app/trips', scope: '/app/' }), false);
  return dist;
}

describe('web app serving', () => {
  it('sends the brotli or gzip copy the build made, as the browser accepts', async () => {
    const app = await build({ webDist: fakeDist() });
    const url = '/app/assets/index-AbC123.js';
    const brotli = await app.inject({ url, headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(brotli.statusCode).toBe(200);
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers['content-type']).toMatch(/javascript/);
    expect(brotliDecompressSync(brotli.rawPayload).toString()).toMatch(/<!--br-->$/);
    const gzip = await app.inject({ url, headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toMatch(/<!--gz-->$/);
    const plain = await app.inject({ url, headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toContain('carpool carpool');
    const page = await app.inject({ url: '/app/trips/7', headers: { 'accept-encoding': 'br' } });
    expect(page.headers['content-encoding']).toBe('br');
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(brotliDecompressSync(page.rawPayload).toString()).toMatch(/<!--br-->$/);
  });

  it('caches hashed files for a year and revalidates index.html and runtime-config.js', async () => {
    const app = await build({ webDist: fakeDist() });
    const cacheControl = async (url: string) =>
      (await app.inject({ url, headers: { 'accept-encoding': 'gzip, br' } })).headers['cache-control'];
    expect(await cacheControl('/app/assets/index-AbC123.js')).toBe('public, max-age=31536000, immutable');
    expect(await cacheControl('/app/')).toBe('no-cache');
    expect(await cacheControl('/app/trips')).toBe('no-cache');
    expect(await cacheControl('/app/runtime-config.js')).toBe('no-cache');
  });

  it('serves the service worker revalidated on every check (an update is never missed) and the manifest with its type, and the CSP allows both', async () => {
    const app = await build({ webDist: fakeDist() });
    const worker = await app.inject({ url: '/app/sw.js' });
    expect(worker.statusCode).toBe(200);
    expect(worker.headers['cache-control']).toBe('no-cache');
    expect(worker.headers['content-type']).toMatch(/javascript/);
    const csp = String(worker.headers['content-security-policy']);
    expect(csp).toContain("worker-src 'self'");
    expect(csp).toContain("manifest-src 'self'");
    const manifest = await app.inject({ url: '/app/manifest.webmanifest' });
    expect(manifest.statusCode).toBe(200);
    expect(manifest.headers['content-type']).toMatch(/application\/manifest\+json/);
    expect(manifest.headers['cache-control']).toBe('no-cache');
    expect(manifest.json()).toMatchObject({ start_url: '/app/trips', scope: '/app/' });
  });

  it('serves runtime-config.js with before-use contract checks when WEB_CONTRACT_CHECK asks for them', async () => {
    const dist = fakeDist();
    const plain = await build({ webDist: dist });
    expect((await plain.inject({ url: '/app/runtime-config.js' })).body).not.toContain('contractCheck');
    const checking = await build({ webDist: dist, webContractCheck: 'before-use' });
    const script = await checking.inject({ url: '/app/runtime-config.js' });
    expect(script.headers['cache-control']).toBe('no-cache');
    expect(script.body).toContain("apiUrl: ''");
    expect(script.body).toContain('"contractCheck":"before-use"');
  });

  it('tells the web that e-mail goes to the local outbox only without SMTP and with the controls on (issue 44)', async () => {
    expect(runtimeAdditions({ mockControls: true })).toEqual({ localOutbox: true });
    expect(runtimeAdditions({ mockControls: true, smtpUrl: 'smtp://mail.example:587' })).toEqual({});
    expect(runtimeAdditions({ mockControls: false })).toEqual({});
    const dist = fakeDist();
    const local = await build({ webDist: dist, mockControls: true, smtpUrl: undefined });
    expect((await local.inject({ url: '/app/runtime-config.js' })).body).toContain('"localOutbox":true');
    const smtp = await build({ webDist: dist, mockControls: true, smtpUrl: 'smtp://mail.example:587' });
    expect((await smtp.inject({ url: '/app/runtime-config.js' })).body).not.toContain('localOutbox');
  });

  it('compresses API answers for browsers that accept it', async () => {
    const app = await build();
    const answer = await app.inject({ url: '/api/trips', headers: { 'accept-encoding': 'gzip' } });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-encoding']).toBe('gzip');
    const plain = await app.inject({ url: '/api/trips' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.json()).toHaveProperty('data');
  });
});
