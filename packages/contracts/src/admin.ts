import { z } from 'zod';
import { defineEndpoint } from './endpoint';
import { ErrorBodySchema } from './errors';
import { REQUEST_STATES } from './requests';

/** 'YYYY-MM'. */
export const MonthSchema = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'Expected YYYY-MM');

/**
 * Month range of the charts, both ends included; the dashboard defaults to January of this year
 * through this month. Without a range every month is answered.
 */
export const ChartRangeQuerySchema = z
  .object({ date_from: MonthSchema.optional(), date_to: MonthSchema.optional() })
  .refine((range) => !range.date_from || !range.date_to || range.date_from <= range.date_to, {
    path: ['date_to'],
    message: 'date_to is before date_from',
  });
export type ChartRangeQuery = z.input<typeof ChartRangeQuerySchema>;

const count = z.number().int().nonnegative();

/** Driver trips per month (key 'YYYY-MM') and the seats they offered. */
export const TripsPerMonthSchema = z
  .object({ key: MonthSchema, cantidad: count, asientos_ofrecidos_total: count })
  .loose();

/** Seat requests per month and request state (0–4). */
export const SeatsPerMonthSchema = z
  .object({
    key: MonthSchema,
    cantidad: count,
    state: z.number().int().min(REQUEST_STATES.pending).max(REQUEST_STATES.waitingPayment),
  })
  .loose();

/** Users per month: registrations (data/users) or active users (data/monthlyusers). */
export const UsersPerMonthSchema = z.object({ key: MonthSchema, cantidad: count }).loose();
export type ChartPoint = z.infer<typeof UsersPerMonthSchema>;

const errors = { 401: ErrorBodySchema, 403: ErrorBodySchema, 422: ErrorBodySchema };

export const adminEndpoints = {
  trips: defineEndpoint({
    method: 'GET',
    path: '/api/data/trips',
    summary: 'Admin chart: driver trips per month and seats offered',
    auth: 'admin',
    query: ChartRangeQuerySchema,
    responses: { 200: z.object({ trips: z.array(TripsPerMonthSchema) }), ...errors },
  }),
  seats: defineEndpoint({
    method: 'GET',
    path: '/api/data/seats',
    summary: 'Admin chart: seat requests per month and state',
    auth: 'admin',
    query: ChartRangeQuerySchema,
    responses: { 200: z.object({ seats: z.array(SeatsPerMonthSchema) }), ...errors },
  }),
  users: defineEndpoint({
    method: 'GET',
    path: '/api/data/users',
    summary: 'Admin chart: new users per month',
    description:
      'As the provider: registrations per month (by created_at). The "total users" chart adds them up ' +
      'month by month.',
    auth: 'admin',
    query: ChartRangeQuerySchema,
    responses: { 200: z.object({ users: z.array(UsersPerMonthSchema) }), ...errors },
  }),
  monthlyUsers: defineEndpoint({
    method: 'GET',
    path: '/api/data/monthlyusers',
    summary: 'Admin chart: active users per month',
    description:
      'The spec names a monthly-users chart but no call; the provider\'s path. Its answer is not shown ' +
      'anywhere, so the shape is chosen like the others: `{ monthly_users: [{ key, cantidad }] }`, ' +
      'cantidad = users who logged in or used the API that month (last_connection).',
    auth: 'admin',
    query: ChartRangeQuerySchema,
    responses: { 200: z.object({ monthly_users: z.array(UsersPerMonthSchema) }), ...errors },
  }),
};
