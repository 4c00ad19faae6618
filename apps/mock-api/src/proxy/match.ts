import { endpointList, type Endpoint } from '@carpool/contracts';

export type Matched = { endpoint: Endpoint; params: Record<string, string> };

type Candidate = { endpoint: Endpoint; segments: string[] };

const byMethod = new Map<string, Candidate[]>();
for (const endpoint of endpointList) {
  const list = byMethod.get(endpoint.method) ?? [];
  list.push({ endpoint, segments: endpoint.path.split('/').slice(1) });
  byMethod.set(endpoint.method, list);
}

const decode = (segment: string) => {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
};

/**
 * The registry entry a call is for, as our server's router chooses it: same method, same number of
 * segments, and where two entries fit, the one with a literal segment first wins
 * (`/api/trips/autocomplete` before `/api/trips/:id`). A trailing slash is ignored, as by the server.
 */
export function matchEndpoint(method: string, pathname: string): Matched | undefined {
  const candidates = byMethod.get(method.toUpperCase());
  if (!candidates) return undefined;
  const parts = pathname.replace(/\/+$/, '').split('/').slice(1);
  let best: { candidate: Candidate; rank: string } | undefined;
  for (const candidate of candidates) {
    if (candidate.segments.length !== parts.length) continue;
    let rank = '';
    let fits = true;
    for (let index = 0; index < parts.length; index++) {
      const segment = candidate.segments[index]!;
      if (segment.startsWith(':')) {
        if (parts[index] === '') fits = false;
        rank += '1';
      } else if (segment === parts[index]) rank += '0';
      else fits = false;
      if (!fits) break;
    }
    if (fits && (!best || rank < best.rank)) best = { candidate, rank };
  }
  if (!best) return undefined;
  const params: Record<string, string> = {};
  best.candidate.segments.forEach((segment, index) => {
    if (segment.startsWith(':')) params[segment.slice(1)] = decode(parts[index]!);
  });
  return { endpoint: best.candidate.endpoint, params };
}

/** A query string as Fastify's parser gives it to a route: repeated names become lists. */
export function queryObject(search: URLSearchParams): Record<string, string | string[]> {
  const query: Record<string, string | string[]> = {};
  for (const [name, value] of search) {
    const seen = query[name];
    query[name] = seen === undefined ? value : Array.isArray(seen) ? [...seen, value] : [seen, value];
  }
  return query;
}
