import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AppError } from '../lib/app-error';
import { controlsAccess } from './access';
import type { DemoResetStatus } from './demo-reset';
import { FaultRules } from './faults';
import { RequestJournal, journalHooks } from './journal';
import { controlPage } from './page';
import { resetToSeed } from './reset';
import { SCENARIOS } from './scenarios';
import {
  ClockBodySchema,
  FaultIdParamsSchema,
  FaultRuleBodySchema,
  JournalQuerySchema,
  ModuleFlagsSchema,
  OutboxQuerySchema,
  ResetBodySchema,
  ScenarioParamsSchema,
} from './schemas';

export { controlsAccess, mayUseControls, MOCK_CONTROLS_TOKEN_HEADER } from './access';

/** What the controls share with app.ts: the journal and the fault rules, hooked in before the routes. */
export type Controls = { journal: RequestJournal; faults: FaultRules; frozen: boolean; demoReset?: () => DemoResetStatus };

/**
 * The journal and the fault rules act on every request (the controls' own excepted): app.ts calls this
 * on the root instance before any route, so the journal sees the answer before compression.
 */
export function installControlHooks(app: FastifyInstance): Controls {
  const controls: Controls = { journal: new RequestJournal(), faults: new FaultRules(), frozen: false };
  const journaled = journalHooks(app, controls.journal, () => app.clock.now());
  app.addHook('onRequest', async (request, reply) => {
    if (request.url.startsWith('/__mock')) return;
    const cut = await controls.faults.apply(request, reply);
    if (cut) journaled.recordAborted(request);
  });
  app.addHook('preClose', async () => controls.faults.releaseAll());
  return controls;
}

/**
 * Test controls (only with MOCK_CONTROLS=1), all under /__mock and behind one access rule
 * (access.ts): reset, clock, module flags, fault rules, the request journal, scenarios, the outbox
 * and the control page. docs/controls.md describes them; /api/docs lists them under the tag "controls".
 */
export async function mockControlsPlugin(app: FastifyInstance, options: { controls: Controls }) {
  const { controls } = options;
  const typed = app.withTypeProvider<ZodTypeProvider>();
  // Before any body is read: the outbox hands out reset links and reset wipes the database.
  app.addHook('onRequest', async (request, reply) => {
    const access = controlsAccess(request, { token: app.env.mockControlsToken, host: app.env.host });
    if (!access.allowed) throw new AppError('forbidden', { status: 403, message: access.reason });
    reply.header('Cache-Control', 'no-store');
  });

  const reset = async (body: { trips?: number; users?: number } | null | undefined) => {
    controls.frozen = false;
    return resetToSeed(app, { ...body, clearFaults: () => controls.faults.clear() });
  };

  typed.post('/__mock/reset', { schema: { body: ResetBodySchema } }, async (request) => ({ data: 'ok' as const, summary: await reset(request.body) }));

  typed.post('/__mock/clock', { schema: { body: ClockBodySchema } }, async (request) => {
    const { now, frozen } = request.body;
    if (!now) app.clock.reset();
    else if (frozen) app.clock.set(new Date(now));
    else app.clock.travelTo(new Date(now));
    controls.frozen = Boolean(now && frozen);
    // Jobs driven by the clock (pending ratings) have run when the answer comes.
    await app.clock.settled();
    return { data: 'ok' as const, now: app.clock.now().toISOString(), overridden: app.clock.overridden, frozen: controls.frozen };
  });

  typed.post('/__mock/config', { schema: { body: ModuleFlagsSchema } }, async (request) => {
    Object.assign(app.country.config, request.body);
    return { data: 'ok' as const, config: app.country.config };
  });

  // Fault rules.
  typed.post('/__mock/fault', { schema: { body: FaultRuleBodySchema } }, async (request) => ({ data: 'ok' as const, rule: controls.faults.add(request.body) }));
  typed.get('/__mock/fault', async () => ({ data: controls.faults.list() }));
  typed.delete('/__mock/fault', async () => {
    controls.faults.clear();
    return { data: 'ok' as const };
  });
  typed.delete('/__mock/fault/:id', { schema: { params: FaultIdParamsSchema } }, async (request) => {
    if (!controls.faults.clear(request.params.id)) throw new AppError('not_found', { status: 404, message: `No fault rule ${request.params.id}.` });
    return { data: 'ok' as const };
  });

  // The request journal.
  typed.get('/__mock/requests', { schema: { querystring: JournalQuerySchema } }, async (request) => {
    const { since, ...filter } = request.query;
    return { data: controls.journal.list({ ...filter, since: since ? new Date(since) : undefined }) };
  });
  typed.delete('/__mock/requests', async () => {
    controls.journal.clear();
    return { data: 'ok' as const };
  });

  // Named scenarios, each on a fresh seed.
  typed.get('/__mock/scenarios', async () => ({ data: SCENARIOS.map(({ name, description }) => ({ name, description })) }));
  typed.post('/__mock/scenario/:name', { schema: { params: ScenarioParamsSchema, body: ResetBodySchema } }, async (request) => {
    const scenario = SCENARIOS.find((one) => one.name === request.params.name)!;
    await reset(request.body);
    const ids = await scenario.apply(app);
    return { data: 'ok' as const, scenario: scenario.name, ids };
  });

  // The local e-mail outbox (used when SMTP_URL is not set), newest first: activation and reset links.
  typed.get('/__mock/outbox', { schema: { querystring: OutboxQuerySchema } }, async (request) => ({ data: await app.services.mail.listOutbox(request.query) }));

  // What the control page shows at a glance.
  typed.get('/__mock/status', async () => ({
    now: app.clock.now().toISOString(),
    overridden: app.clock.overridden,
    frozen: controls.frozen,
    config: app.country.config,
    journal: { size: controls.journal.size, capacity: controls.journal.capacity },
    faults: controls.faults.list().length,
    demo_reset: controls.demoReset?.() ?? { enabled: false, next_reset_at: null, notice: false, last_reset_at: null },
  }));

  await controlPage(app);
}
