import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { once } from 'node:events';
import { createReadStream, existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { createConnection } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { createGunzip, gzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { projectRoot } from '../project-root';
import { createBooking, pay } from '../test/booking-fixtures';
import { injectMultipart, testFile } from '../test/multipart';
import { bookWithFiles } from '../test/patient-fixtures';
import { nodeArgumentsFor, type ServerProcess, startServerProcess } from '../test/server-process';
import { clinicDayFromToday, clinicInstant } from '../test/slot-fixtures';
import { signInAsNewAdmin, testConfig } from '../test/test-app';
import { pgliteTemplateDump } from '../test/test-database';
import {
  backupEmbeddedDatabase,
  backupSocketPath,
  extractDataFolder,
  restoreEmbeddedDatabase,
  serveBackups,
} from './backup';
import { type DatabaseHandle, migrateDatabase, openDatabase } from './database';

// `npm run backup` and `npm run restore` on the embedded database (docs/operations.md, "Backups and restore"): records and
// uploaded files (which live in the database) are written into a data folder, a server process runs on it, the
// backup is taken while it runs (the server makes the dump) and while it answers requests; a change made after
// the backup is not in it; the folder is wiped, restored, and every table holds exactly what it held, every file
// its bytes. The embedded database only: PostgreSQL is backed up with pg_dump.

let folder: string;
let dataDir: string;
let server: ServerProcess | undefined;

beforeAll(async () => {
  folder = await mkdtemp(path.join(tmpdir(), 'clinic-backup-'));
  dataDir = path.join(folder, 'data');
});
afterAll(async () => {
  await server?.stop();
  await rm(folder, { recursive: true, force: true });
});

/** Runs `npm run backup|restore -- FILE` (the command, see `nodeArgumentsFor`) on the test's data folder. */
function runCommand(
  command: 'backup' | 'restore',
  file: string,
): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...nodeArgumentsFor('backup'), command, file], {
      cwd: projectRoot,
      env: {
        ...process.env,
        DATA_DIR: dataDir,
        DATABASE_URL: '',
        TEST_DATABASE_URL: '',
        NODE_ENV: 'production',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.stderr.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.once('error', reject);
    child.once('exit', (code) => resolve({ code, output }));
  });
}

/**
 * Every table of the app (and drizzle's record of the migrations) as its row count and a digest of its rows, in
 * an order of their own: equal snapshots hold the same records, byte for byte, files included.
 */
async function snapshot(database: DatabaseHandle): Promise<Record<string, { rows: number; digest: string }>> {
  const { rows: tables } = (await database.db.execute(
    sql`select schemaname, tablename from pg_tables where schemaname in ('public', 'drizzle') order by 1, 2`,
  )) as unknown as { rows: { schemaname: string; tablename: string }[] };
  const result: Record<string, { rows: number; digest: string }> = {};
  for (const { schemaname, tablename } of tables) {
    const name = `"${schemaname}"."${tablename}"`;
    const { rows } = (await database.db.execute(
      sql.raw(
        `select count(*)::int as rows, md5(coalesce(string_agg(md5(t::text), '' order by md5(t::text)), '')) as digest from ${name} t`,
      ),
    )) as unknown as { rows: { rows: number; digest: string }[] };
    result[name] = rows[0] as { rows: number; digest: string };
  }
  return result;
}

async function withDatabase<T>(work: (database: DatabaseHandle) => Promise<T>): Promise<T> {
  const database = await openDatabase({ dataDir });
  try {
    return await work(database);
  } finally {
    await database.close();
  }
}

const sha256 = (bytes: Buffer | Uint8Array) => createHash('sha256').update(bytes).digest('hex');

