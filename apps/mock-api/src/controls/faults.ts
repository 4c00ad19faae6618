import { ERROR_CODES, endpointList, type ErrorCode } from '@carpool/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { AppError } from '../lib/app-error';
import { entryOf, pathMatcher } from './journal';

const endpointIds = endpointList.map((endpoint) => endpoint.id) as [string, ...string[]];
const errorCodes = Object.keys(ERROR_CODES) as [ErrorCode, ...ErrorCode[]];
const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;

/** The longest delay a rule may ask for (the server's own request timeout is longer). */
export const MAX_DELAY_MS = 60_000;

/**
 * POST /__mock/fault: which calls (an entry id or a path glob, and a method), what happens to them
 * (an error of the catalogue, a delay, a dropped connection or no answer at all), and for how many
 * (the next N, a fraction, or until cleared). The first form of the control, `{ endpoint, code }`,
 * still means "the next call of this entry fails with this code".
 */
export const FaultRuleBodySchema = z
  .object({
    endpoint: z.enum(endpointIds).optional().describe('A contract entry id, e.g. trips.create'),
    path: z.string().trim().min(1).max(300).startsWith('/').optional().describe('A path or a glob with *, e.g. /api/trips/*'),
    method: z.enum(METHODS).optional(),
    effect: z.enum(['error', 'delay', 'drop', 'hang']).optional().describe('Default: error when a code is given, delay when delay_ms is'),
    code: z.enum(errorCodes).optional().describe('An error code of the catalogue (effect error)'),
    status: z.number().int().min(400).max(599).optional().describe("Default: the code's own status"),
    delay_ms: z.number().int().min(0).max(MAX_DELAY_MS).optional().describe('Fixed delay, or the lower end of a range'),
    delay_max_ms: z.number().int().min(0).max(MAX_DELAY_MS).optional().describe('The upper end of a random delay'),
    times: z.number().int().min(1).max(10_000).optional().describe('The next N matching calls (default 1)'),
    fraction: z.number().gt(0).max(1).optional().describe('This share of the matching calls, until cleared'),
    until_cleared: z.boolean().optional().describe('Every matching call until DELETE /__mock/fault'),
  })
  .strict()
  .superRefine((rule, ctx) => {
    const issue = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
    if (!rule.endpoint && !rule.path) issue('endpoint', 'Give an endpoint id or a path.');
    const effect = effectOf(rule);
    if (effect === 'error' && !rule.code) issue('code', 'An error rule needs a code of the catalogue.');
    if (effect === 'delay' && rule.delay_ms === undefined) issue('delay_ms', 'A delay rule needs delay_ms.');
    if (rule.delay_max_ms !== undefined && (rule.delay_ms === undefined || rule.delay_max_ms < rule.delay_ms)) issue('delay_max_ms', 'delay_max_ms needs a delay_ms not above it.');
    if ([rule.times !== undefined, rule.fraction !== undefined, rule.until_cleared === true].filter(Boolean).length > 1) {
      issue('times', 'Choose one scope: times, fraction or until_cleared.');
    }
  });
export type FaultRuleBody = z.infer<typeof FaultRuleBodySchema>;

export const FaultRuleSchema = z.object({
  id: z.number().int(),
  endpoint: z.string().nullable(),
  path: z.string().nullable(),
  method: z.string().nullable(),
  effect: z.enum(['error', 'delay', 'drop', 'hang']),
  code: z.string().nullable(),
  status: z.number().int().nullable(),
  delay_ms: z.number().int().nullable(),
  delay_max_ms: z.number().int().nullable(),
  scope: z.enum(['times', 'fraction', 'until_cleared']),
  /** Calls left (scope times), else null. */
  remaining: z.number().int().nullable(),
  fraction: z.number().nullable(),
  /** Calls this rule has acted on. */
  hits: z.number().int(),
  created_at: z.string(),
});
export type FaultRule = z.infer<typeof FaultRuleSchema>;

function effectOf(rule: FaultRuleBody): FaultRule['effect'] {
  if (rule.effect) return rule.effect;
  if (rule.code) return 'error';
  if (rule.delay_ms !== undefined) return 'delay';
  return 'error';
}

