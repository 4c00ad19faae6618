import { expect, type APIRequestContext } from '@playwright/test';

/** The test controls as a CI suite uses them (docs/controls.md): scenarios, fault rules, the journal. */
export type Ids = Record<string, number | string | number[] | string[]>;

export async function applyScenario(request: APIRequestContext, name: string): Promise<Ids> {
  const answer = await request.post(`/__mock/scenario/${name}`, { data: {} });
  expect(answer.ok(), await answer.text()).toBe(true);
  return ((await answer.json()) as { ids: Ids }).ids;
}

export async function addFault(request: APIRequestContext, rule: Record<string, unknown>): Promise<number> {
  const answer = await request.post('/__mock/fault', { data: rule });
  expect(answer.ok(), await answer.text()).toBe(true);
  return ((await answer.json()) as { rule: { id: number } }).rule.id;
}

export async function clearFaults(request: APIRequestContext) {
  expect((await request.delete('/__mock/fault')).ok()).toBe(true);
}

export type Journaled = { method: string; path: string; entry: string | null; status: number; query: Record<string, string>; body: Record<string, unknown> | null };

export async function journal(request: APIRequestContext, filter: Record<string, string> = {}): Promise<Journaled[]> {
  const answer = await request.get(`/__mock/requests?${new URLSearchParams(filter)}`);
  expect(answer.ok(), await answer.text()).toBe(true);
  return ((await answer.json()) as { data: Journaled[] }).data;
}

export async function clearJournal(request: APIRequestContext) {
  expect((await request.delete('/__mock/requests')).ok()).toBe(true);
}
