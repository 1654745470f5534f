import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { migrateDatabase, openDatabase } from '../db/database';

/**
 * Vitest global setup of the failure tests (vitest.failure.config.ts): one migrated PGlite data folder per run,
 * which each server store copies (`newServerStore`) instead of having every new server create its database (a
 * child process, initdb and every migration: the longest part of a start on a busy machine).
 */
export default async function setup(project: TestProject) {
  const folder = await mkdtemp(path.join(tmpdir(), 'clinic-failure-template-'));
  const dataDir = path.join(folder, 'db');
  const handle = await openDatabase({ dataDir });
  try {
    await migrateDatabase(handle);
  } finally {
    await handle.close();
  }
  project.provide('pgliteFolderTemplate', dataDir);
  return async () => {
    await rm(folder, { recursive: true, force: true });
  };
}
