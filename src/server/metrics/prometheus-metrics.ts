import { sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import { paymentStatuses } from '../../shared/payment-states';
import type { Db } from '../db/database';
import { outboxDepth } from '../modules/email/outbox-repository';
import { countPaymentsByStatus, oldestUnsettledPaymentSeconds } from '../modules/payments/payment-repository';
import { countLiveHolds } from '../modules/slots/slot-repository';
import { withinTime } from '../time-limit';
import type { HoldHolder, JobRun, PrometheusMetrics } from './app-metrics';

/**
 * Node's own figures (CPU, memory, event loop lag, GC, handles) belong to the process, not to an app, and
 * prom-client's collectors for them install process-wide observers that cannot be taken down again: they are
 * collected once per process, in this registry, and joined to each app's own registry at every scrape.
 */
let processRegistry: Registry | undefined;

function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry });
  }
  return processRegistry;
}

/** Methods counted under their own name; anything else (WebDAV and the like, which no route takes) is OTHER. */
const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

/** The label of a request no route matched: its URL is the client's to invent, so it is never a label. */
const UNMATCHED_ROUTE = '(unmatched)';

/** Seconds: from a cached page (well under 5 ms) to the request timeout (30 s). */
const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

interface DatabaseGauges {
  outbox: Awaited<ReturnType<typeof outboxDepth>>;
  holds: Awaited<ReturnType<typeof countLiveHolds>>;
  payments: Awaited<ReturnType<typeof countPaymentsByStatus>>;
  oldestUnsettledPaymentSeconds: number;
}

/**
 * The gauges kept in the database, read in one short transaction: on PostgreSQL a statement timeout ends a
 * read the server is slow to answer; PGlite runs one query at a time, and these are index reads but for the
 * payments' one pass.
 */
async function readDatabaseGauges(db: Db, timeoutMs: number): Promise<DatabaseGauges> {
  return db.transaction(async (tx) => {
    await tx.execute(sql.raw(`set local statement_timeout = ${Math.max(1, Math.round(timeoutMs))}`));
    return {
      outbox: await outboxDepth(tx),
      holds: await countLiveHolds(tx),
      payments: await countPaymentsByStatus(tx),
      oldestUnsettledPaymentSeconds: await oldestUnsettledPaymentSeconds(tx),
    };
  });
}

