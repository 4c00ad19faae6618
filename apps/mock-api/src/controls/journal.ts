import type { FastifyInstance, FastifyRequest } from 'fastify';

/** One request as the journal keeps it (GET /__mock/requests). */
export type JournalEntry = {
  /** Increasing number of the request since the server started. */
  seq: number;
  time: string;
  method: string;
  path: string;
  /** The contract entry id (trips.search…), null outside the registry (/transbank, /image…). */
  entry: string | null;
  status: number;
  duration_ms: number;
  query: Record<string, unknown>;
  body: unknown;
  /** The first KB of the answer as text ('' for binary or streamed answers). */
  response: string;
};

export type JournalFilter = { method?: string; path?: string; entry?: string; status?: number; since?: Date; limit?: number };

export const JOURNAL_CAPACITY = 1000;
export const RESPONSE_PREVIEW_BYTES = 1024;
/** Keys whose values never reach the journal. */
const SECRET_KEY = /pass(word)?|token|secret|authorization|cookie|card|cvv|cvc|otp|pin$/i;
export const REDACTED = '[redacted]';

/** A copy with every secret-looking key's value replaced (nested objects and lists too). */
export function redact(value: unknown, depth = 0): unknown {
  if (depth > 8 || value === null || typeof value !== 'object') return value;
  if (Buffer.isBuffer(value)) return `[${value.length} bytes]`;
  if (Array.isArray(value)) return value.map((item) => redact(item, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    // A multipart file: its name and type, never its bytes.
    if (item && typeof item === 'object' && 'filepath' in item) out[key] = { file: (item as { filename?: string }).filename ?? 'file' };
    else out[key] = SECRET_KEY.test(key) ? REDACTED : redact(item, depth + 1);
  }
  return out;
}

/** A ring buffer of the last JOURNAL_CAPACITY requests (oldest dropped first). */
export class RequestJournal {
  private readonly entries: (JournalEntry | undefined)[];
  private next = 0;
  private seq = 0;

  constructor(readonly capacity = JOURNAL_CAPACITY) {
    this.entries = new Array(capacity);
  }

  add(entry: Omit<JournalEntry, 'seq'>): JournalEntry {
    const kept = { seq: ++this.seq, ...entry };
    this.entries[this.next] = kept;
    this.next = (this.next + 1) % this.capacity;
    return kept;
  }

  clear(): void {
    this.entries.fill(undefined);
    this.next = 0;
  }

  get size(): number {
    return this.entries.reduce((count, entry) => count + (entry ? 1 : 0), 0);
  }

  /** Newest first, filtered. `path` matches the path exactly or as a glob with `*`. */
  list(filter: JournalFilter = {}): JournalEntry[] {
    const pathMatch = filter.path ? pathMatcher(filter.path) : undefined;
    const out: JournalEntry[] = [];
    for (let i = 1; i <= this.capacity && out.length < (filter.limit ?? this.capacity); i++) {
      const entry = this.entries[(this.next - i + this.capacity) % this.capacity];
      if (!entry) break;
      if (filter.since && Date.parse(entry.time) < filter.since.getTime()) break;
      if (filter.method && entry.method !== filter.method.toUpperCase()) continue;
      if (filter.entry && entry.entry !== filter.entry) continue;
      if (filter.status !== undefined && entry.status !== filter.status) continue;
      if (pathMatch && !pathMatch(entry.path)) continue;
      out.push(entry);
    }
    return out;
  }
}

/** `/api/trips/*` matches `/api/trips/12`; `*` runs over any characters, `/` included. */
export function pathMatcher(pattern: string): (path: string) => boolean {
  const source = pattern.split('*').map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&')).join('.*');
  const regex = new RegExp(`^${source}$`);
  return (path) => regex.test(path);
}

/** Requests the journal leaves out: the controls themselves and the web app's files. */
const skipped = (path: string) => path.startsWith('/__mock') || path.startsWith('/app/') || path === '/app' || path === '/favicon.ico';

const started = Symbol('journalStart');
type Timed = FastifyRequest & { [started]?: { at: number; time: string; response: string } };

/** The endpoint id Fastify's route config carries (routes/registry.ts sets it). */
export const entryOf = (request: FastifyRequest): string | null =>
  ((request.routeOptions?.config as { endpointId?: string } | undefined)?.endpointId ?? null);

/** Hooks that write every request to the journal; added on the root instance before the routes. */
export function journalHooks(app: FastifyInstance, journal: RequestJournal, now: () => Date = () => new Date()) {
  app.addHook('onRequest', async (request) => {
    const path = request.url.split('?')[0] ?? '';
    if (skipped(path)) return;
    (request as Timed)[started] = { at: performance.now(), time: now().toISOString(), response: '' };
  });
  app.addHook('onSend', async (request, _reply, payload) => {
    const timing = (request as Timed)[started];
    if (!timing) return payload;
    if (typeof payload === 'string') timing.response = preview(payload.slice(0, 4 * RESPONSE_PREVIEW_BYTES));
    else if (Buffer.isBuffer(payload) && !isBinary(payload)) timing.response = preview(payload.subarray(0, 4 * RESPONSE_PREVIEW_BYTES).toString('utf8'));
    return payload;
  });
  app.addHook('onResponse', async (request, reply) => record(request, reply.statusCode));

  function record(request: FastifyRequest, status: number) {
    const timing = (request as Timed)[started];
    if (!timing) return;
    (request as Timed)[started] = undefined;
    journal.add({
      time: timing.time,
      method: request.method,
      path: request.url.split('?')[0] ?? '',
      entry: entryOf(request),
      status,
      duration_ms: Math.round(performance.now() - timing.at),
      query: redact(rawQuery(request.url)) as Record<string, unknown>,
      body: redact(request.body ?? null),
      response: timing.response,
    });
  }
  // A dropped or never-answered request (fault rules) is journaled with status 0 when it is cut.
  return { recordAborted: (request: FastifyRequest) => record(request, 0) };
}

/** The answer's first KB with the values of secret-looking JSON keys redacted (a login's token). */
export function preview(text: string): string {
  return text.replace(/"([A-Za-z_]*)"\s*:\s*"(?:[^"\\]|\\.)*"/g, (pair, key: string) => (SECRET_KEY.test(key) ? `"${key}":"${REDACTED}"` : pair)).slice(0, RESPONSE_PREVIEW_BYTES);
}

/** The query as the client sent it (strings; a repeated key as a list), not as the route parsed it. */
function rawQuery(url: string): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  const at = url.indexOf('?');
  if (at < 0) return out;
  for (const [key, value] of new URLSearchParams(url.slice(at + 1))) {
    const seen = out[key];
    out[key] = seen === undefined ? value : [...[seen].flat(), value];
  }
  return out;
}

const isBinary = (bytes: Buffer) => bytes.subarray(0, 512).includes(0);
