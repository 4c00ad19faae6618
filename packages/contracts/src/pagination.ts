import { z } from 'zod';
import { queryInt } from './common';
import { PAGE_SIZES } from './constants';
import { MAX_PAGE_SIZE } from './paging';

/** The provider's "fractal" paginator meta. */
export const PaginationMetaSchema = z.object({
  pagination: z.object({
    total: z.number().int().nonnegative(),
    count: z.number().int().nonnegative(),
    per_page: z.number().int().positive(),
    current_page: z.number().int().positive(),
    total_pages: z.number().int().nonnegative(),
    links: z
      .object({
        previous: z.string().optional(),
        next: z.string().optional(),
      })
      .default({}),
  }),
});
export type PaginationMeta = z.infer<typeof PaginationMetaSchema>;

/** `{ data: T[], meta: { pagination } }`, the envelope of every paged list. */
export const paginated = <T extends z.ZodType>(item: T) =>
  z.object({ data: z.array(item), meta: PaginationMetaSchema });

export type Paginated<T> = { data: T[]; meta: PaginationMeta };

// Without zod, for the web app's first load.
export { isLastPage, MAX_PAGE_SIZE } from './paging';

/** Query-string page size, 1 to MAX_PAGE_SIZE. */
export const pageSizeQuery = () => queryInt().pipe(z.number().int().min(1).max(MAX_PAGE_SIZE));

/** `page` and `page_size` of a paged list query; `page_size` defaults to the list's page size. */
export const pageQuery = (defaultSize: number = PAGE_SIZES.default) =>
  z.object({
    page: queryInt().pipe(z.number().int().min(PAGE_SIZES.firstPage)).optional(),
    page_size: pageSizeQuery().default(defaultSize),
  });

/**
 * `page` and an optional `page_size`, for lists the provider pages only when `page_size` is sent
 * (make_pagination with a null size answers every row).
 */
export const pageWhenAskedQuery = () =>
  z.object({
    page: queryInt().pipe(z.number().int().min(PAGE_SIZES.firstPage)).optional(),
    page_size: pageSizeQuery().optional(),
  });

/** The answer of such a list: the paginator when `page_size` was sent, else a collection of every row (no meta). */
export const pagedWhenAsked = <T extends z.ZodType>(item: T) =>
  z.union([paginated(item), z.object({ data: z.array(item) })]);
