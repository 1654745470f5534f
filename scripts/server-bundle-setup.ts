import { randomBytes } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { buildServer, projectRoot } from './server-build.mjs';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The server (`main.js`) and the backup command (`backup.js`) as `npm run build` bundles them, built once per run. */
    serverBundleFolder: string;
  }
}

/**
 * Vitest global setup: the tests that start the server or the backup command in a process of its own run this
 * bundle with plain node, as `npm start` runs the server, instead of compiling the sources through tsx in each
 * process (about 1.5 s of CPU a start). Inside the project, so the bundle finds the project root and its packages.
 */
export default async function setup(project: TestProject) {
  const folder = join(projectRoot, 'dist', `test-processes-${randomBytes(4).toString('hex')}`);
  await buildServer(join(folder, 'main.js'), { backup: 'src/server/cli/backup.ts' });
  project.provide('serverBundleFolder', folder);
  return async () => {
    await rm(folder, { recursive: true, force: true });
  };
}
