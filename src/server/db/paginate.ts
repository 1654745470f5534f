import { type AnyColumn, ilike, or, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import { pageCount } from '../../shared/pagination';
import { type Db, queryRows, type RawStatement } from './database';

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

/** `paginatePrepared` straight on the driver (`queryRows`): rows keyed by column name, for the caller to shape. */
export async function paginateRows<Row>(
  db: Db,
  statements: { items: RawStatement; count: RawStatement },
  { page, per_page }: PageRequest,
): Promise<Page<Row>> {
  const [items, [total]] = await Promise.all([
    queryRows<Row>(db, statements.items, { limit: per_page, offset: (page - 1) * per_page }),
    queryRows<{ count: string | number }>(db, statements.count),
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
  const pattern = containsPattern(text);
  return or(...columns.map((column) => ilike(column, pattern)));
}

/** The `ilike` pattern of 'contains `text`': `%`, `_` and `\` in it match themselves. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

/** The order a list's page is read in: its own (newest first), or backwards from its end. */
export type ReadOrder = 'forwards' | 'backwards';

/**
 * Pages nearer the start than this many rows are read at once beside the count; deeper ones wait for it, to
 * be read from the nearer end.
 */
const NEAR_THE_START = 1_000;

/**
 * One page of a long list and its total, cheap at any depth: `read(order, limit, offset)` reads `limit` rows
 * after skipping `offset`, in the list's own order ('forwards') or the reverse ('backwards'; both orders must
 * be total, e.g. `created_at desc, id desc` and `created_at asc, id asc`), and `count` counts the list.
 * An offset costs the rows it skips, so a page past the middle is read backwards from the end with the
 * smaller offset, and turned round. A page near the start is read beside the count.
 */
export async function paginateFromNearerEnd<T>(
  { page, per_page }: PageRequest,
  count: () => PromiseLike<number>,
  read: (order: ReadOrder, limit: number, offset: number) => PromiseLike<T[]>,
): Promise<Page<T>> {
  const offset = (page - 1) * per_page;
  if (offset < NEAR_THE_START) {
    const [items, total] = await Promise.all([read('forwards', per_page, offset), count()]);
    return { items, count: total, pages: pageCount(total, per_page) };
  }
  const total = await count();
  const result = (items: T[]) => ({ items, count: total, pages: pageCount(total, per_page) });
  if (offset >= total) return result([]);
  if (offset <= total / 2) return result(await read('forwards', per_page, offset));
  const end = Math.min(offset + per_page, total);
  return result((await read('backwards', end - offset, total - end)).reverse());
}

/** Rows a list's total is counted one by one up to; beyond, the database's estimate will do. */
const EXACT_COUNT_LIMIT = 10_000;

/**
 * How many rows a query finds, at a cost that does not grow with them: `rows()` (a new select of the list's rows,
 * e.g. `db.select({ one: sql`1` }).from(table).where(where)`) is counted exactly up to `exactUpTo`, and beyond
 * that the query planner's estimate stands in, never below `exactUpTo + 1`. Counting each of hundreds of
 * thousands of rows (a long audit log, a search that matches nearly everyone) would cost more than the page it
 * belongs to; past ten thousand rows a total is a size, not a figure anyone checks.
 */
export async function countCheaply(
  db: Db,
  rows: () => SQLWrapper & { limit(limit: number): SQLWrapper },
  exactUpTo = EXACT_COUNT_LIMIT,
): Promise<number> {
  const counted = (await db.execute(
    sql`select count(*)::int as count from (${rows().limit(exactUpTo + 1)}) counted`,
  )) as unknown as { rows: { count: number | string }[] };
  const exact = Number(counted.rows[0]?.count ?? 0);
  if (exact <= exactUpTo) return exact;
  const explained = (await db.execute(sql`explain (format json) ${rows()}`)) as unknown as {
    rows: Record<string, unknown>[];
  };
  const plan = Object.values(explained.rows[0] ?? {})[0];
  const parsed = (typeof plan === 'string' ? JSON.parse(plan) : plan) as [{ Plan: { 'Plan Rows': number } }];
  return Math.max(exactUpTo + 1, Math.round(parsed[0]?.Plan['Plan Rows'] ?? 0));
}
