import type { AppConfig } from '../../config';
import type { Db } from '../../db/database';
import type { Job, JobLogger } from '../../jobs/job-runner';
import type { PaymentProvider } from './payment-provider';
import { settleStalePayments } from './payment-service';

export const PAYMENT_SETTLEMENT_INTERVAL_MS = 60_000;
/** A payment is left to its webhook (and the booking page's own read) this long before the job asks. */
export const PAYMENT_SETTLEMENT_GRACE_MS = 2 * 60_000;

/**
 * Every minute, payments still unsettled after two minutes are settled from the provider: a webhook that
 * never came, a refund owed after a lost slot whose first try failed. Several instances may run it at once:
 * every change it makes is conditional on the row's status, and the provider's idempotency keys refund once.
 */
export function paymentSettlementJob(options: {
  db: Db;
  provider: PaymentProvider;
  settings: Pick<AppConfig, 'holdMinutes' | 'publicUrl' | 'clinicEmail'>;
  logger: JobLogger;
}): Job<number[]> {
  const { db, provider, settings, logger } = options;
  return {
    name: 'payment-settlement',
    intervalMs: PAYMENT_SETTLEMENT_INTERVAL_MS,
    async run() {
      const ids = await settleStalePayments(db, provider, settings, PAYMENT_SETTLEMENT_GRACE_MS);
      if (ids.length > 0) logger.info({ transactions: ids }, 'settled stale payments from the provider');
      return ids;
    },
  };
}
