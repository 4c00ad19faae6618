import type { z } from 'zod';

export type AnswerCheck = { ok: true; data: unknown } | { ok: false; issues: z.core.$ZodIssue[]; detail: string };

/**
 * Whether an answer matches the endpoint's declared answer for its status: the one check the web
 * client (lib/api-client.ts) and `npm run contract:check` both make.
 */
export function checkAnswer(responses: Record<number, z.ZodType>, status: number, answer: unknown): AnswerCheck {
  const schema = responses[status];
  if (!schema) return { ok: false, issues: [], detail: `status ${status} is not declared` };
  const parsed = schema.safeParse(answer);
  if (parsed.success) return { ok: true, data: parsed.data };
  const detail = parsed.error.issues
    .slice(0, 5)
    .map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`)
    .join('; ');
  return { ok: false, issues: parsed.error.issues, detail };
}
