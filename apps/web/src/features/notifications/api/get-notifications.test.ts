import { describe, expect, it } from 'vitest';
import { nextNotificationsPage } from './get-notifications';

const items = (count: number) =>
  Array.from({ length: count }, (_, index) => ({ id: index + 1, readed: false, created_at: '2030-01-01 10:00:00', text: 'x', extras: { type: 'trip' } }));

describe('nextNotificationsPage', () => {
  it('without meta, a full page of 25 means there may be more and a short one is the last', () => {
    expect(nextNotificationsPage({ data: items(25) }, 2)).toBe(3);
    expect(nextNotificationsPage({ data: items(24) }, 2)).toBeUndefined();
    expect(nextNotificationsPage({ data: [] }, 1)).toBeUndefined();
  });
});
