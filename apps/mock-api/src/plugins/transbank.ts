import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { MONEY, appTitle } from '@carpool/contracts';
import { AppError } from '../lib/app-error';
import { toWireDateTime } from '../lib/dates';
import { parseId } from '../services/payment-service';

/**
 * The payment pages are full page loads, which carry no Authorization header. The web app trades its
 * bearer token for a short-lived payment session (POST /transbank/session): an HMAC-signed cookie scoped
 * to /transbank, HttpOnly and SameSite=Strict (so another site's form cannot post with it). Without one,
 * a payment page sends the browser to the app's /app/pay, which logs a guest in, opens the session and
 * comes back; with one, only the passenger who owes the seat (or the owner of a trip whose fee is due)
 * sees or pays it (services/payment-service.ts).
 */
const SESSION_COOKIE = 'carpool_payment';
const SESSION_SECONDS = 15 * 60;

function paymentSessions(now: () => Date) {
  // A key of this process: a restart only asks the payer to open the session again.
  const key = randomBytes(32);
  const sign = (payload: string) => createHmac('sha256', key).update(payload).digest('base64url');
  return {
    issue(userId: number): string {
      const payload = `${userId}.${Math.floor(now().getTime() / 1000) + SESSION_SECONDS}`;
      return `${payload}.${sign(payload)}`;
    },
    /** The payer's user id, or null for a missing, forged or expired session. */
    read(request: FastifyRequest): number | null {
      const value = (request.headers.cookie ?? '')
        .split(';')
        .map((part) => part.trim())
        .find((part) => part.startsWith(`${SESSION_COOKIE}=`))
        ?.slice(SESSION_COOKIE.length + 1);
      const [user, expires, signature] = value?.split('.') ?? [];
      if (!user || !expires || !signature) return null;
      const expected = Buffer.from(sign(`${user}.${expires}`));
      const given = Buffer.from(signature);
      if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
      if (Number(expires) * 1000 <= now().getTime()) return null;
      return Number(user);
    },
  };
}

