import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { readFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import path from 'node:path';
import type { Readable } from 'node:stream';
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
  /** The process node started: the server, or with `unreaped` the shell standing for its supervisor. */
  child: ChildProcess;
  /** The server's process id. */
  pid: number;
  /** What the server wrote (its log lines at LOG_LEVEL warn and above, JSON). */
  output: () => string;
  /** Stops the process, as `kill -9` would with SIGKILL; resolves once it has exited (with `unreaped`: is a zombie). */
  stop(signal?: NodeJS.Signals): Promise<void>;
}

/**
 * Starts `"$@"` in the background and tells its id on fd 3, then becomes `sleep`, which never waits for a child:
 * once killed, the server stays a zombie (its id still answers a signal 0), as under a supervisor that has not
 * reaped it yet. Node would reap a child of its own at once.
 */
const UNREAPED_SCRIPT = '"$@" 3>&- & echo "$!" >&3; exec 3>&-; exec sleep 3600';

/** A process's state letter in /proc (`Z` a zombie), or undefined once it is gone. */
async function processState(pid: number): Promise<string | undefined> {
  const line = await readFile(`/proc/${pid}/stat`, 'utf8').catch(() => undefined);
  return line
    ?.slice(line.lastIndexOf(')') + 1)
    .trim()
    .split(' ')[0];
}

/**
 * The real server (`src/server/main.ts`, see `nodeArgumentsFor`) in a process of its own on 127.0.0.1, with
 * `env` over a quiet test configuration; resolves once `/api/health` answers. For the tests that stop a server
 * in the middle of its work and start it again. With `unreaped` (Linux), the server is the child of a shell that
 * never reaps it (`UNREAPED_SCRIPT`): kill `child` once its zombie has served.
 */
export async function startServerProcess(
  env: Record<string, string>,
  options: { unreaped?: boolean } = {},
): Promise<ServerProcess> {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const [command, args] = options.unreaped
    ? ['sh', ['-c', UNREAPED_SCRIPT, 'sh', process.execPath, ...nodeArgumentsFor('main')]]
    : [process.execPath, nodeArgumentsFor('main')];
  const child = spawn(command, args, {
    cwd: projectRoot,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: baseUrl,
      LOG_LEVEL: 'warn',
      SEED: 'false',
      // A test's database holds only what it makes: no public holiday closes its days.
      PUBLIC_HOLIDAYS: 'false',
      SERVE_PAGES: 'false',
      TEST_DATABASE_URL: '',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe', options.unreaped ? 'pipe' : 'ignore'],
  });
  let output = '';
  const keep = (chunk: Buffer) => {
    output += chunk.toString();
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const exited = once(child, 'exit');
  let pid = child.pid ?? 0;
  if (options.unreaped) {
    const told = child.stdio[3] as Readable;
    let text = '';
    for await (const chunk of told) text += String(chunk);
    pid = Number(text.trim());
  }
  const gone = async () =>
    options.unreaped ? ['Z', 'X', undefined].includes(await processState(pid)) : child.exitCode !== null;
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (await gone()) {
      child.kill('SIGKILL');
      throw new Error(`the server exited${options.unreaped ? '' : ` with ${child.exitCode}`}: ${output}`);
    }
    if (Date.now() > deadline) {
      if (options.unreaped) process.kill(pid, 'SIGKILL');
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
    pid,
    output: () => output,
    async stop(signal = 'SIGKILL') {
      if (!options.unreaped) {
        if (child.exitCode === null && child.signalCode === null) child.kill(signal);
        await exited;
        return;
      }
      if (!(await gone())) process.kill(pid, signal);
      await waitFor(async () => ((await gone()) ? true : undefined), `process ${pid} to exit`);
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
