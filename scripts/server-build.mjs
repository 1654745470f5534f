// The server's build and the stamp `npm start` checks it by (used by build-server.mjs and start.mjs).
import { createHash } from 'node:crypto';
import { readdir, readFile, rm, stat } from 'node:fs/promises';
import { basename, dirname, join, relative, resolve } from 'node:path';

export const projectRoot = new URL('..', import.meta.url).pathname;

/**
 * How `npm start` runs node (package.json's start script sets the same; the bench starts the server
 * with them too). Measured on the idle server on PostgreSQL: V8's young generation grows to 16 MB
 * semi-spaces during start and keeps them, about 25 MB of the 145-160 MB resident; at 4 MB the
 * scavenges under load took no more time in all (538 ms against 514 ms for the same 10 s of load,
 * where 2 MB doubled it). glibc's malloc arenas, one per thread that allocates, add about 8-15 MB;
 * two are plenty for one event loop and a few helper threads. A fixed mmap threshold (glibc's default,
 * 128 KB, which set stops glibc from raising it after each large block it frees) gives every large buffer
 * (an upload's bytes and their copies on the way to the database) its own mapping, handed back to the system
 * when freed: raised, they were carved from the heap, which kept 170 MB resident after 60 letters of 10 MB.
 */
export const SERVER_NODE_FLAGS = ['--max-semi-space-size=4'];
export const SERVER_ENV = { MALLOC_ARENA_MAX: '2', MALLOC_MMAP_THRESHOLD_: '131072' };

/** Where `npm run build` writes the server, and the hash of the sources it was built from. */
export const SERVER_BUNDLE = 'dist/node/main.js';
export const BUILD_STAMP = 'dist/node/build-hash.txt';

/**
 * Packages left out of the bundle, read from node_modules at run time: those a start does not load (the
 * server imports them when first used, or only in development), and those that read their own files or
 * load native code or WebAssembly from beside their modules.
 */
const EXTERNAL_PACKAGES = [
  // Imported when first used: a payment, an e-mail, a receipt, an upload, a password check.
  'stripe',
  'nodemailer',
  'pdf-lib',
  '@pdf-lib/fontkit',
  'ics',
  'sharp',
  'file-type',
  '@zxcvbn-ts/*',
  // Imported when first used: a staff CSV export, a patient's GDPR zip.
  'csv-stringify',
  'awesome-phonenumber',
  'yazl',
  // WebAssembly and its data files beside the package.
  '@electric-sql/pglite',
  // Development only (@fastify/vite's dev mode); pg's optional native binding.
  'vite',
  'pg-native',
  // Serves its own static files; pino starts its transports' workers from its own files.
  '@fastify/swagger-ui',
  'pino',
];

/**
 * Bundles src/server/main.ts, everything it imports from src and the packages a start loads into one ES
 * module (and chunks for what is imported later). Loaded from node_modules, those packages were about 900
 * files to resolve, read and compile one by one on every start. Paths the server reads at run time are
 * found from the project root (src/server/project-root.ts), so they hold from the bundle too.
 */
export async function buildServer(outfile = SERVER_BUNDLE, otherEntries = {}) {
  const outdir = dirname(resolve(projectRoot, outfile));
  // Chunks are named by their content's hash: the previous build's would pile up.
  await rm(join(outdir, 'chunks'), { recursive: true, force: true });
  // Imported here, not at the top: `npm start` reads this module for its staleness check on every start.
  const { build } = await import('esbuild');
  await build({
    absWorkingDir: projectRoot,
    // Other entries (the tests' backup command) share the server's chunks.
    entryPoints: { [basename(outfile, '.js')]: 'src/server/main.ts', ...otherEntries },
    outdir,
    entryNames: '[name]',
    chunkNames: 'chunks/[name]-[hash]',
    bundle: true,
    splitting: true,
    external: EXTERNAL_PACKAGES,
    platform: 'node',
    format: 'esm',
    target: 'node20.19',
    // The bundled CommonJS packages call require (for Node's own modules and the external packages).
    banner: {
      js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
    },
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
