// Writes the figures of bench/results/latest.json as a table between the bench markers of docs/performance.md,
// with the date and the machine, each figure next to its target (issues 10 and 12). A part not run yet shows as
// such.
import { readFile, writeFile } from 'node:fs/promises';

const START = '<!-- bench:start -->';
const END = '<!-- bench:end -->';

interface BenchRow {
  figure: string;
  measured: string;
  target: string;
  /** undefined when there is no figure yet. */
  met?: boolean;
}

type Results = Record<string, unknown>;

interface HoldRow {
  database: string;
  winners: number;
  slots: number;
  slotsWon: number;
  p50Ms: number;
  p99Ms: number;
  serverCpuMsPerHold?: number;
}

function holdRows(results: Results): BenchRow[] {
  const holds = results.holds as { rows?: HoldRow[] } | undefined;
  return (holds?.rows ?? []).map((row) => ({
    figure: `Hold contention, 200 at once over 10 slots, ${row.database}: winners, p50 / p99 (server CPU per hold)`,
    measured: `${row.winners} (${row.slotsWon} slots), ${Math.round(row.p50Ms)} / ${Math.round(row.p99Ms)} ms (${row.serverCpuMsPerHold ?? '?'} ms)`,
    target: 'exactly 10, p99 < 100 ms',
    met: row.winners === row.slots && row.slotsWon === row.slots && row.p99Ms < 100,
  }));
}

function javascriptRows(results: Results): BenchRow[] {
  const rows = (results.javascript as { path: string; gzipKb: number }[] | undefined) ?? [];
  return rows.map((row) => ({
    figure: `Initial JavaScript, \`${row.path}\`, gzipped`,
    measured: `${row.gzipKb} KB`,
    target: '≤ 125 KB',
    met: row.gzipKb <= 125,
  }));
}

/**
 * Issue 12 sets the paint targets for the public pages; the back office's sign-in page (a client-only
 * shell) is measured for comparison and held to best practices only.
 */
const WITHOUT_PAINT_TARGET = new Set(['/login']);

function lighthouseRows(results: Results): BenchRow[] {
  const pages = (results.lighthouse as Record<string, Record<string, number | string>> | undefined) ?? {};
  return Object.entries(pages).map(([path, scores]) => {
    const lcp = Number(scores.lcpMs ?? 0);
    const tbt = Number(scores.tbtMs ?? 0);
    const performance = Number(scores.performance ?? 0);
    const bestPractices = Number(scores['best-practices'] ?? 0);
    const accessibility = Number(scores.accessibility ?? 0);
    const paintTarget = !WITHOUT_PAINT_TARGET.has(path);
    const range = scores.performanceRange ? ` (runs ${scores.performanceRange})` : '';
    return {
      figure: `Lighthouse mobile \`${path}\`: LCP, total blocking time, performance, accessibility, best practices (median of ${scores.runs ?? '?'})`,
      measured: `${(lcp / 1000).toFixed(2)} s, ${tbt} ms, ${performance}${range}, ${accessibility}, ${bestPractices}`,
      target: paintTarget
        ? '≤ 1.0 s, ≤ 150 ms, ≥ 97, 100, 100'
        : 'none, none, none, 100, 100 (client-only sign-in shell)',
      met:
        (!paintTarget || (lcp <= 1000 && tbt <= 150 && performance >= 97)) &&
        accessibility === 100 &&
        bestPractices === 100,
    };
  });
}

const isPostgres = (database: string) => database.startsWith('PostgreSQL');

/**
 * The app against a bare yardstick: the target reads the CPU ratio (bare CPU per request over the app's), not the
 * req/s ratio beside it: the load generator shares the machine's two cores with the server, so requests a second
 * move with whatever else runs; CPU time per request hardly does. Without a CPU ratio the target is not met.
 */
const ratioMet = (cpuRatio: number | null | undefined, target: number) =>
  cpuRatio !== null && cpuRatio !== undefined && cpuRatio >= target;

/** Issue 30: the app's API at least 0.85 of the bare server's, its cached home page at least 0.8 of a replay. */
const API_RATIO = 0.85;
const REPLAY_RATIO = 0.8;

