import { endpointList, type Endpoint } from '@carpool/contracts';
import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { DEMO, bearer, build } from '../../test/helper';

const SEED = 20261124;
const PER_ENTRY_AND_ROLE = 30;

const fieldsOf = (endpoint: Endpoint): string[] => {
  const shape = (endpoint.body as { shape?: Record<string, unknown> } | undefined)?.shape;
  return shape ? Object.keys(shape) : ['email', 'name', 'id'];
};
const queryFieldsOf = (endpoint: Endpoint): string[] => Object.keys(endpoint.query?.shape ?? { page: 1 });

const loneSurrogate = fc.constantFrom('\ud800', 'a\udc00b', '\udfff\ud800');
const badScalar = fc.oneof(
  fc.string({ maxLength: 20 }),
  loneSurrogate,
  fc.constant('x'.repeat(100_000)),
  fc.constantFrom(-1, -9007199254740991, Number.MAX_VALUE, 1e308, 0.5, -0.0, 0),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.integer(), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 5 }), fc.integer(), { maxKeys: 3 }),
);

type Payload = { type?: string; raw: string };
const json = (value: unknown): Payload => ({ type: 'application/json', raw: JSON.stringify(value) });

function payloads(endpoint: Endpoint): fc.Arbitrary<Payload> {
  const fields = fieldsOf(endpoint);
  const wrongFields = fc.dictionary(fc.constantFrom(...fields, 'extra_field', 'constructor'), badScalar, { maxKeys: fields.length + 1 }).map(json);
  return fc.oneof(
    wrongFields,
    wrongFields,
    fc.anything({ maxDepth: 2 }).map((value) => json(value ?? null)),
    fc.constant(json([])),
    fc.constant({ type: 'application/json', raw: '{"__proto__":{"is_admin":true},"constructor":{"prototype":{"x":1}}}' }),
    fc.constantFrom('{', '{"a":', 'NaN', '{"n": NaN}', '{"n": Infinity}', '[1,]', "{'a':1}", '\u0000', '"\\ud800"').map((raw) => ({ type: 'application/json', raw })),
    fc.constantFrom('text/plain', 'application/xml', 'application/x-www-form-urlencoded', 'image/png').map((type) => ({ type, raw: 'a=1&b=<x/>' })),
    fc.constantFrom(
      { type: 'multipart/form-data', raw: 'garbage' },
      { type: 'multipart/form-data; boundary=zz', raw: '--zz\r\nContent-Disposition: form-data; name="a"\r\n\r\nb' },
      { type: 'multipart/form-data; boundary=zz', raw: `--zz\r\nContent-Disposition: form-data; name="f"; filename="x.jpg"\r\n\r\n${'y'.repeat(20_000)}` },
      { type: 'multipart/form-data; boundary=zz', raw: '--zz--\r\n' },
    ),
  );
}

const pathValue = fc.oneof(fc.constantFrom('0', '-1', '1.5', 'NaN', '99999999999999999999', '%00', '..%2F..', '%ED%A0%80', 'abc'), fc.string({ maxLength: 10 }).map(encodeURIComponent));
const queryString = (endpoint: Endpoint) =>
  fc.dictionary(fc.constantFrom(...queryFieldsOf(endpoint), 'extra'), fc.oneof(pathValue, fc.constant('x'.repeat(5000))), { maxKeys: 4 }).map((query) =>
    Object.entries(query).map(([key, value]) => `${encodeURIComponent(key)}=${value}`).join('&'),
  );

const STACK_OR_PATH = /\n\s+at |node_modules|\/work\/|\/home\/|\.ts:\d+|\.js:\d+|Error: .*\n/;

async function freshUserToken(app: FastifyInstance) {
  const user = await app.db.user.findUniqueOrThrow({ where: { email: DEMO.passenger.email } });
  return app.services.auth.issueToken(user);
}

describe('fuzz: every registry entry with hostile input, as guest and as user', () => {
  it(`answers no 5xx, only provider-format 4xx, no stack traces (seed ${SEED})`, { timeout: 600_000 }, async () => {
    const app = await build();
    const counts = { requests: 0, status5xx: 0, notImplemented501: 0, byStatus: {} as Record<number, number> };
    const failures: string[] = [];
    for (const [index, endpoint] of endpointList.entries()) {
      for (const role of ['guest', 'user'] as const) {
        const cases = fc.sample(
          fc.record({ params: fc.array(pathValue, { minLength: 3, maxLength: 3 }), query: queryString(endpoint), payload: payloads(endpoint) }),
          { seed: SEED + index * 2 + (role === 'user' ? 1 : 0), numRuns: PER_ENTRY_AND_ROLE },
        );
        for (const { params, query, payload } of cases) {
          let n = 0;
          const url = endpoint.path.replace(/:([A-Za-z_]+)/g, () => params[n++ % params.length]!) + (query ? `?${query}` : '');
          const hasBody = endpoint.method !== 'GET';
          // A fresh token each time: a fuzzed logout or password change must not blind the rest of the run.
          const headers: Record<string, string> = role === 'user' ? bearer(await freshUserToken(app)) : {};
          if (hasBody && payload.type) headers['content-type'] = payload.type;
          const response = await app.inject({ method: endpoint.method, url, headers, ...(hasBody ? { payload: payload.raw } : {}) });
          counts.requests++;
          counts.byStatus[response.statusCode] = (counts.byStatus[response.statusCode] ?? 0) + 1;
          const where = `${role} ${endpoint.method} ${url.slice(0, 120)} ${payload.type ?? ''} ${payload.raw.slice(0, 80)} → ${response.statusCode} ${response.body.slice(0, 200)}`;
          if (response.statusCode === 501) {
            // Entries other engineers have not built yet answer 501 after auth; once built they are fuzzed for real.
            counts.notImplemented501++;
            if (response.json<{ errors?: { error?: string } }>().errors?.error !== 'not_implemented') failures.push(`501 not from an unbuilt entry: ${where}`);
            continue;
          }
          if (response.statusCode >= 500) {
            counts.status5xx++;
            failures.push(where);
          }
          if (STACK_OR_PATH.test(response.body)) failures.push(`leaks a stack or path: ${where}`);
          if (response.statusCode >= 400) {
            let body: unknown;
            try {
              body = response.json();
            } catch {
              failures.push(`not JSON: ${where}`);
              continue;
            }
            const keys = Object.keys(body as object);
            const ok =
              typeof (body as { message?: unknown }).message === 'string' &&
              keys.every((key) => key === 'message' || key === 'errors') &&
              (!('errors' in (body as object)) || typeof (body as { errors: unknown }).errors === 'object');
            if (!ok) failures.push(`not the provider's error format: ${where}`);
          }
        }
      }
    }
    console.log(`fuzz: ${counts.requests} requests over ${endpointList.length} entries × 2 roles, ${counts.status5xx} 5xx, ${counts.notImplemented501} 501 from unbuilt entries, by status ${JSON.stringify(counts.byStatus)}`);
    expect(counts.requests).toBeGreaterThanOrEqual(5000);
    expect(failures.slice(0, 15)).toEqual([]);
    // Healthy afterwards: configuration, search and a login still answer.
    expect((await app.inject({ method: 'GET', url: '/api/config' })).statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: '/api/trips' })).statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: '/api/users/me', headers: bearer(await freshUserToken(app)) })).statusCode).toBe(200);
  });
});
