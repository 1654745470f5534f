import { chmod, mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { PGlite, QueryOptions, Transaction } from '@electric-sql/pglite';
import { fillPlaceholders, type SQL, sql } from 'drizzle-orm';
import { type PgDatabase, PgDialect, type PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type pg from 'pg';
import { projectRoot } from '../project-root';
import { claimDataDirectory } from './data-dir-lock';
import * as schema from './schema';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface DatabaseHandle {
  db: Db;
  kind: 'pglite' | 'postgres';
  ping(): Promise<void>;
  close(): Promise<void>;
}

const MIGRATIONS_FOLDER = path.join(projectRoot, 'src', 'server', 'db', 'migrations');

/** How long a request waits for a PostgreSQL connection (a new one, or a free one of the pool's ten). */
export const POOL_CONNECT_TIMEOUT_MS = 3_000;

/** Any constant shared by every instance of the app; it names the lock that serialises migrations. */
const MIGRATION_LOCK_KEY = 72_410_917_341;

/**
 * The planner's cost of reading a page out of order, for every connection of both engines (PGlite's start
 * parameters below too). PostgreSQL's default, 4, models a spinning disk; the clinic's tables live in memory and
 * on SSDs, which PostgreSQL's manual models at 1.1. With 4 the planner read all 90,000 payments to hash them for
 * a year's 1,100 refunds, and all 100,000 appointments for a calendar's 2,000 slots, rather than their indexes.
 */
const RANDOM_PAGE_COST = '1.1';

/**
 * Added to PGlite's own start parameters (`PGlite.defaultStartParams`), a smaller buffer cache: PostgreSQL's
 * default 128 MB of shared buffers live in PGlite's WebAssembly memory and cost about 135 MB of resident
 * memory from the start; 16 MB holds the clinic's hot tables, and the operating system's file cache keeps
 * the rest of the data folder close. And the planner's page cost above.
 */
export const PGLITE_EXTRA_START_PARAMS = [
  '-c',
  'shared_buffers=16MB',
  '-c',
  `random_page_cost=${RANDOM_PAGE_COST}`,
];

// Each driver's packages are imported only when a database of its kind is opened: loading PGlite (and its
// WebAssembly) on a PostgreSQL start, or pg on a PGlite one, cost a start about 70-80 ms for nothing.
/** `heldForCopy`: a backup is copying the folder while every statement waits (`whilePgliteIsIdle`). */
type PgliteDriver = { kind: 'pglite'; client: PGlite; heldForCopy: boolean };
type Driver = PgliteDriver | { kind: 'postgres'; pool: pg.Pool; pg: typeof pg };

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
  /** PostgreSQL only: POOL_CONNECT_TIMEOUT_MS unless given (tests of an unreachable server wait less). */
  connectTimeoutMs?: number;
}): Promise<DatabaseHandle> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl, options.connectTimeoutMs);
  return openPglite(options.dataDir, options.loadDataDir);
}

const BYTEA_OID = 17;

/**
 * bytea parameters go to PGlite as the bytes themselves, which its protocol writer sends in the binary format
 * (PostgreSQL's bytea_recv copies them once): its own serializer maps every byte through a JavaScript function
 * (6 to 11 s for a 10 MB upload), and the hex text we sent before doubled every copy on the way, a 20 MB string
 * and four 20 MB buffers for a 10 MB letter, which left the server's resident memory 300 MB higher after 60 of
 * them (bench `uploads`). PGlite's `Serializer` type says string; its writer takes any ArrayBufferView.
 * Reads come as hex text (results are asked in the text format) and answer a Buffer, as node-postgres does.
 */