function apiRows(results: Results): BenchRow[] {
  const api = results.api as
    | {
        rows?: {
          database: string;
          path: string;
          identicalJson: boolean;
          app: unknown[];
          ratio: number;
          cpuRatio: number;
        }[];
      }
    | undefined;
  return (api?.rows ?? []).map((row) => ({
    figure: `\`GET ${row.path}\`, app / bare server on the same SQL, ${row.database}: req/s ratio (CPU ratio, which the target reads), each the median of ${row.app.length} paired rounds`,
    measured: `${row.ratio} (${row.cpuRatio})${row.identicalJson ? '' : ', JSON differs!'}`,
    target: `≥ ${API_RATIO}`,
    met: row.identicalJson && ratioMet(row.cpuRatio, API_RATIO),
  }));
}

interface SsrRow {
  database: string;
  cache: string;
  path: string;
  reqPerSec: number;
  cpuMsPerRequest: number | null;
}

function ssrRows(results: Results): BenchRow[] {
  const ssr = results.ssr as
    | {
        rows?: SsrRow[];
        replays?: {
          database: string;
          path: string;
          identicalAnswer: boolean;
          rounds: { replay: SsrRow }[];
          ratio: number;
          cpuRatio: number | null;
        }[];
      }
    | undefined;
  const pages = (ssr?.rows ?? []).map((row) => ({
    figure: `Server-rendered \`GET ${row.path}\`, page cache ${row.cache}, ${row.database}: req/s (CPU per request)`,
    measured: `${row.reqPerSec} (${row.cpuMsPerRequest ?? '?'} ms)`,
    target: row.cache === 'on' ? '≥ 1,000 req/s' : 'none (uncached, for comparison)',
    met: row.cache === 'on' ? row.reqPerSec >= 1000 : undefined,
  }));
  const replays = (ssr?.replays ?? []).map((row) => ({
    figure: `Cached \`GET ${row.path}\`, app / bare replay of its answer, ${row.database}: req/s ratio (CPU ratio, which the target reads), each the median of ${row.rounds.length} paired rounds; the replay's req/s (CPU per request) in the first`,
    measured: `${row.ratio} (${row.cpuRatio ?? '?'}); ${row.rounds[0]?.replay.reqPerSec ?? '?'} (${row.rounds[0]?.replay.cpuMsPerRequest ?? '?'} ms)${row.identicalAnswer ? '' : ', answer differs!'}`,
    target: `≥ ${REPLAY_RATIO}`,
    met: row.identicalAnswer && ratioMet(row.cpuRatio, REPLAY_RATIO),
  }));
  return [...pages, ...replays];
}

function memoryRows(results: Results): BenchRow[] {
  const api = results.api as
    | { memory?: { database: string; idleMb: number; afterLoadMb: number }[] }
    | undefined;
  const rows: BenchRow[] = (api?.memory ?? []).map((row) => {
    const limit = isPostgres(row.database) ? 130 : 350;
    return {
      figure: `RSS of the server, ${row.database}: idle, after load`,
      measured: `${row.idleMb} MB, ${row.afterLoadMb} MB`,
      target: `idle ≤ ${limit} MB`,
      met: row.idleMb <= limit,
    };
  });
  const memory = results.memory as { firstStart?: { rss: number }; restart?: { rss: number } } | undefined;
  if (memory?.firstStart) {
    rows.push({
      figure: 'RSS 5 s after the first start on an empty PGlite folder (and after a restart)',
      measured: `${memory.firstStart.rss} MB (${memory.restart?.rss ?? '?'} MB)`,
      target: '≤ 400 MB',
      met: memory.firstStart.rss <= 400,
    });
  }
  return rows;
}

function startupRows(results: Results): BenchRow[] {
  const startup = results.startup as { rows?: { database: string; medianMs: number }[] } | undefined;
  return (startup?.rows ?? []).map((row) => {
    const limit = isPostgres(row.database) ? 1500 : 3000;
    return {
      figure: `Cold start on an existing database, ${row.database} (median of 3)`,
      measured: `${(row.medianMs / 1000).toFixed(2)} s`,
      target: `≤ ${limit / 1000} s`,
      met: row.medianMs <= limit,
    };
  });
}

function floodRows(results: Results): BenchRow[] {
  const flood = results.flood as
    | { concurrency: number; bodyBytes: number; p50Ms: number; p99Ms: number; database?: string }
    | undefined;
  if (!flood) return [];
  return [
    {
      figure: `\`GET /api/health\` while ${flood.concurrency} requests of ${Math.round(flood.bodyBytes / 1024 / 1024)} MB of nested \`[[[…\` arrive at a time, ${flood.database ?? 'PGlite'}: p50 / p99`,
      measured: `${flood.p50Ms} / ${flood.p99Ms} ms`,
      target: 'p99 ≤ 100 ms',
      met: flood.p99Ms <= 100,
    },
  ];
}

