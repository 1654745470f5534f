import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { inject } from 'vitest';
import { borrowPglite, type DatabaseHandle, migrateDatabase, openDatabase } from '../db/database';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The migrated PGlite data folder, dumped once per run by `test-database-setup.ts`. */
    pgliteTemplatePath: string;
    /** The same folder before any migration ran. */
    pgliteBlankPath: string;
    /** A migrated PostgreSQL database each test file copies (`create database … template`), when TEST_DATABASE_URL is set. */
    postgresTemplateName: string;
  }
}

/**
 * Embedded databases earlier files of this worker closed. Loading the template costs about 0.5 s of CPU a file;
 * emptying a used database back to it costs a few milliseconds, and the file cannot tell the two apart.
 */
const idlePglite: DatabaseHandle[] = [];
/** The template's tables, and what its shape looks like to a file that changed nothing but rows. */
let pgliteTemplateFacts: Promise<{ tables: string; shape: string }> | undefined;

async function rowsOf<T>(handle: DatabaseHandle, query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await handle.db.execute(query)) as unknown as { rows: T[] }).rows;
}

/** The catalogue's size: rows never change it; a table, function, trigger or type left behind does. */
async function shapeOf(handle: DatabaseHandle): Promise<string> {
  const [row] = await rowsOf<{ shape: string }>(
    handle,
    sql`select concat_ws(':', (select count(*) from pg_class), (select count(*) from pg_proc),
      (select count(*) from pg_trigger), (select count(*) from pg_type)) as shape`,
  );
  return row?.shape ?? '';
}

async function factsOf(handle: DatabaseHandle): Promise<{ tables: string; shape: string }> {
  const tables = (
    await rowsOf<{ name: string }>(
      handle,
      sql`select format('%I.%I', schemaname, tablename) as name from pg_tables where schemaname = 'public'`,
    )
  ).map((row) => row.name);
  for (const table of tables) {
    const [row] = await rowsOf<{ any: boolean }>(
      handle,
      sql.raw(`select exists (select from ${table}) as any`),
    );
    // Emptying a used database then gives back the template only while the migrations insert no rows.
    if (row?.any)
      throw new Error(`the migrated template has rows in ${table}: keep them when emptying a database`);
  }
  return { tables: tables.join(', '), shape: await shapeOf(handle) };
}

/** An idle database emptied back to the template, or undefined when none is left that can be. */
async function reusedPglite(): Promise<DatabaseHandle | undefined> {
  for (let handle = idlePglite.pop(); handle; handle = idlePglite.pop()) {
    try {
      const facts = await pgliteTemplateFacts;
      // Session state a file may have left: settings, prepared statements, temporary tables, advisory locks.
      await handle.db.execute(sql`discard all`);
      if (facts && (await shapeOf(handle)) === facts.shape) {
        await handle.db.execute(sql.raw(`truncate ${facts.tables} restart identity cascade`));
        return handle;
      }
    } catch {
      // A database a file left in a broken state is not lent again.
    }
    await handle.close();
  }
  return undefined;
}

/** The dumps the global setup wrote, read once per worker. */
const dumps = new Map<string, Promise<Blob>>();

function dumpAt(path: string | undefined): Promise<Blob> | undefined {
  if (!path) return undefined;
  let dump = dumps.get(path);
  if (!dump) {
    dump = readFile(path).then((bytes) => new Blob([bytes]));
    dumps.set(path, dump);
  }
  return dump;
}

/**
 * The run's migrated PGlite data folder as a dump `openDatabase({ loadDataDir })` and `PGlite.create` load:
 * a test that needs a database of its own starts from it instead of running initdb (seconds of CPU).
 * Undefined outside a run with the global setup.
 */
export const pgliteTemplateDump = () => dumpAt(inject('pgliteTemplatePath'));

/** The same folder before any migration ran, for the tests of the migrations themselves. */
export const pgliteBlankDump = () => dumpAt(inject('pgliteBlankPath'));

async function pgliteTestDatabase(): Promise<DatabaseHandle> {
  let owner = await reusedPglite();
  if (!owner) {
    owner = await openDatabase({ loadDataDir: await pgliteTemplateDump() });
    pgliteTemplateFacts ??= factsOf(owner);
    await pgliteTemplateFacts;
  }
  const lent = owner;
  return borrowPglite(lent, async () => {
    idlePglite.push(lent);
  });
}

/**
 * A fresh, migrated database for one test file: in-memory PGlite as the run's migrated copy (one an earlier file
 * of the worker closed, emptied back to it, or a new one loaded from it), or, when TEST_DATABASE_URL is set, a copy of the run's migrated template database that `close()` drops.
 * Outside a vitest run with the global setup, it migrates from scratch.
 */
export async function createTestDatabase(): Promise<DatabaseHandle> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    if (!inject('pgliteTemplatePath')) {
      const handle = await openDatabase({});
      await migrateDatabase(handle);
      return handle;
    }
    return pgliteTestDatabase();
  }

  const name = `test_${randomBytes(8).toString('hex')}`;
  const template = inject('postgresTemplateName');
  await onServer(serverUrl, `create database "${name}"${template ? ` template "${template}"` : ''}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;

  const handle = await openDatabase({ databaseUrl: url.toString() });
  let dropped = false;
  const closeAndDrop = async () => {
    if (dropped) return;
    dropped = true;
    try {
      await handle.close();
    } finally {
      await onServer(serverUrl, `drop database if exists "${name}" with (force)`);
    }
  };
  try {
    if (!template) await migrateDatabase(handle);
  } catch (error) {
    await closeAndDrop();
    throw error;
  }
  return { ...handle, close: closeAndDrop };
}

/** Runs one statement on the server's entry database (creating and dropping databases). */
export async function onServer(serverUrl: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}
