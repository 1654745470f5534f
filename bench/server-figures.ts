// The server's own figures for `npm run bench` (parts `api`, `memory` and `startup`), each on PGlite and on
// PostgreSQL (BENCH_DATABASE_URL, in a database made and dropped for the run):
//  - api: requests a second and the server's CPU time per request for GET /api/blogs?page=1&per_page=4 and
//    GET /api/team_members?page=1&per_page=50, the app (started like `npm start`) against a bare node:http
//    server running the same SQL through the same driver (bench/bare-server.ts, with the app's node flags),
//    checked to answer byte-identical JSON. 10 keep-alive connections, 10 s warm-up then 8 s measured; app and bare run
//    alternately (PGlite's folder can have one process at a time), PAIRED_ROUNDS rounds, each an app-bare pair in turn app
//    first and bare first; the ratios are the median of the rounds' own ratios (bench/paired-ratio.ts). CPU per
//    request (utime + stime of the server's process from /proc/<pid>/stat) is the steadier figure on a shared
//    machine.
//  - memory: RSS of the app's process idle (5 s after it answers) and after the load; and after the first
//    start on an empty PGlite folder (migrations and demonstration content), against a restart on it.
//  - startup: cold start on an existing database, from spawning `node scripts/start.mjs` to the first
//    answer of /api/health (median of three).
import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { Agent, request } from 'node:http';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { SERVER_ENV, SERVER_NODE_FLAGS } from '../scripts/server-build.mjs';
import { freePort } from '../src/server/test/server-process';
import { withPostgresDatabase } from './holds';
import { PAIRED_ROUNDS, pairedRatio } from './paired-ratio';

const CLOCK_TICKS = 100; // sysconf(_SC_CLK_TCK) on Linux
const CONNECTIONS = 10;
// Each round starts a fresh process, and V8 is still compiling its hot code for seconds after the load begins: the
// app's (ten times the bare server's) longer. After 2 s, the app's next 5 s cost 0.441 ms a request and the 5 s
// windows after them 0.36 to 0.40 (the bare server: 0.375, then 0.33 to 0.36), so a shorter warm-up counts a
// new process's compiling as each request's cost. Starts are measured on their own (part `startup`).
const WARM_UP_MS = 10_000;
const MEASURE_MS = 8_000;
const API_PATHS = ['/api/blogs?page=1&per_page=4', '/api/team_members?page=1&per_page=50'];

/** Milliseconds of CPU (user + system) the process has used, from /proc/<pid>/stat. */
function cpuMs(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS;
}

