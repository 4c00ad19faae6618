import {
  APP,
  ERROR_CODES,
  buildPath,
  endpoints,
  errorCodeOf,
  fieldErrorsOf,
  type EndpointBody,
  type EndpointDefinition,
  type EndpointParams,
  type EndpointQuery,
  type EndpointResponse,
  type FieldErrors,
} from '@carpool/contracts';
import { afterFirstScreen } from './after-first-screen';
import { ContractError, parseAnswer } from './contract-error';
import { runtimeConfig } from './runtime-config';
import { session } from './session';

/** A failed call: the provider's status, its error code (errors.error) and field errors. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string | undefined;
  readonly fieldErrors: FieldErrors;
  readonly body: unknown;

  constructor(status: number, body: unknown, endpointId?: string) {
    const code = codeOf(body);
    super(`${endpointId ?? 'API call'} failed with ${status}${code ? ` (${code})` : ''}`);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.fieldErrors = fieldErrorsOf(body);
    this.body = body;
  }
}

export { ContractError, parseAnswer };

export const isApiError = (error: unknown): error is ApiError => error instanceof ApiError;

/**
 * The provider writes codes as `errors.error` (string or list); older answers use `{ error: code }`
 * (login 401) or put a known code in `message`.
 */
function codeOf(body: unknown): string | undefined {
  const code = errorCodeOf(body);
  if (code) return code;
  if (typeof body !== 'object' || body === null) return undefined;
  const { error, message } = body as { error?: unknown; message?: unknown };
  if (typeof error === 'string') return error;
  if (typeof message === 'string' && message in ERROR_CODES) return message;
  return undefined;
}

type AnyEndpoint = EndpointDefinition & { id?: string };

export type CallOptions<E extends EndpointDefinition> = {
  params?: EndpointParams<E>;
  query?: EndpointQuery<E>;
  body?: EndpointBody<E> | FormData;
  signal?: AbortSignal;
};

export type ApiClientOptions = {
  /** Base URL of the API without the /api prefix ('' = same origin). */
  baseUrl: string;
  getToken?: () => string | null | undefined;
  /**
   * A 401 on a call that carried a token: a fresh token (POST /api/retoken), after which the call is
   * sent once more. One refresh at a time, shared by every call that meets the 401 meanwhile. Rejects
   * with the refresh's ApiError; only a refusal (401, 403) ends the session.
   */
  refreshToken?: () => Promise<string>;
  /** A 401 the refresh could not mend (or no refresh given): the session is gone. */
  onUnauthorized?: (error: ApiError, endpoint: AnyEndpoint) => void;
  fetch?: typeof fetch;
  /** Without schemas in the registry (production build): check before use, or in the background. */
  contractCheck?: 'background' | 'before-use';
  loadChecker?: () => Promise<ContractChecker>;
  /** When background checks may start (default: after the page's load event, when idle). */
  whenSettled?: () => Promise<void>;
};

