import { endpoints, TripSchema } from '@carpool/contracts';
import { describe, expect, it, vi } from 'vitest';
import { makeConfig, makePage, makeTrip } from '@/testing/fixtures';
import { ApiError, ContractError, createApiClient, serializeQuery, toFormData } from './api-client';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

function clientWith(answer: Response, options: { token?: string | null; onUnauthorized?: () => void } = {}) {
  const fetch = vi.fn(async (_url: string | URL | Request, _init?: RequestInit) => answer);
  const client = createApiClient({
    baseUrl: 'http://api.test/',
    getToken: () => options.token ?? null,
    onUnauthorized: options.onUnauthorized,
    fetch: fetch as unknown as typeof globalThis.fetch,
  });
  const request = () => {
    const [url, init] = fetch.mock.calls[0]!;
    return { url: String(url), init: init!, headers: init!.headers as Record<string, string> };
  };
  return { client, fetch, request };
}

describe('createApiClient', () => {
  it('builds the URL from the path params and the query, skipping undefined and writing booleans', async () => {
    const { client, request } = clientWith(json(200, makePage([makeTrip()])));
    await client.call(endpoints.trips.search, {
      query: { is_passenger: false, page: 2, page_size: 20, origin_name: undefined, date: '2030-03-15' },
    });
    expect(request().url).toBe('http://api.test/api/trips?is_passenger=false&page=2&page_size=20&date=2030-03-15');
    expect(request().init.method).toBe('GET');

    const show = clientWith(json(200, { data: makeTrip({ id: 9 }) }), { token: 'abc' });
    await show.client.call(endpoints.trips.show, { params: { id: 9 } });
    expect(show.request().url).toBe('http://api.test/api/trips/9');
  });

  it('sends the bearer token and the app headers, and JSON bodies', async () => {
    const { client, request } = clientWith(json(200, { token: 'new', config: makeConfig() }), { token: 'abc' });
    await client.call(endpoints.auth.login, { body: { email: 'a@b.c', password: 'secret123' } });
    const { headers, init } = request();
    expect(headers.Authorization).toBe('Bearer abc');
    expect(headers['X-App-Platform']).toBe('web');
    expect(headers['X-App-Version']).toBe('3');
    expect(headers['Content-Type']).toBe('application/json');
    expect(init.method).toBe('POST');
    expect(JSON.parse(init.body as string)).toEqual({ email: 'a@b.c', password: 'secret123' });
  });

  it('sends no Authorization header when logged out', async () => {
    const { client, request } = clientWith(json(200, makeConfig()));
    await client.call(endpoints.config.show);
    expect(request().headers.Authorization).toBeUndefined();
  });

  it('returns the answer parsed by the contract', async () => {
    const trip = makeTrip();
    const { client } = clientWith(json(200, makePage([trip])));
    const page = await client.call(endpoints.trips.search, { query: { page: 1 } });
    expect(page.data[0]).toEqual(TripSchema.parse(trip));
    expect(page.meta.pagination.total_pages).toBe(1);
  });

  it('throws an ApiError with the code of a 422 provider body', async () => {
    const { client } = clientWith(json(422, { message: 'Could not accept', errors: { error: ['not_seat_available'] } }), { token: 'abc' });
    const failure = await client.call(endpoints.trips.show, { params: { id: 1 } }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({ status: 422, code: 'not_seat_available', fieldErrors: {} });
  });

  it('keeps the field errors of a validation answer', async () => {
    const body = { message: 'The given data was invalid.', errors: { email: ['The email has already been taken.'] } };
    const { client } = clientWith(json(422, body));
    const failure = (await client.call(endpoints.auth.resetPassword, { body: { email: 'a@b.c' } }).catch((e: unknown) => e)) as ApiError;
    expect(failure.code).toBeUndefined();
    expect(failure.fieldErrors).toEqual({ email: ['The email has already been taken.'] });
    expect(failure.body).toEqual(body);
  });

  it("reads the provider's `{ error }` login answer as a code", async () => {
    const { client } = clientWith(json(401, { error: 'invalid_credentials' }));
    const failure = (await client.call(endpoints.auth.login, { body: { email: 'a@b.c', password: 'x' } }).catch((e: unknown) => e)) as ApiError;
    expect(failure.status).toBe(401);
    expect(failure.code).toBe('invalid_credentials');
  });

  it('throws a ContractError when a success answer does not match the contract', async () => {
    const { client } = clientWith(json(200, makePage([{ ...makeTrip(), trip_date: '15/03/2030' }])));
    const failure = (await client.call(endpoints.trips.search, {}).catch((e: unknown) => e)) as ContractError;
    expect(failure).toBeInstanceOf(ContractError);
    expect(failure.endpointId).toBe('trips.search');
    expect(failure.message).toContain('data.0.trip_date');
    expect(failure.issues.length).toBeGreaterThan(0);
  });

  it('throws a ContractError for an undeclared success status', async () => {
    const { client } = clientWith(new Response(null, { status: 204 }));
    await expect(client.call(endpoints.config.show)).rejects.toBeInstanceOf(ContractError);
  });

  it('calls onUnauthorized on a 401 to a call that carried a token', async () => {
    const onUnauthorized = vi.fn();
    const { client } = clientWith(json(401, { message: 'expired', errors: { error: 'token_expired' } }), { token: 'old', onUnauthorized });
    await expect(client.call(endpoints.trips.show, { params: { id: 1 } })).rejects.toMatchObject({ code: 'token_expired' });
    expect(onUnauthorized).toHaveBeenCalledOnce();
  });

  describe('a 401 mid-session', () => {
    const expired = () => json(401, { message: 'Token has expired', errors: { error: 'token_expired' } });
    const user = { data: { id: 7, name: 'Ana', image: null, description: null, driver_is_verified: 0, active: 1, banned: 0, has_pin: 0, is_member: 0, last_connection: null, positive_ratings: 0, negative_ratings: 0, monthly_donate: 0 } };

    /** A server that refuses 'old' and accepts 'new'; `refresh` plays POST /api/retoken. */
    function sessionClient(refresh: () => Promise<string>) {
      let token: string | null = 'old';
      const fetch = vi.fn(async (_url: string | URL | Request, init?: RequestInit) =>
        (init?.headers as Record<string, string>).Authorization === 'Bearer new' ? json(200, user) : expired(),
      );
      const refreshToken = vi.fn(async () => {
        const fresh = await refresh();
        token = fresh;
        return fresh;
      });
      const onUnauthorized = vi.fn(() => (token = null));
      const client = createApiClient({
        baseUrl: '',
        getToken: () => token,
        refreshToken,
        onUnauthorized,
        fetch: fetch as unknown as typeof globalThis.fetch,
      });
      const sentTokens = () => fetch.mock.calls.map(([, init]) => (init?.headers as Record<string, string>).Authorization);
      return { client, fetch, refreshToken, onUnauthorized, sentTokens };
    }

    it('refreshes the token once and sends the call again with the new one', async () => {
      const { client, refreshToken, onUnauthorized, sentTokens } = sessionClient(async () => 'new');
      const answer = await client.call(endpoints.users.show, { params: { id: 'me' } });
      expect(answer.data.name).toBe('Ana');
      expect(refreshToken).toHaveBeenCalledOnce();
      expect(sentTokens()).toEqual(['Bearer old', 'Bearer new']);
      expect(onUnauthorized).not.toHaveBeenCalled();
    });

    it('shares one refresh between calls that meet the 401 together', async () => {
      let release: (token: string) => void = () => {};
      const { client, refreshToken, onUnauthorized, sentTokens } = sessionClient(() => new Promise((resolve) => (release = resolve)));
      const calls = [1, 2, 3].map(() => client.call(endpoints.users.show, { params: { id: 'me' } }));
      await vi.waitFor(() => expect(refreshToken).toHaveBeenCalledOnce());
      release('new');
      const answers = await Promise.all(calls);
      expect(answers.map((answer) => answer.data.id)).toEqual([7, 7, 7]);
      expect(refreshToken).toHaveBeenCalledOnce();
      expect(sentTokens().filter((sent) => sent === 'Bearer new')).toHaveLength(3);
      expect(onUnauthorized).not.toHaveBeenCalled();
    });

    it('ends the session once when the refresh is refused, and throws the first 401', async () => {
      const { client, onUnauthorized, sentTokens } = sessionClient(async () => {
        throw new ApiError(401, { message: 'Token can no longer be refreshed', errors: { error: 'token_expired' } }, 'auth.retoken');
      });
      const failures = await Promise.all(
        [1, 2].map(() => client.call(endpoints.users.show, { params: { id: 'me' } }).catch((error: unknown) => error)),
      );
      expect(failures.map((failure) => (failure as ApiError).code)).toEqual(['token_expired', 'token_expired']);
      expect((failures[0] as ApiError).message).toContain('users.show');
      expect(onUnauthorized).toHaveBeenCalledOnce();
      expect(sentTokens()).toEqual(['Bearer old', 'Bearer old']);
    });

    it('keeps the session when the refresh could not be asked (network)', async () => {
      const { client, onUnauthorized } = sessionClient(async () => {
        throw new ApiError(0, undefined, 'auth.retoken');
      });
      await expect(client.call(endpoints.users.show, { params: { id: 'me' } })).rejects.toMatchObject({ status: 401 });
      expect(onUnauthorized).not.toHaveBeenCalled();
    });

    it('ends the session when the call is refused again with the fresh token', async () => {
      const { client, fetch, onUnauthorized } = sessionClient(async () => 'fresh-but-refused');
      await expect(client.call(endpoints.users.show, { params: { id: 'me' } })).rejects.toMatchObject({ status: 401 });
      expect(fetch).toHaveBeenCalledTimes(2);
      expect(onUnauthorized).toHaveBeenCalledOnce();
    });

    it('never refreshes for login, retoken or logout', async () => {
      const { client, refreshToken, onUnauthorized } = sessionClient(async () => 'new');
      await expect(client.call(endpoints.auth.login, { body: { email: 'a@b.c', password: 'x' } })).rejects.toMatchObject({ status: 401 });
      await expect(client.call(endpoints.auth.retoken)).rejects.toMatchObject({ status: 401 });
      await expect(client.call(endpoints.auth.logout, { body: {} })).rejects.toMatchObject({ status: 401 });
      expect(refreshToken).not.toHaveBeenCalled();
      expect(onUnauthorized).not.toHaveBeenCalled();
    });
  });

  it('does not send a call that needs a session without a token', async () => {
    const { client, fetch } = clientWith(json(200, {}));
    await expect(client.call(endpoints.users.show, { params: { id: 'me' } })).rejects.toMatchObject({ status: 401, code: 'token_not_provided' });
    expect(fetch).not.toHaveBeenCalled();
  });

  it('turns a network failure into an ApiError with status 0', async () => {
    const client = createApiClient({ baseUrl: '', fetch: (async () => { throw new TypeError('Failed to fetch'); }) as typeof fetch });
    await expect(client.call(endpoints.config.show)).rejects.toMatchObject({ status: 0 });
  });

  it('sends a multipart PUT as POST with _method=PUT (Laravel method spoofing), JSON PUTs as they are', async () => {
    const user = { data: { id: 7, name: 'Ana', image: null, description: null, driver_is_verified: 0, active: 1, banned: 0, has_pin: 0, is_member: 0, last_connection: null, positive_ratings: 0, negative_ratings: 0, monthly_donate: 0 } };
    const { client, request } = clientWith(json(200, user), { token: 'abc' });
    const file = new Blob(['%PDF'], { type: 'application/pdf' });
    await client.call(endpoints.users.update, { body: { description: 'Viajo seguido.', driver_data_docs: [file as File] } });
    const { init, url, headers } = request();
    expect(url).toBe('http://api.test/api/users');
    expect(init.method).toBe('POST');
    expect(headers['Content-Type']).toBeUndefined();
    const form = init.body as FormData;
    expect([...form.keys()][0]).toBe('_method');
    expect(form.get('_method')).toBe('PUT');
    expect(form.get('description')).toBe('Viajo seguido.');
    expect(form.getAll('driver_data_docs[]')).toHaveLength(1);

    const photo = clientWith(json(200, user), { token: 'abc' });
    await photo.client.call(endpoints.users.updatePhoto, { body: { profile: 'data:image/png;base64,AAAA' } });
    expect(photo.request().init.method).toBe('PUT');
    expect(JSON.parse(photo.request().init.body as string)).toEqual({ profile: 'data:image/png;base64,AAAA' });
  });

  it('fails early when a path parameter is missing', async () => {
    const { client, fetch } = clientWith(json(200, {}));
    await expect(client.call(endpoints.trips.show, {})).rejects.toThrow('Missing path parameter');
    expect(fetch).not.toHaveBeenCalled();
  });
});

describe('serializeQuery and toFormData', () => {
  it('serialises lists and skips null', () => {
    expect(serializeQuery({ a: [1, 2], b: null, c: true })).toBe('?a=1&a=2&c=true');
    expect(serializeQuery({})).toBe('');
  });

  it('writes lists as name[] and keeps files', () => {
    const file = new Blob(['x'], { type: 'image/png' });
    const form = toFormData({ name: 'Ana', user_be_driver: true, driver_data_docs: [file, file], skip: undefined });
    expect(form.get('name')).toBe('Ana');
    expect(form.get('user_be_driver')).toBe('true');
    expect(form.getAll('driver_data_docs[]')).toHaveLength(2);
    expect(form.has('skip')).toBe(false);
  });
});
