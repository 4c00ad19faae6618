import { z } from 'zod';

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

/** True when `page` is the last one (or beyond): paged lists stop appending there. */
export function isLastPage(meta: PaginationMeta): boolean {
  return meta.pagination.current_page >= meta.pagination.total_pages;
}
