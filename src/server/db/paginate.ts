import { type AnyColumn, ilike, or, type SQL } from 'drizzle-orm';
import { pageCount } from '../../shared/pagination';

export interface PageRequest {
  page: number;
  per_page: number;
}

export interface Page<T> {
  items: T[];
  count: number;
  pages: number;
}

/**
 * One page of a list query and the total it pages through, read together:
 * `paginate(query, db.$count(table, where), request)` with `query` already filtered and ordered.
 */
export async function paginate<T>(
  query: { limit(limit: number): { offset(offset: number): PromiseLike<T[]> } },
  total: PromiseLike<number>,
  { page, per_page }: PageRequest,
): Promise<Page<T>> {
  const [items, count] = await Promise.all([query.limit(per_page).offset((page - 1) * per_page), total]);
  return { items, count, pages: pageCount(count, per_page) };
}

/**
 * A search box's condition: any of `columns` contains `text`, ignoring case, with `%`, `_` and `\`
 * matching themselves. No text, no condition.
 */
export function containsText(text: string | undefined, ...columns: AnyColumn[]): SQL | undefined {
  if (!text) return undefined;
  const pattern = `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
  return or(...columns.map((column) => ilike(column, pattern)));
}