describe.skipIf(Boolean(process.env.TEST_DATABASE_URL))('npm run backup and npm run restore', () => {
  let seeded: Record<string, { rows: number; digest: string }>;
  let adminToken: string;
  let photoId: string;
  let patientWithFiles: number;
  const letter = testFile('letter.pdf');
  const backupFile = () => path.join(folder, 'clinic.backup.tar.gz');

  it('seeds a data folder with records and uploaded files', async () => {
    // From the run's migrated copy when there is one (as every test database starts), instead of initdb.
    const template = pgliteTemplateDump();
    const database = await openDatabase({
      dataDir,
      loadDataDir: await template,
    });
    try {
      if (!template) await migrateDatabase(database);
      const app = await buildApp({ config: testConfig(), database, web: false });
      await app.ready();
      try {
        const testApp = { app, database, close: async () => {} };
        const { token } = await signInAsNewAdmin(testApp);
        adminToken = token;
        const auth = { authorization: `Bearer ${token}` };
        const member = await injectMultipart(
          app,
          'POST',
          '/api/admin/team_members',
          {
            full_name: 'Dr Aoife Byrne',
            user_type: 'Consultant',
            description: 'x',
            order: '1',
            logo: { fileName: 'photo.jpg', bytes: testFile('photo.jpg') },
          },
          auth,
        );
        expect(member.statusCode).toBe(201);
        photoId = (member.json().team_member.logo_url as string).replace('/uploads/', '');
        // A private patient's files (a booking's referral letter and result), and a paid booking far ahead.
        patientWithFiles = (
          await bookWithFiles(
            app,
            database.db,
            { first_name: 'Síofra', last_name: 'Ní Bhriain' },
            {
              referral_letter: { fileName: 'letter.pdf', bytes: letter },
              result: { fileName: 'letter.docx', bytes: testFile('letter.docx') },
            },
          )
        ).patientId;
        const booking = await createBooking(app, database.db, {
          slot: { startsAt: clinicInstant(clinicDayFromToday(60), '11:00') },
        });
        expect((await pay(app, booking)).statusCode).toBe(200);
        const contact = await app.inject({
          method: 'POST',
          url: '/api/contact_us',
          payload: {
            name: 'Mary Murphy',
            email: 'mary@example.com',
            phone: '+353 87 123 4567',
            message: 'Please call me.',
          },
        });
        expect(contact.statusCode).toBeLessThan(300);
      } finally {
        await app.close();
      }
      seeded = await snapshot(database);
    } finally {
      await database.close();
    }
    expect(seeded['"public"."files"']?.rows).toBeGreaterThanOrEqual(4);
    expect(seeded['"public"."patients"']?.rows).toBe(2);
    expect(seeded['"public"."payments"']?.rows).toBe(1);
    expect(seeded['"public"."email_outbox"']?.rows).toBeGreaterThan(0);
    expect(seeded['"drizzle"."__drizzle_migrations"']?.rows).toBeGreaterThan(10);
  }, 120_000);

  it('backs up while a server runs on the folder, answering requests meanwhile', async () => {
    server = await startServerProcess({ DATA_DIR: dataDir, DATABASE_URL: '' });
    const running = server;
    let answered = 0;
    let failed = 0;
    let stop = false;
    const load = (async () => {
      while (!stop) {
        for (const url of ['/api/health', '/api/team_members?page=1&per_page=10', `/uploads/${photoId}`]) {
          const response = await fetch(`${running.baseUrl}${url}`).catch(() => undefined);
          if (response?.ok) answered += 1;
          else failed += 1;
          await response?.arrayBuffer();
        }
        // A patient's pace, not a flood: the backup, not this loop, should have the cores.
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    })();
    const { code, output } = await runCommand('backup', backupFile());
    stop = true;
    await load;
    expect(output).toContain(`taken by the running server, process ${running.child.pid}`);
    expect(code).toBe(0);
    expect(failed).toBe(0);
    expect(answered).toBeGreaterThan(0);
    // Readable by its owner only: it holds every patient's data.
    expect((await stat(backupFile())).mode & 0o777).toBe(0o600);
    // A gzipped tar of the data folder.
    const unpacked = path.join(folder, 'unpacked');
    expect(
      await extractDataFolder(createReadStream(backupFile()).pipe(createGunzip()), unpacked),
    ).toBeGreaterThan(100);
    expect(existsSync(path.join(unpacked, 'postmaster.pid'))).toBe(false);
    await rm(unpacked, { recursive: true });
    // The database's files are the server user's only (PGlite writes them readable by everyone).
    expect((await stat(dataDir)).mode & 0o777).toBe(0o700);

    // A client that asks and goes at once, and one that asks and never reads, do not hold up the next backup.
    const dropped = createConnection(backupSocketPath(dataDir));
    await once(dropped, 'connect');
    dropped.end('backup\n');
    const silent = createConnection(backupSocketPath(dataDir));
    await once(silent, 'connect');
    silent.write('backup\n');
    silent.pause();
    silent.destroy();
    const next = await runCommand('backup', backupFile());
    expect(next.code).toBe(0);
    await expect
      .poll(async () => (await readdir(folder)).filter((name) => name.includes('backup-snapshot')), {
        timeout: 30_000,
      })
      .toEqual([]);
  }, 240_000);

  it('refuses to restore while the server runs, and leaves the folder alone', async () => {
    const { code, output } = await runCommand('restore', backupFile());
    expect(code).toBe(1);
    expect(output).toContain(`A server (process ${server?.child.pid}) is running on the embedded database`);
    expect(output).toContain('Nothing was changed.');
    expect(
      (await readdir(folder)).filter((name) => name.includes('restoring') || name.includes('before-restore')),
    ).toEqual([]);
  }, 60_000);

  it('restores into a wiped folder: every record and file of the backup, and nothing made after it', async () => {
    const auth = { authorization: `Bearer ${adminToken}` };
    const afterBackup = await fetch(`${server?.baseUrl}/api/admin/fa_questions`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify({ title: 'Made after the backup?', answer: 'Yes', asHtml: false }),
    });
    expect(afterBackup.status).toBe(201);
    await server?.stop('SIGTERM');
    server = undefined;

    await rm(dataDir, { recursive: true, force: true });
    const { code, output } = await runCommand('restore', backupFile());
    expect(output).toContain('2 patient(s), 2 appointment(s), 1 payment(s)');
    expect(code).toBe(0);
    // Nothing was there to keep aside, and nothing half-done is left.
    expect(
      (await readdir(folder)).filter((name) => name.includes('restoring') || name.includes('before-restore')),
    ).toEqual([]);

    let photoSha256 = '';
    await withDatabase(async (database) => {
      expect(await snapshot(database)).toEqual(seeded);
      const { rows } = (await database.db.execute(
        sql`select id, sha256, encode(sha256(bytes), 'hex') as actual, original_name from files`,
      )) as unknown as { rows: { id: string; sha256: string; actual: string; original_name: string }[] };
      for (const row of rows) expect(row.actual, row.original_name).toBe(row.sha256);
      // The referral letter is kept as it was sent.
      expect(rows.map((row) => row.sha256)).toContain(sha256(letter));
      photoSha256 = rows.find((row) => row.id === photoId)?.sha256 ?? '';
    });

    // And the app serves them again: a public file to anyone, the patient's record to staff (whose session the
    // backup kept too).
    server = await startServerProcess({ DATA_DIR: dataDir, DATABASE_URL: '' });
    const photo = await fetch(`${server.baseUrl}/uploads/${photoId}`);
    expect(photo.status).toBe(200);
    expect(sha256(Buffer.from(await photo.arrayBuffer()))).toBe(photoSha256);
    const patient = await fetch(`${server.baseUrl}/api/admin/patients/${patientWithFiles}`, {
      headers: auth,
    });
    expect(patient.status).toBe(200);
    expect(JSON.stringify(await patient.json())).toContain('Ní Bhriain');
    const faqs = await fetch(`${server.baseUrl}/api/fa_questions?page=1&per_page=50`);
    expect(JSON.stringify(await faqs.json())).not.toContain('Made after the backup');
  }, 180_000);

  it('backs up with no server running (the command archives the folder itself), and restores over a folder, keeping it aside', async () => {
    await server?.stop('SIGTERM');
    server = undefined;
    const second = path.join(folder, 'second.tar.gz');
    const nowhere = await runCommand('backup', path.join(folder, 'no-such-folder', 'x.tar.gz'));
    expect(nowhere.code).not.toBe(0);
    expect(nowhere.output).toContain(`The folder ${path.join(folder, 'no-such-folder')} does not exist`);
    const backup = await runCommand('backup', second);
    expect(backup.output).toContain('no server was running');
    expect(backup.code).toBe(0);
    const restore = await runCommand('restore', second);
    expect(restore.code).toBe(0);
    const kept = (await readdir(folder)).filter((name) => name.startsWith('data.before-restore-'));
    expect(kept).toHaveLength(1);
    expect(restore.output).toContain(`kept in ${path.join(folder, kept[0] as string)}`);
    expect(existsSync(path.join(folder, kept[0] as string, 'PG_VERSION'))).toBe(true);
    await withDatabase(async (database) => {
      const now = await snapshot(database);
      expect(now['"public"."files"']).toEqual(seeded['"public"."files"']);
      expect(now['"public"."patients"']).toEqual(seeded['"public"."patients"']);
    });
  }, 180_000);

  it('refuses a file that is not a backup, before it touches the folder', async () => {
    const before = await withDatabase(snapshot);
    const notBackups: Record<string, Buffer> = {
      'notes.txt': Buffer.from('not a backup\n'),
      'notes.txt.gz': gzipSync(Buffer.from('not a backup\n')),
      // A tar.gz of something else than a data folder.
      'testdata.tar.gz': execFileSync('tar', ['czf', '-', '-C', projectRoot, 'testdata']),
      // Half a backup (a copy cut short).
      'cut.tar.gz': (await readFile(backupFile())).subarray(0, 100_000),
    };
    for (const [name, bytes] of Object.entries(notBackups)) {
      const file = path.join(folder, name);
      await writeFile(file, bytes);
      await expect(restoreEmbeddedDatabase(dataDir, file), name).rejects.toThrow(
        `${file} is not a backup of the embedded database`,
      );
    }
    await expect(restoreEmbeddedDatabase(dataDir, path.join(folder, 'missing.tar.gz'))).rejects.toThrow(
      'does not exist',
    );
    // The command says so and exits with 1.
    const { code, output } = await runCommand('restore', path.join(folder, 'notes.txt'));
    expect(code).toBe(1);
    expect(output.trim()).toBe(
      `${path.join(folder, 'notes.txt')} is not a backup of the embedded database: it is not gzipped. Nothing was changed.`,
    );
    expect(await withDatabase(snapshot)).toEqual(before);
  }, 180_000);
});

