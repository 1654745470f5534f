import { execFile } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { chown, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir, userInfo } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { freePort } from './server-process';

const run = promisify(execFile);

/** Where Debian puts each PostgreSQL version's programs. */
const DEBIAN_POSTGRES = '/usr/lib/postgresql';
/** PostgreSQL refuses to run as root: as root, its programs run as this system user. */
const POSTGRES_USER = 'postgres';

/** The newest PostgreSQL version's `bin` folder with initdb and pg_ctl, or why there is none. */
function findPostgresBinaries(): { bin: string } | { missing: string } {
  const versions = existsSync(DEBIAN_POSTGRES)
    ? readdirSync(DEBIAN_POSTGRES)
        .filter((name) => /^\d+$/.test(name))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  for (const version of versions) {
    const bin = path.join(DEBIAN_POSTGRES, version, 'bin');
    if (['initdb', 'pg_ctl', 'postgres'].every((name) => existsSync(path.join(bin, name)))) return { bin };
  }
  return {
    missing: `no PostgreSQL server programs (initdb, pg_ctl, postgres) under ${DEBIAN_POSTGRES}/*/bin`,
  };
}

/** Whether this process runs as root and so must run PostgreSQL's programs as the `postgres` user. */
const asRoot = () => process.getuid?.() === 0;

/** Why PostgreSQL cannot be run here by a test, or undefined when it can. */
export async function whyNoOwnPostgres(): Promise<string | undefined> {
  const found = findPostgresBinaries();
  if ('missing' in found) return found.missing;
  if (asRoot()) {
    const known = await run('id', ['-u', POSTGRES_USER]).then(
      () => true,
      () => false,
    );
    if (!known) return `running as root and there is no '${POSTGRES_USER}' user to run PostgreSQL as`;
  }
  return undefined;
}

export interface OwnPostgres {
  port: number;
  /** A connection URL to `database` on it (user postgres, no password: trust on 127.0.0.1). */
  url(database: string): string;
  /** Stops it: `fast` ends every session at once (rolled back), as an operator's restart does. */
  stop(mode?: 'fast' | 'immediate'): Promise<void>;
  /** Starts it again on the same port and data. */
  start(): Promise<void>;
  /** Its log, for a failing test's message. */
  log(): Promise<string>;
  /** Stops it if it runs and deletes its data. */
  remove(): Promise<void>;
}

/**
 * A PostgreSQL server of the test's own, in a temporary folder on a free port of 127.0.0.1 (never the shared one a
 * test must not stop): made with initdb (trust, no fsync: a throwaway), started and stopped with pg_ctl. As root,
 * its programs run as the `postgres` user (`runuser`), which owns the folder. Check `whyNoOwnPostgres` first.
 */
export async function startOwnPostgres(): Promise<OwnPostgres> {
  const found = findPostgresBinaries();
  if ('missing' in found) throw new Error(found.missing);
  const folder = await mkdtemp(path.join(tmpdir(), 'clinic-postgres-'));
  const dataDir = path.join(folder, 'data');
  const logFile = path.join(folder, 'postgres.log');
  const pgProgram = (name: string, args: string[]) =>
    asRoot()
      ? run('runuser', ['-u', POSTGRES_USER, '--', path.join(found.bin, name), ...args])
      : run(path.join(found.bin, name), args);
  if (asRoot()) {
    const { stdout } = await run('id', ['-u', POSTGRES_USER]);
    const { stdout: group } = await run('id', ['-g', POSTGRES_USER]);
    await chown(folder, Number(stdout.trim()), Number(group.trim()));
  }
  const user = asRoot() ? POSTGRES_USER : userInfo().username;
  await pgProgram('initdb', [
    '--pgdata',
    dataDir,
    '--username',
    'postgres',
    '--auth',
    'trust',
    '--encoding',
    'UTF8',
    '--locale',
    'C',
    '--no-sync',
  ]);

  let port = 0;
  const start = () =>
    pgProgram('pg_ctl', [
      'start',
      '--pgdata',
      dataDir,
      '--log',
      logFile,
      '--wait',
      '--timeout',
      '60',
      '-o',
      [
        `-p ${port}`,
        `-k ${folder}`,
        '-c listen_addresses=127.0.0.1',
        '-c fsync=off',
        '-c synchronous_commit=off',
        '-c full_page_writes=off',
      ].join(' '),
    ]);
  let running = false;
  // Another process may take the free port before PostgreSQL does: then try another.
  for (let attempt = 1; ; attempt += 1) {
    port = await freePort();
    try {
      await start();
      running = true;
      break;
    } catch (error) {
      if (attempt >= 3) {
        const log = await readFile(logFile, 'utf8').catch(() => '');
        await rm(folder, { recursive: true, force: true });
        throw new Error(`PostgreSQL (as ${user}) did not start: ${String(error)}\n${log}`);
      }
    }
  }

  const stop = async (mode: 'fast' | 'immediate' = 'fast') => {
    await pgProgram('pg_ctl', ['stop', '--pgdata', dataDir, '--mode', mode, '--wait', '--timeout', '60']);
    running = false;
  };
  return {
    port,
    url: (database) => `postgres://postgres@127.0.0.1:${port}/${database}`,
    stop,
    async start() {
      await start();
      running = true;
    },
    log: () => readFile(logFile, 'utf8').catch(() => ''),
    async remove() {
      if (running) await stop('immediate').catch(() => undefined);
      await rm(folder, { recursive: true, force: true });
    },
  };
}
