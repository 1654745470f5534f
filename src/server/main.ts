import { buildApp } from './app';
import { readConfig } from './config';
import { migrateDatabase, openDatabase } from './db/database';
import { seedDemonstrationContent } from './db/seed';
import { createJobRunner } from './jobs/job-runner';
import { ensureAdmin } from './modules/auth/auth-service';
import { abandonedBookingJob } from './modules/bookings/abandoned-booking-job';
import { emailOutboxJob } from './modules/email/email-sender';
import { paymentSettlementJob } from './modules/payments/payment-settlement-job';
import { slotHoldReleaseJob } from './modules/slots/slot-hold-job';

/** Reads the configuration, migrates, seeds, starts the background jobs, listens and shuts down gracefully. */
async function main() {
  const config = readConfig();
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  await migrateDatabase(database);

  const app = await buildApp({ config, database });
  const jobs = createJobRunner(app.log);
  jobs.add(
    emailOutboxJob({ db: database.db, smtpUrl: config.smtpUrl, from: config.mailFrom, logger: app.log }),
  );
  jobs.add(slotHoldReleaseJob({ db: database.db, logger: app.log }));
  jobs.add(abandonedBookingJob({ db: database.db, logger: app.log }));
  jobs.add(
    paymentSettlementJob({ db: database.db, provider: app.payments, settings: config, logger: app.log }),
  );
  if (config.seed) {
    const { seeded } = await seedDemonstrationContent(database.db);
    if (seeded) app.log.info('seeded demonstration content');
  }
  if (config.admin) {
    const outcome = await ensureAdmin(database.db, config.admin.email, config.admin.password);
    app.log.info({ email: config.admin.email }, outcome === 'created' ? 'admin created' : 'admin exists');
  }

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const forceExit = setTimeout(() => {
      app.log.error('shutdown took too long, exiting');
      process.exit(1);
    }, 15_000);
    forceExit.unref();
    try {
      await jobs.stop();
      await app.close();
      await database.close();
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'error during shutdown');
      process.exit(1);
    }
  };
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  process.once('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  jobs.start();
  app.log.info(`site ready at ${config.publicUrl} (database: ${database.kind})`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
