import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { and, eq, inArray, like, ne } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildIsCurrent, projectRoot } from '../../scripts/server-build.mjs';
import { type DatabaseHandle, migrateDatabase, openDatabase } from './db/database';
import { appointmentReminders, appointments, emailOutbox, patients, slots } from './db/schema';
import { queueEmail } from './modules/email/outbox-repository';
import { type LocalSmtp, startLocalSmtp } from './test/local-smtp';
import { type ServerProcess, startServerProcess, waitFor } from './test/server-process';
import { clinicDayFromToday, clinicInstant, insertSlot } from './test/slot-fixtures';
import { onServer } from './test/test-database';
import { PAGE_CACHE_CHANNEL } from './web/page-cache';

// Two real server processes (A and B) on one PostgreSQL database, as behind a load balancer: a time raced for
// through both is won once; both run the reminder job at once and each reminder is queued once; both send the
// outbox and each e-mail arrives once at the mail server; a change staff make through A shows on B's public pages
// at once. Embedded PGlite belongs to one process, so this file needs TEST_DATABASE_URL (`npm test` sets it in CI).

const serverUrl = process.env.TEST_DATABASE_URL;
const ADMIN = { email: 'instances@clinic.test', password: 'Two-inst-12' };
/** Each instance's From address: the Message-ID names the outbox row and, by its domain, who sent it. */
const FROM = { a: 'Clinic A <desk@a.clinic.test>', b: 'Clinic B <desk@b.clinic.test>' };
/** A page lives an hour in each instance's cache: only the other instance's notification can drop it sooner. */
const PAGE_CACHE_SECONDS = '3600';
/** Appointments due for their reminders when the instances start: 3 reminders for a test, 1 for a video call. */
const REMINDED = 30;

