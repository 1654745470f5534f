// `npm run bench`: measures the production build as a visitor gets it.
//  - JavaScript per public route: every script the page loads, gzipped bytes (target: `/` under 125 KB);
//  - Lighthouse 12 mobile scores (simulated throttling) of the public routes and the sign-in page, with the
//    system Chromium (targets in bench-table.ts: LCP, total blocking time, performance, accessibility, best
//    practices): the median of LIGHTHOUSE_RUNS runs (default 5) per page, with the range of the performance scores.
//  - hold latency under contention (bench/holds.ts): 200 concurrent holds over 10 fresh slots, on embedded
//    PGlite and on PostgreSQL (BENCH_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/postgres, in a
//    database made and dropped for the run; skipped with a note when unreachable): winners, p50, p99.
//  - the server's API ratio against a bare server, RSS and cold start (bench/server-figures.ts: parts
//    api, memory, startup).
//  - server-rendered `GET /` with the page cache on and off (bench/ssr.ts): req/s and CPU per request; the
//    cached page against a bare node:http replay of its bytes (bench/bare-replay.ts): both ratios.
//  - `/api/health` latency while 20 requests of 1 MB of nested `[[[…` arrive at a time (bench/flood.ts, on
//    PGlite): p50 and p99 (target: p99 at most 100 ms).
//  - the back office on 100,000 appointments and 50,000 patients (bench/back-office.ts, on PGlite and on
//    PostgreSQL): its two lists' first and last pages with and without a search, Appointments.csv of every
//    row (rows a second and the server's memory) and a patient's detail.
//  - 60 self-referrals each carrying a 10 MB letter, one after another (bench/uploads.ts, on PGlite): the
//    server's RSS before, at its peak and after (target: peak under 450 MB), how long, how many accepted.
// `npm run bench -- --only web` (or holds, ssr, api, memory, startup, flood, backoffice, uploads) runs one part.
// Results are printed and written to bench/results/latest.json (a part run alone keeps the other part's
// last figures) and as the table of docs/performance.md. It reports; it does not fail the build.
import { spawn } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';
import { SERVER_ENV, SERVER_NODE_FLAGS } from '../scripts/server-build.mjs';
import { freePort } from '../src/server/test/server-process';
import { type BackOfficeFigures, measureBackOffice, prepareBackOfficeDatabase } from './back-office';
import { benchTable, writeBenchTable } from './bench-table';
import { measureFlood, printFloodTable } from './flood';
import { type HoldFigures, measureHolds, printHoldTable, withPostgresDatabase } from './holds';
import { benchApi, benchMemory, benchStartup } from './server-figures';
import {
  measureReplay,
  measureSsr,
  printReplayTable,
  printSsrTable,
  recordCachedAnswer,
  type SsrFigures,
  type SsrReplayFigures,
} from './ssr';
import { measureUploads, printUploadsTable } from './uploads';

const PARTS = ['web', 'holds', 'ssr', 'api', 'memory', 'startup', 'flood', 'backoffice', 'uploads'] as const;
type Part = (typeof PARTS)[number];
const onlyIndex = process.argv.indexOf('--only');
const only = onlyIndex >= 0 ? process.argv[onlyIndex + 1] : undefined;
if (only !== undefined && !PARTS.includes(only as Part)) {
  console.error(`--only takes one of ${PARTS.join(', ')}`);
  process.exit(2);
}
const runs = (part: Part) => only === undefined || only === part;

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
];

/** The admin the holds part signs in as to create its slots (created at start on the fresh database). */
const BENCH_ADMIN = { email: 'bench@clinic.test', password: 'Hayfever-pw-123' };

