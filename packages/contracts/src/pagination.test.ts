import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { PAGE_SIZES } from './constants';
import { MAX_PAGE_SIZE, isLastPage, pageQuery, paginated } from './pagination';

const envelope = (currentPage: number, totalPages: number) => ({
  data: [{ id: 1 }, { id: 2 }],
  meta: {
    pagination: {
      total: 42,
      count: 2,
      per_page: 20,
      current_page: currentPage,
      total_pages: totalPages,
      links: { next: 'https://example.com/api/trips?page=2' },
    },
  },
});

describe('fractal pagination envelope', () => {
  const page = paginated(z.object({ id: z.number() }));

  it('parses a page and tells whether it is the last', () => {
    const first = page.parse(envelope(1, 3));
    expect(first.data).toHaveLength(2);
    expect(isLastPage(first.meta)).toBe(false);
    expect(isLastPage(page.parse(envelope(3, 3)).meta)).toBe(true);
    // An empty list has no pages.
    expect(isLastPage(page.parse({ ...envelope(1, 0), data: [] }).meta)).toBe(true);
  });

  it('defaults missing links and refuses a broken envelope', () => {
    const withoutLinks = envelope(1, 1);
    delete (withoutLinks.meta.pagination as { links?: unknown }).links;
    expect(page.parse(withoutLinks).meta.pagination.links).toEqual({});
    expect(page.safeParse({ data: [] }).success).toBe(false);
    expect(page.safeParse({ ...envelope(0, 1) }).success).toBe(false);
  });

  it('reads page queries from the query string', () => {
    expect(pageQuery().parse({})).toEqual({ page_size: PAGE_SIZES.default });
    expect(pageQuery(PAGE_SIZES.notifications).parse({ page: '3', page_size: '10' })).toEqual({
      page: 3,
      page_size: 10,
    });
    expect(pageQuery().safeParse({ page_size: String(MAX_PAGE_SIZE + 1) }).success).toBe(false);
    expect(pageQuery().safeParse({ page: 'dos' }).success).toBe(false);
  });
});
