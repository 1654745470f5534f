import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VISITOR_UPLOAD_BYTES_PER_DAY } from '../../shared/uploads';
import { buildApp } from '../app';
import type { DatabaseHandle, Db } from '../db/database';
import { clientUploads, payments, visitorUploads } from '../db/schema';
import { createJobRunner } from '../jobs/job-runner';
import { markFailed, queueEmail } from '../modules/email/outbox-repository';
import { slotHoldReleaseJob } from '../modules/slots/slot-hold-job';
import { countedBody, MULTIPART, multipartPayload, testFile } from '../test/multipart';
import { clinicDayFromToday, clinicInstant, insertSlot } from '../test/slot-fixtures';
import { signInAsNewAdmin, testConfig } from '../test/test-app';
import { createTestDatabase } from '../test/test-database';
import { isPrometheusMetrics } from './app-metrics';
import { isBearerToken } from './metrics-route';
import { createPrometheusMetrics } from './prometheus-metrics';

const TOKEN = 'metrics-token-for-the-tests-0123456789';
const auth = { authorization: `Bearer ${TOKEN}` };

let database: DatabaseHandle;
/** An app with metrics on. */
let app: FastifyInstance;
/** An app built the usual way, without METRICS_TOKEN. */
let plainApp: FastifyInstance;

beforeAll(async () => {
  database = await createTestDatabase();
  app = await buildApp({ config: testConfig({ METRICS_TOKEN: TOKEN }), database, web: false });
  plainApp = await buildApp({ config: testConfig(), database, web: false });
  await Promise.all([app.ready(), plainApp.ready()]);
});
afterAll(async () => {
  await app.close();
  await plainApp.close();
  await database.close();
});

interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

