import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../db/database';
import { files } from '../db/schema';
import { createTestDatabase } from '../test/test-database';
import { vacuumJob } from './vacuum-job';

let database: DatabaseHandle;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

const filesSize = async () => {
  const { rows } = (await database.db.execute(
    sql`select pg_total_relation_size('files') as bytes`,
  )) as unknown as { rows: { bytes: string | number }[] };
  return Number(rows[0]?.bytes);
};

const storeFile = async () => {
  const bytes = randomBytes(4 * 1024 * 1024);
  const [row] = await database.db
    .insert(files)
    .values({
      bytes,
      sha256: 'x',
      mimeType: 'application/pdf',
      sizeBytes: bytes.length,
      originalName: 'a.pdf',
    })
    .returning({ id: files.id });
  return row!.id;
};

describe('the vacuum job', () => {
  it('lets the space of deleted files be used again, so replacing a file does not grow the database', async () => {
    const logged: unknown[] = [];
    const job = vacuumJob({
      db: database.db,
      logger: { info: (details: unknown) => logged.push(details), warn() {}, error() {} },
    });
    let current = await storeFile();
    const withOne = await filesSize();
    for (let round = 0; round < 3; round += 1) {
      await database.db.delete(files).where(eq(files.id, current));
      await job.run();
      current = await storeFile();
    }
    // Three files deleted and three stored since: about the size of one, not of four.
    expect(await filesSize()).toBeLessThan(withOne * 2);
    expect(logged).toHaveLength(3);
    expect(logged[0]).toEqual({ ms: expect.any(Number) });
  });
});
