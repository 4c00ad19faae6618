import { checkAnswer } from '@carpool/contracts';
import type { z } from 'zod';

/** A success answer that does not match the contract: the provider drifted (or the contract is wrong). */
export class ContractError extends Error {
  readonly endpointId: string;
  readonly status: number;
  readonly issues: z.core.$ZodIssue[];
  readonly body: unknown;

  constructor(endpointId: string, status: number, body: unknown, issues: z.core.$ZodIssue[], detail: string) {
    super(`Answer of ${endpointId} (${status}) does not match the contract: ${detail}`);
    this.name = 'ContractError';
    this.endpointId = endpointId;
    this.status = status;
    this.issues = issues;
    this.body = body;
  }
}

/**
 * Checks an answer against its declared responses: the parsed answer, or a ContractError for an
 * undeclared status or a body that does not match.
 */
export function parseAnswer(
  responses: Record<number, z.ZodType>,
  endpointId: string,
  status: number,
  answer: unknown,
): unknown {
  // The same check `npm run contract:check` makes against a running API.
  const result = checkAnswer(responses, status, answer);
  if (result.ok) return result.data;
  throw new ContractError(endpointId, status, answer, result.issues, result.detail);
}
