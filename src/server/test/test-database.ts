import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { type DatabaseHandle, migrateDatabase, openDatabase } from '../db/database';

/**
 * A fresh, migrated database for one test file: in-memory PGlite, or, when TEST_DATABASE_URL is set, a new
 * database on that PostgreSQL server that `close()` drops again.
 */
export async function createTestDatabase(): Promise<DatabaseHandle> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    const handle = await openDatabase({});
    await migrateDatabase(handle);
    return handle;
  }

  const name = `test_${randomBytes(8).toString('hex')}`;
  await onServer(serverUrl, `create database "${name}"`);
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
    await migrateDatabase(handle);
  } catch (error) {
    await closeAndDrop();
    throw error;
  }
  return { ...handle, close: closeAndDrop };
}

async function onServer(serverUrl: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}