export function serializeQuery(query: Record<string, unknown> | undefined): string {
  if (!query) return '';
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue;
    const values = Array.isArray(value) ? value : [value];
    for (const item of values) {
      if (item === undefined || item === null) continue;
      search.append(key, typeof item === 'boolean' ? (item ? 'true' : 'false') : String(item));
    }
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

/** Multipart bodies: lists as `name[]`, booleans as 'true'/'false', files as they are. */
export function toFormData(body: unknown): FormData {
  if (body instanceof FormData) return body;
  const form = new FormData();
  if (typeof body !== 'object' || body === null) return form;
  for (const [key, value] of Object.entries(body)) {
    if (value === undefined || value === null) continue;
    const append = (name: string, item: unknown) => {
      if (item instanceof Blob) form.append(name, item);
      else if (typeof item === 'boolean') form.append(name, item ? 'true' : 'false');
      else form.append(name, String(item));
    };
    if (Array.isArray(value)) value.forEach((item) => append(`${key}[]`, item));
    else append(key, value);
  }
  return form;
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** The contract check that production builds load after the first render (lib/contract-check.ts). */
export type ContractChecker = {
  /** The parsed answer, or a thrown ContractError. */
  check: (endpointId: string, status: number, answer: unknown) => unknown;
  /** Reports a mismatch (console and POST /api/log) instead of failing the call. */
  checkInBackground: (endpointId: string, status: number, answer: unknown) => void;
};

let checker: Promise<ContractChecker> | undefined;
const loadContractChecker = (): Promise<ContractChecker> => (checker ??= import('./contract-check'));

/** Calls of every client still waiting for their answer. */
let inFlight = 0;

const idle = () =>
  new Promise<void>((resolve) =>
    'requestIdleCallback' in globalThis ? globalThis.requestIdleCallback(() => resolve(), { timeout: 5_000 }) : setTimeout(resolve, 1_000),
  );

const firstScreen = new Promise<void>((resolve) => afterFirstScreen(resolve));

/**
 * Background checks start once the first screen has rendered with its answers, no call is waiting
 * and the browser is idle, so the schemas never compete with the first screen for the network.
 */
async function afterFirstRender(): Promise<void> {
  await firstScreen;
  do await idle();
  while (inFlight > 0);
}
let firstPaint: Promise<void> | undefined;

/** Calls whose 401 is about the credentials or the token itself: a refresh cannot mend them. */
const SESSION_CALLS = new Set(['auth.login', 'auth.retoken', 'auth.logout']);

/** What the API answers a call without a token to a route that needs one (see `call`). */
const NO_TOKEN_BODY = { message: 'Token not provided', errors: { error: 'token_not_provided' } };

export function createApiClient(options: ApiClientOptions) {
  const baseUrl = options.baseUrl.replace(/\/+$/, '');
  const contractCheck = options.contractCheck ?? 'background';
  const loadChecker = options.loadChecker ?? loadContractChecker;
  const whenSettled = options.whenSettled ?? (() => (firstPaint ??= afterFirstRender()));

  let refreshing: Promise<string> | null = null;
  const refreshOnce = (refresh: () => Promise<string>): Promise<string> =>
    (refreshing ??= refresh().finally(() => (refreshing = null)));

  /**
   * A 401 to a call sent with `token`: a token refreshed meanwhile is used at once, otherwise one
   * refresh is asked for. The fresh token, or null when the session is over (already told).
   */
  async function recover(error: ApiError, endpoint: AnyEndpoint, token: string): Promise<string | null> {
    const current = options.getToken?.() ?? null;
    if (current !== token) return current;
    if (options.refreshToken) {
      try {
        return await refreshOnce(options.refreshToken);
      } catch (failure) {
        // The refresh could not be asked (network, 5xx): the session may still be good.
        if (!(failure instanceof ApiError && (failure.status === 401 || failure.status === 403))) throw error;
      }
    }
    // Several calls may fail together: the first one ends the session, the others find no token.
    if ((options.getToken?.() ?? null) === token) options.onUnauthorized?.(error, endpoint);
    return null;
  }

  async function call<E extends AnyEndpoint>(
    endpoint: E,
    callOptions: CallOptions<E> = {},
    retried = false,
  ): Promise<EndpointResponse<E>> {
    const { params, query, body, signal } = callOptions;
    const endpointId = endpoint.id ?? `${endpoint.method} ${endpoint.path}`;
    const url = `${baseUrl}${buildPath(endpoint.path, params as Record<string, unknown> | undefined)}${serializeQuery(
      query as Record<string, unknown> | undefined,
    )}`;

    const headers: Record<string, string> = {
      Accept: 'application/json',
      'X-App-Platform': 'web',
      'X-App-Version': String(APP.appVersion),
    };
    const token = options.getToken?.() ?? null;
    if (token) headers.Authorization = `Bearer ${token}`;
    // A call that needs a session is not sent without one (a list refetched as logout clears the
    // token, say): the answer would only be a 401.
    else if (endpoint.auth === 'user' || endpoint.auth === 'admin') throw new ApiError(401, NO_TOKEN_BODY, endpointId);

    let method: string = endpoint.method;
    let payload: BodyInit | undefined;
    if (body !== undefined) {
      if (endpoint.multipart || body instanceof FormData) {
        const form = toFormData(body);
        // Browsers (and the provider's PHP) read multipart bodies only on POST: Laravel's method
        // spoofing sends a multipart PUT as POST with the form field _method=PUT.
        if (method !== 'POST' && method !== 'GET') {
          const spoofed = new FormData();
          spoofed.append('_method', method);
          form.forEach((value, name) => {
            if (name !== '_method') spoofed.append(name, value);
          });
          method = 'POST';
          payload = spoofed;
        } else {
          payload = form;
        }
      } else {
        headers['Content-Type'] = 'application/json';
        payload = JSON.stringify(body);
      }
    }

    const doFetch = options.fetch ?? globalThis.fetch;
    let response: Response;
    let answer: unknown;
    inFlight += 1;
    try {
      response = await doFetch(url, { method, headers, body: payload, signal });
      answer = await readBody(response);
    } catch (error) {
      if (signal?.aborted) throw error;
      // Network failure: no status, no body.
      throw new ApiError(0, undefined, endpointId);
    } finally {
      inFlight -= 1;
    }

    if (!response.ok) {
      const error = new ApiError(response.status, answer, endpointId);
      if (response.status === 401 && token && !SESSION_CALLS.has(endpointId)) {
        const fresh = retried ? null : await recover(error, endpoint, token);
        if (fresh) return call(endpoint, callOptions, true);
        if (retried && (options.getToken?.() ?? null) === token) options.onUnauthorized?.(error, endpoint);
      }
      throw error;
    }

    // Development and tests carry the schemas: every answer is checked before use. The production
    // build's registry is a route table without schemas (build/contracts-route-table.ts).
    const responses = (endpoint as Partial<EndpointDefinition>).responses;
    if (responses) return parseAnswer(responses, endpointId, response.status, answer) as EndpointResponse<E>;
    if (contractCheck === 'before-use') {
      const checker = await loadChecker();
      return checker.check(endpointId, response.status, answer) as EndpointResponse<E>;
    }
    void whenSettled()
      .then(loadChecker)
      .then((checker) => checker.checkInBackground(endpointId, response.status, answer))
      .catch((error: unknown) => console.error(error));
    return answer as EndpointResponse<E>;
  }

  return { call, baseUrl };
}

export type ApiClient = ReturnType<typeof createApiClient>;

/**
 * The app's client: runtime base URL, the session's token. A 401 mid-session refreshes the token as
 * the start-up does (spec document 1 §4); only a refused refresh ends the session (the router then
 * goes to login with a message and the page to come back to).
 */
export const api = createApiClient({
  baseUrl: runtimeConfig.apiUrl,
  contractCheck: runtimeConfig.contractCheck,
  getToken: () => session.getState().token,
  refreshToken: async () => {
    const { token } = await api.call(endpoints.auth.retoken);
    session.setToken(token);
    return token;
  },
  onUnauthorized: () => session.clear('expired'),
});
