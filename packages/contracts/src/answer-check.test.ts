import { describe, expect, it } from 'vitest';
import { checkAnswer } from './answer-check';
import { endpoints } from './endpoints';

describe('checkAnswer (web client and contract:check)', () => {
  const { responses } = endpoints.trips.sealingInfo;
  const good = { success: true, data: { trip_creation_payment_enabled: false, free_trips_amount: 2, trips_created_by_user_amount: 1, user_over_free_limit: false } };

  it('passes an answer that matches its status', () => {
    expect(checkAnswer(responses, 200, good)).toMatchObject({ ok: true });
  });

  it('names what differs, and refuses a status the entry does not declare', () => {
    const drifted = checkAnswer(responses, 200, good.data);
    expect(drifted.ok).toBe(false);
    if (!drifted.ok) expect(drifted.detail).toContain('success');
    expect(checkAnswer(responses, 418, good)).toEqual({ ok: false, issues: [], detail: 'status 418 is not declared' });
  });
});