/** The samples of a Prometheus text exposition. */
function parseExposition(text: string): Sample[] {
  const samples: Sample[] = [];
  for (const line of text.split('\n')) {
    if (line === '' || line.startsWith('#')) continue;
    const match = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match) throw new Error(`not a sample line: ${line}`);
    const labels: Record<string, string> = {};
    for (const pair of (match[2] ?? '').matchAll(/([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g)) {
      labels[pair[1] as string] = pair[2] as string;
    }
    samples.push({ name: match[1] as string, labels, value: Number(match[3]) });
  }
  return samples;
}

async function scrape(target: FastifyInstance = app): Promise<{ text: string; samples: Sample[] }> {
  const response = await target.inject({ url: '/metrics', headers: auth });
  expect(response.statusCode).toBe(200);
  return { text: response.body, samples: parseExposition(response.body) };
}

/** The value of the one sample of `name` whose labels include `labels`, or undefined when there is none. */
function sampleValue(
  samples: Sample[],
  name: string,
  labels: Record<string, string> = {},
): number | undefined {
  const found = samples.filter(
    (sample) =>
      sample.name === name && Object.entries(labels).every(([key, value]) => sample.labels[key] === value),
  );
  if (found.length > 1) throw new Error(`${found.length} samples of ${name} ${JSON.stringify(labels)}`);
  return found[0]?.value;
}

describe('GET /metrics', () => {
  it('is absent without METRICS_TOKEN: 404 like any unknown path, and no hook counts anything', async () => {
    const metrics = await plainApp.inject({ url: '/metrics', headers: auth });
    const unknown = await plainApp.inject({ url: '/metrics-of-nothing', headers: auth });
    expect(metrics.statusCode).toBe(404);
    expect(metrics.body).toBe(unknown.body);
    expect(plainApp.registeredRoutes.some((route) => route.url === '/metrics')).toBe(false);
    expect(plainApp.metrics.enabled).toBe(false);
  });

  it('answers 401 without the bearer token, with a wrong one or another scheme', async () => {
    for (const authorization of [
      undefined,
      '',
      'Bearer',
      'Bearer ',
      `Bearer ${TOKEN}x`,
      `Bearer ${TOKEN.slice(0, -1)}`,
      `Basic ${Buffer.from(`prometheus:${TOKEN}`).toString('base64')}`,
      TOKEN,
    ]) {
      const response = await app.inject({
        url: '/metrics',
        headers: authorization === undefined ? {} : { authorization },
      });
      expect(response.statusCode, String(authorization)).toBe(401);
      expect(response.headers['www-authenticate']).toBe('Bearer realm="metrics"');
      expect(response.body).not.toContain('clinic_');
    }
  });

  it('answers the exposition to the token: process metrics and the app own, never cached', async () => {
    const response = await app.inject({ url: '/metrics', headers: auth });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.headers['x-page-cache']).toBeUndefined();
    const samples = parseExposition(response.body);
    for (const name of [
      'process_cpu_user_seconds_total',
      'process_resident_memory_bytes',
      'nodejs_eventloop_lag_seconds',
      'nodejs_heap_size_used_bytes',
    ]) {
      expect(sampleValue(samples, name), name).toEqual(expect.any(Number));
    }
    expect(sampleValue(samples, 'clinic_metrics_database_up')).toBe(1);
  });

  it('counts requests under their route template, method and status code, never the URL', async () => {
    const before = (await scrape()).samples;
    const fileId = randomUUID();
    const secret = 'a-private-token-in-a-query';
    for (let i = 0; i < 3; i += 1) {
      expect((await app.inject({ url: `/uploads/${fileId}?token=${secret}` })).statusCode).toBe(404);
    }
    expect((await app.inject({ url: '/api/fa_questions?page=1&per_page=5' })).statusCode).toBe(200);
    expect((await app.inject({ url: `/no/such/${fileId}` })).statusCode).toBe(404);
    const unauthorised = await app.inject({ url: `/api/admin/transactions/${fileId}` });
    expect(unauthorised.statusCode).toBe(401);

    const { text, samples } = await scrape();
    const count = (labels: Record<string, string>, from = samples) =>
      sampleValue(from, 'clinic_http_request_duration_seconds_count', labels) ?? 0;
    const moved = (labels: Record<string, string>) => count(labels) - count(labels, before);
    expect(moved({ method: 'GET', route: '/uploads/:id', status_code: '404' })).toBe(3);
    expect(moved({ method: 'GET', route: '/api/fa_questions', status_code: '200' })).toBe(1);
    expect(moved({ method: 'GET', route: '(unmatched)', status_code: '404' })).toBe(1);
    expect(moved({ method: 'GET', route: '/api/admin/transactions/:id', status_code: '401' })).toBe(1);
    // The scrape before this one is counted too.
    expect(count({ method: 'GET', route: '/metrics', status_code: '200' })).toBeGreaterThan(0);
    // The sum of durations moves with the count.
    expect(
      sampleValue(samples, 'clinic_http_request_duration_seconds_sum', {
        route: '/uploads/:id',
        status_code: '404',
      }),
    ).toBeGreaterThan(0);
    expect(text).not.toContain(fileId);
    expect(text).not.toContain(secret);
    expect(text).not.toContain('/no/such');
  });

  it('counts holds taken and shows the live ones', async () => {
    const startsAt = clinicInstant(clinicDayFromToday(20), '10:00');
    const slotId = await insertSlot(database.db, { startsAt });
    const before = (await scrape()).samples;
    const hold = await app.inject({
      method: 'PUT',
      url: `/api/patient_sessions/${slotId}`,
      remoteAddress: '10.7.0.1',
    });
    expect(hold.statusCode).toBe(200);
    // Renewing one's own hold is not a new one.
    const again = await app.inject({
      method: 'PUT',
      url: `/api/patient_sessions/${slotId}`,
      headers: { 'x-hold-token': hold.json().hold_token },
      remoteAddress: '10.7.0.1',
    });
    expect(again.statusCode).toBe(200);
    const { samples } = await scrape();
    const created = (from: Sample[]) =>
      sampleValue(from, 'clinic_slot_holds_created_total', { by: 'visitor' }) ?? 0;
    expect(created(samples) - created(before)).toBe(1);
    expect(sampleValue(samples, 'clinic_slot_holds_active', { by: 'visitor' })).toBe(
      (sampleValue(before, 'clinic_slot_holds_active', { by: 'visitor' }) ?? 0) + 1,
    );
    expect(sampleValue(samples, 'clinic_slot_holds_created_total', { by: 'staff' })).toBe(0);
    expect(sampleValue(samples, 'clinic_slot_holds_expired_total')).toBe(0);

    // Staff holding a time to book for a patient.
    const staffSlot = await insertSlot(database.db, {
      startsAt: clinicInstant(clinicDayFromToday(21), '10:00'),
    });
    const { token } = await signInAsNewAdmin({ app, database, close: async () => {} });
    const staffHold = await app.inject({
      method: 'PUT',
      url: `/api/admin/sessions/${staffSlot}`,
      headers: { authorization: `Bearer ${token}` },
      payload: { session: { status: 'pending' } },
    });
    expect(staffHold.statusCode).toBe(200);
    // A hold that lapsed, given back by the release job as the server runs it.
    await insertSlot(database.db, {
      startsAt: clinicInstant(clinicDayFromToday(22), '10:00'),
      status: 'pending',
      holdExpiresAt: new Date(Date.now() - 60_000),
    });
    const released = await slotHoldReleaseJob({
      db: database.db,
      holdMinutes: 15,
      logger: { info() {}, warn() {}, error() {} },
      onReleased: (count) => app.metrics.holdsExpired(count),
    }).run();
    expect(released).toHaveLength(1);
    const after = (await scrape()).samples;
    expect(sampleValue(after, 'clinic_slot_holds_created_total', { by: 'staff' })).toBe(1);
    expect(sampleValue(after, 'clinic_slot_holds_active', { by: 'staff' })).toBe(1);
    expect(sampleValue(after, 'clinic_slot_holds_expired_total')).toBe(1);
  });

  it('reads the outbox depth and failures and the payments by status from the database', async () => {
    const queued = async () =>
      queueEmail(database.db, { to: 'patient@example.ie', subject: 'Your appointment', text: 'Hello' });
    await queued();
    const failing = await queued();
    await markFailed(database.db, failing, 'mailbox unavailable', 1, { permanent: true });
    await database.db.insert(payments).values([
      { provider: 'test', idempotencyKey: randomUUID(), amountCents: 18000, status: 'succeeded' },
      { provider: 'test', idempotencyKey: randomUUID(), amountCents: 18000, status: 'succeeded' },
      { provider: 'test', idempotencyKey: randomUUID(), amountCents: 18000, status: 'failed' },
      { provider: 'test', idempotencyKey: randomUUID(), amountCents: 18000, status: 'refunded' },
    ]);
    const { samples } = await scrape();
    expect(sampleValue(samples, 'clinic_email_outbox_messages', { status: 'pending' })).toBe(1);
    expect(sampleValue(samples, 'clinic_email_outbox_messages', { status: 'failed' })).toBe(1);
    expect(sampleValue(samples, 'clinic_email_outbox_messages', { status: 'sending' })).toBe(0);
    expect(sampleValue(samples, 'clinic_email_outbox_oldest_waiting_seconds')).toBeGreaterThanOrEqual(0);
    expect(sampleValue(samples, 'clinic_payments', { status: 'succeeded' })).toBe(2);
    expect(sampleValue(samples, 'clinic_payments', { status: 'failed' })).toBe(1);
    expect(sampleValue(samples, 'clinic_payments', { status: 'refunded' })).toBe(1);
    expect(sampleValue(samples, 'clinic_payments', { status: 'processing' })).toBe(0);
    expect(sampleValue(samples, 'clinic_payments_unsettled_oldest_seconds')).toBe(0);
  });

  it('counts job runs by job and outcome', async () => {
    const jobs = createJobRunner(
      { info() {}, warn() {}, error() {} },
      { added: (job) => app.metrics.jobAdded(job), ran: (run) => app.metrics.jobRun(run) },
    );
    const fine = jobs.add({ name: 'tidy-up', intervalMs: 60_000, run: async () => 1 });
    const broken = jobs.add({
      name: 'always-fails',
      intervalMs: 60_000,
      run: async () => {
        throw new Error('no');
      },
    });
    const fresh = (await scrape()).samples;
    expect(sampleValue(fresh, 'clinic_job_runs_total', { job: 'always-fails', outcome: 'failed' })).toBe(0);
    await fine.runOnce();
    await fine.runOnce();
    await broken.runOnce();
    const { samples } = await scrape();
    expect(sampleValue(samples, 'clinic_job_runs_total', { job: 'tidy-up', outcome: 'ok' })).toBe(2);
    expect(sampleValue(samples, 'clinic_job_runs_total', { job: 'tidy-up', outcome: 'failed' })).toBe(0);
    expect(sampleValue(samples, 'clinic_job_runs_total', { job: 'always-fails', outcome: 'failed' })).toBe(1);
    expect(sampleValue(samples, 'clinic_job_run_duration_seconds_count', { job: 'tidy-up' })).toBe(2);
    expect(sampleValue(samples, 'clinic_job_last_success_timestamp_seconds', { job: 'tidy-up' })).toBeCloseTo(
      Date.now() / 1000,
      -1,
    );
    expect(
      sampleValue(samples, 'clinic_job_last_success_timestamp_seconds', { job: 'always-fails' }),
    ).toBeUndefined();
    await jobs.stop();
  });

  it('keeps a registry per app: another app starts from zero', async () => {
    const other = await buildApp({ config: testConfig({ METRICS_TOKEN: TOKEN }), database, web: false });
    try {
      const { samples } = await scrape(other);
      expect(
        sampleValue(samples, 'clinic_http_request_duration_seconds_count', { route: '/uploads/:id' }),
      ).toBeUndefined();
      expect(
        sampleValue(samples, 'clinic_job_runs_total', { job: 'tidy-up', outcome: 'ok' }),
      ).toBeUndefined();
    } finally {
      await other.close();
    }
  });

  it('is named in neither robots.txt nor the sitemap', async () => {
    for (const url of ['/robots.txt', '/sitemap.xml']) {
      const response = await app.inject({ url });
      expect(response.statusCode).toBe(200);
      expect(response.body).not.toContain('metrics');
    }
  });
});

