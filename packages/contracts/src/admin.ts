import { z } from 'zod';
import { defineEndpoint } from './endpoint';
import { ErrorBodySchema } from './errors';
import { paginated } from './pagination';
import { REQUEST_STATES } from './requests';
import { UserSchema } from './users';

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

/**
 * The provider's month columns: key 'YYYY-MM' plus `año` 'YYYY' and `mes` 'MM' as strings (straight
 * from its SQL); months are counted in Argentina time.
 */
const monthColumns = { key: MonthSchema, año: z.string().regex(/^\d{4}$/), mes: z.string().regex(/^\d{2}$/) };

/** Driver trips per month (key 'YYYY-MM') and the seats they offered. */
export const TripsPerMonthSchema = z
  .object({ ...monthColumns, cantidad: count, asientos_ofrecidos_total: count })
  .loose();
export type TripsPerMonth = z.infer<typeof TripsPerMonthSchema>;

/** Request states' names in the chart rows; state 4 (waiting for payment) has none, as in the provider. */
export const SEAT_STATE_NAMES = ['pendiente', 'aceptada', 'rechazada_conductor', 'retirada_pasajero'] as const;

/** Seat requests on driver trips per month (of the trip) and request state (0–4). */
export const SeatsPerMonthSchema = z
  .object({
    ...monthColumns,
    cantidad: count,
    state: z.number().int().min(REQUEST_STATES.pending).max(REQUEST_STATES.waitingPayment),
    estado: z.enum(SEAT_STATE_NAMES).nullable(),
  })
  .loose();
export type SeatsPerMonth = z.infer<typeof SeatsPerMonthSchema>;

/** New users per month (data/users). */
export const UsersPerMonthSchema = z.object({ ...monthColumns, cantidad: count }).loose();
export type ChartPoint = z.infer<typeof UsersPerMonthSchema>;

/** Active users per month (data/monthlyusers): the provider's table gives año and mes as numbers, plus saved_at. */
export const MonthlyUsersSchema = z
  .object({ key: MonthSchema, año: z.number().int(), mes: z.number().int().min(1).max(12), cantidad: count, saved_at: z.string() })
  .loose();
export type MonthlyUsers = z.infer<typeof MonthlyUsersSchema>;

/** Sort columns of the admin users list. */
export const ADMIN_USER_SORTS = ['id', 'name', 'email', 'last_connection'] as const;
export const ADMIN_USERS_PAGE_SIZE = 30;

export type AdminUserSort = (typeof ADMIN_USER_SORTS)[number];

const queryValue = z.union([z.string(), z.number()]);
/** PHP's `(int)` of a query value: its leading integer, else 0. */
const phpInt = (value: string | number) => {
  const number = Number.parseInt(String(value), 10);
  return Number.isNaN(number) ? 0 : number;
};

/**
 * GET /api/admin/users. As Admin\UserController::index, a query it cannot use falls back instead of
 * failing: per_page is clamped to 1–100 (default 30), an unknown sort is `id`, any direction but
 * `asc` is `desc` (the default: newest users first), and a page that is not a whole number from 1
 * is the first (Laravel's paginator).
 */
export const AdminUsersQuerySchema = z.object({
  page: queryValue.transform((value) => (/^\d+$/.test(String(value)) && Number(value) >= 1 ? Number(value) : 1)).optional(),
  per_page: queryValue.transform((value) => Math.min(Math.max(phpInt(value), 1), 100)).default(ADMIN_USERS_PAGE_SIZE),
  sort: z
    .string()
    .transform((value): AdminUserSort => ADMIN_USER_SORTS.find((sort) => sort === value) ?? 'id')
    .default('id'),
  direction: z
    .string()
    .transform((value): 'asc' | 'desc' => (value.toLowerCase() === 'asc' ? 'asc' : 'desc'))
    .default('desc'),
  name: z.string().trim().max(255).optional(),
});
export type AdminUsersQuery = z.input<typeof AdminUsersQuerySchema>;

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
      'The spec names a monthly-users chart but no call; the provider\'s path and shape: ' +
      '`{ monthly_users: [{ key, año, mes, cantidad, saved_at }] }` with año and mes as numbers. ' +
      'cantidad = active, not banned users whose last_connection falls in that month; saved_at is when ' +
      'the count was made (this answer computes it on asking).',
    auth: 'admin',
    query: ChartRangeQuerySchema,
    responses: { 200: z.object({ monthly_users: z.array(MonthlyUsersSchema) }), ...errors },
  }),
  listUsers: defineEndpoint({
    method: 'GET',
    path: '/api/admin/users',
    summary: 'Admin: every user, paged and sorted, optionally by name',
    description:
      'The provider\'s admin list: name filters by name, e-mail or document as the user search does; ' +
      'sort id|name|email|last_connection (else id), direction asc|desc (default desc); per_page clamped ' +
      'to 1–100 (default 30): a query it cannot use falls back as the provider does, never 422. ' +
      'Admin view of each user (e-mail, banned, private_note).',
    auth: 'admin',
    query: AdminUsersQuerySchema,
    responses: { 200: paginated(UserSchema), ...errors },
  }),
};
