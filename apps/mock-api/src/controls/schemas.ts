import { AppConfigSchema } from '@carpool/contracts';
import { z } from 'zod';
import { FaultRuleBodySchema, FaultRuleSchema } from './faults';
import { scenarioNames } from './scenarios';

/** The zod schemas of every control: Fastify validates with them and openapi.ts documents them. */
export const ResetBodySchema = z
  .object({ trips: z.number().int().min(0).max(5000).optional(), users: z.number().int().min(16).max(1000).optional() })
  .strict()
  .nullish();

export const ClockBodySchema = z.object({
  /** ISO instant; null or missing clears the override. */
  now: z.iso.datetime({ offset: true }).nullable().optional().describe('ISO instant; null or missing puts the real time back'),
  /** Frozen clocks stand still; otherwise time runs on from `now`. */
  frozen: z.boolean().default(false),
});

export const ModuleFlagsSchema = AppConfigSchema.pick({
  module_validated_drivers: true,
  module_coordinate_by_message: true,
  module_references: true,
  module_trip_seats_payment: true,
  module_trip_creation_payment_enabled: true,
  module_trip_creation_payment_amount_cents: true,
  module_max_price_enabled: true,
  module_seat_price_enabled: true,
  module_conversation_average_delay: true,
  module_show_pending_request_count: true,
  module_on_boarding_new_user: true,
  maximum_seat_price_cents: true,
  enable_facebook: true,
  disable_user_hints: true,
  allow_rating_reply: true,
  // The donation prompts' settings (month_days, trips_count, …), given whole.
  donation: true,
})
  .partial()
  .strict();

export const OutboxQuerySchema = z.object({
  to: z.string().trim().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(500).default(50),
});

export const JournalQuerySchema = z
  .object({
    method: z.enum(['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'get', 'post', 'put', 'patch', 'delete', 'options']).optional(),
    path: z.string().trim().min(1).max(300).optional().describe('A path, or a glob with * (e.g. /api/trips*)'),
    entry: z.string().trim().min(1).max(100).optional().describe('A contract entry id (e.g. trips.search)'),
    status: z.coerce.number().int().min(0).max(599).optional().describe('0: a connection the mock dropped or held'),
    since: z.iso.datetime({ offset: true }).optional(),
    limit: z.coerce.number().int().min(1).max(1000).default(1000),
  })
  .strict();

export const JournalEntrySchema = z.object({
  seq: z.number().int(),
  time: z.string(),
  method: z.string(),
  path: z.string(),
  entry: z.string().nullable(),
  status: z.number().int(),
  duration_ms: z.number().int(),
  query: z.record(z.string(), z.unknown()),
  body: z.unknown(),
  response: z.string(),
});

export const FaultIdParamsSchema = z.object({ id: z.coerce.number().int().min(1) });
export const ScenarioParamsSchema = z.object({ name: z.enum(scenarioNames) });

export const OkSchema = z.object({ data: z.literal('ok') });
export const ScenarioListSchema = z.object({ data: z.array(z.object({ name: z.string(), description: z.string() })) });
export const ScenarioAppliedSchema = z.object({ data: z.literal('ok'), scenario: z.string(), ids: z.record(z.string(), z.unknown()) });
export const ClockAnswerSchema = z.object({ data: z.literal('ok'), now: z.string(), overridden: z.boolean(), frozen: z.boolean() });
export const ControlsStatusSchema = z.object({
  now: z.string(),
  overridden: z.boolean(),
  frozen: z.boolean(),
  config: z.record(z.string(), z.unknown()),
  journal: z.object({ size: z.number().int(), capacity: z.number().int() }),
  faults: z.number().int(),
  demo_reset: z.object({ enabled: z.boolean(), next_reset_at: z.string().nullable(), notice: z.boolean(), last_reset_at: z.string().nullable() }),
});

export { FaultRuleBodySchema, FaultRuleSchema };
