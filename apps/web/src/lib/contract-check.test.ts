import { endpointList, endpoints, type Endpoint } from '@carpool/contracts';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { makePage, makeTrip } from '@/testing/fixtures';
import { routeTableOf } from '../../build/route-table';
import { ContractError, createApiClient } from './api-client';
import * as contractCheck from './contract-check';

vi.mock('./error-reporting', () => ({ reportClientError: vi.fn() }));
const { reportClientError } = vi.mocked(await import('./error-reporting'));

/** The registry as the production build's first load has it: a route table without schemas. */
const table = routeTableOf(endpoints as unknown as Parameters<typeof routeTableOf>[0]) as unknown as typeof endpoints;

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

function clientWith(answer: Response, mode: 'background' | 'before-use') {
  let settle = () => {};
  const settled = new Promise<void>((resolve) => (settle = resolve));
  const loadChecker = vi.fn(async () => contractCheck);
  const client = createApiClient({
    baseUrl: '',
    contractCheck: mode,
    loadChecker,
    whenSettled: () => settled,
    getToken: () => 'token',
    fetch: (async () => answer) as unknown as typeof fetch,
  });
  return { client, loadChecker, settle };
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

beforeEach(() => {
  reportClientError.mockClear();
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});

describe('the route table of the production build', () => {
  it('has every registry entry with its id, method, path and auth, and no schemas', () => {
    for (const endpoint of endpointList) {
      const [domain, name] = endpoint.id.split('.') as [keyof typeof table, string];
      const route = (table[domain] as Record<string, Endpoint>)[name]!;
      expect(route).toEqual({
        id: endpoint.id,
        method: endpoint.method,
        path: endpoint.path,
        auth: endpoint.auth,
        ...(endpoint.multipart ? { multipart: true } : {}),
      });
    }
    expect(JSON.stringify(table)).not.toContain('responses');
  });
});

describe('answers checked in the background (production)', () => {
  it('are used at once and checked only once the page has settled', async () => {
    const trip = makeTrip();
    const { client, loadChecker, settle } = clientWith(json(200, makePage([trip])), 'background');
    const page = await client.call(table.trips.search, { query: { page: 1 } });
    expect(page.data[0]!.id).toBe(trip.id);
    await flush();
    expect(loadChecker).not.toHaveBeenCalled();
    settle();
    await flush();
    expect(loadChecker).toHaveBeenCalledTimes(1);
    expect(reportClientError).not.toHaveBeenCalled();
  });

  it('report a mismatch to the console and the server log instead of failing the call', async () => {
    const { client, settle } = clientWith(json(200, { data: [{ id: 'not a trip' }] }), 'background');
    const answer = await client.call(table.trips.search, {});
    expect(answer).toEqual({ data: [{ id: 'not a trip' }] });
    settle();
    await flush();
    expect(reportClientError).toHaveBeenCalledTimes(1);
    const [error, context] = reportClientError.mock.calls[0]!;
    expect(error).toBeInstanceOf(ContractError);
    expect(context).toEqual({ endpoint: 'trips.search', status: 200 });
    expect(console.error).toHaveBeenCalledWith(error);
  });
});

describe('answers checked before use (e2e on the production build)', () => {
  it('wait for the schemas and fail the call on a mismatch', async () => {
    const { client, loadChecker } = clientWith(json(200, { data: [{ id: 'not a trip' }] }), 'before-use');
    await expect(client.call(table.trips.search, {})).rejects.toBeInstanceOf(ContractError);
    expect(loadChecker).toHaveBeenCalledTimes(1);
    expect(reportClientError).not.toHaveBeenCalled();
  });

  it('return the parsed answer when it matches', async () => {
    const trip = makeTrip();
    const { client } = clientWith(json(200, { data: trip }), 'before-use');
    const answer = await client.call(table.trips.show, { params: { id: trip.id } });
    expect(answer.data.id).toBe(trip.id);
  });
});