describe.skipIf(Boolean(process.env.TEST_DATABASE_URL))('restoring a database that is not this app', () => {
  it('refuses another database, and one a newer version of the app made, leaving the folder alone', async () => {
    const root = await mkdtemp(path.join(tmpdir(), 'clinic-backup-other-'));
    try {
      const template = pgliteTemplateDump();
      /** A backup of a migrated database changed by `change`, taken by the command with no server running. */
      const backupOf = async (name: string, change: (database: DatabaseHandle) => Promise<unknown>) => {
        const dataDir = path.join(root, name);
        const database = await openDatabase({
          dataDir,
          loadDataDir: await template,
        });
        try {
          if (!template) await migrateDatabase(database);
          await change(database);
        } finally {
          await database.close();
        }
        const file = path.join(root, `${name}.tar.gz`);
        await backupEmbeddedDatabase(dataDir, file);
        return file;
      };
      const newer = await backupOf('newer', (database) =>
        database.db.execute(
          sql`insert into drizzle.__drizzle_migrations (hash, created_at) values ('from-the-future', 99999999999999)`,
        ),
      );
      const other = await backupOf('other', (database) => database.db.execute(sql`drop table files cascade`));
      const target = path.join(root, 'target');
      await expect(restoreEmbeddedDatabase(target, newer)).rejects.toThrow(
        'was made by a newer version of the app',
      );
      await expect(restoreEmbeddedDatabase(target, other)).rejects.toThrow(
        "but not of the clinic's database",
      );
      expect((await readdir(root)).filter((name) => name.startsWith('target'))).toEqual([]);
    } finally {
      await rm(root, { recursive: true, force: true });
    }
  }, 120_000);
});

