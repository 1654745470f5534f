// The server's build and the stamp `npm start` checks it by (used by build-server.mjs and start.mjs).
import { createHash } from 'node:crypto';
import { readdir, readFile, stat } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { build } from 'esbuild';

export const projectRoot = new URL('..', import.meta.url).pathname;

/**
 * How `npm start` runs node (package.json's start script sets the same; the bench starts the server
 * with them too). Measured on the idle server on PostgreSQL: V8's young generation grows to 16 MB
 * semi-spaces during start and keeps them, about 25 MB of the 145-160 MB resident; at 4 MB the
 * scavenges under load took no more time in all (538 ms against 514 ms for the same 10 s of load,
 * where 2 MB doubled it). glibc's malloc arenas, one per thread that allocates, add about 8-15 MB;
 * two are plenty for one event loop and a few helper threads.
 */
export const SERVER_NODE_FLAGS = ['--max-semi-space-size=4'];
export const SERVER_ENV = { MALLOC_ARENA_MAX: '2' };

/** Where `npm run build` writes the server, and the hash of the sources it was built from. */
export const SERVER_BUNDLE = 'dist/node/main.js';
export const BUILD_STAMP = 'dist/node/build-hash.txt';

/**
 * Bundles src/server/main.ts and everything it imports from src into one ES module, with every package
 * left external (node_modules is read at run time as under tsx). Paths the server reads at run time are
 * found from the project root (src/server/project-root.ts), so they hold from the bundle too.
 */
export async function buildServer(outfile = SERVER_BUNDLE) {
  await build({
    absWorkingDir: projectRoot,
    entryPoints: ['src/server/main.ts'],
    outfile,
    bundle: true,
    packages: 'external',
    platform: 'node',
    format: 'esm',
    target: 'node20.19',
    sourcemap: true,
    logLevel: 'warning',
  });
}

/** Everything the client, SSR and server builds read; tests are left out, they change no build. */
const SOURCES = [
  'src',
  'vite.config.ts',
  'package-lock.json',
  'scripts/build-server.mjs',
  'scripts/server-build.mjs',
  'scripts/compress-assets.mjs',
];

async function filesUnder(path) {
  const entries = await readdir(path, { withFileTypes: true }).catch((error) => {
    if (error.code === 'ENOTDIR') return undefined;
    if (error.code === 'ENOENT') return [];
    throw error;
  });
  if (entries === undefined) return [path];
  const nested = await Promise.all(
    entries
      .filter((entry) => !/\.test\.tsx?$/.test(entry.name))
      .map((entry) => filesUnder(join(path, entry.name))),
  );
  return nested.flat();
}

/** The newest modification time among the sources and their folders (a file added or deleted bumps its folder's). */
async function newestModification(root) {
  let newest = 0;
  const visit = async (path) => {
    const info = await stat(path).catch(() => undefined);
    if (!info) return;
    newest = Math.max(newest, info.mtimeMs);
    if (!info.isDirectory()) return;
    const entries = await readdir(path);
    await Promise.all(
      entries.filter((name) => !/\.test\.tsx?$/.test(name)).map((name) => visit(join(path, name))),
    );
  };
  await Promise.all(SOURCES.map((source) => visit(join(root, source))));
  return newest;
}

/**
 * Whether the build in dist/ is the build of the sources as they are: nothing changed since the stamp
 * was written (by modification times, cheap), or else the sources' hash is still the stamp's (a checkout
 * that touched files without changing them).
 */
export async function buildIsCurrent(root = projectRoot) {
  const stampPath = join(root, BUILD_STAMP);
  const stamp = await stat(stampPath).catch(() => undefined);
  if (!stamp) return false;
  if ((await newestModification(root)) <= stamp.mtimeMs) return true;
  return (await readFile(stampPath, 'utf8')).trim() === (await sourcesHash(root));
}

/**
 * A hash of the build's sources (their paths and contents): unlike modification times it does not
 * change on a checkout that leaves the files as they were, and it does change when a file is deleted.
 */
export async function sourcesHash(root = projectRoot) {
  const files = (await Promise.all(SOURCES.map((source) => filesUnder(join(root, source))))).flat().sort();
  const hash = createHash('sha256');
  for (const file of files) {
    hash.update(relative(root, file));
    hash.update('\0');
    hash.update(await readFile(file));
    hash.update('\0');
  }
  return hash.digest('hex');
}
