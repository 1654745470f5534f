// The server-rendered page's throughput (`npm run bench -- --only ssr`): `GET /` from 10 keep-alive
// connections for 8 s after a 2 s warm-up, against the production server with the page cache on
// (PAGE_CACHE_SECONDS default) and off (0), on PGlite and on PostgreSQL. Besides requests a second (which
// depend on what else the machine runs), the server's CPU time per request, read from /proc/<pid>/stat
// over the same window: the steadier figure on a shared machine. The load average is recorded with it.
// With the page cache on, the same load then goes to a bare node:http server replaying the app's cached answer
// byte for byte (bench/bare-replay.ts), in PAIRED_ROUNDS rounds with the app's: the app's req/s over the replay's, and the
// replay's CPU per request over the app's (issue 30: at least 0.8), each the median of the rounds' ratios.
import { spawn } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import { Agent, type IncomingMessage, request } from 'node:http';
import { loadavg } from 'node:os';
import { SERVER_ENV, SERVER_NODE_FLAGS } from '../scripts/server-build.mjs';
import { freePort } from '../src/server/test/server-process';
import { PAIRED_ROUNDS, pairedRatio } from './paired-ratio';

export interface SsrFigures {
  database: string;
  cache: 'on' | 'off';
  path: string;
  requests: number;
  /** Answers other than 200 (should be none). */
  errors: number;
  reqPerSec: number;
  /** The server's CPU over the measured window, unrounded, for the ratios; null where /proc is missing. */
  cpuMs: number | null;
  cpuMsPerRequest: number | null;
  p50Ms: number;
  p99Ms: number;
  loadAverage: string;
}

const SSR_LOAD = { connections: 10, warmupMs: 2_000, durationMs: 8_000 } as const;

/** utime + stime of a process in milliseconds (Linux), or null where /proc is missing. */
async function cpuMs(pid: number): Promise<number | null> {
  try {
    const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name (which may hold spaces) start after the last ')'.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const ticks = Number(fields[11]) + Number(fields[12]);
    return (ticks * 1000) / 100; // USER_HZ is 100 on Linux
  } catch {
    return null;
  }
}

function getOnce(agent: Agent, url: URL): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request(url, { agent, headers: { 'accept-encoding': 'identity' } }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

/** Keeps `connections` requests in flight until `until`; answers their latencies and statuses. */
async function load(agent: Agent, url: URL, connections: number, until: number) {
  const latencies: number[] = [];
  let errors = 0;
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (Date.now() < until) {
        const started = performance.now();
        const status = await getOnce(agent, url).catch(() => 0);
        latencies.push(performance.now() - started);
        if (status !== 200) errors += 1;
      }
    }),
  );
  return { latencies, errors };
}

const percentile = (sorted: number[], p: number) =>
  sorted.length === 0 ? 0 : (sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? 0);

/** Loads `path` of a running server (whose process is `pid`) and measures the window after the warm-up. */
export async function measureSsr(
  baseUrl: string,
  pid: number,
  labels: { database: string; cache: 'on' | 'off' },
  path = '/',
): Promise<SsrFigures> {
  const url = new URL(path, baseUrl);
  const agent = new Agent({ keepAlive: true, maxSockets: SSR_LOAD.connections });
  try {
    await load(agent, url, SSR_LOAD.connections, Date.now() + SSR_LOAD.warmupMs);
    const cpuBefore = await cpuMs(pid);
    const started = performance.now();
    const { latencies, errors } = await load(
      agent,
      url,
      SSR_LOAD.connections,
      Date.now() + SSR_LOAD.durationMs,
    );
    const seconds = (performance.now() - started) / 1000;
    const cpuAfter = await cpuMs(pid);
    const sorted = latencies.sort((a, b) => a - b);
    return {
      ...labels,
      path,
      requests: latencies.length,
      errors,
      reqPerSec: Math.round(latencies.length / seconds),
      cpuMs: cpuBefore === null || cpuAfter === null ? null : cpuAfter - cpuBefore,
      cpuMsPerRequest:
        cpuBefore === null || cpuAfter === null
          ? null
          : Math.round(((cpuAfter - cpuBefore) / Math.max(1, latencies.length)) * 1000) / 1000,
      p50Ms: Math.round(percentile(sorted, 50) * 10) / 10,
      p99Ms: Math.round(percentile(sorted, 99) * 10) / 10,
      loadAverage: loadavg()
        .map((value) => value.toFixed(2))
        .join(' '),
    };
  } finally {
    agent.destroy();
  }
}

