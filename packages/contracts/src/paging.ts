import { PAGE_SIZES } from './constants';

/** True when `page` is the last one (or beyond): paged lists stop appending there. */
export function isLastPage(meta: { pagination: { current_page: number; total_pages: number } }): boolean {
  return meta.pagination.current_page >= meta.pagination.total_pages;
}

/** The largest page a client may ask for: the largest page size the spec names (ratings). */
export const MAX_PAGE_SIZE = PAGE_SIZES.ratings;

