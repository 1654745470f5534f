import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { createServer } from 'node:net';
import path from 'node:path';
import { inject } from 'vitest';
import { projectRoot } from '../project-root';

/**
 * How node runs the server (`main`) or the backup command (`backup`) in a process of its own: the run's bundle
 * (scripts/server-bundle-setup.ts) with plain node, as `npm start` runs the server, or else the sources
 * through tsx, as `npm run dev` and `npm run backup` do.
 */
export function nodeArgumentsFor(program: 'main' | 'backup'): string[] {
  const bundle = inject('serverBundleFolder');
  if (bundle) return [path.join(bundle, `${program}.js`)];
  return ['--import', 'tsx', program === 'main' ? 'src/server/main.ts' : 'src/server/cli/backup.ts'];
}

/** A port no one listens on now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

export interface ServerProcess {
  baseUrl: string;
  child: ChildProcess;
  /** What the server wrote (its log lines at LOG_LEVEL warn and above, JSON). */
  output: () => string;
  /** Stops the process, as `kill -9` would with SIGKILL; resolves once it has exited. */
  stop(signal?: NodeJS.Signals): Promise<void>;
}

/**
 * The real server (`src/server/main.ts`, see `nodeArgumentsFor`) in a process of its own on 127.0.0.1, with
 * `env` over a quiet test configuration; resolves once `/api/health` answers. For the tests that stop a server
 * in the middle of its work and start it again.
 */
export async function startServerProcess(env: Record<string, string>): Promise<ServerProcess> {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, nodeArgumentsFor('main'), {
    cwd: projectRoot,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: baseUrl,
      LOG_LEVEL: 'warn',
      SEED: 'false',
      SERVE_PAGES: 'false',
      TEST_DATABASE_URL: '',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const keep = (chunk: Buffer) => {
    output += chunk.toString();
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const exited = once(child, 'exit');
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}: ${output}`);
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`the server did not become healthy in 90 s: ${output}`);
    }
    const healthy = await fetch(`${baseUrl}/api/health`)
      .then((response) => response.ok)
      .catch(() => false);
    if (healthy) break;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    baseUrl,
    child,
    output: () => output,
    async stop(signal = 'SIGKILL') {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      await exited;
    },
  };
}

/** Asks `check` every 100 ms until it answers something, for at most `ms`. */
export async function waitFor<T>(check: () => Promise<T | undefined>, what: string, ms = 30_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const found = await check();
    if (found !== undefined) return found;
    if (Date.now() > deadline) throw new Error(`waited ${ms} ms for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
