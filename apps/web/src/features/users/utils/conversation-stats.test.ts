import { describe, expect, it } from 'vitest';
import { replyTimeBucket, responseRate } from './conversation-stats';

const hours = (value: number, answered = 1) => ({ conversation_answered_count: answered, answer_delay_sum: value * 3600 * answered });

describe('conversation stats (spec document 2 §9)', () => {
  it('puts the average reply delay in its bucket', () => {
    expect(replyTimeBucket(hours(25))).toBe('moreThanADay');
    expect(replyTimeBucket(hours(24))).toBe('sameDay');
    expect(replyTimeBucket(hours(13, 4))).toBe('sameDay');
    expect(replyTimeBucket(hours(12))).toBe('coupleOfHours');
    expect(replyTimeBucket(hours(2))).toBe('coupleOfHours');
    expect(replyTimeBucket(hours(1))).toBe('immediate');
    expect(replyTimeBucket(hours(0.1))).toBe('immediate');
    expect(replyTimeBucket({ conversation_answered_count: 0, answer_delay_sum: 0 })).toBe('noData');
    expect(replyTimeBucket({})).toBe('noData');
    // The provider's nullable columns (users_messages_limit migration).
    expect(replyTimeBucket({ conversation_answered_count: 4, answer_delay_sum: null })).toBe('noData');
    expect(replyTimeBucket({ conversation_answered_count: null, answer_delay_sum: null })).toBe('noData');
  });

  it('answered over opened conversations, as a percentage', () => {
    expect(responseRate({ conversation_answered_count: 8, conversation_opened_count: 10 })).toBe(80);
    expect(responseRate({ conversation_answered_count: 2, conversation_opened_count: 3 })).toBe(67);
    expect(responseRate({ conversation_answered_count: null, conversation_opened_count: null })).toBe(null);
    expect(responseRate({ conversation_answered_count: 0, conversation_opened_count: 0 })).toBeNull();
  });
});
