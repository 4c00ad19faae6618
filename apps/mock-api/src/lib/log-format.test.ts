import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { loggerOptions } from './log-format';

async function logOf(env: NodeJS.ProcessEnv) {
  const lines: string[] = [];
  const app = Fastify({ logger: loggerOptions(env, { write: (text: string) => lines.push(text) > 0 }) });
  app.get('/api/trips', async () => ({ data: [] }));
  await app.inject({ method: 'GET', url: '/api/trips?page=2' });
  await app.inject({ method: 'GET', url: '/nowhere' });
  await app.close();
  return lines;
}

describe('server log', () => {
  it('is one short readable line per request in development', async () => {
    const lines = await logOf({});
    // Besides Fastify's own messages (e.g. 'Route GET:/nowhere not found'), one line per request.
    const requests = lines.filter((line) => / GET \//.test(line));
    expect(requests).toHaveLength(2);
    expect(requests[0]).toMatch(/^\d\d:\d\d:\d\d GET \/api\/trips\?page=2 200 \d+ ms\n$/);
    expect(requests[1]).toMatch(/^\d\d:\d\d:\d\d GET \/nowhere 404 \d+ ms\n$/);
    expect(lines.some((line) => line.trimStart().startsWith('{'))).toBe(false);
  });

  it('stays JSON in production and is off with LOG_LEVEL=silent', async () => {
    expect(loggerOptions({ NODE_ENV: 'production' })).toEqual({ level: 'info' });
    expect(loggerOptions({ NODE_ENV: 'production', LOG_LEVEL: 'warn' })).toEqual({ level: 'warn' });
    expect(loggerOptions({ LOG_LEVEL: 'silent' })).toBe(false);
    expect(await logOf({ LOG_LEVEL: 'warn' })).toEqual([]);
  });
});
