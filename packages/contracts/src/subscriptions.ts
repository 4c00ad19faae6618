import { z } from 'zod';
import {
  DateStringSchema,
  FlagSchema,
  IdSchema,
  ModelDateTimeSchema,
  OkSchema,
  bodyBool,
  dataOf,
  pathId,
} from './common';
import { LENGTHS, SUBSCRIPTION_MATCH_CAP } from './constants';
import { defineEndpoint } from './endpoint';
import { ErrorBodySchema } from './errors';
import { JsonAddressSchema } from './trips';

const latitude = z.number().min(-90).max(90);
const longitude = z.number().min(-180).max(180);
/** Metres (mock ceiling: 500 km). */
const radius = z.number().positive().max(500_000);

/**
 * A saved search (search alert): new trips matching it notify the user. Either end may be left out
 * (any origin or destination); trip_date null means any day.
 */
export const SubscriptionSchema = z
  .object({
    id: IdSchema,
    user_id: IdSchema.optional(),
    /** ISO 8601 as the provider's model casts it (ours too); 'YYYY-MM-DD HH:mm:ss' also read. */
    trip_date: ModelDateTimeSchema.nullable(),
    from_address: z.string().nullable(),
    from_lat: latitude.nullable(),
    from_lng: longitude.nullable(),
    from_radio: radius.nullable(),
    from_id: z.string().nullable(),
    from_json_address: JsonAddressSchema.nullable(),
    to_address: z.string().nullable(),
    to_lat: latitude.nullable(),
    to_lng: longitude.nullable(),
    to_radio: radius.nullable(),
    to_id: z.string().nullable(),
    to_json_address: JsonAddressSchema.nullable(),
    /** 1: the user looks for passengers ('Busco pasajeros'), 0: for a driver. */
    is_passenger: FlagSchema,
    /** Active. */
    state: FlagSchema,
    /**
     * mock addition: trips matched so far, for the my-trips list (the client shows
     * `${SUBSCRIPTION_MATCH_CAP}+` from SUBSCRIPTION_MATCH_CAP on).
     */
    matches_count: z.number().int().nonnegative().optional(),
    created_at: ModelDateTimeSchema.optional(),
  })
  .loose();
export type Subscription = z.infer<typeof SubscriptionSchema>;

const SubscriptionFieldsSchema = z.object({
  /**
   * A day or a date-time (also the ISO 8601 the answers carry, as the provider's `date` rule takes);
   * null for any day. The server refuses a day before today ('La fecha ya pasó')
   * by its own clock, which tests and demos can move.
   */
  trip_date: z.union([DateStringSchema, ModelDateTimeSchema]).nullable().optional(),
  from_address: z.string().trim().min(1).max(LENGTHS.address).nullable().optional(),
  from_lat: latitude.nullable().optional(),
  from_lng: longitude.nullable().optional(),
  from_radio: radius.nullable().optional(),
  from_id: z.union([z.string().max(40), z.number()]).nullable().optional(),
  from_json_address: JsonAddressSchema.refine((json) => JSON.stringify(json).length <= 1_000, 'Too large.').nullable().optional(),
  to_address: z.string().trim().min(1).max(LENGTHS.address).nullable().optional(),
  to_lat: latitude.nullable().optional(),
  to_lng: longitude.nullable().optional(),
  to_radio: radius.nullable().optional(),
  to_id: z.union([z.string().max(40), z.number()]).nullable().optional(),
  to_json_address: JsonAddressSchema.refine((json) => JSON.stringify(json).length <= 1_000, 'Too large.').nullable().optional(),
});

type SubscriptionFields = z.output<typeof SubscriptionFieldsSchema>;

/**
 * As the provider (SubscriptionsManager::validator): an address needs its coordinates; the radius
 * may be left out (its rule is commented out there), and matching then uses SEARCH.defaultRadiusM.
 */
function addressNeedsPosition(body: SubscriptionFields, ctx: z.RefinementCtx): void {
  for (const end of ['from', 'to'] as const) {
    if (body[`${end}_address`] == null) continue;
    for (const field of [`${end}_lat`, `${end}_lng`] as const) {
      if (body[field] == null) {
        ctx.addIssue({ code: 'custom', path: [field], message: `Falta ${field}` });
      }
    }
  }
}

/** POST /api/subscriptions. */
export const SubscriptionBodySchema = SubscriptionFieldsSchema.extend({
  is_passenger: bodyBool().default(false),
}).superRefine(addressNeedsPosition);
export type SubscriptionBody = z.input<typeof SubscriptionBodySchema>;

/** PUT /api/subscriptions/:id: the fields to change. */
export const SubscriptionUpdateBodySchema = SubscriptionFieldsSchema.extend({
  is_passenger: bodyBool().optional(),
  /** Active or paused. */
  state: bodyBool().optional(),
}).superRefine(addressNeedsPosition);
export type SubscriptionUpdateBody = z.input<typeof SubscriptionUpdateBodySchema>;

const subscriptionParams = z.object({ id: pathId() });
const errors = { 401: ErrorBodySchema, 422: ErrorBodySchema };

export const subscriptionEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/api/subscriptions',
    summary: "The current user's active saved searches",
    description: `Each with matches_count (mock addition; shown as ${SUBSCRIPTION_MATCH_CAP}+ from ${SUBSCRIPTION_MATCH_CAP}).`,
    auth: 'user',
    responses: { 200: dataOf(z.array(SubscriptionSchema)), 401: ErrorBodySchema },
  }),
  show: defineEndpoint({
    method: 'GET',
    path: '/api/subscriptions/:id',
    summary: 'One saved search of the current user',
    description: "Another user's or a missing one: 422 model_not_found.",
    auth: 'user',
    params: subscriptionParams,
    responses: { 200: dataOf(SubscriptionSchema), ...errors },
  }),
  create: defineEndpoint({
    method: 'POST',
    path: '/api/subscriptions',
    summary: 'Save a search as an alert',
    description:
      'At least an origin or a destination. The same day, origin, destination and is_passenger as an active ' +
      'one: 422 with errors.error [subscription_exist] ' +
      "(the client shows 'yaTienesSubscripcion'). A new trip of the same kind, on a null or the same " +
      'day, starting and ending within the radii notifies the user (type subscription).',
    auth: 'user',
    body: SubscriptionBodySchema,
    responses: { 200: dataOf(SubscriptionSchema), ...errors },
  }),
  update: defineEndpoint({
    method: 'PUT',
    path: '/api/subscriptions/:id',
    summary: 'Change a saved search',
    description: "Another user's or a missing one: 422 model_not_found; a change that copies another one: subscription_exist.",
    auth: 'user',
    params: subscriptionParams,
    body: SubscriptionUpdateBodySchema,
    responses: { 200: dataOf(SubscriptionSchema), ...errors },
  }),
  delete: defineEndpoint({
    method: 'DELETE',
    path: '/api/subscriptions/:id',
    summary: 'Delete a saved search',
    description: "Answers `{ data: 'ok' }`. Another user's or a missing one: 422 model_not_found.",
    auth: 'user',
    params: subscriptionParams,
    responses: { 200: OkSchema, ...errors },
  }),
};