/** A tar archive of the given entries, written as tar writes one (ustar headers, 512-byte blocks). */
function tarOf(entries: { name: string; type?: '0' | '5' | '2'; data?: string }[]): Buffer {
  const blocks: Buffer[] = [];
  for (const entry of entries) {
    const data = Buffer.from(entry.data ?? '');
    const header = Buffer.alloc(512);
    header.write(entry.name, 0, 100, 'latin1');
    header.write('0000644\0', 100, 'latin1');
    header.write('0000000\0', 108, 'latin1');
    header.write('0000000\0', 116, 'latin1');
    header.write(`${data.length.toString(8).padStart(11, '0')}\0`, 124, 'latin1');
    header.write('00000000000\0', 136, 'latin1');
    header.write(entry.type ?? '0', 156, 'latin1');
    header.write('ustar\0', 257, 'latin1');
    header.write('00', 263, 'latin1');
    header.fill(32, 148, 156);
    let sum = 0;
    for (const byte of header) sum += byte;
    header.write(`${sum.toString(8).padStart(6, '0')}\0 `, 148, 'latin1');
    blocks.push(header, data, Buffer.alloc((512 - (data.length % 512)) % 512));
  }
  return Buffer.concat([...blocks, Buffer.alloc(1024)]);
}

describe.skipIf(Boolean(process.env.TEST_DATABASE_URL))('a backup taken by the server', () => {
  it('waits for the transaction under way, and holds it whole', async () => {
    const root = await mkdtemp(path.join(tmpdir(), 'clinic-backup-race-'));
    const live = path.join(root, 'live');
    const database = await openDatabase({ dataDir: live, loadDataDir: await pgliteTemplateDump() });
    // This process holds the folder, as a server does, and answers backups as one.
    const backups = await serveBackups(database, live, { info() {}, warn() {}, error() {} });
    try {
      await database.db.execute(sql`create table left_side (n int primary key)`);
      await database.db.execute(sql`create table right_side (n int primary key)`);
      // A transaction that has written one row of a pair and waits before the other.
      let finish = () => {};
      const gate = new Promise<void>((resolve) => {
        finish = resolve;
      });
      let firstWritten = () => {};
      const written = new Promise<void>((resolve) => {
        firstWritten = resolve;
      });
      const transaction = database.db.transaction(async (tx) => {
        await tx.execute(sql`insert into left_side values (1)`);
        firstWritten();
        await gate;
        await tx.execute(sql`insert into right_side values (1)`);
      });
      await written;
      const file = path.join(root, 'during.tar.gz');
      let settled = false;
      const backup = backupEmbeddedDatabase(live, file).finally(() => {
        settled = true;
      });
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      expect(settled).toBe(false);
      finish();
      await transaction;
      expect((await backup).serverPid).toBe(process.pid);

      const restored = path.join(root, 'restored');
      await restoreEmbeddedDatabase(restored, file);
      const copy = await openDatabase({ dataDir: restored });
      try {
        const { rows } = (await copy.db.execute(
          sql`select (select count(*) from left_side)::int as left_rows, (select count(*) from right_side)::int as right_rows`,
        )) as unknown as { rows: { left_rows: number; right_rows: number }[] };
        expect(rows[0]).toEqual({ left_rows: 1, right_rows: 1 });
      } finally {
        await copy.close();
      }
      // The snapshot folder the server copied into is gone.
      expect((await readdir(root)).filter((name) => name.includes('snapshot'))).toEqual([]);
    } finally {
      await backups.close();
      await database.close();
      await rm(root, { recursive: true, force: true });
    }
  }, 120_000);
});

