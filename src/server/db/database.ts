import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { sql } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { projectRoot } from '../project-root';
import * as schema from './schema';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface DatabaseHandle {
  db: Db;
  kind: 'pglite' | 'postgres';
  ping(): Promise<void>;
  close(): Promise<void>;
}

const MIGRATIONS_FOLDER = path.join(projectRoot, 'src', 'server', 'db', 'migrations');

/** Any constant shared by every instance of the app; it names the lock that serialises migrations. */
const MIGRATION_LOCK_KEY = 72_410_917_341;

/**
 * PGlite's own start parameters plus a smaller buffer cache: PostgreSQL's default 128 MB of shared buffers
 * live in PGlite's WebAssembly memory and cost about 135 MB of resident memory from the start; 16 MB holds
 * the clinic's hot tables, and the operating system's file cache keeps the rest of the data folder close.
 */
export const PGLITE_START_PARAMS = [...PGlite.defaultStartParams, '-c', 'shared_buffers=16MB'];

type Driver = { kind: 'pglite'; client: PGlite } | { kind: 'postgres'; pool: pg.Pool };

// Keyed by the drizzle instance, so a wrapped handle (e.g. the tests' one) still finds its driver.
const drivers = new WeakMap<Db, Driver>();

/**
 * Opens the database: a PostgreSQL server through a pool when `databaseUrl` is given, otherwise embedded
 * PGlite persisted in `dataDir` (in memory when `dataDir` is undefined).
 */
export async function openDatabase(options: {
  databaseUrl?: string;
  dataDir?: string;
  /** PGlite only: start from this dump of a data folder (tests start from one migrated copy). */
  loadDataDir?: Blob;
}): Promise<DatabaseHandle> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl);
  return openPglite(options.dataDir, options.loadDataDir);
}

const BYTEA_OID = 17;

/**
 * bytea through Node's Buffer hex codec: PGlite's own maps every byte through a JavaScript function, which
 * blocked the server for 6 to 11 s writing a 10 MB upload and 3 to 5 s reading it back (now 1.5 s and
 * 0.25 s on a busy machine). Reads answer a Buffer, as node-postgres does.
 */
const byteaCodec = {
  serializers: {
    [BYTEA_OID]: (value: unknown) => {
      if (!(value instanceof Uint8Array)) throw new TypeError('bytea parameter must be bytes');
      return `\\x${Buffer.from(value.buffer, value.byteOffset, value.byteLength).toString('hex')}`;
    },
  },
  parsers: {
    [BYTEA_OID]: (text: string) => {
      // PostgreSQL's default bytea_output; the escape format would silently decode to the wrong bytes.
      if (!text.startsWith('\\x')) throw new TypeError('bytea must come in the hex format');
      return Buffer.from(text.slice(2), 'hex');
    },
  },
};

async function openPglite(dataDir: string | undefined, loadDataDir?: Blob): Promise<DatabaseHandle> {
  let directory: string | undefined;
  if (dataDir !== undefined) {
    directory = path.resolve(dataDir);
    await mkdir(path.dirname(directory), { recursive: true });
  }
  // btree_gist: the slots' exclusion constraint compares booleans in a GiST index (migration 0002).
  const extensions = { btree_gist };
  const client = await PGlite.create(directory, {
    extensions,
    ...byteaCodec,
    startParams: PGLITE_START_PARAMS,
    ...(loadDataDir ? { loadDataDir } : {}),
  });
  const db: Db = drizzlePglite({ client, schema });
  drivers.set(db, { kind: 'pglite', client });
  let closed = false;
  return {
    db,
    kind: 'pglite',
    async ping() {
      await db.execute(sql`select 1`);
    },
    async close() {
      if (closed) return;
      closed = true;
      await client.close();
    },
  };
}

async function openPostgres(databaseUrl: string): Promise<DatabaseHandle> {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 10 });
  // An idle client losing its connection emits 'error' on the pool; unhandled, that would end the process.
  pool.on('error', (error) => {
    console.error(`PostgreSQL idle client error: ${error.message}`);
  });
  const db: Db = drizzleNodePg({ client: pool, schema });
  drivers.set(db, { kind: 'postgres', pool });
  let closed = false;
  return {
    db,
    kind: 'postgres',
    async ping() {
      await db.execute(sql`select 1`);
    },
    async close() {
      if (closed) return;
      closed = true;
      await pool.end();
    },
  };
}

