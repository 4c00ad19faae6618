import cors from '@fastify/cors';
import jwt from '@fastify/jwt';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { countryFor } from './config/countries';
import { readEnv, type Env } from './config/env';
import { resolveJwtSecret } from './config/secret';
import { createDb, tuneDb, type Db } from './db/client';
import { AppError } from './lib/app-error';
import { Clock } from './lib/clock';
import { bodyGuardPlugin, REQUEST_TIMEOUT_MS } from './plugins/body-guard';
import { compressionPlugin } from './plugins/compression';
import { docsPlugin } from './plugins/docs';
import { answerClientError, errorsPlugin } from './plugins/errors';
import { imagesPlugin } from './plugins/images';
import { rateLimitsPlugin } from './plugins/rate-limits';
import { securityHeadersPlugin } from './plugins/security-headers';
import { transbankPlugin } from './plugins/transbank';
import { installControlHooks, mockControlsPlugin } from './controls';
import { demoResetPlugin, parseDemoReset } from './controls/demo-reset';
import { uploadsPlugin } from './plugins/uploads';
import { webAppPlugin } from './plugins/web-app';
import { providerProxyPlugin } from './proxy/proxy';
import { replayPlugin } from './proxy/replay';
import { registerApiRoutes } from './routes/registry';
import { createServices } from './services';

export type BuildAppOptions = {
  env?: Partial<Env>;
  /** An existing client (tests share one per database); otherwise one is made from env.databaseUrl. */
  db?: Db;
  /** false (tests), or Fastify's logger options (lib/log-format.ts for npm start). */
  logger?: FastifyServerOptions['logger'];
};

/** The mock provider API: plugins, then services, then one route per registry entry. */
export async function buildApp(options: BuildAppOptions = {}): Promise<FastifyInstance> {
  const env: Env = { ...readEnv(), ...options.env };
  const app = Fastify({
    logger: options.logger ?? false,
    // maxParamLength: an OSRM route's coordinates run to thousands of characters (the provider allows 4096).
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 8192 },
    bodyLimit: 1024 * 1024,
    requestTimeout: REQUEST_TIMEOUT_MS,
    // Node would answer a request without Host with an empty 400; plugins/body-guard.ts refuses it in the provider's format.
    http: { requireHostHeader: false },
    // Node's own 400/408/413/431 (before Fastify sees a request) in the provider's error format.
    clientErrorHandler: answerClientError,
    // The router's own refusals (a path that is not valid percent-encoding) in the provider's format too.
    frameworkErrors: (error, _request, reply) => {
      void reply.code(400 as never).send({ message: error.message.replace(/'.*'/, 'The URL'), errors: { error: 'validation_failed' } } as never);
    },
  });
  const routeTable: { method: string; url: string }[] = [];
  app.decorate('routeTable', routeTable);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) if (method !== 'HEAD') routeTable.push({ method, url: route.url });
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const db = options.db ?? createDb(env.databaseUrl);
  await tuneDb(db);
  const clock = new Clock();
  // A private copy per app: tests flip module flags on their own instance without leaking.
  const country = countryFor(env);
  app.decorate('env', env);
  app.decorate('db', db);
  app.decorate('clock', clock);
  app.decorate('country', country);
  if (!options.db) app.addHook('onClose', async () => db.$disconnect());
  // Issue 43: the request journal and the fault rules see every request (before compression and the routes).
  const controls = env.mockControls ? installControlHooks(app) : undefined;

  await app.register(errorsPlugin);
  await app.register(securityHeadersPlugin);
  // Proxy mode: the provider judges every body (its own answer to bad input, never ours).
  if (!env.providerUrl) await app.register(bodyGuardPlugin);
  await app.register(compressionPlugin);
  // Like the provider (config/cors.php allows every header and method): with no allowedHeaders the
  // preflight reflects whatever the client asks for (X-App-Platform, X-App-Version, X-App-Version-Source…).
  await app.register(cors, {
    origin: true,
    methods: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'],
    // Tokens travel in Authorization, never cookies: no origin is ever answered with credentials.
    credentials: false,
  });
  // `exp` is required: a token without an end would outlive every password change. Its end is
  // checked by the auth service against the server clock (which tests and the demo move); here the
  // verifier is built once for every request (options given per call built a new one each time).
  // So `app.jwt.verify` and `request.jwtVerify` alone do not check the end: authenticate through
  // the auth service (services/auth-service.ts `verify`), as every route does.
  await app.register(jwt, {
    secret: resolveJwtSecret(env.jwtSecret, env.dataDir),
    sign: { algorithm: 'HS256' },
    verify: { algorithms: ['HS256'], requiredClaims: ['exp', 'sub', 'iat'], ignoreExpiration: true },
  });
  // Multipart bodies (files to a temporary folder, removed unless kept) and the photo route's larger body limit.
  await app.register(uploadsPlugin);

  // Clients (and Pact's verifier) may send a content type with an empty body: accept that;
  // a body of a type the API does not read is refused in the provider's format.
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => {
    if ((body as Buffer).length === 0) return done(null, undefined);
    done(new AppError('validation_failed', { status: 415, message: 'Unsupported Media Type' }), undefined);
  });

  app.decorate('services', createServices({ db, jwt: app.jwt, clock, country, env }));
  // Issue 12: the pending-ratings job follows the server clock: every minute and whenever it is moved.
  const stopRatingJob = clock.onMove(() => app.services.ratings.runScheduled());
  const ratingTimer = setInterval(() => void app.services.ratings.runScheduled().catch((error: unknown) => app.log.error(error)), 60_000);
  ratingTimer.unref();
  app.addHook('preClose', async () => {
    clearInterval(ratingTimer);
    stopRatingJob();
    await clock.settled();
  });

  await app.register(rateLimitsPlugin);
  // Issue 42: PROVIDER_URL forwards /api to the provider, checked against the contract (src/proxy/);
  // REPLAY_DIR answers the calls its recordings cover, the rest from SQLite.
  if (env.providerUrl) await app.register(providerProxyPlugin, { providerUrl: env.providerUrl, recordDir: env.recordDir });
  else {
    if (env.replayDir) await app.register(replayPlugin, { dir: env.replayDir });
    await registerApiRoutes(app);
  }
  await app.register(docsPlugin);
  await app.register(imagesPlugin);
  await app.register(transbankPlugin);
  await app.register(webAppPlugin);
  // DEMO_RESET: the daily reseed at an hour of Argentina (controls/demo-reset.ts).
  const demoReset = parseDemoReset(env.demoReset);
  if (demoReset) {
    const { status } = demoResetPlugin(app, { minutes: demoReset.minutes, clearFaults: () => controls?.faults.clear() });
    if (controls) controls.demoReset = status;
  }
  if (controls) await app.register(mockControlsPlugin, { controls });

  return app;
}
