import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { harEntryToExchange, harFiles, readHar, type HarEntry } from './har';
import { matchEndpoint } from './match';

/** The header that says where an /api answer came from in replay mode: `replay` or `mock` (SQLite). */
export const SOURCE_HEADER = 'x-carpool-source';

/**
 * Entries never replayed: a recording's tokens are redacted, so a replayed login would hand out a
 * token nothing accepts; sessions come from SQLite and the recorded answers of everything else.
 */
const NEVER_REPLAYED = /^auth\./;

type Recorded = { status: number; type: string; text: string | undefined };

const queryKey = (search: URLSearchParams) =>
  [...search]
    .sort(([a, av], [b, bv]) => (a === b ? av.localeCompare(bv) : a.localeCompare(b)))
    .map(([name, value]) => `${name}=${value}`)
    .join('&');

/**
 * The answers of a set of HAR recordings, found by method, path pattern (the registry entry) and
 * query: the recording of the same path first (`/api/trips/7`), else of the same entry with the same
 * query (`/api/trips/:id`). Repeated calls get the recorded answers in order and then the last
 * again, so an answer read after a write is the one recorded after it.
 */
export class ReplayStore {
  private readonly byPath = new Map<string, Recorded[]>();
  private readonly byPattern = new Map<string, Recorded[]>();
  private readonly served = new Map<string, number>();
  readonly size: number;

  constructor(entries: HarEntry[]) {
    let size = 0;
    for (const entry of entries) {
      const exchange = harEntryToExchange(entry);
      const matched = matchEndpoint(exchange.method, exchange.path);
      if (!matched || NEVER_REPLAYED.test(matched.endpoint.id)) continue;
      const search = new URL(entry.request.url).searchParams;
      const recorded: Recorded = { status: entry.response.status, type: entry.response.content.mimeType, text: entry.response.content.text };
      const add = (map: Map<string, Recorded[]>, key: string) => map.set(key, [...(map.get(key) ?? []), recorded]);
      add(this.byPath, `${exchange.method} ${exchange.path.replace(/\/+$/, '')}?${queryKey(search)}`);
      add(this.byPattern, `${exchange.method} ${matched.endpoint.id}?${queryKey(search)}`);
      size++;
    }
    this.size = size;
  }

  static fromTarget(target: string): ReplayStore {
    return new ReplayStore(harFiles(target).flatMap((file) => readHar(file).log.entries));
  }

  /** The recorded answer for a call, or undefined (then SQLite answers). */
  find(method: string, pathname: string, search: URLSearchParams): Recorded | undefined {
    const matched = matchEndpoint(method, pathname);
    if (!matched || NEVER_REPLAYED.test(matched.endpoint.id)) return undefined;
    const query = queryKey(search);
    const lookups: [Map<string, Recorded[]>, string][] = [
      [this.byPath, `${method} ${pathname.replace(/\/+$/, '')}?${query}`],
      [this.byPattern, `${method} ${matched.endpoint.id}?${query}`],
    ];
    for (const [map, key] of lookups) {
      const list = map.get(key);
      if (!list) continue;
      const index = this.served.get(key) ?? 0;
      this.served.set(key, index + 1);
      return list[Math.min(index, list.length - 1)];
    }
    return undefined;
  }
}

/**
 * Replay mode (REPLAY_DIR): registered before the API routes. After a route's own authentication
 * and input validation (so a recording never answers a caller the route refuses), a call a recording
 * covers gets the recorded answer; every other call is answered from SQLite. SOURCE_HEADER says which.
 */
export const replayPlugin = fp(async (app: FastifyInstance, options: { dir: string }) => {
  const store = ReplayStore.fromTarget(options.dir);
  app.log.info(`replaying ${store.size} recorded answers from ${options.dir}`);
  app.addHook('preHandler', async (request, reply) => {
    if (!(request.routeOptions.config as { endpointId?: string } | undefined)?.endpointId) return;
    const url = new URL(request.url, 'http://replay.invalid');
    const recorded = store.find(request.method, url.pathname, url.searchParams);
    if (!recorded) {
      reply.header(SOURCE_HEADER, 'mock');
      return;
    }
    reply.header(SOURCE_HEADER, 'replay').code(recorded.status);
    if (recorded.type) reply.type(recorded.type);
    return reply.send(recorded.text ?? '');
  });
});