/** `npm run build` unless the build is current: the instances serve the server-rendered pages. */
async function ensureBuild(): Promise<void> {
  if (await buildIsCurrent()) return;
  // Vitest sets NODE_ENV=test, under which Vite would build React's development bundle.
  const child = spawn('npm', ['run', 'build'], {
    cwd: projectRoot,
    env: { ...process.env, NODE_ENV: 'production' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  child.stderr.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  const code = await new Promise<number | null>((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', resolve);
  });
  if (code !== 0) throw new Error(`npm run build failed (${code}): ${output}`);
}

/** Calls to one instance over HTTP, from `address` (the servers believe one proxy's X-Forwarded-For). */
function clientOf(server: ServerProcess) {
  let token: string | undefined;
  const call = async (
    method: string,
    path: string,
    options: { body?: unknown; headers?: Record<string, string>; address?: string } = {},
  ) => {
    const response = await fetch(`${server.baseUrl}${path}`, {
      method,
      headers: {
        ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(options.address ? { 'x-forwarded-for': options.address } : {}),
        ...options.headers,
      },
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
    });
    const text = await response.text();
    return { status: response.status, headers: response.headers, text };
  };
  return {
    call,
    async admin(method: string, path: string, body?: unknown) {
      if (!token) {
        const login = await call('POST', '/api/admin/autorization/login', { body: ADMIN });
        expect(login.status, login.text).toBe(200);
        token = JSON.parse(login.text).data.token.auth_token as string;
      }
      return call(method, path, { body, headers: { authorization: `Bearer ${token}` } });
    },
  };
}

/** The reminder runs of an instance, from its log: how many reminders each queued. */
function remindersQueuedBy(server: ServerProcess): number {
  let queued = 0;
  for (const line of server.output().split('\n')) {
    if (!line.includes('queued appointment reminders')) continue;
    queued += (JSON.parse(line) as { reminders: unknown[] }).reminders.length;
  }
  return queued;
}

if (!serverUrl) {
  console.warn(
    'two-instances.failure.test.ts skipped: TEST_DATABASE_URL is not set. Two server processes need one PostgreSQL ' +
      "server to share (embedded PGlite is one process's own); npm test sets it in CI.",
  );
}

describe.skipIf(!serverUrl)('two server processes on one PostgreSQL database', () => {
  let databaseUrl: string;
  let databaseName: string;
  let database: DatabaseHandle;
  let smtp: LocalSmtp;
  let a: ServerProcess;
  let b: ServerProcess;
  let expectedReminders = 0;
  let queuedAtStart: { a: number; b: number };
  const db = () => database.db;

  beforeAll(async () => {
    const building = ensureBuild();
    databaseName = `instances_${randomBytes(6).toString('hex')}`;
    await onServer(serverUrl!, `create database "${databaseName}"`);
    const url = new URL(serverUrl!);
    url.pathname = `/${databaseName}`;
    databaseUrl = url.toString();
    database = await openDatabase({ databaseUrl });
    await migrateDatabase(database);

    // Appointments tomorrow, booked ten days ago: every one of their reminders is due when the instances start.
    const tomorrow = clinicDayFromToday(1);
    for (let index = 0; index < REMINDED; index += 1) {
      const video = index % 4 === 0;
      const minutes = 7 * 60 + index * 10;
      const time = `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
      const slotId = await insertSlot(db(), {
        startsAt: clinicInstant(tomorrow, time),
        minutes: 10,
        status: 'booked',
        isVideoCall: video,
      });
      const [patient] = await db()
        .insert(patients)
        .values({
          firstName: 'Reminded',
          lastName: `Patient ${index}`,
          email: `reminded${index}@example.ie`,
          phone: '087 000 0000',
          isAdult: true,
        })
        .returning();
      await db()
        .insert(appointments)
        .values({
          patientId: patient!.id,
          slotId,
          status: index % 2 === 0 ? 'paid' : 'booked',
          bookedByAdmin: true,
          priceCents: 180_00,
          scheduledAt: new Date(Date.now() - 10 * 86_400_000),
        });
      expectedReminders += video ? 1 : 3;
    }

    smtp = await startLocalSmtp();
    await building;

    // Until both instances' first reminder runs are under way, no reminder can be recorded: then both go on at once.
    const gate = new pg.Client({ connectionString: databaseUrl });
    await gate.connect();
    try {
      await gate.query('begin');
      await gate.query('lock table appointment_reminders in share mode');
      const env = (from: string) => ({
        DATABASE_URL: databaseUrl,
        SMTP_URL: smtp.url,
        MAIL_FROM: from,
        ADMIN_EMAIL: ADMIN.email,
        ADMIN_PASSWORD: ADMIN.password,
        PAYMENTS: 'test',
        TRUST_PROXY: '1',
        SERVE_PAGES: 'true',
        PAGE_CACHE_SECONDS,
        LOG_LEVEL: 'info',
      });
      // Started together, as a deployment starts its instances on a new database.
      const started = await Promise.allSettled([
        startServerProcess(env(FROM.a)),
        startServerProcess(env(FROM.b)),
      ]);
      [a, b] = started.map((result) => (result.status === 'fulfilled' ? result.value : undefined)) as [
        ServerProcess,
        ServerProcess,
      ];
      for (const result of started) if (result.status === 'rejected') throw result.reason;
      await waitFor(
        async () => {
          // From the locks, not pg_stat_activity, which shows a statement waiting for a lock as it parses under the
          // text of the one before it.
          const waiting = await gate.query(
            `select count(distinct pid)::int as n from pg_locks
              where database = (select oid from pg_database where datname = current_database())
                and relation = 'appointment_reminders'::regclass and not granted`,
          );
          return waiting.rows[0].n >= 2 ? true : undefined;
        },
        "both instances' reminder runs to wait for the table",
        60_000,
      );
      await gate.query('commit');
    } finally {
      await gate.end();
    }
  }, 240_000);

  afterAll(async () => {
    await a?.stop('SIGTERM');
    await b?.stop('SIGTERM');
    await smtp?.close();
    await database?.close();
    if (databaseName) await onServer(serverUrl!, `drop database if exists "${databaseName}" with (force)`);
  });

  it('queues each reminder once though both instances ran the job at once, each taking its own', async () => {
    const recorded = await waitFor(async () => {
      const rows = await db().select().from(appointmentReminders);
      return rows.length >= expectedReminders ? rows : undefined;
    }, 'every reminder to be recorded');
    expect(recorded).toHaveLength(expectedReminders);
    queuedAtStart = await waitFor(async () => {
      const byA = remindersQueuedBy(a);
      const byB = remindersQueuedBy(b);
      return byA + byB >= expectedReminders ? { a: byA, b: byB } : undefined;
    }, 'both instances to log their reminder runs');
    expect(queuedAtStart.a + queuedAtStart.b).toBe(expectedReminders);
    expect(queuedAtStart.a).toBeGreaterThan(0);
    expect(queuedAtStart.b).toBeGreaterThan(0);

    const reminderMails = await db()
      .select({
        id: emailOutbox.id,
        appointmentId: emailOutbox.appointmentId,
        subject: emailOutbox.subject,
      })
      .from(emailOutbox)
      .where(like(emailOutbox.subject, 'Reminder:%'));
    expect(reminderMails).toHaveLength(expectedReminders);
    // Per appointment, as many reminder e-mails as its kind has reminders, none twice.
    const perAppointment = new Map<number, Set<string>>();
    for (const mail of reminderMails) {
      const subjects = perAppointment.get(mail.appointmentId!) ?? new Set();
      expect(subjects.has(mail.subject)).toBe(false);
      subjects.add(mail.subject);
      perAppointment.set(mail.appointmentId!, subjects);
    }
    expect(perAppointment.size).toBe(REMINDED);
  });

  it('wins a time for exactly one visitor when several ask both instances for it at once, slot after slot', async () => {
    const clientA = clientOf(a);
    const clientB = clientOf(b);
    const day = clinicDayFromToday(30);
    const sessions = Array.from({ length: 30 }, (_, index) => {
      const start = clinicInstant(day, '08:00');
      const startMs = Date.parse(start) + index * 20 * 60_000;
      return {
        start_date: new Date(startMs).toISOString(),
        end_date: new Date(startMs + 15 * 60_000).toISOString(),
        is_adult: true,
        is_video_call: false,
        price: 180,
        location: 'adult_1',
      };
    });
    const saved = await clientA.admin('POST', '/api/admin/sessions', { sessions_create: sessions });
    expect(saved.status, saved.text).toBe(200);
    const slotIds = (JSON.parse(saved.text).sessions as { id: number }[]).map((slot) => slot.id);
    expect(slotIds).toHaveLength(30);

    // Every slot is asked for four times at once, twice through each instance, each time by another address.
    const answers = await Promise.all(
      slotIds.flatMap((slotId, index) =>
        [clientA, clientB, clientA, clientB].map((client, contender) =>
          client
            .call('PUT', `/api/patient_sessions/${slotId}`, { address: `10.9.${index}.${contender + 1}` })
            .then((answer) => ({ slotId, ...answer })),
        ),
      ),
    );
    for (const slotId of slotIds) {
      const statuses = answers.filter((answer) => answer.slotId === slotId).map((answer) => answer.status);
      expect(
        statuses.filter((status) => status === 200),
        `slot ${slotId}: ${statuses}`,
      ).toHaveLength(1);
      expect(
        statuses.filter((status) => status === 409),
        `slot ${slotId}: ${statuses}`,
      ).toHaveLength(3);
    }
    // Each slot is held, by its one winner: either instance finds the hold by the winner's token.
    const held = await db()
      .select({ id: slots.id, status: slots.status })
      .from(slots)
      .where(inArray(slots.id, slotIds));
    expect(held.map((slot) => slot.status)).toEqual(slotIds.map(() => 'pending'));
    for (const [index, winner] of answers.filter((answer) => answer.status === 200).entries()) {
      const token = JSON.parse(winner.text).hold_token as string;
      const hold = await (index % 2 === 0 ? clientA : clientB).call(
        'GET',
        `/api/patient_sessions/${winner.slotId}/hold`,
        { headers: { 'x-hold-token': token } },
      );
      expect(hold.status, hold.text).toBe(200);
    }
  });

  it('sends each queued e-mail once though both instances send the outbox', async () => {
    const queued: number[] = [];
    for (let index = 0; index < 20; index += 1) {
      queued.push(
        await queueEmail(db(), {
          to: `bulk${index}@example.ie`,
          subject: `Bulk message ${index}`,
          text: 'One of many.',
        }),
      );
    }
    await waitFor(
      async () => {
        const unsent = await db().$count(
          emailOutbox,
          and(inArray(emailOutbox.id, queued), ne(emailOutbox.status, 'sent')),
        );
        return unsent === 0 ? true : undefined;
      },
      'the queued e-mails to be sent',
      90_000,
    );
    const unsentReminders = await db().$count(
      emailOutbox,
      and(like(emailOutbox.subject, 'Reminder:%'), ne(emailOutbox.status, 'sent')),
    );
    expect(unsentReminders).toBe(0);

    // Every outbox row that is sent arrived once: the Message-ID names the row, and by its domain the instance.
    const sent = await db()
      .select({ id: emailOutbox.id })
      .from(emailOutbox)
      .where(eq(emailOutbox.status, 'sent'));
    const arrivals = new Map<number, string[]>();
    for (const mail of smtp.received) {
      const match = /^<outbox\.(\d+)\.[0-9a-z]+@([ab])\.clinic\.test>$/.exec(mail.messageId);
      expect(match, mail.messageId).not.toBeNull();
      const id = Number(match![1]);
      arrivals.set(id, [...(arrivals.get(id) ?? []), match![2]!]);
    }
    expect(smtp.received).toHaveLength(sent.length);
    expect([...arrivals.keys()].sort((x, y) => x - y)).toEqual(
      sent.map((row) => row.id).sort((x, y) => x - y),
    );
    expect([...arrivals.values()].every((senders) => senders.length === 1)).toBe(true);
  });

  it("shows a change staff make through A on B's cached public page at once, with one notification a change", async () => {
    const clientA = clientOf(a);
    const clientB = clientOf(b);
    const listener = new pg.Client({ connectionString: databaseUrl });
    const notifications: string[] = [];
    await listener.connect();
    listener.on('notification', (message) => notifications.push(message.payload ?? ''));
    await listener.query(`listen ${PAGE_CACHE_CHANNEL}`);
    try {
      // B keeps the page.
      expect((await clientB.call('GET', '/faq')).status).toBe(200);
      const cached = await clientB.call('GET', '/faq');
      expect(cached.headers.get('x-page-cache')).toBe('hit');

      const title = `Asked on instance A ${randomBytes(4).toString('hex')}`;
      const added = await clientA.admin('POST', '/api/admin/fa_questions', {
        title,
        answer: 'Answered once.',
        asHtml: false,
      });
      expect(added.status, added.text).toBe(201);
      // The page lives an hour in B's cache: only A's notification can have dropped it.
      await waitFor(
        async () => ((await clientB.call('GET', '/faq')).text.includes(title) ? true : undefined),
        "B's page to show the question",
        15_000,
      );
      expect((await clientA.call('GET', '/faq')).text).toContain(title);
      expect((await clientB.call('GET', '/faq')).headers.get('x-page-cache')).toBe('hit');

      // And back: a change through B reaches A's page, announced by B once.
      await clientA.call('GET', '/faq');
      const second = `Asked on instance B ${randomBytes(4).toString('hex')}`;
      expect(
        (
          await clientB.admin('POST', '/api/admin/fa_questions', {
            title: second,
            answer: 'Yes.',
            asHtml: false,
          })
        ).status,
      ).toBe(201);
      await waitFor(
        async () => ((await clientA.call('GET', '/faq')).text.includes(second) ? true : undefined),
        "A's page to show the question",
        15_000,
      );
      await waitFor(async () => (notifications.length >= 2 ? true : undefined), 'two notifications', 10_000);
      // One notification a change, each from the instance that made it (its own id), none echoed back.
      expect(notifications).toHaveLength(2);
      expect(new Set(notifications).size).toBe(2);
    } finally {
      await listener.end();
    }
  });
});
