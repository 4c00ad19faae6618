import type { z } from 'zod';

/** PATCH: the provider's clients use it for admin edits. */
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Who may call an endpoint. `optional` reads the token when present (e.g. trip search). */
export type EndpointAuth = 'none' | 'optional' | 'user' | 'admin';

/** Roles of the authorization matrix; `owner` is a user who owns the resource named in the path. */
export type EndpointRole = 'guest' | 'user' | 'owner' | 'admin';

export type EndpointDefinition = {
  method: HttpMethod;
  /** Fastify-style path (`/api/trips/:id`); the OpenAPI document shows `{id}`. */
  path: string;
  summary: string;
  /** Longer notes: provider behaviour, and where the spec does not show a path, the choice made. */
  description?: string;
  auth: EndpointAuth;
  /**
   * Who may call it (the authorization matrix test reads this). Optional: without it, derived from
   * `auth` by `allowedRoles` (none/optional: everyone; user: user, owner, admin; admin: admin).
   */
  roles?: readonly EndpointRole[];
  params?: z.ZodObject;
  query?: z.ZodObject;
  body?: z.ZodType;
  /** The body is multipart/form-data (files and text fields). */
  multipart?: boolean;
  /** Answers by status. Error answers use the provider's error body (errors.ts). */
  responses: Record<number, z.ZodType>;
};

export type Endpoint<D extends EndpointDefinition = EndpointDefinition> = D & {
  /** Dotted name, filled in by the registry: `trips.search`. */
  id: string;
};

/** Declares one call of the provider API. Kept as a plain object so both sides can read it. */
export function defineEndpoint<const D extends EndpointDefinition>(definition: D): D {
  return definition;
}

type SuccessStatus = 200 | 201 | 204;
type Responses<E extends EndpointDefinition> = E['responses'];

/** The parsed body of an endpoint's success answer. */
export type EndpointResponse<E extends EndpointDefinition> = {
  [S in keyof Responses<E>]: S extends SuccessStatus ? z.output<Responses<E>[S]> : never;
}[keyof Responses<E>];

export type EndpointParams<E extends EndpointDefinition> = E['params'] extends z.ZodObject
  ? z.input<E['params']>
  : undefined;
export type EndpointQuery<E extends EndpointDefinition> = E['query'] extends z.ZodObject
  ? z.input<E['query']>
  : undefined;
export type EndpointBody<E extends EndpointDefinition> = E['body'] extends z.ZodType
  ? z.input<E['body']>
  : undefined;

/** `/api/trips/:id` + `{ id: 7 }` → `/api/trips/7`. */
export function buildPath(path: string, params: Record<string, unknown> = {}): string {
  return path.replace(/:([A-Za-z_]+)/g, (_match, name: string) => {
    const value = params[name];
    if (value === undefined || value === null || value === '') {
      throw new Error(`Missing path parameter "${name}" for ${path}`);
    }
    return encodeURIComponent(String(value));
  });
}

/** `/api/trips/:id` → `/api/trips/{id}` for OpenAPI. */
export function toOpenApiPath(path: string): string {
  return path.replace(/:([A-Za-z_]+)/g, '{$1}');
}

/** The roles allowed to call an endpoint: its own `roles`, or the default of its `auth`. */
export function allowedRoles(endpoint: Pick<EndpointDefinition, 'auth' | 'roles'>): readonly EndpointRole[] {
  if (endpoint.roles) return endpoint.roles;
  if (endpoint.auth === 'admin') return ['admin'];
  if (endpoint.auth === 'user') return ['user', 'owner', 'admin'];
  return ['guest', 'user', 'owner', 'admin'];
}