/** Where the browser goes back to after the payment page. */
export const RETURN_TO = {
  // `payment` lets the page the browser lands on say how it went (web: lib/payment-outcome.ts).
  myTrips: '/app/my-trips',
  // My trips, where the paid seat's upcoming trip is listed (transactions list departed trips only).
  seatPaid: '/app/my-trips?payment=ok',
  seatFailed: '/app/my-trips?payment=failed',
  trip: (id: number) => `/app/trips/${id}`,
  /** The app page that opens a payment session (logging a guest in first) and comes back. */
  openSession: (field: 'tp_id' | 'trip_id', id: number) => `/app/pay?${field}=${id}`,
} as const;

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Every text written into the page goes through here (names, towns, messages). */
export function escapeHtml(value: unknown): string {
  return String(value).replace(/[&<>"']/g, (char) => HTML_ESCAPES[char]!);
}

/** Cents → '$ 15.000' or '$ 15.000,50' (Argentine pesos: '.' for thousands, ',' for decimals). */
export function formatArs(cents: number): string {
  const negative = cents < 0;
  const abs = Math.abs(Math.round(cents));
  const whole = Math.floor(abs / MONEY.centsPerUnit)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, '.');
  const rest = abs % MONEY.centsPerUnit;
  return `${negative ? '-' : ''}$ ${whole}${rest ? `,${String(rest).padStart(2, '0')}` : ''}`;
}

/** 'YYYY-MM-DD HH:mm:ss' (Argentina) → '24/11/2026 a las 08:00'. */
function formatTripDate(date: Date): string {
  const wire = toWireDateTime(date);
  return `${wire.slice(8, 10)}/${wire.slice(5, 7)}/${wire.slice(0, 4)} a las ${wire.slice(11, 16)}`;
}

const STYLE = `
*{box-sizing:border-box}
body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif;background:#f1f3f5;color:#212529;line-height:1.5}
header{background:#237a35;color:#fff;padding:12px 20px;font-weight:700;font-size:1.15rem;letter-spacing:.02em}
header span{font-weight:400;margin-left:8px;font-size:.95rem}
main{max-width:480px;margin:32px auto;padding:0 16px}
.card{background:#fff;border-radius:8px;box-shadow:0 1px 3px rgba(0,0,0,.08),0 4px 12px rgba(0,0,0,.05);padding:24px}
h1{font-size:1.3rem;margin:0 0 16px}
dl{margin:0 0 20px;display:grid;grid-template-columns:auto 1fr;gap:6px 16px}
dt{color:#495057}
dd{margin:0;font-weight:500}
.amount{font-size:1.8rem;font-weight:700;color:#237a35;margin:8px 0 20px}
.amount small{font-size:.9rem;color:#495057;font-weight:400;margin-left:6px}
.actions{display:flex;flex-direction:column;gap:10px}
form{margin:0}
button{width:100%;font:inherit;font-weight:600;padding:10px 16px;border-radius:8px;cursor:pointer;border:1px solid #237a35}
.pay{background:#237a35;color:#fff}
.pay:hover{background:#1b5e29}
.fail{background:#fff;color:#c92a2a;border-color:#c92a2a}
.notice{font-size:.85rem;color:#495057;margin:16px 0 0}
.warning{background:#fff4e6;color:#a33b08;border-radius:8px;padding:8px 12px;margin:0 0 16px}
.error{color:#c92a2a}
a{color:#237a35}
`;

function page(appName: string, title: string, content: string): string {
  return `<!doctype html>
<html lang="es">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} · ${escapeHtml(appName)}</title>
<style>${STYLE}</style>
</head>
<body>
<header>${escapeHtml(appName)}<span>Pago seguro (simulado)</span></header>
<main><div class="card">
${content}
</div></main>
</body>
</html>`;
}

function sendPage(reply: FastifyReply, status: number, html: string) {
  return reply
    .status(status)
    .header('cache-control', 'no-store')
    .header(
      'content-security-policy',
      "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'",
    )
    .type('text/html; charset=utf-8')
    .send(html);
}

const actions = (payUrl: string, failUrl: string, field: string, id: number) => `
<div class="actions">
  <form method="post" action="${payUrl}"><input type="hidden" name="${field}" value="${id}"><button class="pay" type="submit">Pagar</button></form>
  <form method="post" action="${failUrl}"><input type="hidden" name="${field}" value="${id}"><button class="fail" type="submit">Simular pago rechazado</button></form>
</div>
<p class="notice">Esta página simula la pasarela de pago: no se cobra dinero real. «Pagar» aprueba el pago con una tarjeta de prueba terminada en 4242.</p>`;

/** A form field, or the same name in the query string. */
function field(request: FastifyRequest, name: string): unknown {
  const body = request.body as Record<string, unknown> | undefined;
  const fromBody = body && typeof body === 'object' ? body[name] : undefined;
  return fromBody ?? (request.query as Record<string, unknown>)[name];
}

/**
 * The payment stub (not an API call, so not in the registry): GET /transbank?tp_id=<seat request
 * id> shows the seat and its price with "Pagar" and "Simular pago rechazado", which POST to
 * /transbank/pay and /transbank/fail and send the browser back to the app. The creation fee has
 * the same pages under /transbank/sellado?trip_id=.
 */
export async function transbankPlugin(app: FastifyInstance) {
  // The page's forms post application/x-www-form-urlencoded (only in this plugin's routes).
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 4096 }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });

  app.setErrorHandler((error: FastifyError, request, reply) => {
    const known = error instanceof AppError;
    const status = known ? error.status : error.statusCode && error.statusCode < 500 ? 422 : 500;
    if (status >= 500) request.log.error({ err: error }, 'payment page error');
    const message = known ? error.message : status >= 500 ? 'Ocurrió un problema con el pago. Intentá de nuevo más tarde.' : 'El pedido no es válido.';
    return sendPage(
      reply,
      status,
      page(
        appTitle(app.country.config.name_app),
        'No se puede pagar',
        `<h1>No se puede realizar el pago</h1>
<p class="error">${escapeHtml(message)}</p>
<p><a href="${RETURN_TO.myTrips}">Volver a Mis viajes</a></p>`,
      ),
    );
  });

  app.get('/transbank', async (request, reply) => {
    const requestId = parseId(field(request, 'tp_id'));
    const payer = payerOr(request, reply, 'tp_id', requestId);
    if (payer === null) return reply;
    const { request: seat, trip, amountCents, lastFailed } = await app.services.payments.seat(requestId, payer);
    return sendPage(
      reply,
      200,
      page(
        appTitle(app.country.config.name_app),
        'Pago del asiento',
        `<h1>Pago del asiento</h1>
${lastFailed ? '<p class="warning">El intento anterior fue rechazado. Podés volver a intentarlo.</p>' : ''}
<dl>
  <dt>Viaje</dt><dd>${escapeHtml(trip.from_town)} → ${escapeHtml(trip.to_town)}</dd>
  <dt>Salida</dt><dd>${escapeHtml(formatTripDate(trip.trip_date))}</dd>
  <dt>Conductor</dt><dd>${escapeHtml(trip.user.name)}</dd>
  <dt>Pasajero</dt><dd>${escapeHtml(seat.user.name)}</dd>
</dl>
<div class="amount">${escapeHtml(formatArs(amountCents))}<small>${MONEY.currency} · 1 asiento</small></div>
${actions('/transbank/pay', '/transbank/fail', 'tp_id', seat.id)}
<p class="notice"><a href="${RETURN_TO.myTrips}">Volver a Mis viajes sin pagar</a></p>`,
      ),
    );
  });

  app.post('/transbank/pay', async (request, reply) => {
    const requestId = parseId(field(request, 'tp_id'));
    const payer = payerOr(request, reply, 'tp_id', requestId);
    if (payer === null) return reply;
    await app.services.payments.paySeat(requestId, payer);
    return reply.redirect(RETURN_TO.seatPaid, 303);
  });

  app.post('/transbank/fail', async (request, reply) => {
    const requestId = parseId(field(request, 'tp_id'));
    const payer = payerOr(request, reply, 'tp_id', requestId);
    if (payer === null) return reply;
    await app.services.payments.failSeat(requestId, payer);
    return reply.redirect(RETURN_TO.seatFailed, 303);
  });

  const sessions = paymentSessions(() => app.clock.now());

  /** The session's payer; without one the browser goes to the app to open it (and comes back). */
  const payerOr = (request: FastifyRequest, reply: FastifyReply, back: 'tp_id' | 'trip_id', id: number) => {
    const payer = sessions.read(request);
    if (payer === null) void reply.redirect(RETURN_TO.openSession(back, id), 303);
    return payer;
  };

  // The app's bearer token for a payment session cookie (answers 204; 401 without a valid token).
  app.post('/transbank/session', async (request, reply) => {
    const user = await app.services.auth.authenticate(request.headers.authorization, 'user');
    const secure = request.protocol === 'https' ? '; Secure' : '';
    return reply
      .header('set-cookie', `${SESSION_COOKIE}=${sessions.issue(user!.id)}; Path=/transbank; Max-Age=${SESSION_SECONDS}; HttpOnly; SameSite=Strict${secure}`)
      .header('cache-control', 'no-store')
      .status(204)
      .send();
  });

  app.get('/transbank/sellado', async (request, reply) => {
    const tripId = parseId(field(request, 'trip_id'));
    const payer = payerOr(request, reply, 'trip_id', tripId);
    if (payer === null) return reply;
    const { trip, amountCents } = await app.services.payments.sellado(tripId, payer);
    return sendPage(
      reply,
      200,
      page(
        appTitle(app.country.config.name_app),
        'Sellado del viaje',
        `<h1>Sellado del viaje</h1>
${trip.state === 'payment_failed' ? '<p class="warning">El intento anterior fue rechazado. Podés volver a intentarlo.</p>' : ''}
<dl>
  <dt>Viaje</dt><dd>${escapeHtml(trip.from_town)} → ${escapeHtml(trip.to_town)}</dd>
  <dt>Salida</dt><dd>${escapeHtml(formatTripDate(trip.trip_date))}</dd>
  <dt>Conductor</dt><dd>${escapeHtml(trip.user.name)}</dd>
</dl>
<div class="amount">${escapeHtml(formatArs(amountCents))}<small>${MONEY.currency} · sellado</small></div>
${actions('/transbank/sellado/pay', '/transbank/sellado/fail', 'trip_id', trip.id)}
<p class="notice"><a href="${RETURN_TO.trip(trip.id)}">Volver al viaje sin pagar</a></p>`,
      ),
    );
  });

  app.post('/transbank/sellado/pay', async (request, reply) => {
    const tripId = parseId(field(request, 'trip_id'));
    const payer = payerOr(request, reply, 'trip_id', tripId);
    if (payer === null) return reply;
    const trip = await app.services.payments.paySellado(tripId, payer);
    return reply.redirect(RETURN_TO.trip(trip.id), 303);
  });

  app.post('/transbank/sellado/fail', async (request, reply) => {
    const tripId = parseId(field(request, 'trip_id'));
    const payer = payerOr(request, reply, 'trip_id', tripId);
    if (payer === null) return reply;
    const trip = await app.services.payments.failSellado(tripId, payer);
    return reply.redirect(RETURN_TO.trip(trip.id), 303);
  });
}
