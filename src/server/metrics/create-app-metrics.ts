import type { Db } from '../db/database';
import type { AppMetrics } from './app-metrics';

/** What the app counts with when metrics are off: nothing. */
const disabled: AppMetrics = {
  enabled: false,
  holdCreated() {},
  holdsExpired() {},
  visitorUploadAccepted() {},
  visitorUploadRefused() {},
  emailAttempt() {},
  jobRun() {},
  jobAdded() {},
};

/** How long a scrape waits for the database's gauges before answering without them. */
const DATABASE_GAUGES_TIMEOUT_MS = 2_000;

/**
 * The app's metrics: Prometheus ones (a registry of this app's own, so the many apps a test run builds never
 * share a counter) when `enabled`, otherwise ones that do nothing.
 */
export async function createAppMetrics(options: {
  enabled: boolean;
  db: Db;
  databaseTimeoutMs?: number;
}): Promise<AppMetrics> {
  if (!options.enabled) return disabled;
  const { createPrometheusMetrics } = await import('./prometheus-metrics');
  return createPrometheusMetrics({
    db: options.db,
    databaseTimeoutMs: options.databaseTimeoutMs ?? DATABASE_GAUGES_TIMEOUT_MS,
  });
}
