import { sql } from 'drizzle-orm';
import type { Db } from '../db/database';
import type { Job, JobLogger } from './job-runner';

const VACUUM_INTERVAL_MS = 60 * 60_000;

/**
 * Embedded PGlite runs no autovacuum (there is no background worker in it): without this, the space of
 * deleted rows (replaced and abandoned bookings with their files, sent e-mail, old sign-in attempts) would never
 * be used again and the data folder would only grow. Every hour a plain VACUUM marks it free for new rows; it
 * takes the database for its duration (PGlite runs one query at a time), which is logged. A PostgreSQL server
 * vacuums by itself.
 */
export function vacuumJob(options: { db: Db; logger: JobLogger }): Job<number> {
  return {
    name: 'vacuum',
    intervalMs: VACUUM_INTERVAL_MS,
    async run() {
      const started = performance.now();
      await options.db.execute(sql`vacuum`);
      const ms = Math.round(performance.now() - started);
      options.logger.info({ ms }, 'vacuumed the embedded database');
      return ms;
    },
  };
}