const byteaCodec = {
  serializers: {
    [BYTEA_OID]: (value: unknown) => {
      if (!(value instanceof Uint8Array)) throw new TypeError('bytea parameter must be bytes');
      return value as unknown as string;
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

/**
 * Drizzle keeps dates, timestamps, intervals and their arrays as PostgreSQL's text (it maps them itself)
 * by passing these identity parsers with every PGlite query, and PGlite merges them into its own on every
 * call: a quarter of the server's CPU for a page of the team list. The client is created with them as its
 * own, and Drizzle is handed a view of it (and of its transactions) that leaves its copy out: the same values
 * without the merge. Our own queries through the client get the same text, as Drizzle's did.
 */
const DRIZZLE_TEXT_TYPES = [
  1114, // timestamp
  1184, // timestamptz
  1186, // interval
  1082, // date
  1231, // numeric[]
  1115, // timestamp[]
  1185, // timestamptz[]
  1187, // interval[]
  1182, // date[]
];
const keepText = (text: string) => text;

export function withoutDrizzleParsers<T extends Pick<PGlite, 'query'>>(client: T): T {
  const query = (text: string, params?: unknown[], options?: QueryOptions) =>
    client.query(
      text,
      params,
      options?.parsers &&
        Object.keys(options.parsers).every((oid) => DRIZZLE_TEXT_TYPES.includes(Number(oid)))
        ? { ...options, parsers: undefined }
        : options,
    );
  return new Proxy(client, {
    get(target, property) {
      if (property === 'query') return query;
      if (property === 'transaction' && 'transaction' in target)
        return (callback: (tx: Transaction) => Promise<unknown>) =>
          (target as unknown as PGlite).transaction((tx) => callback(withoutDrizzleParsers(tx)));
      const value = Reflect.get(target, property, target);
      // PGlite's methods use private fields: they must run on the client itself, not on this view.
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

async function openPglite(dataDir: string | undefined, loadDataDir?: Blob): Promise<DatabaseHandle> {
  let directory: string | undefined;
  let release = async () => {};
  if (dataDir !== undefined) {
    directory = path.resolve(dataDir);
    await mkdir(path.dirname(directory), { recursive: true });
    release = await claimDataDirectory(directory);
  }
  const [{ PGlite }, { btree_gist }, { pg_trgm }, { drizzle: drizzlePglite }] = await Promise.all([
    import('@electric-sql/pglite'),
    import('@electric-sql/pglite/contrib/btree_gist'),
    import('@electric-sql/pglite/contrib/pg_trgm'),
    import('drizzle-orm/pglite'),
  ]);
  // btree_gist: the slots' exclusion constraint compares booleans in a GiST index (migration 0002);
  // pg_trgm: the patients' search index (migration 0008).
  const extensions = { btree_gist, pg_trgm };
  const client = await PGlite.create(directory, {
    extensions,
    serializers: byteaCodec.serializers,
    parsers: {
      ...Object.fromEntries(DRIZZLE_TEXT_TYPES.map((oid) => [oid, keepText])),
      ...byteaCodec.parsers,
    },
    startParams: [...PGlite.defaultStartParams, ...PGLITE_EXTRA_START_PARAMS],
    ...(loadDataDir ? { loadDataDir } : {}),
  }).catch(async (error: unknown) => {
    await release();
    throw error;
  });
  // PGlite makes its files readable and writable by everyone (0666): the folder is closed to other users.
  if (directory !== undefined) await chmod(directory, 0o700);
  return pgliteHandle(client, drizzlePglite, async () => {
    await client.close();
    await release();
  });
}

function pgliteHandle(
  client: PGlite,
  drizzlePglite: typeof import('drizzle-orm/pglite').drizzle,
  close: () => Promise<void>,
): DatabaseHandle {
  const db: Db = drizzlePglite({ client: withoutDrizzleParsers(client), schema });
  const driver: PgliteDriver = { kind: 'pglite', client, heldForCopy: false };
  drivers.set(db, driver);
  let closed = false;
  return {
    db,
    kind: 'pglite',
    async ping() {
      // Held by this process's own backup copy (whilePgliteIsIdle): alive, and answering the queued statements
      // once the copy ends. A ping would wait for the copy, and a load balancer would drop a working instance.
      if (driver.heldForCopy) return;
      await db.execute(sql`select 1`);
    },
    async close() {
      if (closed) return;
      closed = true;
      await close();
    },
  };
}

/**
 * Another handle on the embedded database `handle` opened, whose `close` calls `giveBack` and leaves the
 * database open; any statement through it after that throws. The tests lend one database to file after file.
 */
export async function borrowPglite(
  handle: DatabaseHandle,
  giveBack: () => Promise<void>,
): Promise<DatabaseHandle> {
  const driver = drivers.get(handle.db);
  if (driver?.kind !== 'pglite') throw new Error('borrowPglite: not a PGlite handle');
  const { client } = driver;
  let givenBack = false;
  const lent = new Proxy(client, {
    get(target, property) {
      if (givenBack) throw new Error('this database handle was closed');
      const value = Reflect.get(target, property, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
  const { drizzle: drizzlePglite } = await import('drizzle-orm/pglite');
  return pgliteHandle(lent, drizzlePglite, async () => {
    givenBack = true;
    await giveBack();
  });
}

async function openPostgres(
  databaseUrl: string,
  connectTimeoutMs = POOL_CONNECT_TIMEOUT_MS,
): Promise<DatabaseHandle> {
  const [{ default: pg }, { drizzle: drizzleNodePg }] = await Promise.all([
    import('pg'),
    import('drizzle-orm/node-postgres'),
  ]);
  const pool = new pg.Pool({
    connectionString: databaseUrl,
    max: 10,
    // A server that does not answer (out of reach, or every connection busy for that long) fails the request
    // with 503 instead of keeping it waiting for ever; the next request connects afresh.
    connectionTimeoutMillis: connectTimeoutMs,
    // A connection whose peer went away without a word (a network cut) is found and dropped.
    keepAlive: true,
    options: `-c random_page_cost=${RANDOM_PAGE_COST}`,
  });
  keepConnectionsAfterStatementErrors(pool, pg.DatabaseError);
  // A client losing its connection (a server restart, pg_terminate_backend) emits 'error'; unhandled, that
  // would end the process. Idle clients emit it on the pool. A checked-out client has no listener of pg-pool's
  // (its own `query` adds one for the length of a call, which ours and Drizzle's transactions do not use),
  // so one is added for as long as it is out (`lostWhileCheckedOut`); the failed query itself is rejected.
  pool.on('error', (error) => {
    console.error(`PostgreSQL idle client error: ${error.message}`);
  });
  pool.on('acquire', (client) => client.on('error', lostWhileCheckedOut));
  pool.on('release', (_error, client) => client.removeListener('error', lostWhileCheckedOut));
  const db: Db = drizzleNodePg({ client: pool, schema });
  drivers.set(db, { kind: 'postgres', pool, pg });
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

/**
 * A checked-out client whose connection is lost: logged, and handed back to the pool (which drops it, as no
 * longer queryable) once its holder has had its turn, the holder's own release then doing nothing. Drizzle's
 * transaction never releases its client when BEGIN itself fails, and each client kept out for good would
 * leave the pool a connection short (and `close` waiting for ever).
 */
function lostWhileCheckedOut(this: pg.PoolClient, error: Error): void {
  console.error(`PostgreSQL connection lost during a query: ${error.message}`);
  const release = this.release;
  let released = false;
  const releaseOnce = (releaseError?: Error | boolean) => {
    if (released) return;
    released = true;
    release(releaseError);
  };
  this.release = releaseOnce;
  setImmediate(() => releaseOnce(error));
}

/**
 * `pg.Pool#query` hands its connection back with the query's error, and pg-pool then closes that connection:
 * every refused statement (a taken slot, a constraint violation) would cost the next query a new backend
 * (about 8 ms here, plus cold caches), and a burst of refusals would mostly be spent connecting. A statement
 * the server answered with an ERROR leaves its connection idle and ready, so this keeps it in the pool; a
 * FATAL answer, a lost connection or a client-side failure still closes it (as does pg-pool for any client
 * no longer queryable). Drizzle calls `query` with promises only; transactions check out their own client.
 */
function keepConnectionsAfterStatementErrors(pool: pg.Pool, DatabaseError: typeof pg.DatabaseError): void {
  // Callbacks, as pg-pool's own `query`: the hot path of every request, where promise hops showed.
  const query = (config: string | pg.QueryConfig, values?: unknown[]) =>
    new Promise((resolve, reject) => {
      pool.connect((connectError, client) => {
        if (connectError || !client) {
          reject(connectError);
          return;
        }
        client.query(config as string, values as unknown[], (error: Error | null, result: unknown) => {
          // `client.release`, not the callback's: a lost connection's client may have been handed back already.
          client.release(
            error && !(error instanceof DatabaseError && error.severity === 'ERROR') ? error : undefined,
          );
          if (error) reject(error);
          else resolve(result);
        });
      });
    });
  pool.query = query as typeof pool.query;
}

/** A PGlite database's data folder as an uncompressed tar, for `openDatabase({ loadDataDir })`. */
export async function dumpPgliteDataDir(handle: DatabaseHandle): Promise<Blob> {
  const driver = drivers.get(handle.db);
  if (driver?.kind !== 'pglite') throw new Error('dumpPgliteDataDir: not a PGlite handle');
  return driver.client.dumpDataDir('none');
}

/**
 * Runs `work` while a PGlite database on disk runs no statement and has no transaction open, so its data folder
 * can be copied as a consistent whole (backups). PGlite runs one query at a time, every query and every whole
 * transaction under its transaction lock and each statement under its query lock; holding both waits for the
 * transaction under way to end and holds back every other statement until `work` is done. PGlite writes its
 * folder through to disk (Emscripten's NODEFS) as it goes, so the files then are exactly the database. A
 * checkpoint first writes every change to the data files, so a copy opens without replaying much of the WAL.
 */
export async function whilePgliteIsIdle<T>(handle: DatabaseHandle, work: () => Promise<T>): Promise<T> {
  const driver = drivers.get(handle.db);
  if (driver?.kind !== 'pglite') throw new Error('whilePgliteIsIdle: not a PGlite handle');
  const { client } = driver;
  await client.exec('checkpoint');
  return client._runExclusiveTransaction(() =>
    client._runExclusiveQuery(async () => {
      driver.heldForCopy = true;
      try {
        return await work();
      } finally {
        driver.heldForCopy = false;
      }
    }),
  );
}

/** Applies the SQL migrations that have not run yet; safe when several instances start at once. */
export async function migrateDatabase(handle: DatabaseHandle): Promise<void> {
  const driver = drivers.get(handle.db);
  if (!driver) throw new Error('migrateDatabase: not a handle made by openDatabase');

  if (driver.kind === 'pglite') {
    const [{ drizzle: drizzlePglite }, { migrate: migratePglite }] = await Promise.all([
      import('drizzle-orm/pglite'),
      import('drizzle-orm/pglite/migrator'),
    ]);
    await migratePglite(drizzlePglite({ client: driver.client }), { migrationsFolder: MIGRATIONS_FOLDER });
    return;
  }
  const [{ drizzle: drizzleNodePg }, { migrate: migrateNodePg }] = await Promise.all([
    import('drizzle-orm/node-postgres'),
    import('drizzle-orm/node-postgres/migrator'),
  ]);

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
    const next = new driver.pg.Client(options);
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

/** A statement built once by Drizzle, run by name on the driver itself: see `queryRows`. */
export interface RawStatement {
  name: string;
  text: string;
  params: unknown[];
}

export function rawStatement(
  name: string,
  query: { toSQL(): { sql: string; params: unknown[] } },
): RawStatement {
  const { sql: text, params } = query.toSQL();
  return { name, text, params };
}

/**
 * `rawStatement` of a statement written out in SQL (Drizzle's tables, columns and conditions interpolated, and
 * `sql.placeholder(name)` for what each call fills in): for a hot read shaped by hand, see `queryRows`.
 */
export function sqlStatement(name: string, query: SQL): RawStatement {
  const { sql: text, params } = new PgDialect().sqlToQuery(query);
  return { name, text, params };
}

/**
 * Runs `statement` straight on the driver, its placeholders filled from `values`, and answers the rows as the
 * driver reads them: keyed by column name, timestamps as a Date (PostgreSQL) or PostgreSQL's text (PGlite),
 * counts as text. For the public lists read most (team, articles), where Drizzle's per-query work (its
 * query config cloned by pg, its type parser asked for every field, each row mapped through its columns)
 * cost about a twentieth of a request; everything else goes through Drizzle.
 */
export async function queryRows<Row>(
  db: Db,
  statement: RawStatement,
  values: Record<string, unknown> = {},
): Promise<Row[]> {
  const driver = drivers.get(db);
  if (!driver) throw new Error('queryRows: not a handle made by openDatabase');
  const params = fillPlaceholders(statement.params, values);
  if (driver.kind === 'pglite') return (await driver.client.query<Row>(statement.text, params)).rows;
  return (
    await driver.pool.query<Row & pg.QueryResultRow>({
      name: statement.name,
      text: statement.text,
      values: params,
    })
  ).rows;
}

/** A timestamp column as `queryRows` answers it: a Date from pg, PostgreSQL's text from PGlite. */
export const timestampOf = (value: Date | string): Date => (value instanceof Date ? value : new Date(value));
