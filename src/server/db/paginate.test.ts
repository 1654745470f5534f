import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../test/test-database';
import type { DatabaseHandle } from './database';
import { countCheaply, paginateFromNearerEnd, type ReadOrder } from './paginate';
import { patients } from './schema';

/** A list of `size` rows, newest first, read as the database would: in either order, with limit and offset. */
function listOf(size: number) {
  const rows = Array.from({ length: size }, (_, index) => size - index);
  const reads: { order: ReadOrder; limit: number; offset: number }[] = [];
  const read = async (order: ReadOrder, limit: number, offset: number) => {
    reads.push({ order, limit, offset });
    const ordered = order === 'forwards' ? rows : [...rows].reverse();
    return ordered.slice(offset, offset + limit);
  };
  return { rows, reads, read, count: async () => size };
}

describe('paginateFromNearerEnd', () => {
  it('answers every page of every list as slicing the whole list would', async () => {
    for (const size of [0, 1, 49, 50, 51, 999, 1000, 1001, 2345, 4000]) {
      for (const perPage of [1, 7, 50, 100]) {
        const pages = Math.max(1, Math.ceil(size / perPage));
        const list = listOf(size);
        for (const page of new Set([1, 2, pages - 1, pages, pages + 1, Math.ceil(pages / 2)])) {
          if (page < 1) continue;
          const answer = await paginateFromNearerEnd({ page, per_page: perPage }, list.count, list.read);
          expect(answer, `${size} rows, ${perPage} a page, page ${page}`).toEqual({
            items: list.rows.slice((page - 1) * perPage, page * perPage),
            count: size,
            pages,
          });
        }
      }
    }
  });

  it('reads a deep page past the middle backwards with the smaller offset, and one before it forwards', async () => {
    const list = listOf(10_000);
    await paginateFromNearerEnd({ page: 200, per_page: 50 }, list.count, list.read);
    expect(list.reads.at(-1)).toEqual({ order: 'backwards', limit: 50, offset: 0 });
    await paginateFromNearerEnd({ page: 150, per_page: 50 }, list.count, list.read);
    expect(list.reads.at(-1)).toEqual({ order: 'backwards', limit: 50, offset: 2500 });
    await paginateFromNearerEnd({ page: 60, per_page: 50 }, list.count, list.read);
    expect(list.reads.at(-1)).toEqual({ order: 'forwards', limit: 50, offset: 2950 });
    const reads = list.reads.length;
    await paginateFromNearerEnd({ page: 300, per_page: 50 }, list.count, list.read);
    expect(list.reads.length).toBe(reads);
  });
});

describe('countCheaply', () => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await createTestDatabase();
    await database.db.execute(sql`
      insert into patients (first_name, last_name, phone, is_adult)
      select 'Counted' || i, case when i <= 40 then 'Few' else 'Many' end, '01 555 0000', true
      from generate_series(1, 400) i`);
    await database.db.execute(sql`analyze patients`);
  });
  afterAll(() => database.close());

  const rowsOf = (lastName: string) => () =>
    database.db.select({ one: sql`1` }).from(patients).where(eq(patients.lastName, lastName)).$dynamic();

  it('counts exactly up to its limit', async () => {
    expect(await countCheaply(database.db, rowsOf('Few'), 100)).toBe(40);
    expect(await countCheaply(database.db, rowsOf('Nobody'), 100)).toBe(0);
    expect(await countCheaply(database.db, rowsOf('Many'), 360)).toBe(360);
  });

  it("answers the planner's estimate beyond its limit, never the limit or less", async () => {
    const estimate = await countCheaply(database.db, rowsOf('Many'), 100);
    expect(estimate).toBeGreaterThan(100);
    expect(estimate).toBeGreaterThan(360 * 0.5);
    expect(estimate).toBeLessThan(360 * 1.5);
    expect(await countCheaply(database.db, rowsOf('Many'), 359)).toBeGreaterThanOrEqual(360);
  });
});
