import { and, asc, eq, gt, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppointmentEmail } from '../../../shared/appointments';
import type { OutboxEmail, OutboxResponse } from '../../../shared/outbox';
import { emailOutbox } from '../../db/schema';
import { createJobRunner } from '../../jobs/job-runner';
import { createAdminBookingTestApp, nextAddress, paidBooking } from '../../test/booking-fixtures';
import { type LocalSmtp, startLocalSmtp } from '../../test/local-smtp';
import { staffBooking } from '../../test/staff-fixtures';
import type { AdminTestApp } from '../../test/test-app';
import { emailOutboxJob, outboxMessageId, type RunResult } from './email-sender';

// The mail server is unavailable for a while (first answering 421, then refusing connections) while bookings and
// contact messages queue e-mail, then comes back: every queued e-mail arrives exactly once (counted by Message-ID
// at the server), in the order it was written, and staff saw the tries and the server's answer meanwhile.
//
// The sender's state lives in the database and in the job (no timer of the process decides anything), so the app
// runs in this process and the test drives the job as the server's runner would, one run at a time. Its clock:
// between runs the test moves every waiting e-mail's next try to now, exactly as if the time to it had passed.

let t: AdminTestApp;
let smtp: LocalSmtp;
let sender: { runOnce(): Promise<RunResult> };
let stopSender: () => Promise<void>;

beforeAll(async () => {
  t = await createAdminBookingTestApp();
  smtp = await startLocalSmtp();
  const runner = createJobRunner(t.app.log);
  const job = runner.add(
    emailOutboxJob({ db: t.database.db, smtpUrl: smtp.url, from: t.app.config.mailFrom, logger: t.app.log }),
  );
  sender = { runOnce: async () => (await job.runOnce()) ?? { sent: 0, failed: 0 } };
  stopSender = () => runner.stop();
});
afterAll(async () => {
  await stopSender?.();
  await smtp?.close();
  await t?.close();
});

const db = () => t.database.db;

/** The outbox in the order the e-mails were written. */
const outbox = () => db().select().from(emailOutbox).orderBy(asc(emailOutbox.id));

/**
 * The clock jumps to the next try of a waiting e-mail: every waiting e-mail's next try comes that much sooner.
 * Answers false when nothing waits for a later time.
 */
async function untilNextTry(): Promise<boolean> {
  const [next] = await db()
    .select({
      ms: sql<number>`extract(epoch from (${emailOutbox.nextAttemptAt} - now())) * 1000`.mapWith(Number),
    })
    .from(emailOutbox)
    .where(and(eq(emailOutbox.status, 'pending'), gt(emailOutbox.nextAttemptAt, sql`now()`)))
    .orderBy(asc(emailOutbox.nextAttemptAt))
    .limit(1);
  if (!next) return false;
  await passTime(Math.ceil(next.ms) + 1);
  return true;
}

/** `ms` pass for the waiting e-mails: their next try, and how long they are held back for the mail server. */
async function passTime(ms: number) {
  const shift = sql`${`${ms} milliseconds`}::interval`;
  await db()
    .update(emailOutbox)
    .set({
      nextAttemptAt: sql`${emailOutbox.nextAttemptAt} - ${shift}`,
      lockedUntil: sql`${emailOutbox.lockedUntil} - ${shift}`,
    })
    .where(eq(emailOutbox.status, 'pending'));
}

async function contactMessage(name: string) {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/contact_us',
    payload: { name, email: 'visitor@example.ie', message: `A question from ${name} about testing.` },
    remoteAddress: nextAddress(),
  });
  expect(response.statusCode, response.body).toBe(201);
}

/** The outbox screen's list (`/admin/emails`), as staff read it. */
async function staffOutbox(): Promise<OutboxEmail[]> {
  const response = await t.app.inject({ url: '/api/admin/emails?per_page=100', headers: t.auth });
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as OutboxResponse).emails;
}

/** The e-mails of an appointment, as its screen lists them. */
async function appointmentEmails(id: number): Promise<AppointmentEmail[]> {
  const response = await t.app.inject({ url: `/api/admin/transactions/${id}`, headers: t.auth });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().transaction.emails as AppointmentEmail[];
}

