import { randomBytes } from 'node:crypto';
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { inArray, sql } from 'drizzle-orm';
import { inject } from 'vitest';
import { unsettledPaymentStatuses } from '../../shared/payment-states';
import { type DatabaseHandle, openDatabase } from '../db/database';
import { payments } from '../db/schema';
import { onServer } from './test-database';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A migrated PGlite data folder to copy, made once per run by `failure-test-setup.ts`. */
    pgliteFolderTemplate: string;
  }
}

/**
 * The data of a real server process (`startServerProcess`) that outlives it, for the tests that stop a server and
 * start it again: a PostgreSQL database of its own on `serverUrl`, or a PGlite folder in a temporary directory.
 * A PGlite folder is opened here only while no server runs on it (one process per folder).
 */
export interface ServerStore {
  kind: 'pglite' | 'postgres';
  /** The server's environment for this data (DATABASE_URL, or DATA_DIR). */
  env: Record<string, string>;
  withDb<T>(work: (db: DatabaseHandle['db']) => Promise<T>): Promise<T>;
  drop(): Promise<void>;
}

/**
 * A new store: a PostgreSQL database on `serverUrl` when given (`TEST_DATABASE_URL`), else a PGlite folder, a copy
 * of the run's migrated one when there is one.
 */
export async function newServerStore(serverUrl?: string): Promise<ServerStore> {
  if (serverUrl) {
    const name = `failure_${randomBytes(6).toString('hex')}`;
    await onServer(serverUrl, `create database "${name}"`);
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    let handle: DatabaseHandle | undefined;
    return {
      kind: 'postgres',
      env: { DATABASE_URL: url.toString() },
      async withDb(work) {
        handle ??= await openDatabase({ databaseUrl: url.toString() });
        return work(handle.db);
      },
      async drop() {
        await handle?.close();
        await onServer(serverUrl, `drop database if exists "${name}" with (force)`);
      },
    };
  }
  const folder = await mkdtemp(path.join(tmpdir(), 'clinic-failure-'));
  const dataDir = path.join(folder, 'db');
  // Without the run's migrated copy (another config), the first server creates the database itself.
  const template = inject('pgliteFolderTemplate');
  if (template) await cp(template, dataDir, { recursive: true });
  return {
    kind: 'pglite',
    env: { DATA_DIR: dataDir, DATABASE_URL: '' },
    async withDb(work) {
      const handle = await openDatabase({ dataDir });
      try {
        return await work(handle.db);
      } finally {
        await handle.close();
      }
    },
    drop: () => rm(folder, { recursive: true, force: true }),
  };
}

/**
 * Moves the turn of every unsettled payment to now, as if the two minutes of grace a webhook gets had passed:
 * the settlement job of the next server takes them at its first run.
 */
export const settlementDueNow = (store: ServerStore) =>
  store.withDb((db) =>
    db
      .update(payments)
      .set({ settleAfter: sql`now()` })
      .where(inArray(payments.status, [...unsettledPaymentStatuses])),
  );
