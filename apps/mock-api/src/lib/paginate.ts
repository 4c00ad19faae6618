import { PAGE_SIZES, type PaginationMeta } from '@carpool/contracts';

export const MAX_PAGE_SIZE = 100;

/** page/page_size from a query, with the provider's defaults and a sane ceiling. */
export function pageOf(query: { page?: number; next?: number; page_size?: number }, defaultSize: number = PAGE_SIZES.default) {
  const page = Math.max(1, query.next ?? query.page ?? 1);
  const perPage = Math.min(MAX_PAGE_SIZE, Math.max(1, query.page_size ?? defaultSize));
  return { page, perPage, offset: (page - 1) * perPage };
}

/** The fractal paginator meta, with previous/next links that keep the rest of the query. */
export function paginationMeta(options: {
  total: number;
  count: number;
  page: number;
  perPage: number;
  url: string;
}): PaginationMeta {
  const totalPages = Math.ceil(options.total / options.perPage);
  return {
    pagination: {
      total: options.total,
      count: options.count,
      per_page: options.perPage,
      current_page: options.page,
      total_pages: totalPages,
      links: {
        ...(options.page > 1 ? { previous: pageLink(options.url, options.page - 1) } : {}),
        ...(options.page < totalPages ? { next: pageLink(options.url, options.page + 1) } : {}),
      },
    },
  };
}

/**
 * `JSON.stringify(paginationMeta(options))`, written directly (issue 15: the search writes one per
 * answer, and the object and its stringification were 3 % of a search). Tested against it.
 */
export function paginationMetaJson(options: Parameters<typeof paginationMeta>[0]): string {
  const { total, count, page, perPage, url } = options;
  const totalPages = Math.ceil(total / perPage);
  const previous = page > 1 ? `"previous":${JSON.stringify(pageLink(url, page - 1))}` : '';
  const next = page < totalPages ? `"next":${JSON.stringify(pageLink(url, page + 1))}` : '';
  const links = previous && next ? `${previous},${next}` : previous || next;
  // Whole numbers (a page size is at least 1): written as JSON writes them.
  return `{"pagination":{"total":${total},"count":${count},"per_page":${perPage},"current_page":${page},"total_pages":${totalPages},"links":{${links}}}}`;
}

/** A path and query of plain characters only, each pair `name=value`: see `pageLink`. */
const PLAIN_PATH = /^(?:\/[A-Za-z0-9_-]+)+\/?$/;
const PLAIN_PAIR = /^[A-Za-z0-9*._-]+=[A-Za-z0-9*._-]*$/;

/**
 * `url` (a request's path and query) asking for `page` instead, without `next`: the query is parsed
 * and written again as URLSearchParams does (set `page`, delete `next`). When the path and every
 * pair are plain characters that its encoding keeps as they are (the usual search, a few numbers and
 * dates), the same text is built by splitting the string, which costs a tenth of parsing a URL.
 */
export function pageLink(url: string, page: number): string {
  const at = url.indexOf('?');
  const path = at < 0 ? url : url.slice(0, at);
  const pairs = at < 0 || at === url.length - 1 ? [] : url.slice(at + 1).split('&');
  if (PLAIN_PATH.test(path) && pairs.every((pair) => PLAIN_PAIR.test(pair))) {
    const kept: string[] = [];
    let paged = false;
    for (const pair of pairs) {
      const name = pair.slice(0, pair.indexOf('='));
      if (name === 'next') continue;
      if (name !== 'page') kept.push(pair);
      else if (!paged) {
        kept.push(`page=${page}`);
        paged = true;
      }
    }
    if (!paged) kept.push(`page=${page}`);
    return `${path}?${kept.join('&')}`;
  }
  const parsed = new URL(url, 'http://mock.local');
  parsed.searchParams.set('page', String(page));
  parsed.searchParams.delete('next');
  return `${parsed.pathname}${parsed.search}`;
}
