import type { FastifyReply, FastifyRequest } from 'fastify';

/** Who holds a slot: a visitor in the booking flow, or staff booking for a patient. */
export type HoldHolder = 'visitor' | 'staff';

type JobOutcome = 'ok' | 'failed';

/** One run of a background job, as the job runner reports it. */
export interface JobRun {
  job: string;
  outcome: JobOutcome;
  seconds: number;
}

/**
 * What the app counts for Prometheus (docs/operations.md, "Metrics"). The app and its jobs call these
 * whether or not metrics are on; without `METRICS_TOKEN` they do nothing and prom-client is never loaded.
 */
export interface AppMetrics {
  readonly enabled: boolean;
  /** A hold on a slot was taken. */
  holdCreated(by: HoldHolder): void;
  /** A visitor's form (a self-referral, a booking) whose files were taken: how many, and their bytes. */
  visitorUploadAccepted(upload: { files: number; bytes: number }): void;
  /** A sender refused files because its address had sent its day's allowance: told once a clinic day per sender. */
  visitorUploadRefused(): void;
  /** Lapsed holds the release job gave back. */
  holdsExpired(count: number): void;
  /** One attempt of the outbox to hand a message to the mail server. */
  emailAttempt(outcome: 'sent' | 'failed'): void;
  /** A background job's run ended. */
  jobRun(run: JobRun): void;
  /** Makes a job's series exist (at 0) from the start, so a rate of its failures is defined before the first one. */
  jobAdded(job: string): void;
}

/** The Prometheus side, present only when metrics are on. */
export interface PrometheusMetrics extends AppMetrics {
  readonly enabled: true;
  /** Counts one answered request under its route's template. */
  observeRequest(request: FastifyRequest, reply: FastifyReply): void;
  /** An answer given before the framework (a cached page): its method, route template, status and duration. */
  observeAnswer(answer: { method: string; route: string; statusCode: number; seconds: number }): void;
  /** Reads the gauges that live in the database (bounded by a timeout) and answers the whole exposition. */
  scrape(): Promise<string>;
  readonly contentType: string;
}

export function isPrometheusMetrics(metrics: AppMetrics): metrics is PrometheusMetrics {
  return metrics.enabled;
}