/** Resident memory of the process in MB, and its peak. */
function rssMb(pid: number): { rss: number; peak: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (key: string) => Number(new RegExp(`^${key}:\\s+(\\d+)`, 'm').exec(status)?.[1] ?? 0);
  return { rss: Math.round(kb('VmRSS') / 1024), peak: Math.round(kb('VmHWM') / 1024) };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Running {
  pid: number;
  baseUrl: string;
  /** Milliseconds from spawn to the first 200 of /api/health. */
  readyMs: number;
  stop(): Promise<void>;
}

async function spawnAndWait(args: string[], env: Record<string, string>): Promise<Running> {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const started = performance.now();
  const child: ChildProcess = spawn(process.execPath, args, {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: baseUrl,
      LOG_LEVEL: 'warn',
      TRUST_PROXY: 'false',
      DATABASE_URL: '',
      ...env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  let readyMs = 0;
  for (let i = 0; i < 2400; i++) {
    if (child.exitCode !== null) throw new Error(`${args.join(' ')} exited with ${child.exitCode}`);
    const ok = await fetch(`${baseUrl}/api/health`).then(
      (response) => response.ok,
      () => false,
    );
    if (ok) {
      readyMs = performance.now() - started;
      break;
    }
    await sleep(25);
  }
  if (!readyMs) throw new Error(`${args.join(' ')} did not answer`);
  return {
    pid: child.pid ?? 0,
    baseUrl,
    readyMs: Math.round(readyMs),
    async stop() {
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/** The app as `npm start` runs it (its node flags; builds first when the build is missing or stale). */
const startApp = (env: Record<string, string>) =>
  spawnAndWait([...SERVER_NODE_FLAGS, 'scripts/start.mjs'], { ...SERVER_ENV, ...env });
/**
 * The yardstick with the app's node flags and allocator settings, as the cached page's replay has: V8's default
 * young generation (semi-spaces up to 16 MB against the app's 4 MB) spared it most of its scavenges, so the
 * ratio counted the app's memory setting as the app's own work.
 */
const startBare = (env: Record<string, string>) =>
  spawnAndWait([...SERVER_NODE_FLAGS, '--import', 'tsx', 'bench/bare-server.ts'], { ...SERVER_ENV, ...env });

function get(agent: Agent, url: string): Promise<{ status: number; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = request(url, { agent }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks) }));
      response.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

export interface LoadFigures {
  requests: number;
  errors: number;
  reqPerSec: number;
  /** The server's CPU over the measured window, unrounded, for the ratios. */
  cpuMs: number;
  cpuMsPerRequest: number;
  p50Ms: number;
  p99Ms: number;
}

/** CONNECTIONS keep-alive loops for WARM_UP_MS, then MEASURE_MS counted, with the server's CPU around it. */
async function load(pid: number, url: string): Promise<LoadFigures> {
  const agent = new Agent({ keepAlive: true, maxSockets: CONNECTIONS });
  let measuring = false;
  let stop = false;
  let requests = 0;
  let errors = 0;
  const latencies: number[] = [];
  const loops = Array.from({ length: CONNECTIONS }, async () => {
    while (!stop) {
      const sent = performance.now();
      try {
        const { status } = await get(agent, url);
        if (measuring && !stop) {
          if (status === 200) requests += 1;
          else errors += 1;
          latencies.push(performance.now() - sent);
        }
      } catch {
        if (measuring) errors += 1;
      }
    }
  });
  await sleep(WARM_UP_MS);
  const cpuBefore = cpuMs(pid);
  const startedAt = performance.now();
  measuring = true;
  await sleep(MEASURE_MS);
  stop = true;
  const elapsed = performance.now() - startedAt;
  const cpu = cpuMs(pid) - cpuBefore;
  await Promise.all(loops);
  agent.destroy();
  latencies.sort((a, b) => a - b);
  const at = (q: number) => Math.round((latencies[Math.floor(q * (latencies.length - 1))] ?? 0) * 10) / 10;
  return {
    requests,
    errors,
    reqPerSec: Math.round(requests / (elapsed / 1000)),
    cpuMs: cpu,
    cpuMsPerRequest: Math.round((cpu / Math.max(1, requests)) * 1000) / 1000,
    p50Ms: at(0.5),
    p99Ms: at(0.99),
  };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
const loadAverage = () => loadavg().map((value) => Math.round(value * 100) / 100);

/** One database's environment: PGlite in a folder made for the run, or a PostgreSQL database. */
async function onEachDatabase<T>(
  use: (database: string, env: Record<string, string>) => Promise<T>,
): Promise<{ results: T[]; skipped: string[] }> {
  const results: T[] = [];
  const skipped: string[] = [];
  const folder = await mkdtemp(join(tmpdir(), 'clinic-bench-server-'));
  try {
    results.push(await use('PGlite', { DATA_DIR: join(folder, 'db') }));
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
  const postgres = await withPostgresDatabase(
    process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
    (databaseUrl, version) => use(`PostgreSQL ${version}`, { DATABASE_URL: databaseUrl }),
  );
  if ('result' in postgres) results.push(postgres.result);
  else skipped.push(postgres.skipped);
  return { results, skipped };
}

interface ApiRow {
  database: string;
  path: string;
  identicalJson: boolean;
  app: LoadFigures[];
  bare: LoadFigures[];
  /** App req/s over bare req/s, the median of the rounds'. */
  ratio: number;
  /** Bare CPU per request over app CPU per request, the median of the rounds': the same ratio, from CPU time. */
  cpuRatio: number;
}

interface MemoryRow {
  database: string;
  idleMb: number;
  afterLoadMb: number;
}

async function apiOn(database: string, env: Record<string, string>) {
  // A first start creates (PGlite), migrates and seeds the database; the bench measures later starts.
  const first = await startApp(env);
  await first.stop();
  const rows: ApiRow[] = [];
  const memory: MemoryRow = { database, idleMb: 0, afterLoadMb: 0 };
  for (const path of API_PATHS) {
    const row: ApiRow = { database, path, identicalJson: true, app: [], bare: [], ratio: 0, cpuRatio: 0 };
    for (let round = 0; round < PAIRED_ROUNDS; round++) {
      // Turn about, so neither side always runs straight after the other's stop.
      for (const kind of round % 2 === 0 ? (['app', 'bare'] as const) : (['bare', 'app'] as const)) {
        const server = await (kind === 'app' ? startApp(env) : startBare(env));
        try {
          if (kind === 'app' && path === API_PATHS[0] && round === 0) {
            await sleep(5_000);
            memory.idleMb = rssMb(server.pid).rss;
          }
          const agent = new Agent({ keepAlive: false });
          const body = (await get(agent, server.baseUrl + path)).body.toString('utf8');
          agent.destroy();
          const other = kind === 'app' ? 'bare' : 'app';
          (row as unknown as Record<string, string>)[`${kind}Body`] = body;
          const otherBody = (row as unknown as Record<string, string | undefined>)[`${other}Body`];
          if (otherBody !== undefined && otherBody !== body) row.identicalJson = false;
          row[kind].push(await load(server.pid, server.baseUrl + path));
          if (kind === 'app') memory.afterLoadMb = Math.max(memory.afterLoadMb, rssMb(server.pid).rss);
        } finally {
          await server.stop();
        }
      }
    }
    delete (row as unknown as Record<string, unknown>).appBody;
    delete (row as unknown as Record<string, unknown>).bareBody;
    row.ratio = pairedRatio(
      row.app.map((f) => f.reqPerSec),
      row.bare.map((f) => f.reqPerSec),
    );
    const cpuPerRequest = (f: LoadFigures) => f.cpuMs / Math.max(1, f.requests);
    row.cpuRatio = pairedRatio(row.bare.map(cpuPerRequest), row.app.map(cpuPerRequest));
    rows.push(row);
  }
  return { rows, memory };
}

export async function benchApi() {
  const loadBefore = loadAverage();
  const { results, skipped } = await onEachDatabase(apiOn);
  const rows = results.flatMap((result) => result.rows);
  const memory = results.map((result) => result.memory);
  console.log(
    `\nAPI, app against a bare node:http server on the same SQL and driver (${CONNECTIONS} connections, ${WARM_UP_MS / 1000} s warm-up, ${MEASURE_MS / 1000} s measured, ${PAIRED_ROUNDS} rounds alternating, ratios the median of the rounds'; load average ${loadBefore.join(' ')} -> ${loadAverage().join(' ')}):`,
  );
  console.log(
    '  database          path                                      same JSON  app req/s  bare req/s  ratio  app CPU ms/req  bare CPU ms/req  CPU ratio',
  );
  for (const row of rows) {
    const reqs = (figures: LoadFigures[]) => figures.map((f) => f.reqPerSec).join('/');
    const cpus = (figures: LoadFigures[]) => figures.map((f) => f.cpuMsPerRequest).join('/');
    console.log(
      `  ${row.database.padEnd(17)} ${row.path.padEnd(41)} ${String(row.identicalJson).padEnd(10)} ${reqs(row.app).padStart(9)}  ${reqs(row.bare).padStart(10)}  ${String(row.ratio).padStart(5)}  ${cpus(row.app).padStart(14)}  ${cpus(row.bare).padStart(15)}  ${String(row.cpuRatio).padStart(9)}`,
    );
  }
  console.log('\nRSS of the app (MB), idle and after the load above:');
  for (const row of memory)
    console.log(`  ${row.database.padEnd(17)} idle ${row.idleMb}  after load ${row.afterLoadMb}`);
  for (const note of skipped) console.log(`  skipped: ${note}`);
  return { rows, memory, skipped, loadAverage: { before: loadBefore, after: loadAverage() } };
}

/** RSS after the first start on an empty PGlite folder, and after a restart on it (idle 5 s each). */
export async function benchMemory() {
  const folder = await mkdtemp(join(tmpdir(), 'clinic-bench-first-'));
  try {
    const env = { DATA_DIR: join(folder, 'db') };
    const measure = async () => {
      const server = await startApp(env);
      try {
        await sleep(5_000);
        return { ...rssMb(server.pid), readyMs: server.readyMs };
      } finally {
        await server.stop();
      }
    };
    const firstStart = await measure();
    const restart = await measure();
    console.log(
      `\nPGlite, RSS 5 s after start (MB; load average ${loadAverage().join(' ')}): first start on an empty folder ${firstStart.rss} (peak ${firstStart.peak}, ready in ${firstStart.readyMs} ms), restart ${restart.rss} (peak ${restart.peak})`,
    );
    return { firstStart, restart };
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

/** Cold start on an existing database: spawn to first /api/health answer, three times, median. */
export async function benchStartup() {
  const { results, skipped } = await onEachDatabase(async (database, env) => {
    const first = await startApp(env);
    await first.stop();
    const times: number[] = [];
    for (let i = 0; i < 3; i++) {
      const server = await startApp(env);
      times.push(server.readyMs);
      await server.stop();
    }
    return { database, medianMs: median(times), runsMs: times };
  });
  console.log(
    `\nCold start on an existing database (spawn to first answer; load average ${loadAverage().join(' ')}):`,
  );
  for (const row of results)
    console.log(`  ${row.database.padEnd(17)} ${row.medianMs} ms (runs ${row.runsMs.join(', ')})`);
  for (const note of skipped) console.log(`  skipped: ${note}`);
  return { rows: results, skipped };
}
