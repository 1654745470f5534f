import { randomBytes } from 'node:crypto';
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectRoot } from '../project-root';
import { onServer, pgliteBlankDump } from '../test/test-database';

// Migration 0007 moves existing bookings: each booking's patient gets an appointment of the same id with the
// state its payments say, its payments follow it, staff bookings lose their 'admin' pseudo-payment, and slots
// keep their holds. Run on a database migrated to 0006 and filled as the code before 0007 filled it.

const MIGRATIONS = path.join(projectRoot, 'src', 'server', 'db', 'migrations');
const serverUrl = process.env.TEST_DATABASE_URL;

interface Sql {
  query<T = Record<string, unknown>>(text: string): Promise<T[]>;
  migrate(folder: string): Promise<void>;
  close(): Promise<void>;
}

async function openSql(): Promise<Sql> {
  if (serverUrl) {
    const name = `migrate_${randomBytes(6).toString('hex')}`;
    await onServer(serverUrl, `create database "${name}"`);
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    const client = new pg.Client({ connectionString: url.toString() });
    await client.connect();
    const [{ drizzle }, { migrate }] = await Promise.all([
      import('drizzle-orm/node-postgres'),
      import('drizzle-orm/node-postgres/migrator'),
    ]);
    return {
      query: async (text) => (await client.query(text)).rows,
      migrate: (folder) => migrate(drizzle({ client }), { migrationsFolder: folder }),
      async close() {
        await client.end();
        await onServer(serverUrl, `drop database if exists "${name}" with (force)`);
      },
    };
  }
  const client = await PGlite.create({
    extensions: { btree_gist, pg_trgm },
    loadDataDir: await pgliteBlankDump(),
  });
  const [{ drizzle }, { migrate }] = await Promise.all([
    import('drizzle-orm/pglite'),
    import('drizzle-orm/pglite/migrator'),
  ]);
  return {
    query: async <T>(text: string) => (await client.query<T>(text)).rows,
    migrate: (folder) => migrate(drizzle({ client }), { migrationsFolder: folder }),
    close: () => client.close(),
  };
}

/** The migrations folder as it was before `tag`: the same files, the journal cut before it. */
async function migrationsBefore(tag: string): Promise<string> {
  const folder = await mkdtemp(path.join(tmpdir(), 'clinic-migrations-'));
  await cp(MIGRATIONS, folder, { recursive: true });
  const journalPath = path.join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(await readFile(journalPath, 'utf8')) as { entries: { tag: string }[] };
  journal.entries = journal.entries.slice(
    0,
    journal.entries.findIndex((entry) => entry.tag === tag),
  );
  await writeFile(journalPath, JSON.stringify(journal));
  return folder;
}

let sql: Sql;
let oldFolder: string;
beforeAll(async () => {
  sql = await openSql();
  oldFolder = await migrationsBefore('0007_appointments');
  await sql.migrate(oldFolder);
  // Bookings as the code before 0007 made them.
  await sql.query(`
    insert into sessions (id, starts_at, ends_at, status, price_cents, is_adult, is_video_call, location,
      hold_expires_at, hold_started_at, hold_token_hash, hold_client) values
      (1, now() + interval '3 days', now() + interval '3 days 30 minutes', 'booked', 18000, true, false, 'adult_1', null, null, null, null),
      (2, now() + interval '4 days', now() + interval '4 days 30 minutes', 'pending', 18000, true, false, 'adult_1',
        now() + interval '10 minutes', now(), 'hold-2', '10.0.0.2'),
      (3, now() + interval '5 days', now() + interval '5 days 30 minutes', 'available', 8500, false, true, null, null, null, null, null),
      (4, now() + interval '6 days', now() + interval '6 days 30 minutes', 'booked', 18000, true, false, 'adult_2', null, null, null, null),
      (5, now() + interval '7 days', now() + interval '7 days 30 minutes', 'pending', 18000, true, false, 'adult_1',
        now() + interval '10 minutes', now(), 'someone-else', '10.0.0.9')`);
  await sql.query(`
    insert into patients (id, first_name, last_name, email, phone, is_adult, session_id, hold_token_hash,
      access_token_hash, booked_by_admin, price_cents, payment_type, antihistamine_confirmed, agreement_accepted,
      is_referral) values
      (10, 'Paid', 'Patient', 'paid@example.ie', '0871234567', true, 1, 'hold-1', 'access-10', false, 18000, 'card', true, true, false),
      (11, 'Unpaid', 'Patient', 'unpaid@example.ie', '0871234567', true, 2, 'hold-2', 'access-11', false, 18000, 'card', true, true, false),
      (12, 'Refunded', 'Patient', 'refunded@example.ie', '0871234567', false, 3, 'hold-3', 'access-12', false, 8500, 'card', null, null, false),
      (13, 'Staff', 'Booked', null, '0871234567', true, 4, null, null, true, null, null, null, null, false),
      (14, 'Lost', 'Slot', 'lost@example.ie', '0871234567', true, 5, 'hold-5', 'access-14', false, 18000, 'card', true, true, false),
      (15, 'Self', 'Referral', 'referral@example.ie', '0871234567', true, null, null, null, false, null, null, null, null, true)`);
  await sql.query(`
    insert into transactions (id, patient_id, session_id, provider, transaction_id, idempotency_key, amount_cents,
      status, paid_at, refunded_at, customer_email, refund_id) values
      (100, 10, 1, 'test', 'pi_paid', 'booking-10-attempt-1', 18000, 'succeeded', now(), null, 'paid@example.ie', null),
      (101, 11, 2, 'test', 'pi_declined', 'booking-11-attempt-1', 18000, 'failed', null, null, 'unpaid@example.ie', null),
      (102, 12, 3, 'stripe', 'pi_refunded', 'booking-12-attempt-1', 8500, 'refunded', now(), now(), 'refunded@example.ie', 're_1'),
      (103, 13, 4, 'admin', null, null, null, 'requires_payment', null, null, null, null),
      (104, 14, 5, 'stripe', 'pi_lost', 'booking-14-attempt-1', 18000, 'refund_pending', now(), null, 'lost@example.ie', null),
      (105, null, 3, 'test', 'pi_orphan', null, 18000, 'canceled', null, null, null, null)`);
  await sql.migrate(MIGRATIONS);
});
afterAll(async () => {
  await sql.close();
  await rm(oldFolder, { recursive: true, force: true });
});

