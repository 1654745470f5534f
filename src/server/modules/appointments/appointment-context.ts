import type { AppConfig } from '../../config';
import type { Db } from '../../db/database';
import type { JobLogger } from '../../jobs/job-runner';
import type { PaymentProvider } from '../payments/payment-provider';

/** What the appointments' moves and services work with: the database, the card provider, settings, and the log. */
export interface AppointmentContext {
  db: Db;
  provider: PaymentProvider;
  settings: Pick<AppConfig, 'holdMinutes' | 'publicUrl' | 'clinicEmail'>;
  log: JobLogger;
}