export function printSsrTable(rows: SsrFigures[], skipped: string[]): void {
  console.log(
    `\nServer-rendered ${rows[0]?.path ?? '/'}: ${SSR_LOAD.connections} keep-alive connections, ${SSR_LOAD.durationMs / 1000} s after ${SSR_LOAD.warmupMs / 1000} s warm-up (uncompressed):`,
  );
  console.log('  database            cache   req/s   CPU ms/req   p50 ms   p99 ms   non-200   load average');
  for (const row of rows) {
    console.log(
      `  ${row.database.padEnd(18)}  ${row.cache.padEnd(5)} ${String(row.reqPerSec).padStart(7)} ${String(row.cpuMsPerRequest ?? '-').padStart(12)} ${String(row.p50Ms).padStart(8)} ${String(row.p99Ms).padStart(8)} ${String(row.errors).padStart(9)}   ${row.loadAverage}`,
    );
  }
  for (const note of skipped) console.log(`  skipped: ${note}`);
}

/** An answer as the app sent it, for bench/bare-replay.ts: the body in base64. */
export interface RecordedAnswer {
  status: number;
  headers: [string, string][];
  body: string;
}

/** Headers node's server writes itself on every answer; the replay leaves them to it. */
const NODE_HEADERS = new Set(['date', 'connection', 'keep-alive']);

function getAnswer(url: URL): Promise<{ response: IncomingMessage; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = request(url, { agent: false, headers: { 'accept-encoding': 'identity' } }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ response, body: Buffer.concat(chunks) }));
      response.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

function recorded({ response, body }: { response: IncomingMessage; body: Buffer }): RecordedAnswer {
  const headers: [string, string][] = [];
  for (let i = 0; i < response.rawHeaders.length; i += 2) {
    const name = response.rawHeaders[i] ?? '';
    if (!NODE_HEADERS.has(name.toLowerCase())) headers.push([name, response.rawHeaders[i + 1] ?? '']);
  }
  return { status: response.statusCode ?? 0, headers, body: body.toString('base64') };
}

/**
 * Asks the app for `path` twice, uncompressed as the load asks for it; the second answer, which must come from
 * the page cache (`x-page-cache: hit`), is written to `file` for the replay.
 */
export async function recordCachedAnswer(baseUrl: string, file: string, path = '/'): Promise<RecordedAnswer> {
  await getAnswer(new URL(path, baseUrl));
  const second = await getAnswer(new URL(path, baseUrl));
  if (second.response.headers['x-page-cache'] !== 'hit')
    throw new Error(
      `the second GET ${path} was not a page cache hit (${second.response.headers['x-page-cache']})`,
    );
  const answer = recorded(second);
  await writeFile(file, JSON.stringify(answer));
  return answer;
}