describe('the database gauges', () => {
  it('are left out, and the scrape answers in time, when the database does not answer', async () => {
    const silent = { transaction: () => new Promise(() => {}) } as unknown as Db;
    const metrics = createPrometheusMetrics({ db: silent, databaseTimeoutMs: 50 });
    expect(isPrometheusMetrics(metrics)).toBe(true);
    const started = Date.now();
    const samples = parseExposition(await metrics.scrape());
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(sampleValue(samples, 'clinic_metrics_database_up')).toBe(0);
    expect(sampleValue(samples, 'clinic_payments', { status: 'succeeded' })).toBeUndefined();
    expect(sampleValue(samples, 'clinic_email_outbox_messages', { status: 'pending' })).toBeUndefined();
    // Not 0 either, which would read as 'nothing stuck'.
    expect(sampleValue(samples, 'clinic_payments_unsettled_oldest_seconds')).toBeUndefined();
    expect(sampleValue(samples, 'clinic_email_outbox_oldest_waiting_seconds')).toBeUndefined();
    expect(sampleValue(samples, 'process_cpu_user_seconds_total')).toEqual(expect.any(Number));
  });

  it('are left out when the read fails', async () => {
    const failing = { transaction: () => Promise.reject(new Error('connection refused')) } as unknown as Db;
    const samples = parseExposition(
      await createPrometheusMetrics({ db: failing, databaseTimeoutMs: 1_000 }).scrape(),
    );
    expect(sampleValue(samples, 'clinic_metrics_database_up')).toBe(0);
    expect(sampleValue(samples, 'clinic_slot_holds_active', { by: 'visitor' })).toBeUndefined();
  });
});

