import { parseArgs } from 'node:util';
import { readConfig } from '../config';
import { BackupError, backupEmbeddedDatabase, restoreEmbeddedDatabase } from '../db/backup';

const usage = `Back up and restore the embedded database (PGlite in DATA_DIR), uploaded files included.

  npm run backup -- FILE      writes a consistent backup to FILE (a gzipped tar of the data folder), whether
                              or not the server runs: a running server is asked for it
  npm run restore -- FILE     replaces the database in DATA_DIR with the backup in FILE; refused while a
                              server runs on it. The folder it replaces is kept beside it (DATA_DIR.before-restore-…)

Uses the same settings as the server (DATA_DIR). With DATABASE_URL (PostgreSQL) use pg_dump and pg_restore
instead (docs/operations.md, "Backups and restore").`;

const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

async function run() {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: { help: { type: 'boolean', short: 'h' } },
  });
  const [command, file, ...extra] = positionals;
  if (values.help || !file || extra.length > 0 || (command !== 'backup' && command !== 'restore')) {
    console.log(usage);
    process.exit(values.help ? 0 : 2);
  }
  const config = readConfig();
  if (config.databaseUrl) {
    throw new BackupError(
      `DATABASE_URL is set: the database is a PostgreSQL server. Use pg_dump and pg_restore (docs/operations.md, "Backups and restore"); npm run ${command} is for the embedded database.`,
    );
  }
  if (command === 'backup') {
    const outcome = await backupEmbeddedDatabase(config.dataDir, file);
    const how =
      outcome.serverPid === undefined
        ? 'no server was running'
        : `taken by the running server, process ${outcome.serverPid}`;
    console.log(
      `Backed up the embedded database in ${config.dataDir} to ${outcome.file} (${megabytes(outcome.tarBytes)} of data folder, ${how}).`,
    );
    return;
  }
  const outcome = await restoreEmbeddedDatabase(config.dataDir, file);
  const { counts } = outcome;
  console.log(
    `Restored ${file} into ${outcome.directory}: ${counts.patients} patient(s), ${counts.appointments} appointment(s), ${counts.payments} payment(s), ${counts.files} file(s), ${counts.admins} admin(s).`,
  );
  if (outcome.previous) {
    console.log(
      `The database it replaced is kept in ${outcome.previous}; delete it once the site runs as it should.`,
    );
  }
  console.log('Start the server: it applies any migration the backup is missing.');
}

run().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
