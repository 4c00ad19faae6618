/**
 * npm run contract:check -- <base URL> [token]
 * npm run contract:check -- --har <dir or file.har>
 *
 * --har: validates recordings offline (HAR 1.2, as RECORD_DIR writes them in proxy mode): every
 * exchange's call and answer against its registry entry, with the proxy's own check, printed as the
 * drift report's Markdown table (add --json for the report itself). Exit code 1 on any mismatch.
 *
 * Calls every safe (GET) entry of the registry on a running provider-compatible API and prints,
 * per entry, whether the answer matches the contract, with the check the web client makes
 * (checkAnswer). Path parameters come from ids the API itself lists (a trip, a user, a car, a
 * conversation, …). Exit code 1 when any answer does not match. Entries the token may not call
 * (or that need ids nothing listed) are reported as skipped, never as matches.
 */
import { buildPath, checkAnswer, endpointList, type Endpoint } from '@carpool/contracts';
import { reportToMarkdown } from '../apps/mock-api/src/proxy/drift-report';
import { checkRecordings } from '../apps/mock-api/src/proxy/offline-check';

const args = process.argv.slice(2).filter((arg) => arg !== '--');
const harAt = args.indexOf('--har');
if (harAt >= 0) {
  const target = args[harAt + 1];
  if (!target) {
    console.error('usage: npm run contract:check -- --har <dir or file.har> [--json]');
    process.exit(2);
  }
  try {
    const report = checkRecordings(target);
    if (report.files.length === 0) throw new Error(`no .har file in ${target}`);
    if (args.includes('--json')) console.log(JSON.stringify(report, null, 2));
    else {
      console.log(reportToMarkdown(report));
      console.log(`contract:check --har ${report.files.join(', ')}: ${report.calls} exchanges, ${report.mismatchedCalls} with a mismatch (${report.mismatchKinds} kinds), ${report.unknown.length} unknown calls`);
    }
    process.exit(report.mismatchedCalls > 0 ? 1 : 0);
  } catch (error) {
    console.error(`contract:check --har: ${(error as Error).message}`);
    process.exit(2);
  }
}

const [baseArg, tokenArg] = args;
if (!baseArg) {
  console.error('usage: npm run contract:check -- <base URL> [token]  |  --har <dir or file.har>');
  process.exit(2);
}
const base = baseArg.replace(/\/+$/, '');
const token = tokenArg ?? process.env.CONTRACT_CHECK_TOKEN;

type Answer = { status: number; body: unknown };

async function get(path: string): Promise<Answer> {
  const response = await fetch(`${base}${path}`, {
    headers: {
      accept: 'application/json',
      'x-app-platform': 'contract-check',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
  });
  const text = await response.text();
  let body: unknown = text;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    // Left as text: the check reports it.
  }
  return { status: response.status, body };
}

const firstOf = (answer: Answer, pick: (item: Record<string, unknown>) => unknown = (item) => item.id): string | undefined => {
  if (answer.status !== 200 || !answer.body || typeof answer.body !== 'object') return undefined;
  const data = (answer.body as { data?: unknown }).data;
  const list = Array.isArray(data) ? data : Array.isArray(answer.body) ? answer.body : [];
  const value = list.length > 0 ? pick(list[0] as Record<string, unknown>) : undefined;
  return value === undefined || value === null ? undefined : String(value);
};

