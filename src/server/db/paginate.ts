import { type AnyColumn, ilike, or, type SQL, sql } from 'drizzle-orm';
import { pageCount } from '../../shared/pagination';
import type { Db } from './database';

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

/** The placeholders of a prepared page query: `.limit(PAGE_LIMIT).offset(PAGE_OFFSET)`. */
export const PAGE_LIMIT = sql.placeholder('limit');
export const PAGE_OFFSET = sql.placeholder('offset');

/** A list's two prepared statements: one page (`PAGE_LIMIT`, `PAGE_OFFSET`) and the total. */
export interface PreparedPage<T> {
  items: { execute(placeholders: { limit: number; offset: number }): Promise<T[]> };
  count: { execute(): Promise<{ count: number }[]> };
}

/**
 * `paginate` for a hot list whose query never changes: Drizzle builds the SQL text once, and on
 * PostgreSQL each pooled connection parses and plans the named statement once.
 */
export async function paginatePrepared<T>(prepared: PreparedPage<T>, { page, per_page }: PageRequest) {
  const [items, [total]] = await Promise.all([
    prepared.items.execute({ limit: per_page, offset: (page - 1) * per_page }),
    prepared.count.execute(),
  ]);
  const count = Number(total?.count ?? 0);
  return { items, count, pages: pageCount(count, per_page) };
}

/**
 * Prepared statements (or any state of one database's) belong to the database handle they were made on:
 * `prepare` runs once per handle (the app's, or each test's), its result kept as long as the handle.
 */
export function preparedPerDatabase<T>(prepare: (db: Db) => T): (db: Db) => T {
  const made = new WeakMap<Db, T>();
  return (db) => {
    let statements = made.get(db);
    if (!statements) {
      statements = prepare(db);
      made.set(db, statements);
    }
    return statements;
  };
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
