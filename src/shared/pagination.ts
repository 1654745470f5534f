import { z } from 'zod';

/** `page` and `per_page` of every list call: bounded, so no request can ask for the whole table. */
export const paginationQuerySchema = z.object({
  page: z.coerce.number({ error: 'page must be a whole number from 1' }).int().min(1).max(100_000).default(1),
  per_page: z.coerce
    .number({ error: 'per_page must be a whole number from 1 to 100' })
    .int()
    .min(1)
    .max(100)
    .default(10),
});

export type PaginationQuery = z.infer<typeof paginationQuerySchema>;

export function pageCount(count: number, perPage: number): number {
  return Math.max(1, Math.ceil(count / perPage));
}

/** A back-office list's query: page, page size (default 10, spec section 9) and an optional search text. */
export const adminListQuerySchema = paginationQuerySchema.extend({
  search: z.string().trim().max(200, 'search is at most 200 characters').optional(),
});