describe('the mail server down for a while, then back', () => {
  it('delivers every queued e-mail once, in the order written, with the tries shown to staff meanwhile', async () => {
    await smtp.setMode('busy');
    await contactMessage('First Visitor');
    const staffBooked = await staffBooking(t.app, db(), t.auth);

    // Round 1: the server answers 421 to the connection. Nothing is lost or given up; staff see why.
    expect((await sender.runOnce()).sent).toBe(0);
    // One connection turned away ended the round.
    expect(smtp.busyAnswers()).toBe(1);
    let rows = await outbox();
    expect(rows.length).toBeGreaterThanOrEqual(2);
    for (const row of rows) {
      expect(row).toMatchObject({ status: 'pending', attempts: 1 });
      expect(row.lastError).toContain('421');
      // Held back together until the next try (nothing written later goes before them).
      expect(row.lockedUntil?.getTime()).toBe(row.nextAttemptAt.getTime());
      expect(row.nextAttemptAt.getTime()).toBeGreaterThan(Date.now() + 20_000);
    }
    // Until its next try, a run leaves the queue alone.
    await sender.runOnce();
    expect((await outbox()).map((row) => row.attempts)).toEqual(rows.map(() => 1));

    // Round 2, still 421; then the server goes away altogether (connections refused) and more e-mail is written.
    expect(await untilNextTry()).toBe(true);
    await sender.runOnce();
    await smtp.setMode('down');
    const paid = await paidBooking(t.app, db(), { form: { email: 'niamh@example.ie' } });
    await contactMessage('Second Visitor');
    // Written while the first ones wait for their next try: they wait behind them, untried.
    await sender.runOnce();
    const writtenMeanwhile = (await outbox()).slice(rows.length);
    expect(writtenMeanwhile.length).toBeGreaterThanOrEqual(2);
    expect(writtenMeanwhile.every((row) => row.attempts === 0)).toBe(true);

    // Rounds 3 and 4: refused. A round takes every e-mail that is due; one of them failing to connect ends it.
    for (let round = 0; round < 2; round += 1) {
      expect(await untilNextTry()).toBe(true);
      expect((await sender.runOnce()).sent).toBe(0);
    }
    rows = await outbox();
    expect(rows.every((row) => row.status === 'pending')).toBe(true);
    expect(rows[0]!.attempts).toBeGreaterThanOrEqual(3);
    expect(rows.at(-1)!.lastError).toMatch(/ECONNREFUSED|connect/i);

    // What staff see meanwhile: on the outbox screen, and on the appointments' e-mail lists.
    const listed = await staffOutbox();
    expect(listed).toHaveLength(rows.length);
    for (const email of listed) {
      expect(email.status).toBe('pending');
      expect(email.attempts).toBeGreaterThan(0);
      expect(email.last_error).toBeTruthy();
      expect(email.next_attempt_at).not.toBeNull();
    }
    const bookedEmails = await appointmentEmails(staffBooked.id);
    expect(bookedEmails.length).toBeGreaterThan(0);
    for (const email of bookedEmails) {
      expect(email).toMatchObject({ status: 'queued', sent_at: null });
      expect(email.attempts).toBeGreaterThanOrEqual(3);
      expect(email.last_error).toMatch(/ECONNREFUSED|connect/i);
    }

    // One more e-mail just before the server comes back; then the clock runs try after try until all went.
    await contactMessage('Third Visitor');
    await smtp.setMode('up');
    const written = await outbox();
    for (let tries = 0; tries < 20; tries += 1) {
      if ((await outbox()).every((row) => row.status === 'sent')) break;
      await sender.runOnce();
      if ((await outbox()).every((row) => row.status === 'sent')) break;
      await untilNextTry();
    }
    rows = await outbox();
    expect(rows.map((row) => row.status)).toEqual(written.map(() => 'sent'));

    // Later runs send nothing again.
    for (let round = 0; round < 3; round += 1) {
      await passTime(2 * 60 * 60_000);
      expect(await sender.runOnce()).toEqual({ sent: 0, failed: 0 });
    }

    // Exactly once each (by Message-ID at the mail server), in the order written.
    const expected = written.map((row) => outboxMessageId(row, t.app.config.mailFrom));
    expect(Object.fromEntries(smtp.countsByMessageId())).toEqual(
      Object.fromEntries(expected.map((messageId) => [messageId, 1])),
    );
    expect(smtp.received.map((mail) => mail.messageId)).toEqual(expected);
    expect(smtp.received.map((mail) => mail.to[0])).toEqual(written.map((row) => row.toAddress));

    // Staff see them sent, with their tries.
    const sentList = await staffOutbox();
    expect(sentList.map((email) => email.status)).toEqual(written.map(() => 'sent'));
    expect(sentList.find((email) => email.id === written[0]!.id)?.attempts).toBeGreaterThanOrEqual(4);
    for (const appointmentId of [staffBooked.id, paid.appointmentId]) {
      const emails = await appointmentEmails(appointmentId);
      expect(emails.length).toBeGreaterThan(0);
      for (const email of emails) {
        expect(email.status).toBe('sent');
        expect(email.sent_at).not.toBeNull();
        expect(email.attempts).toBeGreaterThan(1);
      }
    }
  });
});