/** bench/bare-replay.ts on `file`, with the app's node flags, once it answers. */
async function startReplay(file: string) {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const child = spawn(
    process.execPath,
    [...SERVER_NODE_FLAGS, '--import', 'tsx', 'bench/bare-replay.ts', file],
    { env: { ...process.env, ...SERVER_ENV, PORT: String(port) }, stdio: ['ignore', 'inherit', 'inherit'] },
  );
  const exited = new Promise((resolve) => child.once('exit', resolve));
  for (let i = 0; ; i++) {
    if (child.exitCode !== null) throw new Error(`bench/bare-replay.ts exited with ${child.exitCode}`);
    if (i === 400) throw new Error('bench/bare-replay.ts did not answer');
    const ok = await fetch(baseUrl).then(
      (response) => response.ok,
      () => false,
    );
    if (ok) break;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  return {
    baseUrl,
    pid: child.pid ?? 0,
    async stop() {
      child.kill('SIGTERM');
      await exited;
    },
  };
}

export interface SsrReplayFigures {
  database: string;
  path: string;
  /** The replay answered the recorded status, headers and body. */
  identicalAnswer: boolean;
  bodyBytes: number;
  /** Each round's pair, app and replay loaded one after the other. */
  rounds: { app: SsrFigures; replay: SsrFigures }[];
  /** The app's req/s (page cache on) over the replay's, the median of the rounds'. */
  ratio: number;
  /** The replay's CPU per request over the app's, the median of the rounds': the same ratio, from CPU time. */
  cpuRatio: number | null;
}

/**
 * The load of `measureSsr` on a replay of `answer` (recorded in `file`), set against the app's (`app`: the cached
 * row's figures, for its labels), which is still running: `PAIRED_ROUNDS` pairs measured once both are up, in
 * turn app first and replay first, so neither always runs straight after the other.
 */
export async function measureReplay(
  server: { baseUrl: string; pid: number },
  app: SsrFigures,
  answer: RecordedAnswer,
  file: string,
): Promise<SsrReplayFigures> {
  const replay = await startReplay(file);
  try {
    const replayed = recorded(await getAnswer(new URL(app.path, replay.baseUrl)));
    const labels = { database: app.database, cache: 'on' } as const;
    const measureApp = () => measureSsr(server.baseUrl, server.pid, labels, app.path);
    const measureReplayed = () => measureSsr(replay.baseUrl, replay.pid, labels, app.path);
    const rounds: SsrReplayFigures['rounds'] = [];
    for (let round = 0; round < PAIRED_ROUNDS; round++) {
      const replayFirst = round % 2 === 1;
      const first = await (replayFirst ? measureReplayed() : measureApp());
      const second = await (replayFirst ? measureApp() : measureReplayed());
      rounds.push(replayFirst ? { app: second, replay: first } : { app: first, replay: second });
    }
    const perRequest = (figures: SsrFigures) =>
      figures.cpuMs === null ? null : figures.cpuMs / Math.max(1, figures.requests);
    // The rounds with both CPU readings; fewer than three of them say nothing.
    const cpus = rounds.flatMap(({ app, replay }) => {
      const [appCpu, replayCpu] = [perRequest(app), perRequest(replay)];
      return appCpu === null || replayCpu === null ? [] : [{ app: appCpu, replay: replayCpu }];
    });
    return {
      database: app.database,
      path: app.path,
      identicalAnswer: JSON.stringify(replayed) === JSON.stringify(answer),
      bodyBytes: Buffer.byteLength(answer.body, 'base64'),
      rounds,
      ratio: pairedRatio(
        rounds.map((pair) => pair.app.reqPerSec),
        rounds.map((pair) => pair.replay.reqPerSec),
      ),
      cpuRatio:
        cpus.length < 3
          ? null
          : pairedRatio(
              cpus.map((pair) => pair.replay),
              cpus.map((pair) => pair.app),
            ),
    };
  } finally {
    await replay.stop();
  }
}

export function printReplayTable(replays: SsrReplayFigures[]): void {
  if (replays.length === 0) return;
  console.log(
    `\nCached page, app against a bare node:http replay of its answer (same load, ${PAIRED_ROUNDS} rounds, ratios the median of the rounds'):`,
  );
  console.log(
    '  database            same bytes        app req/s     replay req/s  ratio       app CPU ms/req    replay CPU ms/req  CPU ratio',
  );
  const each = (figures: SsrFigures[], key: 'reqPerSec' | 'cpuMsPerRequest') =>
    figures.map((one) => one[key] ?? '-').join('/');
  for (const row of replays) {
    const apps = row.rounds.map((pair) => pair.app);
    const replayed = row.rounds.map((pair) => pair.replay);
    console.log(
      `  ${row.database.padEnd(18)}  ${String(row.identicalAnswer).padEnd(10)} ${each(apps, 'reqPerSec').padStart(16)} ${each(replayed, 'reqPerSec').padStart(16)} ${String(row.ratio).padStart(6)} ${each(apps, 'cpuMsPerRequest').padStart(20)} ${each(replayed, 'cpuMsPerRequest').padStart(20)} ${String(row.cpuRatio ?? '-').padStart(10)}`,
    );
  }
}
