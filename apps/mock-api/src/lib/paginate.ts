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
  // One parse of the URL for both links (a URL costs more than the rest of the meta).
  let url: URL | undefined;
  const link = (page: number) => {
    url ??= new URL(options.url, 'http://mock.local');
    url.searchParams.set('page', String(page));
    url.searchParams.delete('next');
    return `${url.pathname}${url.search}`;
  };
  return {
    pagination: {
      total: options.total,
      count: options.count,
      per_page: options.perPage,
      current_page: options.page,
      total_pages: totalPages,
      links: {
        ...(options.page > 1 ? { previous: link(options.page - 1) } : {}),
        ...(options.page < totalPages ? { next: link(options.page + 1) } : {}),
      },
    },
  };
}
