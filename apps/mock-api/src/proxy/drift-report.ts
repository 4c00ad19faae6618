import { endpointList } from '@carpool/contracts';
import { checkExchange, type CallOnly, type Exchange, type Mismatch } from './checker';
import { matchEndpoint } from './match';
import { redactPath } from './redact';

/** An answer slower than this is counted as slow in the report. */
export const SLOW_ANSWER_MS = 1000;

export type MismatchKind = Mismatch & { count: number; firstSeen: string; lastSeen: string };

export type EntryReport = {
  id: string;
  method: string;
  path: string;
  calls: number;
  /** Calls of this entry with at least one mismatch. */
  mismatchedCalls: number;
  statuses: Record<string, number>;
  mismatches: MismatchKind[];
  slowCalls: number;
  maxMs: number;
  /** Calls the provider did not answer (down, refused, timed out): the client got 502/504 from the proxy. */
  providerFailures: number;
};

export type UnknownCall = { method: string; path: string; calls: number; statuses: Record<string, number> };

export type DriftReportJson = {
  /** `proxy` (live traffic) or `har` (recordings checked offline). */
  source: 'proxy' | 'har';
  provider?: string;
  since: string;
  calls: number;
  mismatchedCalls: number;
  /** Distinct kinds of mismatch (entry, place, field path, expected, received). */
  mismatchKinds: number;
  providerFailures: number;
  slowAnswerMs: number;
  entries: EntryReport[];
  unknown: UnknownCall[];
};

/** How many distinct unknown paths are kept (the rest are counted under one row). */
const MAX_UNKNOWN = 200;

/**
 * The drift report: per registry entry the calls seen, the statuses, and each kind of mismatch
 * (by field path, expected vs received, one redacted example); calls the registry does not have
 * are counted apart. Fed by the proxy (live) and by `contract:check --har` (offline): one report.
 */
export class DriftReport {
  private readonly entries = new Map<string, EntryReport>();
  private readonly unknown = new Map<string, UnknownCall>();
  private since = new Date().toISOString();
  private calls = 0;
  private failures = 0;

  constructor(
    private readonly source: 'proxy' | 'har',
    private readonly provider?: string,
    /** Told once per new kind of mismatch (the proxy logs one line). */
    private readonly onNewKind?: (entryId: string, kind: Mismatch) => void,
  ) {}

  private entry(id: string): EntryReport {
    let entry = this.entries.get(id);
    if (!entry) {
      const endpoint = endpointList.find((item) => item.id === id)!;
      entry = { id, method: endpoint.method, path: endpoint.path, calls: 0, mismatchedCalls: 0, statuses: {}, mismatches: [], slowCalls: 0, maxMs: 0, providerFailures: 0 };
      this.entries.set(id, entry);
    }
    return entry;
  }

  /** The report's start (recordings: their first exchange). */
  startAt(iso: string) {
    this.since = iso;
  }

  /** Starts afresh (DELETE /__mock/drift). */
  clear() {
    this.entries.clear();
    this.unknown.clear();
    this.calls = 0;
    this.failures = 0;
    this.since = new Date().toISOString();
  }

  /** Checks an exchange and counts it; returns the mismatches found (none for an unknown call). */
  record(exchange: Exchange, ms = 0): Mismatch[] {
    return this.count(exchange, String(exchange.status), ms, false);
  }

  /**
   * A call the provider did not answer (down, refused, too slow): the client got `status` (502/504)
   * from the proxy. Counted for its entry (or as unknown); what was sent is still checked.
   */
  recordFailure(call: CallOnly, status: number, ms = 0): Mismatch[] {
    this.failures++;
    return this.count(call, `${status} (proxy)`, ms, true);
  }

  private count(exchange: CallOnly & Partial<Exchange>, status: string, ms: number, failed: boolean): Mismatch[] {
    this.calls++;
    const matched = matchEndpoint(exchange.method, exchange.path);
    if (!matched) {
      this.countUnknown(exchange.method, exchange.path, status);
      return [];
    }
    const entry = this.entry(matched.endpoint.id);
    entry.calls++;
    entry.statuses[status] = (entry.statuses[status] ?? 0) + 1;
    entry.maxMs = Math.max(entry.maxMs, Math.round(ms));
    if (ms > SLOW_ANSWER_MS) entry.slowCalls++;
    if (failed) entry.providerFailures++;
    const found = checkExchange(matched.endpoint, matched.params, failed ? { ...exchange, status: undefined, answer: undefined } : exchange);
    if (found.length > 0) entry.mismatchedCalls++;
    const now = new Date().toISOString();
    // Counted once a call: a field missing from every row of a list is one mismatch of that call.
    const once = found.filter(
      (mismatch, index) => found.findIndex((other) => other.place === mismatch.place && other.path === mismatch.path && other.expected === mismatch.expected && other.received === mismatch.received) === index,
    );
    for (const mismatch of once) {
      const same = entry.mismatches.find(
        (kind) => kind.place === mismatch.place && kind.path === mismatch.path && kind.expected === mismatch.expected && kind.received === mismatch.received,
      );
      if (same) {
        same.count++;
        same.lastSeen = now;
      } else {
        entry.mismatches.push({ ...mismatch, count: 1, firstSeen: now, lastSeen: now });
        this.onNewKind?.(entry.id, mismatch);
      }
    }
    return found;
  }

  private countUnknown(method: string, path: string, status: string) {
    const shown = this.unknown.size >= MAX_UNKNOWN ? '(other paths)' : redactPath(path);
    const key = `${method} ${shown}`;
    const row = this.unknown.get(key) ?? { method, path: shown, calls: 0, statuses: {} };
    row.calls++;
    row.statuses[status] = (row.statuses[status] ?? 0) + 1;
    this.unknown.set(key, row);
  }