describe('isBearerToken', () => {
  it('accepts exactly the token after Bearer', () => {
    expect(isBearerToken(`Bearer ${TOKEN}`, TOKEN)).toBe(true);
    expect(isBearerToken(`bearer ${TOKEN}`, TOKEN)).toBe(true);
    expect(isBearerToken(`BEARER ${TOKEN}`, TOKEN)).toBe(true);
    expect(isBearerToken(`Bearer \t ${TOKEN}  `, TOKEN)).toBe(true);
    expect(isBearerToken(`Token ${TOKEN}`, TOKEN)).toBe(false);
    expect(isBearerToken(`Bearer${TOKEN}`, TOKEN)).toBe(false);
    expect(isBearerToken(`Bearer ${TOKEN} x`, TOKEN)).toBe(false);
    expect(isBearerToken(`Bearer  ${TOKEN}`, TOKEN)).toBe(true);
    expect(isBearerToken(undefined, TOKEN)).toBe(false);
    expect(isBearerToken('Bearer ', TOKEN)).toBe(false);
  });
});

// Last: the referrals it sends queue e-mail, which the outbox gauges above count.
describe("visitors' uploads", () => {
  it("counts visitors' files taken, their bytes, and the forms refused for the daily allowance", async () => {
    const letter = testFile('letter.pdf');
    const sendLetter = async (remoteAddress: string, email: string) => {
      const fields = {
        is_referral: 'true',
        has_referral_letter: 'true',
        full_name: 'Cian Murphy',
        email,
        phone: '0851234567',
        dob: '2015-06-01',
        signature: 'Cian Murphy',
        referral_letter: { fileName: 'letter.pdf', bytes: letter },
      };
      const { payload, headers } = await multipartPayload(
        Object.fromEntries(Object.entries(fields).map(([name, value]) => [`patient[${name}]`, value])),
      );
      return app.inject({ method: 'POST', url: '/api/patients', payload, headers, remoteAddress });
    };
    const counters = (samples: Sample[]) => ({
      bytes: sampleValue(samples, 'clinic_visitor_upload_bytes_total'),
      files: sampleValue(samples, 'clinic_visitor_upload_files_total'),
      refused: sampleValue(samples, 'clinic_visitor_uploads_refused_total'),
    });
    const before = counters((await scrape()).samples);
    expect(before).toEqual({ bytes: expect.any(Number), files: expect.any(Number), refused: 0 });

    expect((await sendLetter('10.7.1.1', 'cian.metrics@example.ie')).statusCode).toBe(201);
    const taken = counters((await scrape()).samples);
    expect(taken).toEqual({
      bytes: (before.bytes ?? 0) + letter.length,
      files: (before.files ?? 0) + 1,
      refused: 0,
    });

    // An address that has sent its day's files: the letter is refused, and nothing more is counted as taken.
    const full = '10.7.1.2';
    await database.db.insert(clientUploads).values({ client: full, bytes: VISITOR_UPLOAD_BYTES_PER_DAY });
    const refused = await sendLetter(full, 'cian.metrics.2@example.ie');
    expect(refused.statusCode).toBe(429);
    expect(refused.json().code).toBe('visitor_uploads_used_up');
    expect(counters((await scrape()).samples)).toEqual({ ...taken, refused: 1 });
    // Both written down for the dashboard, without the addresses.
    const rows = await database.db.select().from(visitorUploads);
    expect(rows.map(({ files, bytes, refused }) => ({ files, bytes, refused }))).toEqual(
      expect.arrayContaining([
        { files: 1, bytes: letter.length, refused: false },
        { files: 0, bytes: 0, refused: true },
      ]),
    );
  });

  it('counts a sender refused for the daily allowance once a day, however many requests it sends', async () => {
    const refusedCount = async () => ({
      metric: sampleValue((await scrape()).samples, 'clinic_visitor_uploads_refused_total'),
      rows: (await database.db.select().from(visitorUploads)).filter((row) => row.refused).length,
    });
    /** A form announced by its headers only: multipart, 2 MB long, its body never sent. */
    const headersOnly = async (remoteAddress: string) => {
      const body = countedBody(64 * 2);
      const response = await app.inject({
        method: 'POST',
        url: '/api/patients',
        headers: { 'content-type': MULTIPART, 'content-length': String(2 * 1024 * 1024) },
        payload: body.stream,
        remoteAddress,
      });
      expect(body.pulls()).toBe(0);
      body.stream.destroy();
      return response;
    };
    const [first, second] = ['10.7.2.1', '10.7.2.2'];
    for (const full of [first, second]) {
      await database.db.insert(clientUploads).values({ client: full, bytes: VISITOR_UPLOAD_BYTES_PER_DAY });
    }
    const before = await refusedCount();

    for (let request = 0; request < 30; request += 1) {
      const refused = await headersOnly(first);
      expect(refused.statusCode).toBe(429);
      expect(refused.json().code).toBe('visitor_uploads_used_up');
    }
    const once = { metric: (before.metric ?? 0) + 1, rows: before.rows + 1 };
    expect(await refusedCount()).toEqual(once);

    // Another address is another sender; the first trying again is still counted once.
    expect((await headersOnly(second)).statusCode).toBe(429);
    expect((await headersOnly(first)).statusCode).toBe(429);
    expect(await refusedCount()).toEqual({ metric: once.metric + 1, rows: once.rows + 1 });
  });
});