/** Issue 30: the server's peak RSS while 60 letters of 10 MB arrive one after another. */
const UPLOAD_PEAK_MB = 450;

function uploadRows(results: Results): BenchRow[] {
  const uploads = results.uploads as
    | {
        database: string;
        uploads: number;
        letterBytes: number;
        accepted: number;
        seconds: number;
        rssBeforeMb: number;
        rssPeakMb: number;
        rssHighWaterMb: number;
        rssAfterMb: number;
      }
    | undefined;
  if (!uploads) return [];
  const peak = Math.max(uploads.rssPeakMb, uploads.rssHighWaterMb);
  return [
    {
      figure: `${uploads.uploads} self-referrals with a ${Math.round(uploads.letterBytes / 1024 / 1024)} MB letter, one after another, ${uploads.database}: accepted, seconds; server RSS before / peak (VmHWM) / 5 s after`,
      measured: `${uploads.accepted}, ${uploads.seconds} s; ${uploads.rssBeforeMb} / ${uploads.rssPeakMb} (${uploads.rssHighWaterMb}) / ${uploads.rssAfterMb} MB`,
      target: `all accepted, peak < ${UPLOAD_PEAK_MB} MB`,
      met: uploads.accepted === uploads.uploads && peak < UPLOAD_PEAK_MB,
    },
  ];
}

interface BackOfficeLatency {
  p50Ms: number;
  p95Ms: number;
  /** The server process's CPU time per request (PostgreSQL's own processes not counted); missing in older results. */
  serverCpuMs?: number;
}

interface BackOfficeCsv {
  rows: number;
  rowsPerSecond: number;
  firstByteMs?: number;
  rssBeforeMb: number;
  rssPeakMb: number;
  rssAfterMb: number;
}

interface BackOfficeRow {
  database: string;
  patients: number;
  appointments: number;
  lists: {
    list: 'appointments' | 'patients';
    filter: string;
    count: number;
    first: BackOfficeLatency;
    last: BackOfficeLatency;
  }[];
  csv: BackOfficeCsv;
  csvTenths: BackOfficeCsv;
  detail: BackOfficeLatency;
  /** Missing in results written before the calendar. */
  days?: (BackOfficeLatency & { name: string; path: string })[];
}

/** The lists' target (issue: p95 at most 50 ms on PostgreSQL); PGlite's figures are for comparison. */
const LIST_P95_MS = 50;
const CSV_ROWS_PER_SECOND = 20_000;
const DETAIL_P95_MS = 10;
/** The calendar and the desk's day (issue: p95 at most 50 ms on both engines). */
const DAY_P95_MS = 50;
const count = (value: number) => value.toLocaleString('en-IE');

