// The back office at ten clinics' scale (`npm run bench -- --only backoffice`): a database seeded with
// BACK_OFFICE_PATIENTS patients and BACK_OFFICE_APPOINTMENTS appointments (each with its slot, and its card
// payments unless staff booked it) over five and a half years, then the production server on it, signed in as an
// admin, one request after another on one keep-alive connection:
//  - the appointments list (`GET /api/admin/transactions`, 10 a page) and the patients list
//    (`GET /api/admin/patients`, 50 a page), first and last page, without a search, with a surname's part and
//    with three letters (and the appointments of video calls only): p50 and p95 of LIST_REQUESTS after a warm-up
//    (target on PostgreSQL: p95 at most 50 ms);
//  - Appointments.csv of every appointment (`GET /api/admin/export_transactions?include_cancelled=true`): rows a
//    second (target: 20,000 or more) and the server's resident memory before, at its peak while it is written
//    (sampled every 50 ms) and after, against the peak while a search's tenth of the rows is written ten times
//    over (the same rows and garbage, in files a tenth as long), so memory growing with the rows would show;
//  - a patient's detail (`GET /api/admin/patients/:id`, which writes its audit entry): p50 and p95 (target: p95 at
//    most 10 ms);
//  - the calendar (a week, and 42 days), the desk's day and the takings (a month, a year): p50 and p95 (target:
//    p95 at most 50 ms).
// The server's CPU time per request (from /proc) is given beside the latencies.
import { readFileSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { migrateDatabase, openDatabase } from '../src/server/db/database';
import { processCpuMs } from './holds';

const BACK_OFFICE_PATIENTS = 50_000;
const BACK_OFFICE_APPOINTMENTS = 100_000;
/** Requests measured per case, after WARM_UP_REQUESTS not counted. */
const LIST_REQUESTS = 60;
const WARM_UP_REQUESTS = 8;

/** The day screens measured, on days the seed fills (see `slotStart`). */
const DAY_SCREENS: readonly (readonly [string, string])[] = [
  ['calendar, a week', '/api/admin/calendar?from=2026-01-05&to=2026-01-11'],
  ['calendar, 42 days', '/api/admin/calendar?from=2026-01-05&to=2026-02-15'],
  ["the desk's day", '/api/admin/day?date=07%2F01%2F2026'],
  ['takings, a month', '/api/admin/takings?from=01%2F01%2F2026&to=31%2F01%2F2026'],
  ['takings, a year', '/api/admin/takings?from=01%2F01%2F2025&to=31%2F12%2F2025'],
];

/** Part of a surname (O'Sullivan) and three letters (Murphy, Murray, Kilmurry and e-mails with them). */
const SURNAME_SEARCH = 'sulliv';
const THREE_LETTER_SEARCH = 'mur';
/** One e-mail provider in ten: the smaller export's search. */
const TENTH_SEARCH = 'eircom';

// ---------------------------------------------------------------------------------------------------
// The data

const FIRST_NAMES = [
  'Aoife',
  'Seán',
  'Ciara',
  'Conor',
  'Niamh',
  'Oisín',
  'Saoirse',
  'Cian',
  'Róisín',
  'Darragh',
  'Caoimhe',
  'Pádraig',
  'Sinéad',
  'Eoin',
  'Orla',
  'Fionn',
  'Clodagh',
  'Colm',
  'Gráinne',
  'Ronan',
  'Siobhán',
  'Tadhg',
  'Éabha',
  'Cathal',
  'Áine',
  'Donal',
  'Méabh',
  'Liam',
  'Emma',
  'Jack',
  'Sarah',
  'James',
  'Grace',
  'Michael',
  'Sophie',
  'Daniel',
  'Katie',
  'Patrick',
  'Lucy',
  'John',
  'Emily',
  'David',
  'Hannah',
  'Mark',
  'Chloe',
  'Brian',
  'Ella',
  'Kevin',
  'Amy',
  'Declan',
  'Laura',
  'Barry',
  'Rachel',
  'Shane',
  'Fiona',
  'Gavin',
  'Deirdre',
  'Niall',
  'Maeve',
  'Diarmuid',
];

const LAST_NAMES = [
  'Murphy',
  'Kelly',
  "O'Sullivan",
  'Walsh',
  'Smith',
  "O'Brien",
  'Byrne',
  'Ryan',
  "O'Connor",
  "O'Neill",
  "O'Reilly",
  'Doyle',
  'McCarthy',
  'Gallagher',
  "O'Doherty",
  'Kennedy',
  'Lynch',
  'Murray',
  'Quinn',
  'Moore',
  'McLoughlin',
  "O'Carroll",
  'Connolly',
  'Daly',
  "O'Connell",
  'Wilson',
  'Dunne',
  'Brennan',
  'Burke',
  'Collins',
  'Campbell',
  'Clarke',
  'Johnston',
  'Hughes',
  "O'Farrell",
  'Fitzgerald',
  'Brown',
  'Martin',
  'Maguire',
  'Nolan',
  'Flynn',
  'Thompson',
  "O'Callaghan",
  "O'Donnell",
  'Duffy',
  'Mahony',
  'Boyle',
  'Healy',
  "O'Shea",
  'White',
  'Sweeney',
  'Hayes',
  'Kavanagh',
  'Power',
  'McGrath',
  'Moran',
  'Brady',
  'Stewart',
  'Casey',
  'Foley',
  'Fitzpatrick',
  "O'Leary",
  'McDonnell',
  'MacMahon',
  'Donnelly',
  'Regan',
  'Donovan',
  'Burns',
  'Flanagan',
  'Mullan',
  'Barry',
  'Kane',
  'Robinson',
  'Cunningham',
  'Griffin',
  'Kenny',
  'Sheehan',
  'Ward',
  'Whelan',
  'Lyons',
  'Ní Bhriain',
  'Mac Giolla',
  'Kilmurry',
  'Tierney',
];

/** Weighted e-mail providers: a tenth of the patients are at eircom.net (TENTH_SEARCH). */
const EMAIL_DOMAINS = [
  'gmail.com',
  'gmail.com',
  'gmail.com',
  'gmail.com',
  'hotmail.com',
  'hotmail.com',
  'eircom.net',
  'yahoo.ie',
  'outlook.ie',
  'icloud.com',
];

const PAYMENT_TYPES_AT_THE_DESK = ['Card at the clinic', 'Cash', 'Health insurance', 'Bank transfer'];

const literal = (text: string) => `'${text.replace(/'/g, "''")}'`;
const textArray = (values: readonly string[]) => `array[${values.map(literal).join(', ')}]::text[]`;

/** A whole number from 0 to 2^28 - 1, the same for the same `key` and `salt` on every run. */
const pick = (key: string, salt: string) =>
  `('x' || substr(md5(${key}::text || '${salt}'), 1, 7))::bit(28)::int`;
/** The `key`th element of `values` (a pseudo-random one, salted). */
const oneOf = (values: readonly string[], key: string, salt: string) =>
  `(${textArray(values)})[1 + ${pick(key, salt)} % ${values.length}]`;
/** Lower case, without fadas, apostrophes or spaces: the part of an e-mail address a name gives. */
const mailName = (expression: string) => `translate(lower(${expression}), 'áéíóú'' ', 'aeiou')`;

/**
 * Slot i (1 to APPOINTMENTS) is of kind i % 4 (video or allergy test, adult or child: the slots of one kind may
 * not overlap), the (i - 1) / 4th of its kind: twelve 30-minute slots a day 40 minutes apart from 09:00 clinic
 * time, from 1 June 2021 on, so the last few months are still to come. Appointment i is slot i's; patient p
 * made appointments p and p + PATIENTS (of the same kind: PATIENTS is a multiple of 4), some 2.5 years apart.
 */
const slotStart = (i: string) =>
  `((date '2021-06-01' + ((${i} - 1) / 4 / 12))::timestamp + time '09:00' + ((${i} - 1) / 4 % 12) * interval '40 minutes') at time zone 'Europe/Dublin'`;
/** How long before its time appointment i was booked: 2 hours to 40 days, to the second. */
const bookedAhead = (i: string) => `(7200 + ${pick(i, 'ahead')} % 3456000) * interval '1 second'`;
/** 0 to 99: below 10 staff booked it (no card payment); the outcome of a past one; 3 a declined card first. */
const bookedBy = (i: string) => `${pick(i, 'by')} % 100`;
const outcome = (i: string) => `${pick(i, 'outcome')} % 100`;

/** The statements that seed an empty (migrated) database, in order. */
function backOfficeSeedStatements(): string[] {
  const patients = BACK_OFFICE_PATIENTS;
  const appointments = BACK_OFFICE_APPOINTMENTS;
  return [
    `insert into slots (id, starts_at, ends_at, status, price_cents, is_adult, is_video_call, location, created_at, updated_at)
     select i, s, s + interval '30 minutes', 'booked',
       case when video then 8500 when adult then 18000 else 15000 end, adult, video,
       case when video then null when not adult then 'child' when ((i - 1) / 4) % 2 = 0 then 'adult_1' else 'adult_2' end,
       s - interval '60 days', s - interval '60 days'
     from (select i, ${slotStart('i')} as s, i % 4 < 2 as adult, i % 2 = 1 as video
           from generate_series(1, ${appointments}) i) g`,
    `insert into patients (id, first_name, last_name, email, phone, dob, is_adult, guardian_first_name,
       guardian_last_name, allergens, created_at, updated_at)
     select p, first_name, last_name,
       case when ${pick('p', 'noemail')} % 100 < 3 then null
         else ${mailName('coalesce(guardian_first_name, first_name)')} || '.' || ${mailName('last_name')}
           || case when p % 3 = 0 then (p % 100)::text else '' end || '@' || ${oneOf(EMAIL_DOMAINS, 'p', 'domain')} end,
       case when p % 10 < 3 then '+353 8' || (3 + ${pick('p', 'net')} % 7) || ' ' else '08' || (3 + ${pick('p', 'net')} % 7) || ' ' end
         || lpad((${pick('p', 'phone')} % 1000)::text, 3, '0') || ' ' || lpad((${pick('p', 'line')} % 10000)::text, 4, '0'),
       case when adult then date '1950-01-01' + ${pick('p', 'dob')} % 20000 else date '2010-01-01' + ${pick('p', 'dob')} % 4300 end,
       adult, guardian_first_name, case when adult then null else last_name end,
       case when p % 5 = 0 then 'Peanut, tree nuts' when p % 5 = 1 then 'Grass pollen, house dust mite' else null end,
       created, created
     from (select p, p % 4 < 2 as adult,
             ${oneOf(FIRST_NAMES, 'p', 'first')} as first_name,
             ${oneOf(LAST_NAMES, 'p', 'last')} as last_name,
             case when p % 4 < 2 then null else ${oneOf(FIRST_NAMES, 'p', 'guardian')} end as guardian_first_name,
             ${slotStart('p')} - ${bookedAhead('p')} - interval '4 minutes' as created
           from generate_series(1, ${patients}) p) g`,
    `insert into appointments (id, patient_id, slot_id, status, booked_by_admin, price_cents, payment_type,
       antihistamine_confirmed, agreement_accepted, hold_token_hash, access_token_hash, booked_from, created_at, updated_at)
     select a.i, 1 + (a.i - 1) % ${patients}, a.i,
       case when s.starts_at > now() then (case when a.by_admin then 'booked' else 'paid' end)
         when a.outcome < 88 then 'attended' when a.outcome < 93 then 'no_show'
         when a.by_admin then 'cancelled' else 'refunded' end,
       a.by_admin, s.price_cents,
       case when a.by_admin then ${oneOf(PAYMENT_TYPES_AT_THE_DESK, 'a.i', 'desk')} else 'card' end,
       case when s.is_video_call then null else true end, case when s.is_video_call then null else true end,
       case when a.by_admin then null else encode(sha256(('hold' || a.i)::bytea), 'hex') end,
       case when a.by_admin then null else encode(sha256(('access' || a.i)::bytea), 'hex') end,
       case when a.by_admin then null else '198.51.100.' || (a.i % 250) end,
       s.starts_at - ${bookedAhead('a.i')}, s.starts_at - ${bookedAhead('a.i')}
     from (select i, ${bookedBy('i')} < 10 as by_admin, ${outcome('i')} as outcome
           from generate_series(1, ${appointments}) i) a
     join slots s on s.id = a.i`,
    // A declined card before the one that paid, for 3 in 100 of the appointments paid on the website.
    `insert into payments (appointment_id, provider, provider_payment_id, idempotency_key, amount_cents, status,
       customer_email, failure_message, created_at, updated_at)
     select a.id, 'stripe', 'pi_bench_declined_' || a.id, 'booking-declined-' || a.id, a.price_cents, 'failed',
       p.email, 'Your card was declined.', a.created_at + interval '1 minute', a.created_at + interval '1 minute'
     from appointments a join patients p on p.id = a.patient_id
     where not a.booked_by_admin and ${bookedBy('a.id')} between 10 and 12`,
    `insert into payments (appointment_id, provider, provider_payment_id, idempotency_key, amount_cents, status,
       paid_at, refunded_at, customer_email, refund_id, created_at, updated_at)
     select a.id, 'stripe', 'pi_bench_' || a.id, 'booking-' || a.id, a.price_cents,
       case when a.status = 'refunded' then 'refunded' else 'succeeded' end,
       a.created_at + interval '4 minutes',
       case when a.status = 'refunded' then a.created_at + interval '3 days' end,
       p.email, case when a.status = 'refunded' then 're_bench_' || a.id end,
       a.created_at + interval '2 minutes', a.created_at + interval '4 minutes'
     from appointments a join patients p on p.id = a.patient_id
     where not a.booked_by_admin`,
    // Each refunded payment's refund, in full, made when the payment says.
    `update payments set refunded_cents = amount_cents where status = 'refunded'`,
    `insert into refunds (payment_id, amount_cents, requested_by, status, idempotency_key, provider_refund_id,
       refunded_at, created_at, updated_at)
     select id, amount_cents, 'patient', 'succeeded', 'refund-' || id, refund_id, refunded_at, refunded_at, refunded_at
     from payments where status = 'refunded'`,
    // A cancelled or refunded appointment gave its time back.
    `update slots set status = 'available' where id in (select slot_id from appointments where status in ('cancelled', 'refunded'))`,
    `select setval(pg_get_serial_sequence('slots', 'id'), ${appointments})`,
    `select setval(pg_get_serial_sequence('patients', 'id'), ${patients})`,
    `select setval(pg_get_serial_sequence('appointments', 'id'), ${appointments})`,
    // As a database in use would be: every row's visibility settled, the planner's statistics taken.
    'vacuum analyze',
  ];
}

/**
 * Creates and migrates the database (a PostgreSQL one at `databaseUrl`, or embedded PGlite in `dataDir`, as the
 * server then opens it) and seeds it; answers how long the seeding took.
 */
export async function prepareBackOfficeDatabase(
  target: { databaseUrl: string } | { dataDir: string },
): Promise<number> {
  const database = await openDatabase(target);
  try {
    await migrateDatabase(database);
    const started = performance.now();
    for (const statement of backOfficeSeedStatements()) await database.db.execute(sql.raw(statement));
    const seedMs = Math.round(performance.now() - started);
    // The seeded pages written out now, not by a checkpoint in the middle of the measurements (another
    // database's CREATE DATABASE on the same server forces one): it stalled every commit for seconds. A role
    // that may not (neither superuser nor pg_checkpoint) leaves it to the server.
    await database.db.execute(sql`checkpoint`).catch(() => undefined);
    return seedMs;
  } finally {
    await database.close();
  }
}

// ---------------------------------------------------------------------------------------------------
// The measurements

interface Answer {
  status: number;
  body: string;
  ms: number;
}

/** One request on the keep-alive connection; `ms` from the call to the answer's last byte. */
function send(
  agent: Agent,
  url: string,
  options: {
    method?: string;
    headers?: Record<string, string>;
    body?: unknown;
    onData?: (chunk: Buffer) => void;
  },
): Promise<Answer> {
  const payload = options.body === undefined ? undefined : JSON.stringify(options.body);
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      {
        agent,
        method: options.method ?? 'GET',
        headers: {
          ...(payload === undefined ? {} : { 'content-type': 'application/json' }),
          ...options.headers,
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => (options.onData ? options.onData(chunk) : chunks.push(chunk)));
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

/** Nearest-rank percentile, to a tenth of a millisecond. */
function percentile(sorted: number[], p: number): number {
  const value = sorted[Math.max(0, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
  return Math.round(value * 10) / 10;
}

/** Resident memory of a process in MB (a tenth), from /proc. */
function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Math.round(Number(/^VmRSS:\s+(\d+)/m.exec(status)?.[1] ?? 0) / 102.4) / 10;
}

interface LatencyFigures {
  /** What was asked, e.g. 'first page'. */
  name: string;
  path: string;
  p50Ms: number;
  p95Ms: number;
  maxMs: number;
  serverCpuMs?: number;
}

interface ListFigures {
  list: 'appointments' | 'patients';
  /** 'none', a search text, or 'video calls'. */
  filter: string;
  /** How many rows the list answered it finds. */
  count: number;
  pages: number;
  first: LatencyFigures;
  last: LatencyFigures;
}

interface CsvFigures {
  rows: number;
  bytes: number;
  seconds: number;
  rowsPerSecond: number;
  /** From the request to the first bytes of the file: streamed, they come before the rows are all read. */
  firstByteMs: number;
  serverCpuMsPer1000Rows?: number;
  rssBeforeMb: number;
  rssPeakMb: number;
  rssAfterMb: number;
}

export interface BackOfficeFigures {
  database: string;
  patients: number;
  appointments: number;
  seedSeconds: number;
  lists: ListFigures[];
  /** The calendar, the desk's day and the takings (target: p95 at most 50 ms). */
  days: LatencyFigures[];
  /** Every appointment's row in one file; and a tenth of them ten times over, for the memory's sake. */
  csv: CsvFigures;
  csvTenths: CsvFigures;
  detail: LatencyFigures;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Runs every measurement against a started server on a seeded database. */
export async function measureBackOffice(
  baseUrl: string,
  database: string,
  admin: { email: string; password: string },
  serverPid: number,
  seedMs: number,
): Promise<BackOfficeFigures> {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  try {
    const login = await send(agent, `${baseUrl}/api/admin/autorization/login`, {
      method: 'POST',
      body: admin,
    });
    if (login.status !== 200) throw new Error(`admin sign-in answered ${login.status}: ${login.body}`);
    const token = (JSON.parse(login.body) as { data: { token: { auth_token: string } } }).data.token
      .auth_token;
    const headers = { authorization: `Bearer ${token}` };

    const json = async <T>(path: string): Promise<T> => {
      const answer = await send(agent, baseUrl + path, { headers });
      if (answer.status !== 200) throw new Error(`GET ${path} answered ${answer.status}: ${answer.body}`);
      return JSON.parse(answer.body) as T;
    };

    const latency = async (name: string, path: string): Promise<LatencyFigures> => {
      for (let i = 0; i < WARM_UP_REQUESTS; i++) await json(path);
      const times: number[] = [];
      const cpuBefore = processCpuMs(serverPid);
      for (let i = 0; i < LIST_REQUESTS; i++) {
        const answer = await send(agent, baseUrl + path, { headers });
        if (answer.status !== 200) throw new Error(`GET ${path} answered ${answer.status}: ${answer.body}`);
        times.push(answer.ms);
      }
      const cpuAfter = processCpuMs(serverPid);
      times.sort((a, b) => a - b);
      return {
        name,
        path,
        p50Ms: percentile(times, 50),
        p95Ms: percentile(times, 95),
        maxMs: percentile(times, 100),
        ...(cpuBefore !== undefined && cpuAfter !== undefined
          ? { serverCpuMs: Math.round(((cpuAfter - cpuBefore) / LIST_REQUESTS) * 100) / 100 }
          : {}),
      };
    };

    const list = async (
      kind: ListFigures['list'],
      filter: string,
      query: Record<string, string>,
    ): Promise<ListFigures> => {
      const path = kind === 'appointments' ? '/api/admin/transactions' : '/api/admin/patients';
      const perPage = kind === 'appointments' ? '10' : '50';
      const address = (page: number) =>
        `${path}?${new URLSearchParams({ ...query, page: String(page), per_page: perPage })}`;
      const { count, pages } = await json<{ count: number; pages: number }>(address(1));
      return {
        list: kind,
        filter,
        count,
        pages,
        first: await latency('first page', address(1)),
        last: await latency('last page', address(pages)),
      };
    };

    const lists: ListFigures[] = [];
    for (const kind of ['appointments', 'patients'] as const) {
      lists.push(await list(kind, 'none', {}));
      lists.push(await list(kind, SURNAME_SEARCH, { search_transaction: SURNAME_SEARCH }));
      lists.push(await list(kind, THREE_LETTER_SEARCH, { search_transaction: THREE_LETTER_SEARCH }));
      if (kind === 'appointments') lists.push(await list(kind, 'video calls', { is_video_call: 'true' }));
    }
    for (const row of lists) {
      console.log(
        `  ${row.list} (${row.filter}, ${row.count} found): first ${row.first.p50Ms} / ${row.first.p95Ms} ms, last ${row.last.p50Ms} / ${row.last.p95Ms} ms`,
      );
    }

    // The day's screens, in the seeded clinic's busiest stretch (48 appointments a day): the calendar's week and its
    // longest range (42 days), and the desk's day.
    const days: LatencyFigures[] = [];
    for (const [name, path] of DAY_SCREENS) days.push(await latency(name, path));
    for (const row of days) console.log(`  ${row.name}: ${row.p50Ms} / ${row.p95Ms} ms`);

    /** `times` downloads of the CSV of `query` one after another, sampled as one. */
    const csv = async (query: Record<string, string>, times = 1): Promise<CsvFigures> => {
      const path = `/api/admin/export_transactions?${new URLSearchParams({ ...query, include_cancelled: 'true' })}`;
      await sleep(1000);
      const rssBeforeMb = rssMb(serverPid);
      let rssPeakMb = rssBeforeMb;
      const sampler = setInterval(() => {
        rssPeakMb = Math.max(rssPeakMb, rssMb(serverPid));
      }, 50);
      let bytes = 0;
      let lines = 0;
      let firstByteMs: number | undefined;
      let ms = 0;
      const cpuBefore = processCpuMs(serverPid);
      for (let time = 0; time < times; time++) {
        const started = performance.now();
        const answer = await send(agent, baseUrl + path, {
          headers,
          onData: (chunk) => {
            firstByteMs ??= performance.now() - started;
            bytes += chunk.length;
            for (let at = chunk.indexOf(10); at >= 0; at = chunk.indexOf(10, at + 1)) lines += 1;
          },
        });
        if (answer.status !== 200) throw new Error(`GET ${path} answered ${answer.status}`);
        ms += answer.ms;
      }
      const cpuAfter = processCpuMs(serverPid);
      clearInterval(sampler);
      rssPeakMb = Math.max(rssPeakMb, rssMb(serverPid));
      await sleep(2000);
      const rows = lines - times;
      return {
        rows,
        bytes,
        seconds: Math.round(ms) / 1000,
        firstByteMs: Math.round((firstByteMs ?? ms) * 10) / 10,
        rowsPerSecond: Math.round(rows / (ms / 1000)),
        ...(cpuBefore !== undefined && cpuAfter !== undefined
          ? { serverCpuMsPer1000Rows: Math.round(((cpuAfter - cpuBefore) / rows) * 1000 * 10) / 10 }
          : {}),
        rssBeforeMb,
        rssPeakMb,
        rssAfterMb: rssMb(serverPid),
      };
    };
    // Once, not counted: the export's code is compiled and its queries planned.
    await csv({ search_transaction: SURNAME_SEARCH });
    // The same rows and garbage as the whole file, in ten files: what the memory does without the rows growing.
    const csvTenths = await csv({ search_transaction: TENTH_SEARCH }, 10);
    const all = await csv({});
    console.log(
      `  Appointments.csv: ${all.rows} rows in ${all.seconds} s (${all.rowsPerSecond} rows/s, first bytes after ${all.firstByteMs} ms), RSS ${all.rssBeforeMb} / ${all.rssPeakMb} / ${all.rssAfterMb} MB; ${csvTenths.rows} rows in ten files: RSS ${csvTenths.rssBeforeMb} / ${csvTenths.rssPeakMb} MB`,
    );

    // Patients spread over the table, each read a few times as staff come back to one.
    const ids = Array.from({ length: LIST_REQUESTS + WARM_UP_REQUESTS }, (_, index) =>
      String(1 + ((index * 7919) % BACK_OFFICE_PATIENTS)),
    );
    const detailTimes: number[] = [];
    let detailCpuBefore: number | undefined;
    for (const [index, id] of ids.entries()) {
      if (index === WARM_UP_REQUESTS) detailCpuBefore = processCpuMs(serverPid);
      const answer = await send(agent, `${baseUrl}/api/admin/patients/${id}`, { headers });
      if (answer.status !== 200) throw new Error(`GET /api/admin/patients/${id} answered ${answer.status}`);
      if (index >= WARM_UP_REQUESTS) detailTimes.push(answer.ms);
    }
    const detailCpuAfter = processCpuMs(serverPid);
    detailTimes.sort((a, b) => a - b);
    const detail: LatencyFigures = {
      name: 'patient detail',
      path: '/api/admin/patients/:id',
      p50Ms: percentile(detailTimes, 50),
      p95Ms: percentile(detailTimes, 95),
      maxMs: percentile(detailTimes, 100),
      ...(detailCpuBefore !== undefined && detailCpuAfter !== undefined
        ? { serverCpuMs: Math.round(((detailCpuAfter - detailCpuBefore) / detailTimes.length) * 100) / 100 }
        : {}),
    };
    console.log(`  patient detail: ${detail.p50Ms} / ${detail.p95Ms} ms`);

    return {
      database,
      patients: BACK_OFFICE_PATIENTS,
      appointments: BACK_OFFICE_APPOINTMENTS,
      seedSeconds: Math.round(seedMs / 100) / 10,
      lists,
      days,
      csv: all,
      csvTenths,
      detail,
    };
  } finally {
    agent.destroy();
  }
}
