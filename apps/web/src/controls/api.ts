/** The control page's calls: same origin, under /__mock (the cookie or loopback lets them through). */
export type FaultRule = {
  id: number;
  endpoint: string | null;
  path: string | null;
  method: string | null;
  effect: 'error' | 'delay' | 'drop' | 'hang';
  code: string | null;
  status: number | null;
  delay_ms: number | null;
  delay_max_ms: number | null;
  scope: 'times' | 'fraction' | 'until_cleared';
  remaining: number | null;
  fraction: number | null;
  hits: number;
};
export type JournalEntry = { seq: number; time: string; method: string; path: string; entry: string | null; status: number; duration_ms: number };
export type Scenario = { name: string; description: string };
export type Mail = { id: number; to: string; subject: string; created_at: string; links: string[] };
export type Status = {
  now: string;
  overridden: boolean;
  frozen: boolean;
  config: Record<string, unknown>;
  journal: { size: number; capacity: number };
  faults: number;
  demo_reset: { enabled: boolean; next_reset_at: string | null; notice: boolean };
};

export class ControlsError extends Error {}

export async function call<T>(method: 'GET' | 'POST' | 'DELETE', path: string, body?: unknown): Promise<T> {
  const response = await fetch(path, {
    method,
    credentials: 'same-origin',
    headers: body === undefined ? undefined : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  const json = text ? (JSON.parse(text) as T & { message?: string; errors?: unknown }) : ({} as T & { message?: string; errors?: unknown });
  if (!response.ok) throw new ControlsError(`${response.status} ${json.message ?? ''} ${json.errors ? JSON.stringify(json.errors) : ''}`.trim());
  return json;
}

/** The proxy's drift report (issue 42): absent (404, or no answer) means the proxy is off. */
export async function driftAvailable(): Promise<boolean> {
  try {
    const response = await fetch('/__mock/drift', { credentials: 'same-origin', headers: { accept: 'application/json' } });
    return response.ok;
  } catch {
    return false;
  }
}