describe('partial backup files', () => {
  let root: string;
  beforeAll(async () => {
    root = await mkdtemp(path.join(tmpdir(), 'clinic-partials-'));
  });
  afterAll(() => rm(root, { recursive: true, force: true }));

  it('are named as the documented clean-up expects, and the next backup removes those whose command is gone', async () => {
    // A folder with just enough to be taken for a data folder: the archive stays a few blocks.
    const data = path.join(root, 'data');
    await mkdir(data);
    await writeFile(path.join(data, 'PG_VERSION'), '17\n');
    const backups = path.join(root, 'backups');
    await mkdir(backups);
    // A command killed midway, last night (another file) and tonight; one still writing; not ours.
    const gone = spawnSync(process.execPath, ['-e', '']).pid as number;
    const abandoned = [
      `clinic-2026-11-25.tar.gz.${gone}-0123456789ab.partial`,
      `clinic-2026-11-26.tar.gz.${gone}-ba9876543210.partial`,
    ];
    const kept = [`clinic-2026-11-26.tar.gz.${process.ppid}-0123456789ab.partial`, 'notes.partial'];
    for (const name of [...abandoned, ...kept]) await writeFile(path.join(backups, name), 'x');
    // The nightly recipe in docs/operations.md deletes old files matching this, partial ones included.
    const recipe = /^clinic-.*\.tar\.gz.*$/;
    expect(abandoned.every((name) => recipe.test(name))).toBe(true);

    const outcome = await backupEmbeddedDatabase(data, path.join(backups, 'clinic-2026-11-26.tar.gz'));
    expect(outcome.serverPid).toBeUndefined();
    expect((await readdir(backups)).sort()).toEqual(['clinic-2026-11-26.tar.gz', ...kept].sort());
  });
});

