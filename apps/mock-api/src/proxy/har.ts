import { mkdirSync, readdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Exchange } from './checker';
import { matchEndpoint, queryObject } from './match';
import { redactHeader, redactPath, redactQuery, redactText, redactValue } from './redact';

type HarHeader = { name: string; value: string };

/** One HAR 1.2 entry (the fields this proxy writes; `_endpoint` is our own, as HAR allows). */
export type HarEntry = {
  startedDateTime: string;
  time: number;
  _endpoint?: string;
  request: {
    method: string;
    url: string;
    httpVersion: string;
    headers: HarHeader[];
    queryString: HarHeader[];
    cookies: never[];
    headersSize: -1;
    bodySize: number;
    postData?: { mimeType: string; text: string };
  };
  response: {
    status: number;
    statusText: string;
    httpVersion: string;
    headers: HarHeader[];
    cookies: never[];
    content: { size: number; mimeType: string; text?: string };
    redirectURL: string;
    headersSize: -1;
    bodySize: number;
  };
  cache: Record<string, never>;
  timings: { send: number; wait: number; receive: number };
};

export type Har = { log: { version: '1.2'; creator: { name: string; version: string }; entries: HarEntry[] } };

/** What the proxy hands the recorder for one exchange (before redaction). */
export type RawExchange = {
  startedAt: Date;
  ms: number;
  method: string;
  url: URL;
  requestHeaders: Record<string, string | string[] | undefined>;
  requestType: string;
  requestBody: Buffer | undefined;
  status: number;
  statusText: string;
  responseHeaders: Record<string, string>;
  responseType: string;
  responseBody: Buffer;
};

const isJson = (type: string) => /[/+]json\b/i.test(type);
const isText = (type: string) => isJson(type) || /^text\/|javascript|xml|x-www-form-urlencoded/i.test(type);

/** A body as it may be kept: JSON with fields and patterns redacted, text with patterns redacted, binary and form data left out. */
function keptBody(type: string, body: Buffer | undefined): string | undefined {
  if (!body || body.length === 0) return undefined;
  if (/multipart\//i.test(type)) return '[multipart body not recorded]';
  if (isJson(type)) {
    try {
      return JSON.stringify(redactValue(JSON.parse(body.toString('utf8'))));
    } catch {
      return redactText(body.toString('utf8'));
    }
  }
  if (/x-www-form-urlencoded/i.test(type)) return redactQuery(new URLSearchParams(body.toString('utf8'))).toString();
  if (isText(type)) return redactText(body.toString('utf8'));
  return `[${body.length} bytes of ${type || 'unknown type'} not recorded]`;
}

const headerList = (headers: Record<string, string | string[] | undefined>): HarHeader[] =>
  Object.entries(headers).flatMap(([name, value]) =>
    value === undefined ? [] : [value].flat().map((item) => ({ name, value: redactHeader(name, item) })),
  );

/** One exchange as a redacted HAR entry. */
export function toHarEntry(raw: RawExchange): HarEntry {
  const matched = matchEndpoint(raw.method, raw.url.pathname);
  const query = redactQuery(raw.url.searchParams);
  const search = query.toString();
  const url = `${raw.url.origin}${redactPath(raw.url.pathname, matched?.endpoint.path)}${search ? `?${search}` : ''}`;
  const requestText = keptBody(raw.requestType, raw.requestBody);
  const responseText = keptBody(raw.responseType, raw.responseBody);
  return {
    startedDateTime: raw.startedAt.toISOString(),
    time: Math.round(raw.ms),
    ...(matched ? { _endpoint: matched.endpoint.id } : {}),
    request: {
      method: raw.method,
      url,
      httpVersion: 'HTTP/1.1',
      headers: headerList(raw.requestHeaders),
      queryString: [...query].map(([name, value]) => ({ name, value })),
      cookies: [],
      headersSize: -1,
      bodySize: raw.requestBody?.length ?? 0,
      ...(requestText !== undefined ? { postData: { mimeType: raw.requestType, text: requestText } } : {}),
    },
    response: {
      status: raw.status,
      statusText: raw.statusText,
      httpVersion: 'HTTP/1.1',
      headers: headerList(raw.responseHeaders),
      cookies: [],
      content: { size: raw.responseBody.length, mimeType: raw.responseType, ...(responseText !== undefined ? { text: responseText } : {}) },
      redirectURL: '',
      headersSize: -1,
      bodySize: raw.responseBody.length,
    },
    cache: {},
    timings: { send: 0, wait: Math.round(raw.ms), receive: 0 },
  };
}

/**
 * RECORD_DIR: every exchange of this server's run, redacted, in one HAR 1.2 file
 * (`<dir>/proxy-<start time>.har`). The file is rewritten whole (to a temporary name, then renamed)
 * shortly after each exchange, so it is always a complete, valid HAR.
 */
export class HarRecorder {
  readonly file: string;
  private readonly entries: HarEntry[] = [];
  private timer: NodeJS.Timeout | undefined;

  constructor(dir: string) {
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    this.file = path.join(dir, `proxy-${new Date().toISOString().replace(/[:.]/g, '-')}.har`);
  }

  add(raw: RawExchange) {
    this.entries.push(toHarEntry(raw));
    this.timer ??= setTimeout(() => this.flush(), 200);
  }

  /** Writes the file now (also on close). */
  flush() {
    clearTimeout(this.timer);
    this.timer = undefined;
    const har: Har = { log: { version: '1.2', creator: { name: 'carpool-provider-proxy', version: '1' }, entries: this.entries } };
    const temporary = `${this.file}.tmp`;
    writeFileSync(temporary, `${JSON.stringify(har, null, 1)}\n`, { mode: 0o600 });
    renameSync(temporary, this.file);
  }
}

/** Every `.har` file of a folder (sorted), or the one file given. */
export function harFiles(target: string): string[] {
  if (!statSync(target).isDirectory()) return [target];
  return readdirSync(target)
    .filter((name) => name.endsWith('.har'))
    .sort()
    .map((name) => path.join(target, name));
}

export function readHar(file: string): Har {
  const har = JSON.parse(readFileSync(file, 'utf8')) as Har;
  if (!har?.log || !Array.isArray(har.log.entries)) throw new Error(`${file} is not a HAR file (no log.entries)`);
  return har;
}

const parseText = (type: string, text: string | undefined): unknown => {
  if (text === undefined || text === '') return undefined;
  if (!isJson(type)) return text;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
};

/** A HAR entry as an exchange to check (the offline check and the replay read them so). */
export function harEntryToExchange(entry: HarEntry): Exchange {
  const url = new URL(entry.request.url);
  const requestType = entry.request.postData?.mimeType ?? '';
  return {
    method: entry.request.method.toUpperCase(),
    path: url.pathname,
    query: queryObject(url.searchParams),
    body: /multipart\//i.test(requestType) ? undefined : parseText(requestType, entry.request.postData?.text),
    multipart: /multipart\//i.test(requestType),
    status: entry.response.status,
    answer: parseText(entry.response.content.mimeType, entry.response.content.text),
  };
}
