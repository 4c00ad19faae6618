import { describe, expect, it } from 'vitest';
import { pageLink, pageOf, paginationMeta, paginationMetaJson } from './paginate';

describe('paginationMeta', () => {
  it('links the previous and next pages, keeping the rest of the query and dropping `next`', () => {
    const meta = paginationMeta({ total: 45, count: 20, page: 2, perPage: 20, url: '/api/trips?origin_lat=-34.6&page=2&next=2&date=2026-12-01' });
    expect(meta.pagination).toEqual({
      total: 45,
      count: 20,
      per_page: 20,
      current_page: 2,
      total_pages: 3,
      links: { previous: '/api/trips?origin_lat=-34.6&page=1&date=2026-12-01', next: '/api/trips?origin_lat=-34.6&page=3&date=2026-12-01' },
    });
  });

  it('adds the page when the query had none, and has no link past either end', () => {
    expect(paginationMeta({ total: 30, count: 20, page: 1, perPage: 20, url: '/api/trips?date=2026-12-01' }).pagination.links).toEqual({
      next: '/api/trips?date=2026-12-01&page=2',
    });
    expect(paginationMeta({ total: 30, count: 10, page: 2, perPage: 20, url: '/api/trips?page=2' }).pagination.links).toEqual({ previous: '/api/trips?page=1' });
    expect(paginationMeta({ total: 0, count: 0, page: 1, perPage: 20, url: '/api/trips' }).pagination).toMatchObject({ total_pages: 0, links: {} });
  });

  it('is written as JSON exactly as JSON.stringify writes the object', () => {
    const urls = ['/api/trips', '/api/trips?page=2&date=2026-12-01', '/api/trips?origin_name=San+Juan&next=3', '/api/trips?q="x"&page=1', '/api/tr%C3%ADps?a=\\b'];
    let compared = 0;
    for (const url of urls) {
      for (const total of [0, 1, 19, 20, 21, 45, 200, 201, 10_000]) {
        for (const perPage of [1, 3, 20, 100]) {
          for (const page of [1, 2, 3, 7, 500]) {
            const options = { total, count: Math.max(0, Math.min(perPage, total - (page - 1) * perPage)), page, perPage, url };
            expect(paginationMetaJson(options)).toBe(JSON.stringify(paginationMeta(options)));
            compared++;
          }
        }
      }
    }
    expect(compared).toBe(urls.length * 9 * 4 * 5);
  });

  it('reads page and page_size with the defaults and the ceiling', () => {
    expect(pageOf({})).toMatchObject({ page: 1, offset: 0 });
    expect(pageOf({ page: 3, page_size: 500 })).toEqual({ page: 3, perPage: 100, offset: 200 });
    expect(pageOf({ next: 2, page: 5, page_size: 10 })).toEqual({ page: 2, perPage: 10, offset: 10 });
  });
});

describe('pageLink', () => {
  /** What the links were before the plain-text path: the URL parsed and written again. */
  const viaUrl = (url: string, page: number) => {
    const parsed = new URL(url, 'http://mock.local');
    parsed.searchParams.set('page', String(page));
    parsed.searchParams.delete('next');
    return `${parsed.pathname}${parsed.search}`;
  };

  it('writes the same link as URLSearchParams for every kind of query', () => {
    const paths = ['/api/trips', '/api/trips/', '/api/users/7/trips', '/api/./trips', '//api//trips', '/api/tr%C3%ADps', '/api/trips#x'];
    const pairs = [
      'origin_lat=-34.607570001', 'destination_lng=-60.66154', 'date=2026-12-01', 'page=2', 'page=3', 'next=4', 'next=',
      'page_size=10', 'origin_name=Buenos%20Aires', 'origin_name=San+Juan', 'a=b=c', 'flag', '', 'x=%2c', 'q=*._-', 'ñ=1', 'sp ace=1',
    ];
    const random = (() => {
      let seed = 7;
      return (n: number) => ((seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648), seed % n);
    })();
    let compared = 0;
    for (const path of paths) {
      for (let i = 0; i < 300; i++) {
        const query = Array.from({ length: random(6) }, () => pairs[random(pairs.length)]!).join('&');
        const url = random(5) === 0 ? path : `${path}?${query}`;
        const page = 1 + random(4);
        expect(pageLink(url, page), url).toBe(viaUrl(url, page));
        compared++;
      }
    }
    expect(compared).toBe(paths.length * 300);
  });
});
