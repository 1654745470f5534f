// The server-rendered page's throughput (`npm run bench -- --only ssr`): `GET /` from 10 keep-alive
// connections for 8 s after a 2 s warm-up, against the production server with the page cache on
// (PAGE_CACHE_SECONDS default) and off (0), on PGlite and on PostgreSQL. Besides requests a second (which
// depend on what else the machine runs), the server's CPU time per request, read from /proc/<pid>/stat
// over the same window: the steadier figure on a shared machine. The load average is recorded with it.
import { readFile } from 'node:fs/promises';
import { Agent, request } from 'node:http';
import { loadavg } from 'node:os';

export interface SsrFigures {
  database: string;
  cache: 'on' | 'off';
  path: string;
  requests: number;
  /** Answers other than 200 (should be none). */
  errors: number;
  reqPerSec: number;
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
      cpuMsPerRequest:
        cpuBefore === null || cpuAfter === null
          ? null
          : Math.round(((cpuAfter - cpuBefore) / Math.max(1, latencies.length)) * 100) / 100,
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