/** A PGlite database's data folder as an uncompressed tar, for `openDatabase({ loadDataDir })`. */
export async function dumpPgliteDataDir(handle: DatabaseHandle): Promise<Blob> {
  const driver = drivers.get(handle.db);
  if (driver?.kind !== 'pglite') throw new Error('dumpPgliteDataDir: not a PGlite handle');
  return driver.client.dumpDataDir('none');
}

/** Applies the SQL migrations that have not run yet; safe when several instances start at once. */
export async function migrateDatabase(handle: DatabaseHandle): Promise<void> {
  const driver = drivers.get(handle.db);
  if (!driver) throw new Error('migrateDatabase: not a handle made by openDatabase');

  if (driver.kind === 'pglite') {
    await migratePglite(drizzlePglite({ client: driver.client }), { migrationsFolder: MIGRATIONS_FOLDER });
    return;
  }

  // Drizzle's migrator takes no lock: hold a session advisory lock on one dedicated connection meanwhile.
  const client = await driver.pool.connect();
  let broken: Error | undefined;
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    try {
      await migrateNodePg(drizzleNodePg({ client }), { migrationsFolder: MIGRATIONS_FOLDER });
    } finally {
      await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
    }
  } catch (error) {
    broken = error instanceof Error ? error : new Error(String(error));
    throw error;
  } finally {
    // A connection that failed mid-way may still hold the lock: destroy it rather than return it to the pool.
    client.release(broken);
  }
}

/** Sends a PostgreSQL notification on `channel` to every instance listening on this database. */
export async function notifyChannel(handle: DatabaseHandle, channel: string, payload: string): Promise<void> {
  await handle.db.execute(sql`select pg_notify(${channel}, ${payload})`);
}

export interface ChannelListener {
  onMessage(payload: string): void;
  /** False when the listening connection is lost (notifications may be missed until it is back), true again after. */
  onConnectionChange?(connected: boolean): void;
}

/**
 * Listens on a PostgreSQL notification channel: on a PostgreSQL server with one dedicated connection (outside
 * the pool), reconnected with a growing delay when it is lost; on PGlite in-process.
 */
export async function listenToChannel(
  handle: DatabaseHandle,
  channel: string,
  listener: ChannelListener,
): Promise<{ close(): Promise<void> }> {
  const driver = drivers.get(handle.db);
  if (!driver) throw new Error('listenToChannel: not a handle made by openDatabase');
  if (driver.kind === 'pglite') {
    const unsubscribe = await driver.client.listen(channel, (payload) => listener.onMessage(payload));
    return {
      async close() {
        await unsubscribe().catch(() => undefined);
      },
    };
  }

  const options = driver.pool.options;
  let closed = false;
  let client: pg.Client | undefined;
  let retryTimer: NodeJS.Timeout | undefined;
  let delayMs = 500;
  /** Whether the listener was told the connection is down (so it is told when it is back). */
  let down = false;
  const retryLater = () => {
    if (closed) return;
    retryTimer = setTimeout(() => void connect(), delayMs);
    delayMs = Math.min(delayMs * 2, 30_000);
  };
  const connect = async (): Promise<boolean> => {
    const next = new pg.Client(options);
    // Until it listens, a failure is handled by the catch below; afterwards by `onLost`.
    next.on('error', () => undefined);
    try {
      await next.connect();
      await next.query(`listen "${channel.replace(/"/g, '""')}"`);
    } catch {
      next.end().catch(() => undefined);
      retryLater();
      return false;
    }
    if (closed) {
      await next.end().catch(() => undefined);
      return false;
    }
    let lost = false;
    const onLost = () => {
      if (lost || closed) return;
      lost = true;
      client = undefined;
      next.end().catch(() => undefined);
      down = true;
      listener.onConnectionChange?.(false);
      retryLater();
    };
    next.on('error', onLost);
    next.on('end', onLost);
    next.on('notification', (message) => {
      if (message.channel === channel) listener.onMessage(message.payload ?? '');
    });
    client = next;
    delayMs = 500;
    if (down) {
      down = false;
      listener.onConnectionChange?.(true);
    }
    return true;
  };
  if (!(await connect())) {
    down = true;
    listener.onConnectionChange?.(false);
  }
  return {
    async close() {
      closed = true;
      clearTimeout(retryTimer);
      await client?.end().catch(() => undefined);
    },
  };
}