describe('extractDataFolder', () => {
  const folderEntries = [
    { name: '/PG_VERSION', data: '17\n' },
    { name: '/global', type: '5' as const },
    { name: '/global/pg_control', data: 'x'.repeat(700) },
    { name: 'base/1/empty' },
  ];
  let root: string;
  beforeAll(async () => {
    root = await mkdtemp(path.join(tmpdir(), 'clinic-extract-'));
  });
  afterAll(() => rm(root, { recursive: true, force: true }));
  let count = 0;
  const extract = (tar: Buffer) => {
    count += 1;
    // Cut into odd pieces, as a stream delivers it.
    const pieces = [];
    for (let offset = 0; offset < tar.length; offset += 333) pieces.push(tar.subarray(offset, offset + 333));
    return extractDataFolder(Readable.from(pieces), path.join(root, 'inside', `folder-${count}`));
  };

  it('writes a data folder, files and folders, as tar wrote it', async () => {
    expect(await extract(tarOf(folderEntries))).toBe(4);
    const written = path.join(root, 'inside', `folder-${count}`);
    expect(await readFile(path.join(written, 'global', 'pg_control'), 'utf8')).toBe('x'.repeat(700));
    expect(await readFile(path.join(written, 'base', '1', 'empty'), 'utf8')).toBe('');
  });

  it('refuses names outside the folder, links, a tar of something else, a damaged header and a cut archive', async () => {
    for (const name of ['/../evil', 'base/../../evil', '/global/./x', 'a\\b']) {
      await expect(extract(tarOf([...folderEntries, { name, data: 'x' }])), name).rejects.toThrow(
        'an entry a data folder does not',
      );
    }
    expect(existsSync(path.join(root, 'evil'))).toBe(false);
    expect(existsSync(path.join(root, 'inside', 'evil'))).toBe(false);
    await expect(extract(tarOf([...folderEntries, { name: '/link', type: '2' }]))).rejects.toThrow(
      'an entry a data folder does not',
    );
    await expect(extract(tarOf([{ name: '/PG_VERSION', data: '17' }]))).rejects.toThrow('not of a database');
    const damaged = tarOf(folderEntries);
    damaged[0] = 'X'.charCodeAt(0);
    await expect(extract(damaged)).rejects.toThrow('not a tar archive');
    await expect(extract(tarOf(folderEntries).subarray(0, 1600))).rejects.toThrow('ends before the end');
  });
});