export function createPrometheusMetrics(options: { db: Db; databaseTimeoutMs: number }): PrometheusMetrics {
  const registry = new Registry();
  const registers = [registry];
  // The gauges read from the database, in a registry of their own: joined to the answer only when this scrape
  // read them (a gauge without labels cannot be left out of its registry; it would answer 0).
  const databaseRegistry = new Registry();
  const databaseRegisters = [databaseRegistry];

  const requestDuration = new Histogram({
    name: 'clinic_http_request_duration_seconds',
    help: 'Time to answer a request, by method, route template (never the URL) and status code; _count is the number of requests.',
    labelNames: ['method', 'route', 'status_code'] as const,
    buckets: DURATION_BUCKETS,
    registers,
  });

  const holdsCreated = new Counter({
    name: 'clinic_slot_holds_created_total',
    help: 'Holds taken on a slot, by a visitor (booking flow) or staff (booking for a patient).',
    labelNames: ['by'] as const,
    registers,
  });
  const holdsExpired = new Counter({
    name: 'clinic_slot_holds_expired_total',
    help: 'Lapsed holds the release job gave back to available (by this instance).',
    registers,
  });
  const holdsActive = new Gauge({
    name: 'clinic_slot_holds_active',
    help: 'Slots held now and not lapsed, by visitors or staff (read from the database at scrape time).',
    labelNames: ['by'] as const,
    registers: databaseRegisters,
  });
  for (const by of ['visitor', 'staff'] as const) holdsCreated.inc({ by }, 0);

  const visitorUploadBytes = new Counter({
    name: 'clinic_visitor_upload_bytes_total',
    help: "Bytes of the files visitors' self-referrals and bookings sent that the clinic took (this instance).",
    registers,
  });
  const visitorUploadFiles = new Counter({
    name: 'clinic_visitor_upload_files_total',
    help: "Files visitors' self-referrals and bookings sent that the clinic took (this instance).",
    registers,
  });
  const visitorUploadsRefused = new Counter({
    name: 'clinic_visitor_uploads_refused_total',
    help: "Senders (client addresses) refused files (429 visitor_uploads_used_up) because they had sent their day's allowance, each counted once a clinic day (this instance).",
    registers,
  });

  const emailAttempts = new Counter({
    name: 'clinic_email_send_attempts_total',
    help: 'Attempts of the outbox (this instance) to hand a message to the mail server, by outcome: sent, or failed (retried later, or given up on).',
    labelNames: ['outcome'] as const,
    registers,
  });
  for (const outcome of ['sent', 'failed'] as const) emailAttempts.inc({ outcome }, 0);
  const outboxMessages = new Gauge({
    name: 'clinic_email_outbox_messages',
    help: 'Messages in the outbox not sent: pending (waiting, or waiting to be tried again), sending, failed (given up on, for staff to send again); read from the database at scrape time.',
    labelNames: ['status'] as const,
    registers: databaseRegisters,
  });
  const outboxOldest = new Gauge({
    name: 'clinic_email_outbox_oldest_waiting_seconds',
    help: 'Age of the oldest message still to send (pending or sending); 0 when none waits.',
    registers: databaseRegisters,
  });

  const paymentsByStatus = new Gauge({
    name: 'clinic_payments',
    help: 'Payments by status (succeeded, failed, refunded, refunding, processing…), every payment ever made; read from the database at scrape time.',
    labelNames: ['status'] as const,
    registers: databaseRegisters,
  });
  const paymentsOldestUnsettled = new Gauge({
    name: 'clinic_payments_unsettled_oldest_seconds',
    help: 'Seconds since the longest-waiting unsettled payment (processing, requires_action, refunding, refund_pending) last changed; 0 when none is unsettled.',
    registers: databaseRegisters,
  });

  const jobRuns = new Counter({
    name: 'clinic_job_runs_total',
    help: 'Runs of each background job (this instance), by outcome: ok, or failed (the run threw; it is logged).',
    labelNames: ['job', 'outcome'] as const,
    registers,
  });
  const jobDuration = new Histogram({
    name: 'clinic_job_run_duration_seconds',
    help: 'Time a background job run took.',
    labelNames: ['job'] as const,
    buckets: [0.01, 0.05, 0.1, 0.5, 1, 5, 15, 60, 300],
    registers,
  });
  const jobLastSuccess = new Gauge({
    name: 'clinic_job_last_success_timestamp_seconds',
    help: 'When each background job last ran without failing (Unix time).',
    labelNames: ['job'] as const,
    registers,
  });

  const databaseUp = new Gauge({
    name: 'clinic_metrics_database_up',
    help: '1 when this scrape read the database gauges in time, 0 when the database did not answer (they are left out).',
    registers,
  });

  let inFlight: Promise<DatabaseGauges> | undefined;
  const readGauges = async (): Promise<DatabaseGauges | undefined> => {
    // A read still running from a slow scrape is waited for again rather than doubled.
    inFlight ??= readDatabaseGauges(options.db, options.databaseTimeoutMs).finally(() => {
      inFlight = undefined;
    });
    const read = inFlight;
    read.catch(() => undefined);
    try {
      return await withinTime<DatabaseGauges | undefined>(read, options.databaseTimeoutMs, () => undefined);
    } catch {
      return undefined;
    }
  };

  const setDatabaseGauges = (gauges: DatabaseGauges | undefined) => {
    databaseUp.set(gauges ? 1 : 0);
    if (!gauges) return;
    databaseRegistry.resetMetrics();
    holdsActive.set({ by: 'visitor' }, gauges.holds.visitor);
    holdsActive.set({ by: 'staff' }, gauges.holds.staff);
    for (const status of ['pending', 'sending', 'failed'] as const)
      outboxMessages.set({ status }, gauges.outbox[status]);
    outboxOldest.set(gauges.outbox.oldestWaitingSeconds);
    for (const status of paymentStatuses) paymentsByStatus.set({ status }, gauges.payments[status] ?? 0);
    paymentsOldestUnsettled.set(gauges.oldestUnsettledPaymentSeconds);
  };

  return {
    enabled: true,
    contentType: registry.contentType,
    holdCreated(by: HoldHolder) {
      holdsCreated.inc({ by });
    },
    visitorUploadAccepted(upload) {
      visitorUploadFiles.inc(upload.files);
      visitorUploadBytes.inc(upload.bytes);
    },
    visitorUploadRefused() {
      visitorUploadsRefused.inc();
    },
    holdsExpired(count: number) {
      if (count > 0) holdsExpired.inc(count);
    },
    emailAttempt(outcome) {
      emailAttempts.inc({ outcome });
    },
    jobAdded(job) {
      for (const outcome of ['ok', 'failed'] as const) jobRuns.inc({ job, outcome }, 0);
    },
    jobRun(run: JobRun) {
      jobRuns.inc({ job: run.job, outcome: run.outcome });
      jobDuration.observe({ job: run.job }, run.seconds);
      if (run.outcome === 'ok') jobLastSuccess.set({ job: run.job }, Date.now() / 1000);
    },
    observeRequest(request: FastifyRequest, reply: FastifyReply) {
      this.observeAnswer({
        method: request.method,
        route: request.routeOptions.url ?? UNMATCHED_ROUTE,
        statusCode: reply.statusCode,
        seconds: reply.elapsedTime / 1000,
      });
    },
    observeAnswer({ method, route, statusCode, seconds }) {
      requestDuration.observe(
        { method: METHODS.has(method) ? method : 'OTHER', route, status_code: String(statusCode) },
        seconds,
      );
    },
    async scrape() {
      const gauges = await readGauges();
      setDatabaseGauges(gauges);
      return Registry.merge([processMetrics(), registry, ...(gauges ? [databaseRegistry] : [])]).metrics();
    },
  };
}
