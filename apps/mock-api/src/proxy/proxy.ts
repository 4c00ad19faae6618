import http from 'node:http';
import https from 'node:https';
import { performance } from 'node:perf_hooks';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { mayUseControls } from '../controls';
import { AppError } from '../lib/app-error';
import type { Exchange } from './checker';
import { DriftReport, reportToHtml } from './drift-report';
import { HarRecorder } from './har';
import { queryObject } from './match';

/** How long the provider may take before the client gets 504. */
export const PROVIDER_TIMEOUT_MS = 30_000;
/** Bodies the proxy forwards (the photo upload is the largest call). */
const PROXY_BODY_LIMIT = 12 * 1024 * 1024;

/** Hop-by-hop headers (RFC 9110 §7.6.1) and ours: never forwarded either way. */
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'proxy-connection', 'proxy-authenticate', 'proxy-authorization', 'te', 'trailer', 'transfer-encoding', 'upgrade', 'host', 'content-length']);
/** The controls' token is ours alone: the provider never sees it. */
const NOT_FORWARDED = new Set([...HOP_BY_HOP, 'x-mock-controls-token', 'accept-encoding']);
/** Answer headers Fastify writes itself (the body is sent decoded, re-compressed by our compression plugin if asked). */
const NOT_RETURNED = new Set([...HOP_BY_HOP, 'content-encoding', 'date']);

type ProviderAnswer = { status: number; statusText: string; headers: Record<string, string>; body: Buffer };

export type ProxyOptions = { providerUrl: string; recordDir?: string; timeoutMs?: number };

/** The provider's error format for a call it did not answer (502: down or refused, 504: too slow). */
const gatewayError = (status: 502 | 504) => ({
  message: status === 504 ? 'Gateway Timeout: the provider did not answer in time.' : 'Bad Gateway: the provider did not answer.',
  errors: { error: 'server_error' },
});