/** The rules of POST /__mock/fault, applied by an onRequest hook to every call (the controls' own excepted). */
export class FaultRules {
  private rules: (FaultRule & { matches: (path: string) => boolean })[] = [];
  private lastId = 0;
  /** Requests held by `hang` rules: cut when their rule is cleared or the server closes. */
  private readonly held = new Map<number, Set<FastifyRequest>>();

  constructor(
    private readonly random: () => number = Math.random,
    private readonly now: () => Date = () => new Date(),
  ) {}

  add(body: FaultRuleBody): FaultRule {
    const effect = effectOf(body);
    const scope: FaultRule['scope'] = body.fraction !== undefined ? 'fraction' : body.until_cleared ? 'until_cleared' : 'times';
    const rule: FaultRule = {
      id: ++this.lastId,
      endpoint: body.endpoint ?? null,
      path: body.path ?? null,
      method: body.method ?? null,
      effect,
      code: effect === 'error' ? body.code! : null,
      status: effect === 'error' ? (body.status ?? ERROR_CODES[body.code!]) : null,
      delay_ms: effect === 'delay' ? body.delay_ms! : null,
      delay_max_ms: effect === 'delay' ? (body.delay_max_ms ?? null) : null,
      scope,
      remaining: scope === 'times' ? (body.times ?? 1) : null,
      fraction: body.fraction ?? null,
      hits: 0,
      created_at: this.now().toISOString(),
    };
    this.rules.push({ ...rule, matches: body.path ? pathMatcher(body.path) : () => true });
    return rule;
  }

  list(): FaultRule[] {
    return this.rules.map(({ matches: _matches, ...rule }) => ({ ...rule }));
  }

  /** Clears one rule (false when there is none with that id) or every rule; their held requests are cut. */
  clear(id?: number): boolean {
    const gone = id === undefined ? this.rules : this.rules.filter((rule) => rule.id === id);
    if (id !== undefined && gone.length === 0) return false;
    this.rules = this.rules.filter((rule) => !gone.includes(rule));
    if (id === undefined) this.releaseAll();
    else this.release(id);
    return true;
  }

  /** The rules that act on this call now (their counters move), in the order they were added. */
  private take(request: FastifyRequest): FaultRule[] {
    const path = request.url.split('?')[0] ?? '';
    const entry = entryOf(request);
    const acting: FaultRule[] = [];
    for (const rule of this.rules) {
      if (rule.endpoint && rule.endpoint !== entry) continue;
      if (!rule.matches(path)) continue;
      if (rule.method && rule.method !== request.method) continue;
      if (rule.scope === 'fraction' && this.random() >= (rule.fraction ?? 0)) continue;
      rule.hits += 1;
      if (rule.remaining !== null) rule.remaining -= 1;
      acting.push(rule);
    }
    this.rules = this.rules.filter((rule) => rule.remaining === null || rule.remaining > 0);
    return acting;
  }

  /**
   * Applies the matching rules to a call: delays first (they add up), then the first error, drop or
   * hang. Returns 'cut' when the call will get no answer (its connection is dropped or held).
   */
  async apply(request: FastifyRequest, reply: FastifyReply): Promise<'cut' | undefined> {
    if (this.rules.length === 0) return undefined;
    const acting = this.take(request);
    for (const rule of acting) {
      if (rule.effect !== 'delay') continue;
      const low = rule.delay_ms ?? 0;
      const high = rule.delay_max_ms ?? low;
      await new Promise((resolve) => setTimeout(resolve, low + Math.round(this.random() * (high - low))));
    }
    const final = acting.find((rule) => rule.effect !== 'delay');
    if (!final) return undefined;
    if (final.effect === 'error') throw new AppError(final.code as ErrorCode, { status: final.status ?? undefined, message: final.code ?? 'error' });
    reply.hijack();
    if (final.effect === 'drop') {
      request.raw.socket.destroy();
      return 'cut';
    }
    const held = this.held.get(final.id) ?? new Set();
    held.add(request);
    this.held.set(final.id, held);
    request.raw.socket.once('close', () => held.delete(request));
    return 'cut';
  }

  /** Cuts every held request (rules cleared, server closing). */
  releaseAll(): void {
    for (const id of [...this.held.keys()]) this.release(id);
  }

  private release(id: number): void {
    for (const request of this.held.get(id) ?? []) request.raw.socket.destroy();
    this.held.delete(id);
  }
}
