import type { Endpoint, EndpointResponse } from '@carpool/contracts';
import type { User } from '@prisma/client';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';

type Out<S> = S extends z.ZodType ? z.output<S> : undefined;

export type HandlerContext<E extends Endpoint> = {
  params: Out<E['params']>;
  query: Out<E['query']>;
  body: Out<E['body']>;
  /** The caller; never null on `user` and `admin` endpoints (the registrar checked the role). */
  user: E['auth'] extends 'user' | 'admin' ? User : User | null;
  app: FastifyInstance;
  request: FastifyRequest;
  reply: FastifyReply;
};

export type RouteImplementation = {
  endpoint: Endpoint;
  handler: (context: HandlerContext<Endpoint>) => Promise<unknown>;
};

/** Binds a registry entry to its implementation; the types come from the contract. */
export function implement<E extends Endpoint>(
  endpoint: E,
  handler: (context: HandlerContext<E>) => Promise<EndpointResponse<E>>,
): RouteImplementation {
  return { endpoint, handler: handler as unknown as RouteImplementation['handler'] };
}

/**
 * Answers a bare JSON string, as the provider's `response()->json('OK')` does (Fastify would send a
 * string as text).
 */
export function jsonString<T extends string>(reply: FastifyReply, value: T): T {
  reply.type('application/json; charset=utf-8');
  return JSON.stringify(value) as T;
}
