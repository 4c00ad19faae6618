import { allowedRoles, endpointList, type EndpointRole } from '@carpool/contracts';
import { describe, expect, it } from 'vitest';
import { DEMO, bearer, build } from '../../test/helper';

/**
 * Every registry entry called as guest, user and admin with a harmless body: a role the contract
 * allows must get past authentication (not 401, not the role's 403), a role it does not allow must
 * be refused (401 for a guest, 403 forbidden for a user on an admin entry). Entries still answering
 * 501 count: they answer only after the role check. (`owner` needs resource knowledge per entry and
 * is covered by each domain's API tests.)
 */
describe('authorization matrix from the contract', () => {
  it('has no hole and no false refusal', { timeout: 300_000 }, async () => {
    const app = await build();
    const tokenOf = async (email: string) => app.services.auth.issueToken(await app.db.user.findUniqueOrThrow({ where: { email } }));
    const tokens: Partial<Record<EndpointRole, string>> = { user: await tokenOf(DEMO.passenger.email), admin: await tokenOf(DEMO.admin.email) };
    const figures = { calls: 0, holes: 0, falseRefusals: 0 };
    const problems: string[] = [];
    for (const endpoint of endpointList) {
      // Logout would revoke the token the rest of the matrix uses.
      if (endpoint.id === 'auth.logout') continue;
      const url = endpoint.path.replace(/:([A-Za-z_]+)/g, '999999');
      for (const role of ['guest', 'user', 'admin'] as const) {
        const allowed = allowedRoles(endpoint).includes(role);
        const token = tokens[role];
        const response = await app.inject({
          method: endpoint.method,
          url,
          headers: token ? bearer(token) : {},
          ...(endpoint.method === 'GET' ? {} : { payload: {} }),
        });
        figures.calls++;
        const code = response.statusCode >= 400 ? response.json<{ errors?: { error?: unknown } }>().errors?.error : undefined;
        const refused = response.statusCode === 401 || (response.statusCode === 403 && code === 'forbidden');
        if (allowed && refused) {
          figures.falseRefusals++;
          problems.push(`false refusal: ${role} ${endpoint.id} → ${response.statusCode} ${response.body.slice(0, 120)}`);
        }
        if (!allowed && !refused) {
          figures.holes++;
          problems.push(`hole: ${role} ${endpoint.id} → ${response.statusCode} ${response.body.slice(0, 120)}`);
        }
      }
    }
    console.log(`authorization matrix: ${endpointList.length} entries, ${figures.calls} calls, ${figures.holes} holes, ${figures.falseRefusals} false refusals`);
    expect(problems).toEqual([]);
  });
});