async function startServer(extraEnv: Record<string, string> = {}) {
  const dataDir = await mkdtemp(join(tmpdir(), 'clinic-bench-'));
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  // Like `npm start`: builds when the build is missing or stale, then runs the compiled server in-process.
  const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, 'scripts/start.mjs'], {
    env: {
      ...process.env,
      ...SERVER_ENV,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: baseUrl,
      DATA_DIR: join(dataDir, 'db'),
      DATABASE_URL: '',
      LOG_LEVEL: 'warn',
      // Client addresses are the sockets' own (the holds part sends from many loopback addresses).
      TRUST_PROXY: 'false',
      ...extraEnv,
    },
    stdio: 'inherit',
  });
  for (let i = 0; i < 360; i++) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${baseUrl}/api/health`)).ok) break;
    } catch {
      // starting
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return {
    baseUrl,
    pid: child.pid ?? 0,
    async stop() {
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

async function javascriptPerRoute(baseUrl: string, paths: string[]) {
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
  const results: { path: string; scripts: number; gzipKb: number }[] = [];
  for (const path of paths) {
    const context = await browser.newContext();
    const page = await context.newPage();
    const scripts = new Set<string>();
    page.on('response', (response) => {
      if (response.request().resourceType() === 'script') scripts.add(response.url());
    });
    await page.goto(baseUrl + path);
    await page.waitForLoadState('networkidle');
    let bytes = 0;
    for (const url of scripts)
      bytes += gzipSync(Buffer.from(await (await fetch(url)).arrayBuffer()), { level: 9 }).length;
    results.push({ path, scripts: scripts.size, gzipKb: Math.round((bytes / 1024) * 10) / 10 });
    await context.close();
  }
  await browser.close();
  return results;
}

/** Lighthouse runs per page: its simulated timings vary run to run on a busy machine, so we report the median. */
const LIGHTHOUSE_RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 5);

type Scores = Record<string, number>;

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}

async function lighthouseOnce(url: string, port: number): Promise<Scores> {
  const runnerResult = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
  });
  const lhr = runnerResult?.lhr;
  if (!lhr || lhr.runtimeError) throw new Error(`Lighthouse failed on ${url}: ${lhr?.runtimeError?.message}`);
  return {
    ...Object.fromEntries(
      Object.entries(lhr.categories).map(([key, category]) => [key, Math.round((category.score ?? 0) * 100)]),
    ),
    lcpMs: Math.round(lhr.audits['largest-contentful-paint']?.numericValue ?? 0),
    tbtMs: Math.round(lhr.audits['total-blocking-time']?.numericValue ?? 0),
    cls: Math.round((lhr.audits['cumulative-layout-shift']?.numericValue ?? 0) * 1000) / 1000,
  };
}

async function lighthouseScores(urls: string[]) {
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: CHROME_FLAGS });
  const results: Record<string, Record<string, number | string>> = {};
  try {
    for (const url of urls) {
      const runs: Scores[] = [];
      for (let run = 0; run < LIGHTHOUSE_RUNS; run += 1) {
        // Lighthouse 12 now and then loses the trace's navigation start (NO_NAVSTART) on a busy machine: once more.
        runs.push(await lighthouseOnce(url, chrome.port).catch(() => lighthouseOnce(url, chrome.port)));
      }
      const keys = Object.keys(runs[0] ?? {});
      const performance = runs.map((run) => run.performance ?? 0);
      results[new URL(url).pathname] = {
        ...Object.fromEntries(keys.map((key) => [key, median(runs.map((run) => run[key] ?? 0))])),
        runs: runs.length,
        performanceRange: `${Math.min(...performance)}-${Math.max(...performance)}`,
      };
    }
  } finally {
    await chrome.kill();
  }
  return results;
}

async function benchWeb() {
  const server = await startServer();
  try {
    const blogs = (await (
      await fetch(`${server.baseUrl}/api/blogs?page=1&per_page=1`)
    )
      .json()
      .catch(() => ({}))) as { blogs?: { slug: string }[] };
    const articlePath = blogs.blogs?.[0] ? `/article/${blogs.blogs[0].slug}` : undefined;
    const booking = '/sessions_availability/booking_test';
    const videoBooking = '/sessions_availability/booking_video';
    const routes = [
      '/',
      '/blog',
      '/our_team',
      '/faq',
      '/contact_us',
      '/login',
      booking,
      videoBooking,
      ...(articlePath ? [articlePath] : []),
    ];
    const javascript = await javascriptPerRoute(server.baseUrl, routes);
    console.log('\nJavaScript per route (gzipped):');
    for (const row of javascript)
      console.log(`  ${row.path.padEnd(40)} ${String(row.gzipKb).padStart(7)} KB in ${row.scripts} files`);
    const lighthouseTargets = [
      '/',
      '/blog',
      ...(articlePath ? [articlePath] : []),
      '/contact_us',
      '/login',
      booking,
      videoBooking,
    ].map((path) => server.baseUrl + path);
    const scores = await lighthouseScores(lighthouseTargets);
    console.log('\nLighthouse 12, mobile, simulated throttling:');
    for (const [path, row] of Object.entries(scores))
      console.log(`  ${path.padEnd(40)} ${JSON.stringify(row)}`);
    return { javascript, lighthouse: scores };
  } finally {
    await server.stop();
  }
}

/** The contention run on one freshly started server (no demonstration content, one admin). */
async function holdsOn(database: string, env: Record<string, string>): Promise<HoldFigures> {
  const server = await startServer({
    ...env,
    SEED: 'false',
    ADMIN_EMAIL: BENCH_ADMIN.email,
    ADMIN_PASSWORD: BENCH_ADMIN.password,
  });
  try {
    return await measureHolds(server.baseUrl, database, BENCH_ADMIN, server.pid);
  } finally {
    await server.stop();
  }
}

async function benchHolds() {
  const rows: HoldFigures[] = [await holdsOn('PGlite', {})];
  const skipped: string[] = [];
  const postgres = await withPostgresDatabase(
    process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
    (databaseUrl, version) => holdsOn(`PostgreSQL ${version}`, { DATABASE_URL: databaseUrl }),
  );
  if ('result' in postgres) rows.push(postgres.result);
  else skipped.push(postgres.skipped);
  printHoldTable(rows, skipped);
  return { rows, skipped };
}

/**
 * `GET /` with the page cache on and off, on PGlite and on PostgreSQL (each on a freshly seeded server), and the
 * cached page against a bare replay of its answer.
 */
async function benchSsr() {
  const rows: SsrFigures[] = [];
  const replays: SsrReplayFigures[] = [];
  const skipped: string[] = [];
  const folder = await mkdtemp(join(tmpdir(), 'clinic-bench-replay-'));
  const on = async (database: string, env: Record<string, string>) => {
    for (const cache of ['off', 'on'] as const) {
      // Kept for the whole part, so every request of the cached loads is a hit: with the default 30 s the page
      // expired between the replay's rounds, and its render and compression fell in the app's next rounds.
      const server = await startServer({ ...env, PAGE_CACHE_SECONDS: cache === 'on' ? '3600' : '0' });
      const answerFile = join(folder, `${replays.length}.json`);
      try {
        const app = await measureSsr(server.baseUrl, server.pid, { database, cache });
        rows.push(app);
        if (cache === 'on') {
          const answer = await recordCachedAnswer(server.baseUrl, answerFile);
          replays.push(await measureReplay(server, app, answer, answerFile));
        }
      } finally {
        await server.stop();
      }
    }
  };
  try {
    await on('PGlite', {});
    const postgres = await withPostgresDatabase(
      process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
      (databaseUrl, version) => on(`PostgreSQL ${version}`, { DATABASE_URL: databaseUrl }),
    );
    if ('skipped' in postgres) skipped.push(postgres.skipped);
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
  printSsrTable(rows, skipped);
  printReplayTable(replays);
  return { rows, replays, skipped };
}

/** `/api/health` while deep JSON floods a freshly started server (no demonstration content needed). */
async function benchFlood() {
  const server = await startServer({ SEED: 'false' });
  try {
    const figures = await measureFlood(server.baseUrl, server.pid);
    printFloodTable(figures);
    return figures;
  } finally {
    await server.stop();
  }
}

/** Letters arriving at a server started on a fresh PGlite folder (no demonstration content needed). */
async function benchUploads() {
  const server = await startServer({ SEED: 'false' });
  try {
    const figures = await measureUploads(server.baseUrl, server.pid, 'PGlite');
    printUploadsTable(figures);
    return figures;
  } finally {
    await server.stop();
  }
}

/** The back-office figures on one server started on a database seeded beforehand (no demonstration content). */
async function backOfficeOn(
  database: string,
  env: Record<string, string>,
  seedMs: number,
): Promise<BackOfficeFigures> {
  const server = await startServer({
    ...env,
    SEED: 'false',
    // The seeded years are kept: the retention job would erase most of the patients while the bench measures.
    RETENTION_DAYS: '3650',
    PUBLIC_HOLIDAYS: 'false',
    ADMIN_EMAIL: BENCH_ADMIN.email,
    ADMIN_PASSWORD: BENCH_ADMIN.password,
  });
  try {
    console.log(`\nBack office, ${database}:`);
    return await measureBackOffice(server.baseUrl, database, BENCH_ADMIN, server.pid, seedMs);
  } finally {
    await server.stop();
  }
}

/**
 * The back office on PGlite (a data folder created, migrated and seeded here, then handed to the server, which
 * opens it as an existing database) and on PostgreSQL (a database made, seeded and dropped).
 */
async function benchBackOffice() {
  const rows: BackOfficeFigures[] = [];
  const skipped: string[] = [];
  const folder = await mkdtemp(join(tmpdir(), 'clinic-bench-backoffice-'));
  try {
    const dataDir = join(folder, 'db');
    const seedMs = await prepareBackOfficeDatabase({ dataDir });
    rows.push(await backOfficeOn('PGlite', { DATA_DIR: dataDir }, seedMs));
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
  const postgres = await withPostgresDatabase(
    process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
    async (databaseUrl, version) =>
      backOfficeOn(
        `PostgreSQL ${version}`,
        { DATABASE_URL: databaseUrl },
        await prepareBackOfficeDatabase({ databaseUrl }),
      ),
  );
  if ('result' in postgres) rows.push(postgres.result);
  else skipped.push(postgres.skipped);
  for (const note of skipped) console.log(`  skipped: ${note}`);
  return { rows, skipped };
}

const RESULTS = 'bench/results/latest.json';
const measuredAt = new Date().toISOString();
const machine = `${cpus().length} cores (${cpus()[0]?.model ?? 'unknown CPU'}), Node.js ${process.version}`;
const loadAverage = loadavg()
  .map((load) => load.toFixed(2))
  .join(' / ');
const previous = (await readFile(RESULTS, 'utf8')
  .then((text) => JSON.parse(text) as Record<string, unknown>)
  .catch(() => ({}))) as Record<string, unknown>;
const web = runs('web') ? await benchWeb() : undefined;
const holds = runs('holds')
  ? {
      measuredAt,
      machine,
      ...(await benchHolds()),
    }
  : undefined;
const ssr = runs('ssr') ? { measuredAt, machine, ...(await benchSsr()) } : undefined;
const flood = runs('flood')
  ? { measuredAt, machine, database: 'PGlite', ...(await benchFlood()) }
  : undefined;
const uploads = runs('uploads') ? { measuredAt, machine, ...(await benchUploads()) } : undefined;
const backOffice = runs('backoffice') ? { measuredAt, machine, ...(await benchBackOffice()) } : undefined;
// The server's own figures (bench/server-figures.ts), each under its own key.
const serverFigures = {
  ...(runs('api') ? { api: { measuredAt, ...(await benchApi()) } } : {}),
  ...(runs('memory') ? { memory: { measuredAt, ...(await benchMemory()) } } : {}),
  ...(runs('startup') ? { startup: { measuredAt, ...(await benchStartup()) } } : {}),
};
const results = {
  ...previous,
  measuredAt,
  machine,
  loadAverage,
  ...(web ? { javascript: web.javascript, lighthouse: web.lighthouse, webMeasuredAt: measuredAt } : {}),
  ...(holds ? { holds } : {}),
  ...(ssr ? { ssr } : {}),
  ...(flood ? { flood } : {}),
  ...(backOffice ? { backOffice } : {}),
  ...(uploads ? { uploads } : {}),
  ...serverFigures,
};
await mkdir('bench/results', { recursive: true });
await writeFile(RESULTS, JSON.stringify(results, null, 2));
console.log(`\nwritten to ${RESULTS}`);
if (await writeBenchTable('docs/performance.md', benchTable(results, machine, measuredAt)))
  console.log('and as the table in docs/performance.md');