  toJSON(): DriftReportJson {
    const entries = [...this.entries.values()].sort((a, b) => a.id.localeCompare(b.id));
    return {
      source: this.source,
      ...(this.provider ? { provider: this.provider } : {}),
      since: this.since,
      calls: this.calls,
      mismatchedCalls: entries.reduce((sum, entry) => sum + entry.mismatchedCalls, 0),
      mismatchKinds: entries.reduce((sum, entry) => sum + entry.mismatches.length, 0),
      providerFailures: this.failures,
      slowAnswerMs: SLOW_ANSWER_MS,
      entries,
      unknown: [...this.unknown.values()].sort((a, b) => b.calls - a.calls),
    };
  }
}

const cell = (text: string) => text.replaceAll('|', '\\|').replaceAll('\n', ' ');
const statuses = (counts: Record<string, number>) =>
  Object.entries(counts)
    .map(([status, count]) => `${status}×${count}`)
    .join(', ');

/** The report as Markdown (release checks, `npm run contract:drift`, `contract:check --har`). */
export function reportToMarkdown(report: DriftReportJson): string {
  const lines = [
    `# Contract drift (${report.source === 'har' ? 'recordings' : `proxy${report.provider ? ` to ${report.provider}` : ''}`}, since ${report.since})`,
    '',
    `${report.calls} calls · ${report.mismatchedCalls} with a mismatch · ${report.mismatchKinds} kinds of mismatch · ${report.providerFailures} not answered by the provider · ${report.unknown.reduce((sum, row) => sum + row.calls, 0)} unknown`,
    '',
    '| Entry | Call | Calls | Statuses | Slow | Place | Field | Expected | Received | Count | Example |',
    '|---|---|---:|---|---:|---|---|---|---|---:|---|',
  ];
  for (const entry of report.entries) {
    const head = [entry.id, `${entry.method} ${entry.path}`, String(entry.calls), statuses(entry.statuses), String(entry.slowCalls)];
    if (entry.mismatches.length === 0) lines.push(`| ${head.map(cell).join(' | ')} | ok | | | | | |`);
    for (const kind of entry.mismatches) {
      lines.push(`| ${[...head, kind.place, kind.path, kind.expected, kind.received, String(kind.count), kind.example ?? ''].map((text) => cell(text)).join(' | ')} |`);
    }
  }
  if (report.unknown.length > 0) {
    lines.push('', '## Calls the registry does not have', '', '| Call | Calls | Statuses |', '|---|---:|---|');
    for (const row of report.unknown) lines.push(`| ${cell(`${row.method} ${row.path}`)} | ${row.calls} | ${cell(statuses(row.statuses))} |`);
  }
  return `${lines.join('\n')}\n`;
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/** The drift page (/__mock/drift): a plain table in Spanish, readable without the web app (like the payment page). */
export function reportToHtml(report: DriftReportJson): string {
  const rows = report.entries
    .map((entry) => {
      const kinds = entry.mismatches.length
        ? `<ul>${entry.mismatches
            .map((kind) => `<li><code>${escapeHtml(kind.place)}: ${escapeHtml(kind.path)}</code> se esperaba ${escapeHtml(kind.expected)}, llegó ${escapeHtml(kind.received)} (×${kind.count})${kind.example ? ` <code>${escapeHtml(kind.example)}</code>` : ''}</li>`)
            .join('')}</ul>`
        : 'sin diferencias';
      return `<tr><th scope="row">${escapeHtml(entry.id)}</th><td><code>${escapeHtml(`${entry.method} ${entry.path}`)}</code></td><td>${entry.calls}</td><td>${escapeHtml(statuses(entry.statuses))}</td><td>${entry.slowCalls}</td><td>${kinds}</td></tr>`;
    })
    .join('\n');
  const unknown = report.unknown.map((row) => `<tr><td><code>${escapeHtml(`${row.method} ${row.path}`)}</code></td><td>${row.calls}</td><td>${escapeHtml(statuses(row.statuses))}</td></tr>`).join('\n');
  return `<!doctype html>
<html lang="es"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Diferencias con el contrato</title>
<style>body{font-family:system-ui,sans-serif;margin:1.5rem;color:#1a1a1a}table{border-collapse:collapse;width:100%}th,td{border:1px solid #999;padding:.3rem .5rem;text-align:left;vertical-align:top}code{font-size:.85rem;word-break:break-all}</style></head>
<body><main><h1>Diferencias con el contrato</h1>
<p>${escapeHtml(report.provider ? `Proveedor ${report.provider}` : 'Grabaciones')} desde ${escapeHtml(report.since)}: ${report.calls} llamadas, ${report.mismatchedCalls} con diferencias, ${report.mismatchKinds} tipos de diferencia, ${report.providerFailures} sin respuesta del proveedor. JSON: <a href="/__mock/drift?format=json">/__mock/drift?format=json</a>.</p>
<table><caption>Llamadas por entrada del contrato</caption><thead><tr><th scope="col">Entrada</th><th scope="col">Llamada</th><th scope="col">Llamadas</th><th scope="col">Estados</th><th scope="col">Lentas (&gt; ${report.slowAnswerMs} ms)</th><th scope="col">Diferencias</th></tr></thead><tbody>
${rows || '<tr><td colspan="6">Todavía no hubo llamadas.</td></tr>'}
</tbody></table>
<h2>Llamadas que el contrato no tiene</h2>
<table><caption>Llamadas desconocidas</caption><thead><tr><th scope="col">Llamada</th><th scope="col">Llamadas</th><th scope="col">Estados</th></tr></thead><tbody>
${unknown || '<tr><td colspan="3">Ninguna.</td></tr>'}
</tbody></table></main></body></html>`;
}
