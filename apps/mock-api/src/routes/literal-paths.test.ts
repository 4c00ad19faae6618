import { endpointList, type Endpoint } from '@carpool/contracts';
import { describe, expect, it } from 'vitest';
import { DEMO, bearer, build, login } from '../../test/helper';

const segments = (path: string) => path.split('/').filter(Boolean);
const isParam = (segment: string) => segment.startsWith(':');

/** Entries of the same method whose path has a parameter where `entry` has a literal (same length, rest compatible). */
function rivals(entry: Endpoint): Endpoint[] {
  const mine = segments(entry.path);
  return endpointList.filter((other) => {
    if (other === entry || other.method !== entry.method) return false;
    const theirs = segments(other.path);
    if (theirs.length !== mine.length) return false;
    let shadowing = false;
    for (let i = 0; i < mine.length; i++) {
      if (isParam(theirs[i]!) && !isParam(mine[i]!)) shadowing = true;
      else if (!isParam(theirs[i]!) && !isParam(mine[i]!) && theirs[i] !== mine[i]) return false;
      else if (!isParam(theirs[i]!) && isParam(mine[i]!)) return false;
    }
    return shadowing;
  });
}

describe('literal paths win over parameters', () => {
  it('routes every registry path with a literal segment to its own entry, never to a :param rival', async () => {
    const app = await build();
    let matched: string | undefined;
    app.addHook('onRequest', async (request) => {
      matched = (request.routeOptions.config as { endpointId?: string }).endpointId;
    });
    const token = await login(app, DEMO.admin);

    const contested = endpointList.filter((entry) => rivals(entry).length > 0);
    // The registry has such pairs (e.g. /api/users/sellado-viaje beside /api/users/:id); the test must see them.
    expect(contested.map((entry) => entry.path)).toEqual(expect.arrayContaining(['/api/users/seat-requests', '/api/users/ongoing-trip']));

    for (const entry of contested) {
      const url = entry.path.replace(/:([A-Za-z_]+)/g, '1');
      matched = undefined;
      const response = await app.inject({ method: entry.method, url, headers: bearer(token) });
      expect(matched, `${entry.method} ${url} was routed to ${matched}`).toBe(entry.id);
      // A literal segment read as an id is what gives the provider-format validation 422 on a path parameter.
      if (response.statusCode === 422) {
        const body = response.json<{ errors?: Record<string, unknown> }>();
        for (const rival of rivals(entry)) {
          for (const name of Object.keys(rival.params?.shape ?? {})) expect(body.errors?.[name], `${url}: ${response.body}`).toBeUndefined();
        }
      }
    }
    console.info(`[literal-paths] ${contested.length} literal paths checked against their :param rivals`);
  });
});