function parseAnswer(type: string, body: Buffer): unknown {
  if (body.length === 0) return undefined;
  const text = body.toString('utf8');
  if (!/[/+]json\b/i.test(type)) return text;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/**
 * Proxy mode (PROVIDER_URL): every /api call goes to the provider, with the caller's Authorization
 * and client headers untouched; the call and its answer are checked against the registry entry
 * (checker.ts) and counted in the drift report, and the client gets the provider's answer exactly
 * (status, body, its headers). RECORD_DIR keeps each exchange, redacted, as HAR 1.2.
 * GET /__mock/drift shows the report (JSON or a page), behind the controls' access rule.
 */
export async function providerProxyPlugin(app: FastifyInstance, options: ProxyOptions) {
  const base = new URL(options.providerUrl);
  const basePath = base.pathname.replace(/\/+$/, '');
  const timeoutMs = options.timeoutMs ?? PROVIDER_TIMEOUT_MS;
  const report = new DriftReport('proxy', `${base.origin}${basePath}`, (entryId, kind) =>
    app.log.warn(`contract drift: ${entryId} ${kind.place} ${kind.path}: expected ${kind.expected}, received ${kind.received}`),
  );
  const recorder = options.recordDir ? new HarRecorder(options.recordDir) : undefined;
  if (recorder) app.log.info(`recording every exchange (redacted) to ${recorder.file}`);
  const agent = new (base.protocol === 'https:' ? https : http).Agent({ keepAlive: true, maxSockets: 128 });
  /** Checks not yet run (they run right after each answer is sent); the report waits for them. */
  let pending: Promise<void> = Promise.resolve();
  const later = (work: () => void) => {
    pending = pending.then(
      () =>
        new Promise<void>((resolve) =>
          setImmediate(() => {
            try {
              work();
            } catch (error) {
              app.log.error(error, 'contract check of a proxied call');
            }
            resolve();
          }),
        ),
    );
  };
  app.addHook('onClose', async () => {
    await pending;
    recorder?.flush();
    agent.destroy();
  });

  function send(request: FastifyRequest, body: Buffer | undefined): Promise<ProviderAnswer> {
    const headers: http.OutgoingHttpHeaders = {};
    for (const [name, value] of Object.entries(request.headers)) if (value !== undefined && !NOT_FORWARDED.has(name)) headers[name] = value;
    // Answers come decoded, so the check reads them and our compression plugin encodes them for the client.
    headers['accept-encoding'] = 'identity';
    if (body) headers['content-length'] = String(body.length);
    const client = base.protocol === 'https:' ? https : http;
    return new Promise((resolve, reject) => {
      const outgoing = client.request(
        { protocol: base.protocol, hostname: base.hostname, port: base.port, method: request.method, path: `${basePath}${request.url}`, headers, agent, timeout: timeoutMs },
        (incoming) => {
          const chunks: Buffer[] = [];
          incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
          incoming.on('error', reject);
          incoming.on('end', () => {
            const answerHeaders: Record<string, string> = {};
            for (const [name, value] of Object.entries(incoming.headers)) if (value !== undefined) answerHeaders[name] = Array.isArray(value) ? value.join(', ') : value;
            resolve({ status: incoming.statusCode ?? 502, statusText: incoming.statusMessage ?? '', headers: answerHeaders, body: Buffer.concat(chunks) });
          });
        },
      );
      outgoing.on('timeout', () => outgoing.destroy(Object.assign(new Error('provider timeout'), { code: 'PROVIDER_TIMEOUT' })));
      outgoing.on('error', reject);
      outgoing.end(body);
    });
  }

  async function forward(request: FastifyRequest, reply: FastifyReply) {
    const startedAt = new Date();
    const started = performance.now();
    const url = new URL(request.url, 'http://proxy.invalid');
    const body = Buffer.isBuffer(request.body) && request.body.length > 0 ? request.body : undefined;
    const requestType = request.headers['content-type'] ?? '';
    const exchange: Omit<Exchange, 'status' | 'answer'> = {
      method: request.method,
      path: url.pathname,
      query: queryObject(url.searchParams),
      body: /multipart\//i.test(requestType) || !body ? undefined : parseAnswer(requestType, body),
      multipart: /multipart\//i.test(requestType),
    };
    let answer: ProviderAnswer;
    try {
      answer = await send(request, body);
    } catch (error) {
      const status = (error as { code?: string }).code === 'PROVIDER_TIMEOUT' ? 504 : 502;
      const ms = performance.now() - started;
      later(() => report.recordFailure(exchange, status, ms));
      request.log.warn(`provider did not answer ${request.method} ${url.pathname}: ${(error as Error).message}`);
      return reply.code(status).header('cache-control', 'no-store').send(gatewayError(status));
    }
    const ms = performance.now() - started;
    const type = answer.headers['content-type'] ?? '';
    // Checked and recorded after the answer has gone: the check never delays the client.
    later(() => {
      report.record({ ...exchange, status: answer.status, answer: parseAnswer(type, answer.body) }, ms);
      recorder?.add({
      startedAt,
      ms,
      method: request.method,
      url: new URL(`${basePath}${request.url}`, base),
      requestHeaders: request.headers,
      requestType,
      requestBody: body,
      status: answer.status,
      statusText: answer.statusText,
      responseHeaders: answer.headers,
        responseType: type,
        responseBody: answer.body,
      });
    });
    reply.code(answer.status);
    for (const [name, value] of Object.entries(answer.headers)) if (!NOT_RETURNED.has(name)) reply.header(name, value);
    return reply.send(answer.body);
  }

  await app.register(async (scope) => {
    // Bodies as bytes, whatever their type: forwarded as they came (the check parses a copy of JSON).
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: PROXY_BODY_LIMIT }, (_request, payload, done) => done(null, payload));
    for (const url of ['/api', '/api/*']) {
      scope.route({ method: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'], url, bodyLimit: PROXY_BODY_LIMIT, handler: forward });
    }
  });

  await app.register(async (scope) => {
    scope.addHook('onRequest', async (request, reply) => {
      if (!mayUseControls(request, { token: app.env.mockControlsToken, host: app.env.host })) {
        throw new AppError('forbidden', { status: 403, message: 'The drift report answers loopback clients or the MOCK_CONTROLS_TOKEN holder only.' });
      }
      reply.header('cache-control', 'no-store');
    });
    scope.get('/__mock/drift', async (request, reply) => {
      await pending;
      const format = (request.query as { format?: string }).format;
      const wantsPage = format === 'html' || (format !== 'json' && /text\/html/.test(request.headers.accept ?? ''));
      if (wantsPage) return reply.type('text/html; charset=utf-8').send(reportToHtml(report.toJSON()));
      return report.toJSON();
    });
    scope.delete('/__mock/drift', async () => {
      await pending;
      report.clear();
      return { data: 'ok' };
    });
  });
}
