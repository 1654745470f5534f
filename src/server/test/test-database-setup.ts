import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { dumpPgliteDataDir, migrateDatabase, openDatabase } from '../db/database';
import { onServer } from './test-database';

/**
 * Vitest global setup: migrates once per run, so each test file starts from a copy of a migrated
 * database (a PGlite data folder loaded from a dump, or a PostgreSQL template) instead of migrating
 * its own. Isolation is unchanged: every file still gets a database of its own.
 */
export default async function setup(project: TestProject) {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl) {
    const name = `test_template_${randomBytes(6).toString('hex')}`;
    await onServer(serverUrl, `create database "${name}"`);
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    const handle = await openDatabase({ databaseUrl: url.toString() });
    try {
      await migrateDatabase(handle);
    } finally {
      await handle.close();
    }
    project.provide('postgresTemplateName', name);
    return async () => {
      await onServer(serverUrl, `drop database if exists "${name}" with (force)`);
    };
  }

  const folder = await mkdtemp(path.join(tmpdir(), 'clinic-test-template-'));
  const handle = await openDatabase({});
  try {
    // Before any migration too, for the tests of the migrations themselves: initdb is seconds of CPU.
    const blank = await dumpPgliteDataDir(handle);
    await writeFile(path.join(folder, 'blank.tar'), Buffer.from(await blank.arrayBuffer()));
    await migrateDatabase(handle);
    const dump = await dumpPgliteDataDir(handle);
    await writeFile(path.join(folder, 'migrated.tar'), Buffer.from(await dump.arrayBuffer()));
  } finally {
    await handle.close();
  }
  project.provide('pgliteBlankPath', path.join(folder, 'blank.tar'));
  project.provide('pgliteTemplatePath', path.join(folder, 'migrated.tar'));
  return async () => {
    await rm(folder, { recursive: true, force: true });
  };
}