function backOfficeRows(results: Results): BenchRow[] {
  const backOffice = results.backOffice as { rows?: BackOfficeRow[] } | undefined;
  return (backOffice?.rows ?? []).flatMap((row) => {
    const postgres = isPostgres(row.database);
    const lists = row.lists.map((list) => {
      const what =
        list.list === 'appointments'
          ? `\`GET /api/admin/transactions\` (10 a page) of ${count(row.appointments)} appointments`
          : `\`GET /api/admin/patients\` (50 a page) of ${count(row.patients)} patients`;
      const filter =
        list.filter === 'none'
          ? 'no search'
          : list.filter === 'video calls'
            ? 'video calls only'
            : `search \`${list.filter}\``;
      return {
        figure: `${what}, ${filter} (${count(list.count)} found), ${row.database}: p50 / p95, first page; last page`,
        measured: `${list.first.p50Ms} / ${list.first.p95Ms} ms; ${list.last.p50Ms} / ${list.last.p95Ms} ms`,
        target: postgres ? `p95 ≤ ${LIST_P95_MS} ms` : 'none (for comparison)',
        met: postgres ? Math.max(list.first.p95Ms, list.last.p95Ms) <= LIST_P95_MS : undefined,
      };
    });
    const { csv, csvTenths } = row;
    return [
      ...lists,
      {
        figure: `Appointments.csv of all ${count(csv.rows)} appointments, ${row.database}: rows a second (first bytes); server RSS before / peak / after (writing a tenth ten times: before / peak)`,
        measured: `${count(csv.rowsPerSecond)} (${csv.firstByteMs ?? '?'} ms); ${csv.rssBeforeMb} / ${csv.rssPeakMb} / ${csv.rssAfterMb} MB (${csvTenths.rssBeforeMb} / ${csvTenths.rssPeakMb} MB)`,
        target: `≥ ${count(CSV_ROWS_PER_SECOND)} rows/s; first bytes within a tenth of the download (streamed)`,
        met:
          csv.rowsPerSecond >= CSV_ROWS_PER_SECOND &&
          (csv.firstByteMs ?? Infinity) <= (csv.rows / csv.rowsPerSecond) * 100,
      },
      {
        figure: `\`GET /api/admin/patients/:id\` (the detail, with its audit entry written), ${row.database}: p50 / p95`,
        measured: `${row.detail.p50Ms} / ${row.detail.p95Ms} ms`,
        target: `p95 ≤ ${DETAIL_P95_MS} ms`,
        met: row.detail.p95Ms <= DETAIL_P95_MS,
      },
      ...(row.days ?? []).map((day) => ({
        figure: `${day.name} (\`${day.path}\`) of ${count(row.appointments)} appointments, ${row.database}: p50 / p95 (the server process's CPU per request)`,
        measured: `${day.p50Ms} / ${day.p95Ms} ms (${day.serverCpuMs === undefined ? '?' : Math.round(day.serverCpuMs * 10) / 10} ms)`,
        target: `p95 ≤ ${DAY_P95_MS} ms`,
        met: day.p95Ms <= DAY_P95_MS,
      })),
    ];
  });
}

/** Every row builder; one per part of the bench. */
const builders = [
  apiRows,
  ssrRows,
  memoryRows,
  startupRows,
  holdRows,
  floodRows,
  uploadRows,
  backOfficeRows,
  javascriptRows,
  lighthouseRows,
];

function benchRows(results: Results): BenchRow[] {
  return builders.flatMap((build) => build(results));
}

/** The parts of `npm run bench` (its `--only` names, as the table's first line names them) by their figures' key. */
const PART_KEYS: [part: string, key: string][] = [
  ['web', 'webMeasuredAt'],
  ['holds', 'holds'],
  ['ssr', 'ssr'],
  ['api (and the RSS idle and after load)', 'api'],
  ['memory', 'memory'],
  ['startup', 'startup'],
  ['flood', 'flood'],
  ['backoffice', 'backOffice'],
  ['uploads', 'uploads'],
];

/** When each part last ran: a part run alone keeps the others' figures from their own runs. */
function partDates(results: Results): string {
  return PART_KEYS.map(([part, key]) => {
    const value = results[key];
    const at = typeof value === 'string' ? value : (value as { measuredAt?: string } | undefined)?.measuredAt;
    // The web part keeps its figures apart from its date, and figures kept before their date was are undated.
    const kept = part === 'web' ? results.javascript !== undefined : value !== undefined;
    return `${part} ${at ? at.slice(0, 10) : kept ? 'undated' : 'not run'}`;
  }).join(', ');
}

export function benchTable(results: Results, machine: string, measuredAt: string): string {
  const rows = benchRows(results);
  const lines = [
    `Last run ${measuredAt.slice(0, 10)} on ${machine} by \`npm run bench\`; the load average when it started: ${String(results.loadAverage ?? 'not recorded')}. Each part's figures are from its own last run: ${partDates(results)}.`,
    '',
    '| figure | measured | target | met |',
    '| --- | --- | --- | --- |',
    ...rows.map(
      (row) =>
        `| ${row.figure} | ${row.measured} | ${row.target} | ${row.met === undefined ? '–' : row.met ? 'yes' : 'no'} |`,
    ),
  ];
  return lines.join('\n');
}

/** Replaces what stands between a page's bench markers; leaves the page alone without them. */
export async function writeBenchTable(pagePath: string, table: string): Promise<boolean> {
  const page = await readFile(pagePath, 'utf8');
  const start = page.indexOf(START);
  const end = page.indexOf(END);
  if (start < 0 || end < start) return false;
  await writeFile(pagePath, `${page.slice(0, start + START.length)}\n${table}\n${page.slice(end)}`);
  return true;
}
