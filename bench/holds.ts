// Hold latency under contention: HOLD_REQUESTS visitors at once choose one of HOLD_SLOTS fresh slots
// (`PUT /api/patient_sessions/:id`), through real HTTP to a server started like the rest of the bench.
// Each visitor comes from its own loopback address (127.0.1.x, `localAddress`; works on Linux without
// setup, and the server runs without TRUST_PROXY), so the per-address limits (20 holds a minute, 3 live
// holds) are not what is measured. Each visitor's connection is open (keep-alive, warmed by one GET)
// before the burst: a browser choosing a slot has its connection from loading the calendar, and 200 TCP
// handshakes from this one client process would otherwise be most of what is timed. Target: exactly
// HOLD_SLOTS winners, p99 under 100 ms.
import { readFileSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { performance } from 'node:perf_hooks';
import pg from 'pg';

const HOLD_REQUESTS = 200;
const HOLD_SLOTS = 10;

export interface HoldFigures {
  database: string;
  requests: number;
  slots: number;
  /** Answers 200 (a hold taken). */
  winners: number;
  /** Distinct slots among the winners. */
  slotsWon: number;
  /** Answers 409 (already taken). */
  taken: number;
  /** Any other status, by status. */
  other: Record<string, number>;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  /** From the first request sent to the last answer received. */
  wallMs: number;
  /** The server process's CPU time (user + system) during the burst, per request: steadier than latency. */
  serverCpuMsPerHold?: number;
}

/** CPU time (user + system, ms) a process has used so far, from /proc (Linux); undefined elsewhere. */
export function processCpuMs(pid: number | undefined): number | undefined {
  if (pid === undefined) return undefined;
  try {
    // Fields after the command name (which may hold spaces): utime and stime are the 12th and 13th.
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS_PER_SECOND;
  } catch {
    return undefined;
  }
}

/** USER_HZ: 100 on every Linux this runs on (`getconf CLK_TCK`). */
const CLOCK_TICKS_PER_SECOND = 100;

interface Answer {
  status: number;
  body: string;
  ms: number;
}

/** One request on its own connection, from `localAddress`; `ms` from the call to the answer's last byte. */
function send(
  url: string,
  options: { method?: string; headers?: Record<string, string>; body?: unknown; agent?: Agent } = {},
): Promise<Answer> {
  const payload = options.body === undefined ? undefined : JSON.stringify(options.body);
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      {
        method: options.method ?? 'GET',
        agent: options.agent ?? false,
        headers: {
          ...(payload === undefined ? {} : { 'content-type': 'application/json' }),
          ...options.headers,
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            body: Buffer.concat(chunks).toString('utf8'),
            ms: performance.now() - started,
          }),
        );
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

/** Nearest-rank percentile. */
function percentile(sorted: number[], p: number): number {
  const value = sorted[Math.max(0, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
  return Math.round(value * 10) / 10;
}

/** Signs in, creates HOLD_SLOTS + 1 slots (one for a warm-up hold) and answers their ids. */
async function freshSlots(baseUrl: string, admin: { email: string; password: string }): Promise<number[]> {
  const login = await send(`${baseUrl}/api/admin/autorization/login`, { method: 'POST', body: admin });
  if (login.status !== 200) throw new Error(`admin sign-in answered ${login.status}: ${login.body}`);
  const token = (JSON.parse(login.body) as { data: { token: { auth_token: string } } }).data.token.auth_token;
  // A day two weeks ahead, from 09:00 UTC: 30-minute adult allergy-test slots 40 minutes apart.
  const day = new Date(Date.now() + 14 * 86_400_000);
  day.setUTCHours(9, 0, 0, 0);
  const slots = Array.from({ length: HOLD_SLOTS + 1 }, (_, index) => {
    const start = day.getTime() + index * 40 * 60_000;
    return {
      start_date: new Date(start).toISOString(),
      end_date: new Date(start + 30 * 60_000).toISOString(),
      is_adult: true,
      is_video_call: false,
      price: 180,
      location: 'adult_1',
    };
  });
  const created = await send(`${baseUrl}/api/admin/sessions`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: { sessions_create: slots },
  });
  if (created.status !== 200) throw new Error(`creating slots answered ${created.status}: ${created.body}`);
  const { sessions } = JSON.parse(created.body) as { sessions: { id: number; status: string }[] };
  const ids = sessions.filter((session) => session.status === 'available').map((session) => session.id);
  if (ids.length !== HOLD_SLOTS + 1)
    throw new Error(`expected ${HOLD_SLOTS + 1} fresh slots, got ${ids.length}`);
  return ids;
}

/** The contention run against a started server whose database has no other slots in use. */
export async function measureHolds(
  baseUrl: string,
  database: string,
  admin: { email: string; password: string },
  serverPid?: number,
): Promise<HoldFigures> {
  const [warmUp, ...slots] = await freshSlots(baseUrl, admin);
  // One hold on a slot of its own, not counted: the route's first call compiles and prepares what it needs.
  const first = await send(`${baseUrl}/api/patient_sessions/${warmUp}`, { method: 'PUT' });
  if (first.status !== 200) throw new Error(`warm-up hold answered ${first.status}: ${first.body}`);

  const visitors = Array.from(
    { length: HOLD_REQUESTS },
    (_, index) => new Agent({ keepAlive: true, maxSockets: 1, localAddress: `127.0.1.${index + 1}` }),
  );
  await Promise.all(visitors.map((agent) => send(`${baseUrl}/api/health`, { agent })));

  const cpuBefore = processCpuMs(serverPid);
  const started = performance.now();
  const answers = await Promise.all(
    visitors.map((agent, index) =>
      send(`${baseUrl}/api/patient_sessions/${slots[index % HOLD_SLOTS]}`, { method: 'PUT', agent }),
    ),
  );
  const wallMs = performance.now() - started;
  const cpuAfter = processCpuMs(serverPid);
  for (const agent of visitors) agent.destroy();

  const won = answers.filter((answer) => answer.status === 200);
  const other: Record<string, number> = {};
  for (const answer of answers) {
    if (answer.status !== 200 && answer.status !== 409)
      other[answer.status] = (other[answer.status] ?? 0) + 1;
  }
  const latencies = answers.map((answer) => answer.ms).sort((a, b) => a - b);
  return {
    database,
    requests: HOLD_REQUESTS,
    slots: HOLD_SLOTS,
    winners: won.length,
    slotsWon: new Set(
      won.map((answer) => (JSON.parse(answer.body) as { session: { id: number } }).session.id),
    ).size,
    taken: answers.filter((answer) => answer.status === 409).length,
    other,
    p50Ms: percentile(latencies, 50),
    p99Ms: percentile(latencies, 99),
    maxMs: percentile(latencies, 100),
    wallMs: Math.round(wallMs),
    ...(cpuBefore !== undefined && cpuAfter !== undefined
      ? { serverCpuMsPerHold: Math.round(((cpuAfter - cpuBefore) / HOLD_REQUESTS) * 100) / 100 }
      : {}),
  };
}

/**
 * A database of its own on the PostgreSQL server of `serverUrl` (created, handed to `use`, dropped), or
 * `undefined` without calling `use` when the server cannot be reached.
 */
export async function withPostgresDatabase<T>(
  serverUrl: string,
  use: (databaseUrl: string, version: string) => Promise<T>,
): Promise<{ result: T } | { skipped: string }> {
  const client = new pg.Client({ connectionString: serverUrl, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
  } catch (error) {
    return { skipped: `PostgreSQL at ${serverUrl} is unreachable (${(error as Error).message})` };
  }
  const name = `bench_${Math.random().toString(36).slice(2, 10)}`;
  try {
    const version = String(
      (await client.query<{ server_version: string }>('SHOW server_version')).rows[0]?.server_version ?? '',
    ).split(' ')[0];
    await client.query(`CREATE DATABASE ${name}`);
    const databaseUrl = new URL(serverUrl);
    databaseUrl.pathname = `/${name}`;
    try {
      return { result: await use(databaseUrl.toString(), version ?? '') };
    } finally {
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    }
  } finally {
    await client.end();
  }
}

export function printHoldTable(rows: HoldFigures[], skipped: string[]): void {
  console.log(
    `\nHold latency under contention: ${HOLD_REQUESTS} concurrent PUT /api/patient_sessions/:id over ${HOLD_SLOTS} slots, one client address each:`,
  );
  const header = [
    'database',
    'winners',
    'slots won',
    '409',
    'other',
    'p50 ms',
    'p99 ms',
    'max ms',
    'wall ms',
    'server CPU ms/hold',
  ];
  const lines = rows.map((row) => [
    row.database,
    String(row.winners),
    String(row.slotsWon),
    String(row.taken),
    Object.entries(row.other)
      .map(([status, count]) => `${count}×${status}`)
      .join(' ') || '0',
    String(row.p50Ms),
    String(row.p99Ms),
    String(row.maxMs),
    String(row.wallMs),
    row.serverCpuMsPerHold === undefined ? '-' : String(row.serverCpuMsPerHold),
  ]);
  const widths = header.map((title, column) =>
    Math.max(title.length, ...lines.map((line) => (line[column] ?? '').length)),
  );
  for (const line of [header, ...lines]) {
    console.log(`  ${line.map((cell, column) => cell.padEnd(widths[column] ?? 0)).join('  ')}`.trimEnd());
  }
  for (const note of skipped) console.log(`  skipped: ${note}`);
}
