import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { type AddressInfo, createServer, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite, type QueryOptions } from '@electric-sql/pglite';
import { eq, getTableName, is, type SQL, sql } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { freePort } from '../test/server-process';
import { createTestDatabase, pgliteTemplateDump } from '../test/test-database';
import {
  type DatabaseHandle,
  type Db,
  migrateDatabase,
  openDatabase,
  POOL_CONNECT_TIMEOUT_MS,
  whilePgliteIsIdle,
  withoutDrizzleParsers,
} from './database';
import { isDatabaseUnavailable } from './database-errors';
import * as schema from './schema';

async function rows<T>(db: Db, query: SQL): Promise<T[]> {
  // Both drivers answer `execute` with an object carrying `rows`; Db's generic result type does not say so.
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

const schemaTables = Object.values(schema as Record<string, unknown>)
  .filter((value): value is PgTable => is(value, PgTable))
  .map((table) => getTableName(table))
  .sort();

let handle: DatabaseHandle;

beforeAll(async () => {
  handle = await createTestDatabase();
});

afterAll(async () => {
  await handle?.close();
});

describe('migrations', () => {
  it('create every table of the schema', async () => {
    const found = await rows<{ table_name: string }>(
      handle.db,
      sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`,
    );
    expect(schemaTables).toEqual(
      [
        'admin_auth_tokens',
        'admin_challenges',
        'admin_invitations',
        'admin_passkeys',
        'admin_recovery_codes',
        'admin_users',
        'appointment_reminders',
        'appointments',
        'audit_log',
        'blog_articles',
        'client_uploads',
        'clinic_settings',
        'closures',
        'contact_messages',
        'email_outbox',
        'fa_questions',
        'fee_categories',
        'fee_prices',
        'fee_services',
        'files',
        'intake_forms',
        'intake_reminders',
        'login_attempts',
        'manage_link_tokens',
        'patients',
        'payment_events',
        'payments',
        'receipt_counters',
        'receipts',
        'referrals',
        'refunds',
        'slot_freed_events',
        'slot_hold_ends',
        'slots',
        'team_members',
        'text_outbox',
        'text_replies',
        'text_status_events',
        'visitor_uploads',
        'waitlist_entries',
        'waitlist_offers',
      ].sort(),
    );
    expect(found.map((row) => row.table_name).sort()).toEqual(schemaTables);
  });

  it('do nothing when applied a second time', async () => {
    const count = async () =>
      (
        await rows<{ count: string | number }>(
          handle.db,
          sql`select count(*) as count from drizzle.__drizzle_migrations`,
        )
      )
        .map((row) => Number(row.count))
        .at(0);
    const before = await count();
    expect(before).toBeGreaterThan(0);
    await migrateDatabase(handle);
    expect(await count()).toBe(before);
  });

  it('answers a ping', async () => {
    await expect(handle.ping()).resolves.toBeUndefined();
  });

  it('plans with the page cost of memory and SSDs on every connection it opens', async () => {
    const opened = await openDatabase(
      process.env.TEST_DATABASE_URL ? { databaseUrl: process.env.TEST_DATABASE_URL } : {},
    );
    try {
      const [setting] = await rows<{ cost: string }>(
        opened.db,
        sql`select current_setting('random_page_cost') as cost`,
      );
      expect(setting?.cost).toBe('1.1');
    } finally {
      await opened.close();
    }
  });
});

describe('schema', () => {
  it('stores file bytes and reads them back as a Buffer', async () => {
    const bytes = randomBytes(2048);
    const [file] = await handle.db
      .insert(schema.files)
      .values({
        bytes,
        sha256: 'x'.repeat(64),
        mimeType: 'application/pdf',
        sizeBytes: bytes.length,
        originalName: 'letter.pdf',
      })
      .returning({ id: schema.files.id });
    expect(file?.id).toMatch(/^[0-9a-f-]{36}$/);
    const [stored] = await handle.db.select().from(schema.files).where(eq(schema.files.id, file!.id));
    expect(Buffer.isBuffer(stored?.bytes)).toBe(true);
    expect(stored?.bytes.equals(bytes)).toBe(true);
    expect(stored?.isPublic).toBe(false);
  });

  it('keeps slot status and location to the allowed values', async () => {
    const startsAt = new Date('2030-01-07T09:00:00Z');
    const endsAt = new Date('2030-01-07T09:30:00Z');
    const base = { startsAt, endsAt, priceCents: 18000, isAdult: true, location: 'adult_1' as const };
    const [slot] = await handle.db.insert(schema.slots).values(base).returning();
    expect(slot?.status).toBe('available');
    expect(slot?.isVideoCall).toBe(false);
    await expect(
      handle.db.insert(schema.slots).values({ ...base, status: 'gone' as schema.SlotStatus }),
    ).rejects.toThrow();
    await expect(
      handle.db.insert(schema.slots).values({ ...base, location: 'mars' as schema.SlotLocation }),
    ).rejects.toThrow();
    await expect(handle.db.insert(schema.slots).values({ ...base, endsAt: startsAt })).rejects.toThrow();
  });

  it('defaults a queued e-mail to pending, due now, with no attachments', async () => {
    const [message] = await handle.db
      .insert(schema.emailOutbox)
      .values({ toAddress: 'patient@example.ie', subject: 'Hello', textBody: 'Hello' })
      .returning();
    expect(message?.status).toBe('pending');
    expect(message?.attempts).toBe(0);
    expect(message?.attachments).toEqual([]);
    expect(message?.nextAttemptAt).toBeInstanceOf(Date);
  });

  it('keeps a date of birth as the calendar date it was given', async () => {
    const [patient] = await handle.db
      .insert(schema.patients)
      .values({
        firstName: 'Áine',
        lastName: 'Ní Bhriain',
        phone: '0871234567',
        dob: '1990-03-31',
        isAdult: true,
      })
      .returning();
    expect(patient?.dob).toBe('1990-03-31');
    expect(patient?.isReferral).toBe(false);
  });
});

describe.skipIf(Boolean(process.env.TEST_DATABASE_URL))('embedded PGlite', () => {
  it('is one process’s: a second server on its folder is refused, a claim left by a killed one taken over', async () => {
    const folder = await mkdtemp(path.join(tmpdir(), 'clinic-lock-'));
    const dataDir = path.join(folder, 'db');
    try {
      // From the run's migrated copy: a new folder would run initdb, which the test below covers.
      const first = await openDatabase({ dataDir, loadDataDir: await pgliteTemplateDump() });
      // This process's id, then its start time where /proc tells it (data-dir-lock.test.ts).
      expect((await readFile(`${dataDir}.lock`, 'utf8')).split(' ')[0]).toBe(String(process.pid));
      // Another process holding the claim (here: a child that still runs) keeps everyone else out.
      await first.close();
      await expect(readFile(`${dataDir}.lock`, 'utf8')).rejects.toThrow();
      const holder = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)']);
      try {
        await writeFile(`${dataDir}.lock`, String(holder.pid));
        await expect(openDatabase({ dataDir })).rejects.toThrow(
          `The embedded database in ${dataDir} is in use by another server (process ${holder.pid}).`,
        );
      } finally {
        holder.kill('SIGKILL');
        await once(holder, 'exit');
      }
      // The holder was killed: its claim is taken over.
      const again = await openDatabase({ dataDir });
      await again.close();
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  }, 60_000);

  it('runs Drizzle’s queries, in and out of transactions, without its per-query parsers', async () => {
    const client = await PGlite.create({ loadDataDir: await pgliteTemplateDump() });
    const seen: (QueryOptions | undefined)[] = [];
    const record = <T extends { query: PGlite['query'] }>(target: T) => {
      const query = target.query.bind(target);
      target.query = ((text: string, params?: unknown[], options?: QueryOptions) => {
        seen.push(options);
        return query(text, params, options);
      }) as PGlite['query'];
      return target;
    };
    record(client);
    const transaction = client.transaction.bind(client);
    vi.spyOn(client, 'transaction').mockImplementation((callback) =>
      transaction((tx) => callback(record(tx))),
    );
    try {
      const db = drizzlePglite({ client: withoutDrizzleParsers(client) });
      await db.execute(sql`select now() as at`);
      const custom = { parsers: { 25: (text: string) => text.toUpperCase() } };
      const [row] = (
        await withoutDrizzleParsers(client).query<{ word: string }>(`select 'hi' as word`, [], custom)
      ).rows;
      expect(row?.word).toBe('HI');
      expect(seen[0]?.parsers).toBeUndefined();
      expect(seen[1]).toBe(custom);
      await db.transaction(async (tx) => {
        await tx.execute(sql`select 1`);
      });
      expect(seen.at(-1)?.parsers).toBeUndefined();
      expect(seen).toHaveLength(3);
    } finally {
      await client.close();
    }
  }, 90_000);

  it('reads timestamps, dates and bytea as Drizzle and node-postgres would', async () => {
    const [row] = await handle.db.select({ at: schema.slots.startsAt }).from(schema.slots).limit(1);
    expect(row === undefined || row.at instanceof Date).toBe(true);
    const [raw] = await rows<{ at: unknown; day: unknown }>(
      handle.db,
      sql`select '2026-03-29 01:30:00+00'::timestamptz as at, '2026-03-29'::date as day`,
    );
    expect(typeof raw?.at).toBe('string');
    expect(raw?.day).toBe('2026-03-29');
  });

  it('holds every statement while a backup copies, and still answers the health ping meanwhile', async () => {
    const order: string[] = [];
    let queued: Promise<unknown> | undefined;
    await whilePgliteIsIdle(handle, async () => {
      queued = handle.db.execute(sql`select 1`).then(() => order.push('statement'));
      // The ping would otherwise wait behind the copy, and the health check give up on a working instance.
      await handle.ping();
      order.push('ping');
    });
    await queued;
    expect(order).toEqual(['ping', 'statement']);
    await handle.ping();
  });

  it('persists to a data folder whose parents do not exist yet', async () => {
    const root = await mkdtemp(path.join(tmpdir(), 'clinic-db-'));
    const dataDir = path.join(root, 'nested', 'folder', 'pglite');
    try {
      const first = await openDatabase({ dataDir });
      expect(first.kind).toBe('pglite');
      await migrateDatabase(first);
      await first.db.insert(schema.faQuestions).values({ title: 'Persisted?', answer: 'Yes' });
      await first.close();

      const second = await openDatabase({ dataDir });
      try {
        await migrateDatabase(second);
        const stored = await second.db.select().from(schema.faQuestions);
        expect(stored.map((faq) => faq.title)).toEqual(['Persisted?']);
      } finally {
        await second.close();
      }
    } finally {
      await rm(root, { recursive: true, force: true });
    }
    // A new PGlite folder runs initdb and every migration: seconds idle, over 20 s on a busy 2-core machine.
  }, 90_000);
});

describe('a PostgreSQL server out of reach', () => {
  /** A query through a pool on `url`: how it failed, and how long it took. */
  async function failedQuery(url: string, connectTimeoutMs: number) {
    const unreachable = await openDatabase({ databaseUrl: url, connectTimeoutMs });
    const started = Date.now();
    try {
      const error = await unreachable.db.execute(sql`select 1`).then(
        () => undefined,
        (reason: unknown) => reason,
      );
      return { error, ms: Date.now() - started };
    } finally {
      await unreachable.close();
    }
  }

  it('fails a query at once, as unavailable, when nothing listens on its port', async () => {
    const port = await freePort();
    const { error, ms } = await failedQuery(`postgres://postgres@127.0.0.1:${port}/clinic`, 5_000);
    expect(error).toBeInstanceOf(Error);
    expect(isDatabaseUnavailable(error)).toBe(true);
    expect(ms).toBeLessThan(2_000);
  });

  it('gives up connecting after the connect timeout, as unavailable, when the server never answers', async () => {
    // Takes the connection and says nothing, as a server behind a cut network would.
    const sockets = new Set<Socket>();
    const silent = createServer((socket) => sockets.add(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = silent.address() as AddressInfo;
      const { error, ms } = await failedQuery(`postgres://postgres@127.0.0.1:${port}/clinic`, 300);
      expect(isDatabaseUnavailable(error)).toBe(true);
      expect(ms).toBeGreaterThanOrEqual(250);
      expect(ms).toBeLessThan(5_000);
    } finally {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => silent.close(resolve));
    }
  });

  it('waits at most POOL_CONNECT_TIMEOUT_MS for a connection by default', () => {
    expect(POOL_CONNECT_TIMEOUT_MS).toBeLessThanOrEqual(5_000);
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('PostgreSQL server', () => {
  const backendPid = async () =>
    (await rows<{ pid: number }>(handle.db, sql`select pg_backend_pid() as pid`))[0]?.pid;

  it('keeps a connection the server refused a statement on, and replaces one it closed', async () => {
    const before = await backendPid();
    await expect(handle.db.execute(sql`select 1 / 0`)).rejects.toMatchObject({ cause: { code: '22012' } });
    expect(await backendPid()).toBe(before);

    await expect(handle.db.execute(sql`select pg_terminate_backend(pg_backend_pid())`)).rejects.toThrow();
    const after = await backendPid();
    expect(after).toBeTypeOf('number');
    expect(after).not.toBe(before);
  });

  it('lives through the server ending its connections in queries and transactions, and loses no client', async () => {
    const local = await createTestDatabase();
    try {
      const [current] = await rows<{ name: string }>(local.db, sql`select current_database() as name`);
      const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
      await admin.connect();
      try {
        for (let round = 0; round < 4; round += 1) {
          const running = Promise.allSettled(
            Array.from({ length: 16 }, (_, index) =>
              index % 2
                ? local.db.execute(sql`select pg_sleep(0.2)`)
                : local.db.transaction(async (tx) => {
                    await tx.execute(sql`select pg_sleep(0.2)`);
                  }),
            ),
          );
          // A little later each round, so connections end in BEGIN, in a query, or idle.
          await new Promise((resolve) => setTimeout(resolve, round * 15));
          await admin.query(`select pg_terminate_backend(pid) from pg_stat_activity where datname = $1`, [
            current?.name,
          ]);
          // Each query the server cut short failed as 'unavailable' (503), not as a fault (500).
          for (const outcome of await running) {
            if (outcome.status === 'rejected') expect(isDatabaseUnavailable(outcome.reason)).toBe(true);
          }
        }
      } finally {
        await admin.end();
      }
      // The pool replaces what it lost: the next queries and transactions run.
      await local.db.execute(sql`select 1`);
      await local.db.transaction(async (tx) => {
        await tx.execute(sql`select 1`);
      });
    } finally {
      // Every client came back: closing the pool does not wait for one that never will.
      await local.close();
    }
  }, 30_000);

  it('migrates once when two instances start together on an empty database', async () => {
    const serverUrl = process.env.TEST_DATABASE_URL!;
    const name = `test_${randomBytes(8).toString('hex')}`;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    try {
      await admin.query(`create database "${name}"`);
      const url = new URL(serverUrl);
      url.pathname = `/${name}`;
      const instances = await Promise.all([1, 2, 3].map(() => openDatabase({ databaseUrl: url.toString() })));
      try {
        expect(instances.every((instance) => instance.kind === 'postgres')).toBe(true);
        await Promise.all(instances.map((instance) => migrateDatabase(instance)));
        const [first] = instances;
        const applied = await rows<{ count: string }>(
          first!.db,
          sql`select count(*) as count from drizzle.__drizzle_migrations`,
        );
        const journal = JSON.parse(
          await readFile(new URL('./migrations/meta/_journal.json', import.meta.url), 'utf8'),
        ) as { entries: unknown[] };
        expect(Number(applied[0]?.count)).toBe(journal.entries.length);
        await first!.ping();
      } finally {
        await Promise.all(instances.map((instance) => instance.close()));
      }
    } finally {
      await admin.query(`drop database if exists "${name}" with (force)`);
      await admin.end();
    }
  });
});
