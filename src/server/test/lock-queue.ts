import { sql } from 'drizzle-orm';
import type { DatabaseHandle, Db } from '../db/database';
import { waitFor } from './server-process';

/** How many sessions of this database are waiting for a lock now. */
async function sessionsWaiting(db: Db): Promise<number> {
  // node-postgres answers a raw query as { rows }. A session waiting for a row another transaction holds waits
  // on that transaction's id, a lock of no database: the session's own database is read from pg_stat_activity.
  const { rows } = (await db.execute(sql`
    select count(distinct l.pid)::int as n from pg_locks l join pg_stat_activity a on a.pid = l.pid
    where not l.granted and a.datname = current_database()`)) as unknown as { rows: { n: number }[] };
  return Number(rows[0]?.n ?? 0);
}

/**
 * Queues `requests` for a row lock the test holds: `lock` takes it in a transaction of the test's own, then each
 * request is started once the ones before it are seen waiting for a lock, and the lock is let go when all wait. On
 * PostgreSQL they then take the row in the order they were started, each after the one before has committed: the
 * race a Promise.all hits only now and then, where a statement waits for a row that another transaction changes
 * meanwhile, and PostgreSQL checks the row's new version again (EvalPlanQual). PGlite runs one statement at a time
 * and cannot hold a lock while others wait for it: there the requests run together, as in a Promise.all.
 */
export async function inLockQueue<T>(
  database: DatabaseHandle,
  lock: (tx: Db) => Promise<unknown>,
  requests: readonly (() => Promise<T>)[],
): Promise<T[]> {
  if (database.kind !== 'postgres') return Promise.all(requests.map((request) => request()));
  const started: Promise<T>[] = [];
  await database.db.transaction(async (tx) => {
    await lock(tx);
    for (const request of requests) {
      started.push(request());
      // Answered below; a request refused before it waits must not be an unhandled rejection meanwhile.
      void started.at(-1)?.catch(() => undefined);
      const queued = started.length;
      await waitFor(
        async () => ((await sessionsWaiting(database.db)) >= queued ? true : undefined),
        `${queued} request(s) to wait for the locked row`,
        15_000,
      );
    }
  });
  return Promise.all(started);
}
