import { describe, expect, it } from 'vitest';
import { nextNotificationsPage } from './get-notifications';

const meta = (current_page: number, total_pages: number) => ({
  pagination: { total: total_pages * 25, count: 25, per_page: 25, current_page, total_pages, links: {} },
});
const items = (count: number) =>
  Array.from({ length: count }, (_, index) => ({ id: index + 1, readed: false, created_at: '2030-01-01 10:00:00', text: 'x', type: 'trip' as const, extras: {} }));

describe('nextNotificationsPage', () => {
  it('appends the next page until the last one', () => {
    expect(nextNotificationsPage({ data: items(25), meta: meta(1, 3) }, 1)).toBe(2);
    expect(nextNotificationsPage({ data: items(25), meta: meta(3, 3) }, 3)).toBeUndefined();
    expect(nextNotificationsPage({ data: [], meta: meta(1, 0) }, 1)).toBeUndefined();
  });

  it('without meta (the provider), a full page of 25 means there may be more', () => {
    expect(nextNotificationsPage({ data: items(25) }, 2)).toBe(3);
    expect(nextNotificationsPage({ data: items(24) }, 2)).toBeUndefined();
  });
});
