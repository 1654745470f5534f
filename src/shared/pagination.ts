import { z } from 'zod';
import { wholeNumberSchema } from './api/common-schemas';
import { MAX_PAGE } from './public-lists';

const PAGE = `page must be a whole number from 1 to ${MAX_PAGE}`;
const PER_PAGE = 'per_page must be a whole number from 1 to 100';

/** `page` and `per_page` of every list call: bounded, so no request can ask for the whole table. */
export const paginationQuerySchema = z.object({
  page: wholeNumberSchema(PAGE).pipe(z.number().min(1, PAGE).max(MAX_PAGE, PAGE)).default(1),
  per_page: wholeNumberSchema(PER_PAGE).pipe(z.number().min(1, PER_PAGE).max(100, PER_PAGE)).default(10),
});

export function pageCount(count: number, perPage: number): number {
  return Math.max(1, Math.ceil(count / perPage));
}

/** A back-office list's query: page, page size (default 10, spec section 9) and an optional search text. */
export const adminListQuerySchema = paginationQuerySchema.extend({
  search: z.string().trim().max(200, 'search is at most 200 characters').optional(),
});