describe('migration 0007 (appointments)', () => {
  it("gives each booking's patient an appointment of the same id, in the state its payments say", async () => {
    const rows = await sql.query(
      'select id, patient_id, slot_id, status, booked_by_admin, price_cents, payment_type, hold_token_hash, access_token_hash from appointments order by id',
    );
    expect(rows).toEqual([
      expect.objectContaining({
        id: 10,
        patient_id: 10,
        slot_id: 1,
        status: 'paid',
        access_token_hash: 'access-10',
      }),
      expect.objectContaining({ id: 11, slot_id: 2, status: 'held', hold_token_hash: 'hold-2' }),
      expect.objectContaining({ id: 12, slot_id: 3, status: 'refunded', price_cents: 8500 }),
      expect.objectContaining({
        id: 13,
        slot_id: 4,
        status: 'booked',
        booked_by_admin: true,
        price_cents: 18000,
      }),
      expect.objectContaining({ id: 14, slot_id: 5, status: 'cancelled' }),
    ]);
    // A self-referral has no appointment; its patient stays.
    expect(await sql.query('select id from patients where id = 15')).toHaveLength(1);
    // New appointments follow the old ids.
    const [next] = await sql.query<{ id: number }>(
      "insert into appointments (status, price_cents) values ('booked', 0) returning id",
    );
    expect(next?.id).toBeGreaterThan(14);
  });

  it('moves payments to their appointments, drops the staff pseudo-payments and keeps the rest', async () => {
    const rows = await sql.query(
      'select id, appointment_id, provider, provider_payment_id, idempotency_key, status from payments order by id',
    );
    expect(rows).toEqual([
      expect.objectContaining({
        id: 100,
        appointment_id: 10,
        provider_payment_id: 'pi_paid',
        status: 'succeeded',
      }),
      expect.objectContaining({ id: 101, appointment_id: 11, status: 'failed' }),
      expect.objectContaining({ id: 102, appointment_id: 12, status: 'refunded' }),
      expect.objectContaining({ id: 104, appointment_id: 14, status: 'refund_pending' }),
      expect.objectContaining({
        id: 105,
        appointment_id: null,
        status: 'failed',
        idempotency_key: 'migrated-105',
      }),
    ]);
  });

  it('renames sessions to slots with their holds, and holds with the new hold_slot', async () => {
    const [held] = await sql.query('select status, hold_token_hash, hold_client from slots where id = 2');
    expect(held).toEqual({ status: 'pending', hold_token_hash: 'hold-2', hold_client: '10.0.0.2' });
    const [won] = await sql.query(
      "select id, status from hold_slot(3, '10.0.0.3', 'new-hold', null, 15, 3, 30)",
    );
    expect(won).toEqual({ id: 3, status: 'pending' });
    await expect(
      sql.query("select * from hold_slot(1, '10.0.0.4', 'late', null, 15, 3, 30)"),
    ).rejects.toThrow(/not free/);
  });

  it('leaves the patients without the booking columns, and the audit log with who acted', async () => {
    const columns = await sql.query<{ column_name: string }>(
      "select column_name from information_schema.columns where table_name = 'patients'",
    );
    const names = columns.map((column) => column.column_name);
    for (const moved of [
      'session_id',
      'access_token_hash',
      'hold_token_hash',
      'booked_by_admin',
      'price_cents',
    ]) {
      expect(names).not.toContain(moved);
    }
    const [actor] = await sql.query<{ column_default: string }>(
      "select column_default from information_schema.columns where table_name = 'audit_log' and column_name = 'actor'",
    );
    expect(actor?.column_default).toContain('admin');
  });
});

describe('migration 0019 (refunds and desk payments)', () => {
  it('gives each payment refunded before it a refund of all of it, made when it was refunded', async () => {
    const rows = await sql.query(
      'select payment_id, amount_cents, status, requested_by, provider_refund_id, idempotency_key, refunded_at is not null as made from refunds order by id',
    );
    expect(rows).toEqual([
      {
        payment_id: 102,
        amount_cents: 8500,
        status: 'succeeded',
        requested_by: 'system',
        provider_refund_id: 're_1',
        idempotency_key: 'booking-12-attempt-1-refund',
        made: true,
      },
    ]);
    const payments = await sql.query('select id, method, refunded_cents from payments order by id');
    expect(payments).toEqual([
      { id: 100, method: 'card', refunded_cents: 0 },
      { id: 101, method: 'card', refunded_cents: 0 },
      { id: 102, method: 'card', refunded_cents: 8500 },
      { id: 104, method: 'card', refunded_cents: 0 },
      { id: 105, method: 'card', refunded_cents: 0 },
    ]);
  });
});
