import { endpointList } from '@carpool/contracts/registry';
import { ContractError, parseAnswer } from './contract-error';
import { reportClientError } from './error-reporting';

// The full registry with its zod schemas. Production builds load this module after the first render
// (api-client.ts); the first load carries only the route table.
const responsesById = new Map(endpointList.map((endpoint) => [endpoint.id, endpoint.responses]));

function check(endpointId: string, status: number, answer: unknown): unknown {
  const responses = responsesById.get(endpointId);
  if (!responses) throw new ContractError(endpointId, status, answer, [], 'not in the registry');
  return parseAnswer(responses, endpointId, status, answer);
}

function checkInBackground(endpointId: string, status: number, answer: unknown): void {
  try {
    check(endpointId, status, answer);
  } catch (error) {
    console.error(error);
    reportClientError(error, { endpoint: endpointId, status });
  }
}

export { check, checkInBackground };