/** Ids the API lists, to fill path parameters. */
async function discover() {
  const ids: Record<string, string | undefined> = {};
  const me = token ? await get('/api/users/me') : undefined;
  const meData = me?.status === 200 ? (me.body as { data?: { id?: number } }).data : undefined;
  ids.userId = meData?.id !== undefined ? String(meData.id) : undefined;
  // The caller's own trip first (its requests and passengers are theirs to see), else any listed trip.
  const own = token ? await get('/api/users/get-trips?as_driver=true') : undefined;
  const anyTrip = await get('/api/trips?page=1&page_size=20');
  ids.tripId = (own && firstOf(own)) ?? firstOf(anyTrip);
  const trip = ids.tripId ? await get(`/api/trips/${ids.tripId}`) : undefined;
  const tripPoints = trip?.status === 200 ? ((trip.body as { data?: { points?: { lat: number; lng: number }[] } }).data?.points ?? []) : [];
  if (tripPoints.length >= 2) ids.coords = tripPoints.map((p) => `${p.lng},${p.lat}`).join(';');
  ids.userId ??= firstOf(anyTrip, (item) => item.user_id);
  if (token) {
    ids.carId = firstOf(await get('/api/cars'));
    ids.conversationId = firstOf(await get('/api/conversations'));
    ids.subscriptionId = firstOf(await get('/api/subscriptions'));
    ids.templateName = firstOf(await get('/api/trip-creation-templates'), (item) => item.name);
  }
  ids.brandId = firstOf(await get('/api/car-brands'));
  const changelogs = await get('/api/changelogs');
  ids.version = firstOf(changelogs, (item) => item.version);
  return ids;
}

/** The value of a path parameter, from the path's resource. */
function paramValue(path: string, name: string, ids: Record<string, string | undefined>): string | undefined {
  if (name === 'tripId') return ids.tripId;
  if (name === 'userId') return ids.userId;
  if (name === 'coords') return ids.coords;
  const resource = path.split('/')[2];
  const byResource: Record<string, string | undefined> = {
    trips: ids.tripId,
    users: ids.userId,
    cars: ids.carId,
    conversations: ids.conversationId,
    subscriptions: ids.subscriptionId,
    'car-brands': ids.brandId,
    'trip-creation-templates': ids.templateName,
  };
  return byResource[resource ?? ''];
}

/** Sample values for query parameters an entry requires. */
function sampleQuery(endpoint: Endpoint, ids: Record<string, string | undefined>): Record<string, string> | undefined {
  if (!endpoint.query || endpoint.query.safeParse({}).success) return {};
  const samples: Record<string, string | undefined> = { name: 'Rosario', version: ids.version };
  const required = Object.keys(endpoint.query.shape).filter((key) => !endpoint.query!.shape[key]!.safeParse(undefined).success);
  const query: Record<string, string> = {};
  for (const key of required) {
    const value = samples[key];
    if (value === undefined) return undefined;
    query[key] = value;
  }
  return query;
}

async function main() {
  const ids = await discover();
  let matched = 0;
  let mismatched = 0;
  let skipped = 0;
  const line = (mark: string, endpoint: Endpoint, text: string) => console.log(`${mark.padEnd(8)} ${endpoint.id.padEnd(28)} ${text}`);
  for (const endpoint of endpointList.filter((entry) => entry.method === 'GET')) {
    if (!token && (endpoint.auth === 'user' || endpoint.auth === 'admin')) {
      skipped++;
      line('skip', endpoint, 'needs a token');
      continue;
    }
    const params: Record<string, string> = {};
    const missing = [...endpoint.path.matchAll(/:([A-Za-z_]+)/g)].map((match) => match[1]!).filter((name) => {
      const value = paramValue(endpoint.path, name, ids);
      if (value !== undefined) params[name] = value;
      return value === undefined;
    });
    const query = sampleQuery(endpoint, ids);
    if (missing.length > 0 || !query) {
      skipped++;
      line('skip', endpoint, missing.length > 0 ? `no id listed for :${missing.join(', :')}` : 'no sample for a required query parameter');
      continue;
    }
    const search = new URLSearchParams(query).toString();
    const path = `${buildPath(endpoint.path, params)}${search ? `?${search}` : ''}`;
    const answer = await get(path);
    if (answer.status === 501) {
      skipped++;
      line('skip', endpoint, `GET ${path} → 501 not implemented by this API`);
      continue;
    }
    const result = checkAnswer(endpoint.responses, answer.status, answer.body);
    if (result.ok) {
      matched++;
      line('ok', endpoint, `GET ${path} → ${answer.status}`);
    } else {
      mismatched++;
      line('MISMATCH', endpoint, `GET ${path} → ${answer.status}: ${result.detail}`);
    }
  }
  console.log(`\ncontract:check ${base}: ${matched} match, ${mismatched} mismatch, ${skipped} skipped`);
  process.exitCode = mismatched > 0 ? 1 : 0;
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 2;
});
