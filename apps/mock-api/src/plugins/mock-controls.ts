import { timingSafeEqual } from 'node:crypto';
import path from 'node:path';
import { AppConfigSchema, ERROR_CODES, endpointList, type Endpoint, type ErrorCode } from '@carpool/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { seedDatabase, wipeDatabase } from '@carpool/seed';
import { COUNTRIES } from '../config/countries';
import { AppError } from '../lib/app-error';

type Fault = { status: number; code: ErrorCode };

/** Faults armed by POST /__mock/fault: the next call of the named endpoint answers this error. */
export class FaultBox {
  private readonly faults = new Map<string, Fault>();

  arm(endpointId: string, fault: Fault) {
    this.faults.set(endpointId, fault);
  }

  clear() {
    this.faults.clear();
  }

  /** Throws the armed fault of an endpoint once. */
  take(endpoint: Endpoint, _request: FastifyRequest) {
    const fault = this.faults.get(endpoint.id);
    if (!fault) return;
    this.faults.delete(endpoint.id);
    throw new AppError(fault.code, { status: fault.status, message: fault.code });
  }
}

const endpointIds = endpointList.map((endpoint) => endpoint.id) as [string, ...string[]];
const errorCodes = Object.keys(ERROR_CODES) as [ErrorCode, ...ErrorCode[]];

/**
 * Test controls (only with MOCK_CONTROLS=1): reset the database to the seed, move the clock,
 * and make the next call of an endpoint fail with any code of the error catalogue.
 */
export async function mockControlsPlugin(app: FastifyInstance, options: { faults: FaultBox }) {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  // Before any body is read: the outbox hands out reset links and reset wipes the database.
  app.addHook('onRequest', async (request) => {
    if (!mayUseControls(request, app.env.mockControlsToken)) {
      throw new AppError('forbidden', { status: 403, message: 'Test controls answer loopback clients or the MOCK_CONTROLS_TOKEN holder only.' });
    }
  });

  typed.post(
    '/__mock/reset',
    { schema: { body: z.object({ trips: z.number().int().min(0).max(5000).optional(), users: z.number().int().min(3).max(1000).optional() }).nullish() } },
    async (request) => {
      app.clock.reset();
      options.faults.clear();
      app.rateLimits.reset();
      Object.assign(app.country.config, structuredClone(COUNTRIES[app.env.country].config));
      await wipeDatabase(app.db);
      const summary = await seedDatabase(app.db, {
        ...request.body,
        now: app.clock.now(),
        uploadsDir: path.join(app.env.dataDir, 'uploads'),
      });
      return { data: 'ok', summary };
    },
  );

  typed.post(
    '/__mock/clock',
    {
      schema: {
        body: z.object({
          /** ISO instant; null or missing clears the override. */
          now: z.iso.datetime({ offset: true }).nullable().optional(),
          /** Frozen clocks stand still; otherwise time runs on from `now`. */
          frozen: z.boolean().default(false),
        }),
      },
    },
    async (request) => {
      const { now, frozen } = request.body;
      if (!now) app.clock.reset();
      else if (frozen) app.clock.set(new Date(now));
      else app.clock.travelTo(new Date(now));
      // Jobs driven by the clock (pending ratings) have run when the answer comes.
      await app.clock.settled();
      return { data: 'ok', now: app.clock.now().toISOString(), overridden: app.clock.overridden };
    },
  );

  typed.post(
    '/__mock/config',
    {
      schema: {
        // Module switches and limits of GET /api/config, e.g. { "module_trip_seats_payment": true }.
        body: AppConfigSchema.pick({
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
        })
          .partial()
          .strict(),
      },
    },
    async (request) => {
      Object.assign(app.country.config, request.body);
      return { data: 'ok', config: app.country.config };
    },
  );

  typed.post(
    '/__mock/fault',
    {
      schema: {
        body: z.object({
          endpoint: z.enum(endpointIds),
          code: z.enum(errorCodes),
          status: z.number().int().min(400).max(599).optional(),
        }),
      },
    },
    async (request) => {
      const { endpoint, code, status } = request.body;
      options.faults.arm(endpoint, { code, status: status ?? ERROR_CODES[code] });
      return { data: 'ok' };
    },
  );

  // The local e-mail outbox (used when SMTP_URL is not set), newest first: activation and reset links.
  typed.get(
    '/__mock/outbox',
    {
      schema: {
        querystring: z.object({
          to: z.string().trim().max(200).optional(),
          limit: z.coerce.number().int().min(1).max(500).default(50),
        }),
      },
    },
    async (request) => ({ data: await app.services.mail.listOutbox(request.query) }),
  );
}

export const MOCK_CONTROLS_TOKEN_HEADER = 'x-mock-controls-token';
const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

/** With a token every call needs it (even from loopback: a proxy on the same host is loopback too); without one, loopback only. */
export function mayUseControls(request: FastifyRequest, token: string | undefined): boolean {
  if (!token) return LOOPBACK.has(request.socket.remoteAddress ?? '');
  const sent = request.headers[MOCK_CONTROLS_TOKEN_HEADER];
  if (typeof sent !== 'string') return false;
  const a = Buffer.from(sent);
  const b = Buffer.from(token);
  return a.length === b.length && timingSafeEqual(a, b);
}
