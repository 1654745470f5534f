import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { twilioStatusWebhook } from '../shared/api/text-endpoints';
import { buildApp } from './app';
import { type AppConfig, readConfig } from './config';
import { serveBackups } from './db/backup';
import { migrateDatabase, openDatabase } from './db/database';
import { createJobRunner } from './jobs/job-runner';
import { vacuumJob } from './jobs/vacuum-job';
import {
  abandonedAppointmentJob,
  appointmentReminderJob,
  paymentSettlementJob,
} from './modules/appointments/appointment-jobs';
import { ensureAdmin, noAdminWarning } from './modules/auth/auth-service';
import { cleanStoredHtml } from './modules/blog/stored-html';
import { emailOutboxJob } from './modules/email/email-sender';
import { intakeReminderJob } from './modules/intake/intake-reminders';
import { retentionJob } from './modules/retention/retention-job';
import { publicHolidayJob } from './modules/slots/public-holiday-job';
import { slotHoldReleaseJob } from './modules/slots/slot-hold-job';
import { textOutboxJob } from './modules/texts/text-sender';
import { waitlistJob } from './modules/waitlist/waitlist-job';
import { readyLine } from './ready-line';
import { seedDemonstrationContent } from './seed/seed';

/** Set in the short-lived process that creates, migrates and seeds a new embedded database, then exits. */
const PREPARE_ONLY = 'CLINIC_PREPARE_DATABASE_ONLY';

/**
 * Creating a PGlite database (its initdb, then the migrations and the seed) grows the WebAssembly memory
 * and the process's heap to about 900 MB, and neither ever shrinks: done in this process, the server
 * would keep that until restarted. So a new data folder is prepared by a short-lived copy of this
 * program, and the server then opens it as on any later start.
 */
async function prepareNewPgliteInChild(config: AppConfig): Promise<boolean> {
  if (config.databaseUrl || existsSync(path.join(path.resolve(config.dataDir), 'PG_VERSION'))) return false;
  const child = spawn(process.execPath, [...process.execArgv, fileURLToPath(import.meta.url)], {
    env: { ...process.env, [PREPARE_ONLY]: '1' },
    stdio: 'inherit',
  });
  // Stopped meanwhile: stop the preparation too, rather than leave it running alone.
  const stop = (signal: NodeJS.Signals) => {
    child.kill(signal);
    process.exit(1);
  };
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
  const code = await new Promise<number | null>((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', resolve);
  }).finally(() => {
    process.off('SIGTERM', stop);
    process.off('SIGINT', stop);
  });
  if (code !== 0)
    throw new Error(`preparing the new database in ${config.dataDir} failed (exit code ${code})`);
  return true;
}

async function prepareOnly(config: AppConfig) {
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  await migrateDatabase(database);
  if (config.seed) await seedDemonstrationContent(database.db);
  await cleanStoredHtml(database.db);
  await database.close();
}

/** Reads the configuration, migrates, seeds, starts the background jobs, listens and shuts down gracefully. */
async function main() {
  const config = readConfig();
  if (process.env[PREPARE_ONLY] === '1') {
    await prepareOnly(config);
    return;
  }
  const prepared = await prepareNewPgliteInChild(config);
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  await migrateDatabase(database);

  const app = await buildApp({ config, database, web: config.servePages });
  if (prepared)
    app.log.info(
      `created the database in ${config.dataDir}${config.seed ? ' with demonstration content' : ''}`,
    );
  if (config.payments === 'test')
    app.log.warn(
      `card payments are in TEST MODE (${config.testModeReason}): bookings are marked paid and no money is taken`,
    );
  // `npm run backup` asks this server for a consistent copy of the embedded database it holds.
  const backups =
    database.kind === 'pglite'
      ? await serveBackups(database, path.resolve(config.dataDir), app.log)
      : undefined;
  const { metrics } = app;
  const jobs = createJobRunner(app.log, {
    added: (job) => metrics.jobAdded(job),
    ran: (run) => metrics.jobRun(run),
  });
  jobs.add(
    emailOutboxJob({
      db: database.db,
      smtpUrl: config.smtpUrl,
      from: config.mailFrom,
      logger: app.log,
      onAttempt: (outcome) => metrics.emailAttempt(outcome),
    }),
  );
  if (app.textProvider) {
    jobs.add(
      textOutboxJob({
        db: database.db,
        provider: app.textProvider,
        statusCallbackUrl: `${config.publicUrl}${twilioStatusWebhook.path}`,
        logger: app.log,
      }),
    );
  } else app.log.info('TWILIO_ACCOUNT_SID is not set: no text message is sent');
  jobs.add(
    slotHoldReleaseJob({
      db: database.db,
      holdMinutes: config.holdMinutes,
      logger: app.log,
      onReleased: (count) => metrics.holdsExpired(count),
    }),
  );
  jobs.add(
    waitlistJob({
      db: database.db,
      settings: { publicUrl: config.publicUrl, offerMinutes: config.waitlistOfferMinutes },
      logger: app.log,
    }),
  );
  if (config.publicHolidays) jobs.add(publicHolidayJob({ db: database.db, logger: app.log }));
  jobs.add(abandonedAppointmentJob(app.appointments));
  jobs.add(paymentSettlementJob(app.appointments));
  jobs.add(appointmentReminderJob(app.appointments));
  jobs.add(intakeReminderJob({ db: database.db, publicUrl: config.publicUrl, log: app.log }));
  jobs.add(retentionJob({ db: database.db, retentionDays: config.retentionDays, logger: app.log }));
  if (database.kind === 'pglite') jobs.add(vacuumJob({ db: database.db, logger: app.log }));
  if (config.seed) {
    const { seeded } = await seedDemonstrationContent(database.db);
    if (seeded) app.log.info('seeded demonstration content');
  }
  const cleaned = await cleanStoredHtml(database.db);
  if (cleaned.articles + cleaned.excerpts + cleaned.faqs > 0)
    app.log.info(
      cleaned,
      'stored HTML brought up to date: cleaned by the current sanitiser, card excerpts made',
    );
  if (config.admin) {
    const outcome = await ensureAdmin(database.db, config.admin.email, config.admin.password);
    app.log.info({ email: config.admin.email }, outcome === 'created' ? 'admin created' : 'admin exists');
  } else {
    const warning = await noAdminWarning(database.db);
    if (warning) app.log.warn(warning);
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
      await backups?.close();
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
  const listening = app.server.address();
  if (listening && typeof listening === 'object')
    app.log.info(readyLine(listening, config.publicUrl, database.kind));
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
