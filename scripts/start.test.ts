// The compiled start (`npm run build` bundles the server, `npm start` runs it with plain node): the bundle
// finds its migrations and the built pages from wherever it sits, prepares a new PGlite folder in a
// short-lived process, and the build stamp changes exactly when a source does.
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm, utimes, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openDatabase } from '../src/server/db/database';
import { teamMembers } from '../src/server/db/schema';
import {
  BUILD_STAMP,
  buildIsCurrent,
  buildServer,
  projectRoot,
  SERVER_ENV,
  SERVER_NODE_FLAGS,
  sourcesHash,
} from './server-build.mjs';

// The run's bundle (scripts/server-bundle-setup.ts), built by `buildServer` as `npm run build` builds it; one of
// this file's own outside such a run.
const runBundle = inject('serverBundleFolder');
const bundleDir = runBundle ?? join(projectRoot, 'dist', `node-test-${process.pid}`);
const bundle = join(bundleDir, 'main.js');
let scratch: string;

beforeAll(async () => {
  if (!runBundle) await buildServer(bundle);
  scratch = await mkdtemp(join(tmpdir(), 'clinic-start-test-'));
}, 60_000);

afterAll(async () => {
  if (!runBundle) await rm(bundleDir, { recursive: true, force: true });
  await rm(scratch, { recursive: true, force: true });
});

function run(
  args: string[],
  env: Record<string, string>,
): { child: ChildProcess; exit: Promise<number | null> } {
  const child = spawn(process.execPath, args, {
    cwd: tmpdir(),
    env: { ...process.env, NODE_ENV: 'production', LOG_LEVEL: 'warn', DATABASE_URL: '', ...env },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  return { child, exit: new Promise((resolve) => child.once('exit', resolve)) };
}

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

describe('the server bundle', () => {
  it('migrates and seeds a new PGlite folder with plain node (no TypeScript loader), from another directory', async () => {
    const dataDir = join(scratch, 'prepared', 'db');
    const { exit } = run([bundle], { DATA_DIR: dataDir, SEED: 'true', CLINIC_PREPARE_DATABASE_ONLY: '1' });
    expect(await exit).toBe(0);
    const database = await openDatabase({ dataDir });
    try {
      expect(await database.db.$count(teamMembers)).toBeGreaterThan(0);
    } finally {
      await database.close();
    }
  }, 120_000);

  it.skipIf(!existsSync(join(projectRoot, 'dist', 'vite.config.json')))(
    'serves the API and the built pages from the folder it prepared',
    async () => {
      const port = await freePort();
      const { child, exit } = run([bundle], {
        // The folder the test above prepared: one initdb for the file, on a machine the other tests share.
        DATA_DIR: join(scratch, 'prepared', 'db'),
        SEED: 'true',
        PORT: String(port),
        HOST: '127.0.0.1',
      });
      try {
        let health: Response | undefined;
        for (let i = 0; i < 240 && !health?.ok; i++) {
          if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
          health = await fetch(`http://127.0.0.1:${port}/api/health`).catch(() => undefined);
          if (!health?.ok) await new Promise((resolve) => setTimeout(resolve, 250));
        }
        expect(health?.ok).toBe(true);
        const team = (await (await fetch(`http://127.0.0.1:${port}/api/team_members`)).json()) as {
          count: number;
        };
        expect(team.count).toBeGreaterThan(0);
        const page = await fetch(`http://127.0.0.1:${port}/our_team`);
        expect(page.status).toBe(200);
        expect(await page.text()).toContain('<div id="root">');
        // Packages the bundle leaves external or carries inside it still find their own files.
        const docsStyle = await fetch(`http://127.0.0.1:${port}/api/docs/static/swagger-ui.css`);
        expect(docsStyle.status).toBe(200);
        const spec = (await (await fetch(`http://127.0.0.1:${port}/api/openapi.json`)).json()) as {
          paths: Record<string, unknown>;
        };
        expect(Object.keys(spec.paths)).toContain('/api/team_members');
      } finally {
        child.kill('SIGTERM');
        expect(await exit).toBe(0);
      }
    },
    120_000,
  );
});

describe('npm start', () => {
  it('runs node with the flags and environment the bench starts the server with', async () => {
    const { readFile } = await import('node:fs/promises');
    const pkg = JSON.parse(await readFile(join(projectRoot, 'package.json'), 'utf8')) as {
      scripts: { start: string };
    };
    const env = Object.entries(SERVER_ENV).map(([name, value]) => `${name}=${value}`);
    expect(pkg.scripts.start).toBe([...env, 'node', ...SERVER_NODE_FLAGS, 'scripts/start.mjs'].join(' '));
  });
});

describe('the build stamp', () => {
  it('changes when a source file changes, appears or goes, and not otherwise', async () => {
    const root = await mkdtemp(join(tmpdir(), 'clinic-stamp-'));
    try {
      await mkdir(join(root, 'src', 'server'), { recursive: true });
      await writeFile(join(root, 'src', 'server', 'a.ts'), 'export const a = 1;');
      await writeFile(join(root, 'vite.config.ts'), 'export default {};');
      const first = await sourcesHash(root);
      expect(await sourcesHash(root)).toBe(first);
      await writeFile(join(root, 'src', 'server', 'a.test.ts'), 'test');
      expect(await sourcesHash(root)).toBe(first);
      await writeFile(join(root, 'src', 'server', 'a.ts'), 'export const a = 2;');
      const changed = await sourcesHash(root);
      expect(changed).not.toBe(first);
      await writeFile(join(root, 'src', 'server', 'b.ts'), '');
      expect(await sourcesHash(root)).not.toBe(changed);
      await rm(join(root, 'src', 'server', 'b.ts'));
      expect(await sourcesHash(root)).toBe(changed);

      // The build is current when the stamp holds the sources' hash, whatever the modification times.
      await mkdir(join(root, 'dist', 'node'), { recursive: true });
      expect(await buildIsCurrent(root)).toBe(false);
      await writeFile(join(root, BUILD_STAMP), `${changed}\n`);
      expect(await buildIsCurrent(root)).toBe(true);
      const later = new Date(Date.now() + 60_000);
      await utimes(join(root, 'src', 'server', 'a.ts'), later, later);
      expect(await buildIsCurrent(root)).toBe(true);
      await writeFile(join(root, 'src', 'server', 'a.ts'), 'export const a = 3;');
      await utimes(join(root, 'src', 'server', 'a.ts'), later, later);
      expect(await buildIsCurrent(root)).toBe(false);
    } finally {
      await rm(root, { recursive: true, force: true });
    }
  });
});
