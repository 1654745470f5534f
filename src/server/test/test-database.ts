import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import pg from 'pg';
import { inject } from 'vitest';
import { type DatabaseHandle, migrateDatabase, openDatabase } from '../db/database';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The migrated PGlite data folder, dumped once per run by `test-database-setup.ts`. */
    pgliteTemplatePath: string;
    /** A migrated PostgreSQL database each test file copies (`create database … template`), when TEST_DATABASE_URL is set. */
    postgresTemplateName: string;
  }
}

let pgliteTemplate: Promise<Blob> | undefined;

/**
 * A fresh, migrated database for one test file: in-memory PGlite loaded from the run's migrated copy, or,
 * when TEST_DATABASE_URL is set, a copy of the run's migrated template database that `close()` drops.
 * Outside a vitest run with the global setup, it migrates from scratch.
 */
export async function createTestDatabase(): Promise<DatabaseHandle> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    const templatePath = inject('pgliteTemplatePath');
    if (!templatePath) {
      const handle = await openDatabase({});
      await migrateDatabase(handle);
      return handle;
    }
    pgliteTemplate ??= readFile(templatePath).then((bytes) => new Blob([bytes]));
    return openDatabase({ loadDataDir: await pgliteTemplate });
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
