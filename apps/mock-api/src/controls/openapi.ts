import { z } from 'zod';
import {
  ClockAnswerSchema,
  ClockBodySchema,
  ControlsStatusSchema,
  FaultIdParamsSchema,
  FaultRuleBodySchema,
  FaultRuleSchema,
  JournalEntrySchema,
  JournalQuerySchema,
  ModuleFlagsSchema,
  OkSchema,
  OutboxQuerySchema,
  ResetBodySchema,
  ScenarioAppliedSchema,
  ScenarioListSchema,
  ScenarioParamsSchema,
} from './schemas';

export const CONTROLS_TAG = 'controls';

type Control = {
  method: 'get' | 'post' | 'delete';
  path: string;
  summary: string;
  body?: z.ZodType;
  query?: z.ZodObject;
  params?: z.ZodObject;
  answer: z.ZodType;
};

const Answer = (schema: z.ZodType) => z.object({ data: schema });

/** Every control, as docs/controls.md lists them. */
export const CONTROLS: Control[] = [
  { method: 'post', path: '/__mock/reset', summary: 'Fresh seed relative to the server clock; clock, fault rules, rate limits and flags put back', body: ResetBodySchema, answer: OkSchema.extend({ summary: z.record(z.string(), z.unknown()) }) },
  { method: 'post', path: '/__mock/clock', summary: 'Move, freeze or release the server clock', body: ClockBodySchema, answer: ClockAnswerSchema },
  { method: 'post', path: '/__mock/config', summary: 'Switch module flags and limits of GET /api/config', body: ModuleFlagsSchema, answer: OkSchema.extend({ config: z.record(z.string(), z.unknown()) }) },
  { method: 'post', path: '/__mock/fault', summary: 'Add a fault rule: error, delay, dropped connection or no answer, for N calls, a fraction or until cleared', body: FaultRuleBodySchema, answer: OkSchema.extend({ rule: FaultRuleSchema }) },
  { method: 'get', path: '/__mock/fault', summary: 'The active fault rules', answer: Answer(z.array(FaultRuleSchema)) },
  { method: 'delete', path: '/__mock/fault', summary: 'Clear every fault rule', answer: OkSchema },
  { method: 'delete', path: '/__mock/fault/{id}', summary: 'Clear one fault rule', params: FaultIdParamsSchema, answer: OkSchema },
  { method: 'get', path: '/__mock/requests', summary: 'The request journal, newest first (ring buffer of 1,000; secrets redacted)', query: JournalQuerySchema, answer: Answer(z.array(JournalEntrySchema)) },
  { method: 'delete', path: '/__mock/requests', summary: 'Empty the request journal', answer: OkSchema },
  { method: 'get', path: '/__mock/scenarios', summary: 'The named scenarios', answer: ScenarioListSchema },
  { method: 'post', path: '/__mock/scenario/{name}', summary: 'Apply a scenario on a fresh seed; answers the ids it made', params: ScenarioParamsSchema, body: ResetBodySchema, answer: ScenarioAppliedSchema },
  { method: 'get', path: '/__mock/outbox', summary: 'The local e-mail outbox, newest first', query: OutboxQuerySchema, answer: Answer(z.array(z.record(z.string(), z.unknown()))) },
  // Only in proxy mode (PROVIDER_URL, src/proxy/): the drift report of the forwarded calls.
  { method: 'get', path: '/__mock/drift', summary: 'Proxy mode only: the drift report per registry entry (JSON; a page for text/html or ?format=html)', answer: z.record(z.string(), z.unknown()) },
  { method: 'delete', path: '/__mock/drift', summary: 'Proxy mode only: start the drift report afresh', answer: z.record(z.string(), z.unknown()) },
  { method: 'get', path: '/__mock/status', summary: 'Clock, flags, journal and fault counts, demo reset (the control page)', answer: ControlsStatusSchema },
];

const json = (schema: z.ZodType) => z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as Record<string, unknown>;
const ProviderError = {
  type: 'object',
  properties: { message: { type: 'string' }, errors: { type: 'object', additionalProperties: true } },
  required: ['message'],
};

function parameters(schema: z.ZodObject | undefined, where: 'query' | 'path') {
  if (!schema) return [];
  const object = json(schema) as { properties?: Record<string, Record<string, unknown>>; required?: string[] };
  return Object.entries(object.properties ?? {}).map(([name, property]) => ({
    name,
    in: where,
    required: where === 'path' || (object.required ?? []).includes(name),
    schema: property,
    ...(typeof property.description === 'string' ? { description: property.description } : {}),
  }));
}

/** The controls' part of /api/docs/openapi.json: their paths under the tag "controls", with their schemas. */
export function controlsOpenApi() {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const control of CONTROLS) {
    paths[control.path] ??= {};
    paths[control.path]![control.method] = {
      tags: [CONTROLS_TAG],
      summary: control.summary,
      operationId: `controls.${control.method}.${control.path.replace('/__mock/', '').replace(/[{}]/g, '').replace(/\//g, '.')}`,
      security: [{ mockControlsToken: [] }, {}],
      parameters: [...parameters(control.query, 'query'), ...parameters(control.params, 'path')],
      ...(control.body ? { requestBody: { required: false, content: { 'application/json': { schema: json(control.body) } } } } : {}),
      responses: {
        200: { description: 'Done', content: { 'application/json': { schema: json(control.answer) } } },
        403: { description: 'Not allowed: see docs/controls.md (loopback without a proxy, or the token)', content: { 'application/json': { schema: ProviderError } } },
        422: { description: 'Invalid input, per field', content: { 'application/json': { schema: ProviderError } } },
      },
    };
  }
  return {
    tag: { name: CONTROLS_TAG, description: 'Test controls of the mock API (MOCK_CONTROLS=1 only): docs/controls.md' },
    securityScheme: { type: 'apiKey', in: 'header', name: 'X-Mock-Controls-Token' },
    paths,
  };
}

/** Adds the controls to a generated OpenAPI document (plugins/docs.ts, when MOCK_CONTROLS is on). */
export function withControls<T extends object>(document: T): T {
  const doc = document as T & { tags?: unknown[]; paths?: Record<string, unknown>; components?: { securitySchemes?: Record<string, unknown> } };
  const controls = controlsOpenApi();
  return {
    ...doc,
    tags: [...(doc.tags ?? []), controls.tag],
    paths: { ...doc.paths, ...controls.paths },
    components: { ...doc.components, securitySchemes: { ...doc.components?.securitySchemes, mockControlsToken: controls.securityScheme } },
  };
}
