import type { AddressInfo } from 'node:net';
import { eq, sql } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/database';
import { emailOutbox } from '../../db/schema';
import { createJobRunner } from '../../jobs/job-runner';
import { type LocalSmtp, startLocalSmtp } from '../../test/local-smtp';
import { createTestDatabase } from '../../test/test-database';
import { type EmailSenderOptions, emailOutboxJob, outboxMessageId } from './email-sender';

/** The outbox job under a runner of its own, as the server runs it. */
function startSender(options: EmailSenderOptions) {
  const runner = createJobRunner(options.logger);
  const job = runner.add(emailOutboxJob(options));
  return {
    runOnce: async () => (await job.runOnce()) ?? { sent: 0, failed: 0 },
    start: () => runner.start(),
    stop: () => runner.stop(),
  };
}

import { claimDueEmails, markFailed, queueEmail, retryDelayMs } from './outbox-repository';

interface Received {
  from: string | undefined;
  to: string[];
  raw: string;
}

const silentLogger = { info() {}, warn() {}, error() {} };

/** A real local SMTP server (STARTTLS off: its built-in certificate has expired). */
function startSmtp(port = 0): Promise<{ server: SMTPServer; port: number; received: Received[] }> {
  const received: Received[] = [];
  const server = new SMTPServer({
    disabledCommands: ['STARTTLS'],
    authOptional: true,
    allowInsecureAuth: true,
    logger: false,
    // A mailbox that does not exist: refused for good (550), as a real server refuses it.
    onRcptTo(address, _session, callback) {
      if (address.address.endsWith('@bounce.test')) {
        callback(Object.assign(new Error('5.1.1 No such mailbox'), { responseCode: 550 }));
      } else callback();
    },
    onAuth(auth, _session, callback) {
      if (auth.username === 'user' && auth.password === 'pass') callback(null, { user: auth.username });
      else callback(new Error('Invalid username or password'));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : undefined,
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      const address = server.server.address() as AddressInfo;
      resolve({ server, port: address.port, received });
    });
  });
}

function stopSmtp(server: SMTPServer): Promise<void> {
  return new Promise((resolve) => server.close(() => resolve()));
}

let database: DatabaseHandle;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

async function row(id: number) {
  const [found] = await database.db.select().from(emailOutbox).where(eq(emailOutbox.id, id));
  if (!found) throw new Error(`no outbox row ${id}`);
  return found;
}

describe('outbox repository', () => {
  it('backs off exponentially, capped at one hour', () => {
    expect(retryDelayMs(1)).toBe(30_000);
    expect(retryDelayMs(2)).toBe(60_000);
    expect(retryDelayMs(4)).toBe(240_000);
    expect(retryDelayMs(9)).toBe(3_600_000);
  });

  it('claims a due message once, takes over an expired claim, and fails for good after 10 attempts', async () => {
    const id = await queueEmail(database.db, {
      to: 'a@example.com',
      subject: 'Claim\r\nBcc: x@y.z',
      text: 'x',
    });
    expect((await row(id)).subject).toBe('Claim Bcc: x@y.z');
    const first = await claimDueEmails(database.db, 10, 60_000);
    expect(first.map((email) => email.id)).toContain(id);
    expect(first.find((email) => email.id === id)).toMatchObject({ status: 'sending', attempts: 1 });
    // Claimed and locked: a second sender gets nothing.
    expect((await claimDueEmails(database.db, 10, 60_000)).map((email) => email.id)).not.toContain(id);
    // The claim expires (the sender died): another sender takes it over.
    await database.db
      .update(emailOutbox)
      .set({ lockedUntil: sql`now() - interval '1 second'` })
      .where(eq(emailOutbox.id, id));
    const retaken = await claimDueEmails(database.db, 10, 60_000);
    expect(retaken.find((email) => email.id === id)?.attempts).toBe(2);

    await markFailed(database.db, id, 'boom', 2);
    expect(await row(id)).toMatchObject({ status: 'pending', lastError: 'boom', lockedUntil: null });
    await markFailed(database.db, id, 'boom again', 10);
    expect(await row(id)).toMatchObject({ status: 'failed', lastError: 'boom again' });
  });
});

describe('email sender', () => {
  it('delivers a queued message over SMTP and marks it sent', async () => {
    const smtp = await startSmtp();
    const sender = startSender({
      db: database.db,
      smtpUrl: `smtp://user:pass@127.0.0.1:${smtp.port}`,
      from: 'Dublin Allergy Clinic <info@clinic.test>',
      logger: silentLogger,
    });
    try {
      const id = await queueEmail(database.db, {
        to: 'patient@example.com',
        replyTo: 'reply@example.com',
        subject: 'Your appointment',
        text: `See you soon. Manage it: http://clinic.test/booking/ABCD0C#${'T'.repeat(43)}`,
        html: `<p>See you soon.</p><p><a href="http://clinic.test/booking/ABCD0C#${'T'.repeat(43)}">Manage</a></p>`,
        attachments: [
          {
            filename: 'invite.ics',
            contentType: 'text/calendar',
            content: Buffer.from('BEGIN:VCALENDAR').toString('base64'),
          },
        ],
      });
      const result = await sender.runOnce();
      expect(result.sent).toBeGreaterThanOrEqual(1);
      const delivered = smtp.received.find((mail) => mail.to.includes('patient@example.com'));
      expect(delivered).toBeDefined();
      expect(delivered?.from).toBe('info@clinic.test');
      expect(delivered?.raw).toContain('Subject: Your appointment');
      expect(delivered?.raw).toContain('To: patient@example.com');
      expect(delivered?.raw).toContain('Reply-To: reply@example.com');
      expect(delivered?.raw).toContain('invite.ics');
      const stored = await row(id);
      // The same Message-ID at every try: the outbox row's.
      expect(delivered?.raw).toContain(`Message-ID: ${outboxMessageId(stored, 'info@clinic.test')}`);
      expect(stored).toMatchObject({ status: 'sent', attempts: 1, lockedUntil: null });
      expect(stored.sentAt).toBeInstanceOf(Date);
      // Once sent, the stored copy keeps the link without its token, and the attachments' names only.
      expect(stored.textBody).toBe('See you soon. Manage it: http://clinic.test/booking/ABCD0C');
      expect(stored.htmlBody).toContain('href="http://clinic.test/booking/ABCD0C"');
      expect(stored.htmlBody).not.toContain('TTTT');
      expect(stored.attachments).toEqual([
        { filename: 'invite.ics', contentType: 'text/calendar', content: '' },
      ]);
    } finally {
      await sender.stop();
      await stopSmtp(smtp.server);
    }
  });

  it('marks a message the server refuses for good (5xx) failed at once, with its error, without retrying', async () => {
    const smtp = await startSmtp();
    const sender = startSender({
      db: database.db,
      smtpUrl: `smtp://user:pass@127.0.0.1:${smtp.port}`,
      from: 'Dublin Allergy Clinic <info@clinic.test>',
      logger: silentLogger,
    });
    try {
      const id = await queueEmail(database.db, { to: 'nobody@bounce.test', subject: 'Bounce', text: 'x' });
      await sender.runOnce();
      const stored = await row(id);
      expect(stored).toMatchObject({ status: 'failed', attempts: 1 });
      expect(stored.lastError).toContain('No such mailbox');
    } finally {
      await sender.stop();
      await stopSmtp(smtp.server);
    }
  });

  it('keeps the message queued while the SMTP server is down, and delivers it once it is back', async () => {
    const first = await startSmtp();
    const port = first.port;
    await stopSmtp(first.server);

    // What the metrics are told of each attempt.
    const attempts: string[] = [];
    const sender = startSender({
      db: database.db,
      smtpUrl: `smtp://127.0.0.1:${port}`,
      from: 'info@clinic.test',
      logger: silentLogger,
      onAttempt: (outcome) => attempts.push(outcome),
    });
    const id = await queueEmail(database.db, {
      to: 'later@example.com',
      subject: 'Queued while down',
      text: 'x',
    });
    const down = await sender.runOnce();
    expect(down.failed).toBeGreaterThanOrEqual(1);
    const pending = await row(id);
    expect(pending.status).toBe('pending');
    expect(pending.attempts).toBe(1);
    expect(pending.lastError).toBeTruthy();
    expect(pending.nextAttemptAt.getTime()).toBeGreaterThan(Date.now() + 20_000);

    // Not due yet: a run before the backoff has passed does not touch it.
    await sender.runOnce();
    expect((await row(id)).attempts).toBe(1);

    const back = await startSmtp(port);
    try {
      await database.db.update(emailOutbox).set({ nextAttemptAt: sql`now()` }).where(eq(emailOutbox.id, id));
      await sender.runOnce();
      expect(back.received.some((mail) => mail.to.includes('later@example.com'))).toBe(true);
      expect(back.received.find((mail) => mail.to.includes('later@example.com'))?.raw).toContain(
        'Subject: Queued while down',
      );
      expect(await row(id)).toMatchObject({ status: 'sent', attempts: 2 });
      expect(attempts.at(-1)).toBe('sent');
      expect(attempts).toContain('failed');
    } finally {
      await sender.stop();
      await stopSmtp(back.server);
    }
  });

  it('without SMTP_URL sends nothing and leaves mail queued', async () => {
    const messages: string[] = [];
    const sender = startSender({
      db: database.db,
      from: 'info@clinic.test',
      logger: { info: (message: unknown) => messages.push(String(message)), warn() {}, error() {} },
    });
    const id = await queueEmail(database.db, { to: 'nobody@example.com', subject: 'Stays', text: 'x' });
    sender.start();
    sender.start();
    expect(messages).toHaveLength(1);
    expect(await sender.runOnce()).toEqual({ sent: 0, failed: 0 });
    expect(await row(id)).toMatchObject({ status: 'pending', attempts: 0 });
    await sender.stop();
  });
});

describe('email sender, the mail server unavailable and several senders', () => {
  let smtp: LocalSmtp;
  const senders: { stop(): Promise<void> }[] = [];
  beforeAll(async () => {
    smtp = await startLocalSmtp();
  });
  afterAll(async () => {
    for (const sender of senders) await sender.stop();
    await smtp.close();
  });
  beforeEach(async () => {
    // The tests of this block share the outbox: each starts from an empty one with the server up.
    await database.db.delete(emailOutbox);
    await smtp.setMode('up');
    smtp.received.length = 0;
  });

  const newSender = (options: Partial<EmailSenderOptions> = {}) => {
    const sender = startSender({
      db: database.db,
      smtpUrl: smtp.url,
      from: 'Dublin Allergy Clinic <info@clinic.test>',
      logger: silentLogger,
      ...options,
    });
    senders.push(sender);
    return sender;
  };
  const queue = (to: string, subject: string) => queueEmail(database.db, { to, subject, text: subject });
  /** As if `ms` passed for the waiting messages. */
  const passTime = (ms: number) =>
    database.db.update(emailOutbox).set({
      nextAttemptAt: sql`${emailOutbox.nextAttemptAt} - ${`${ms} milliseconds`}::interval`,
      lockedUntil: sql`${emailOutbox.lockedUntil} - ${`${ms} milliseconds`}::interval`,
    });
  const messageIdOf = async (id: number) => outboxMessageId(await row(id), 'info@clinic.test');

  it('ends the round at the first sign that the server is unavailable (421), and the round waits for it together', async () => {
    const sender = newSender();
    const ids = [
      await queue('one@example.ie', 'One'),
      await queue('two@example.ie', 'Two'),
      await queue('three@example.ie', 'Three'),
    ];
    await smtp.setMode('busy');
    const busyBefore = smtp.busyAnswers();
    expect(await sender.runOnce()).toEqual({ sent: 0, failed: 3 });
    // One connection was turned away; the other two were not tried against a server known to be unavailable.
    expect(smtp.busyAnswers() - busyBefore).toBe(1);
    const rows = await Promise.all(ids.map(row));
    for (const stored of rows) {
      expect(stored).toMatchObject({ status: 'pending', attempts: 1 });
      expect(stored.lastError).toContain('421');
      expect(stored.nextAttemptAt.getTime()).toBe(rows[0]!.nextAttemptAt.getTime());
      expect(stored.lockedUntil?.getTime()).toBe(stored.nextAttemptAt.getTime());
    }
    expect(rows[0]!.nextAttemptAt.getTime()).toBeGreaterThan(Date.now() + 20_000);
  });

  it('sends nothing written after the messages waiting for the server before them, whichever sender runs', async () => {
    const first = newSender();
    const second = newSender();
    const a = await queue('a@example.ie', 'A');
    const b = await queue('b@example.ie', 'B');
    await smtp.setMode('down');
    await first.runOnce();
    expect((await row(a)).lastError).toMatch(/ECONNREFUSED|connect/i);

    // Written while A and B wait: not tried before them, by this sender or another, even with the server back.
    const c = await queue('c@example.ie', 'C');
    await smtp.setMode('up');
    expect(await first.runOnce()).toEqual({ sent: 0, failed: 0 });
    expect(await second.runOnce()).toEqual({ sent: 0, failed: 0 });
    expect(await claimDueEmails(database.db, 10, 60_000)).toEqual([]);
    expect(await row(c)).toMatchObject({ status: 'pending', attempts: 0 });
    expect(smtp.received).toHaveLength(0);

    await passTime(31_000);
    expect(await second.runOnce()).toEqual({ sent: 3, failed: 0 });
    expect(smtp.received.map((mail) => mail.messageId)).toEqual(
      await Promise.all([a, b, c].map(messageIdOf)),
    );
    expect(await row(a)).toMatchObject({ status: 'sent', attempts: 2, lockedUntil: null });
  });

  it('does not hold the queue back for a message the server defers (4xx): that one retries alone', async () => {
    const sender = newSender();
    const full = await queue('someone@full.test', 'Deferred');
    const after = await queue('after@example.ie', 'After');
    expect(await sender.runOnce()).toEqual({ sent: 1, failed: 1 });
    const deferred = await row(full);
    expect(deferred).toMatchObject({ status: 'pending', attempts: 1, lockedUntil: null });
    expect(deferred.lastError).toContain('452');
    expect(await row(after)).toMatchObject({ status: 'sent' });
    // Written later, sent at once: the deferred one holds nothing back.
    const later = await queue('later@example.ie', 'Later');
    await sender.runOnce();
    expect(await row(later)).toMatchObject({ status: 'sent' });
  });

  it('leaves a message whose claim ran out, and another sender took over, to that sender: sent once', async () => {
    // The first sender claims both; the server takes the first one slowly, past the second one's claim.
    const slow = newSender({ lockMs: 60_000 });
    const other = newSender();
    const first = await queue('first@example.ie', 'First');
    const second = await queue('second@example.ie', 'Second');
    const held = smtp.holdNextMessage();
    const slowRun = slow.runOnce();
    await held.reached;
    // The second message's claim has run out (as after two minutes) and another instance's sender takes it over.
    await database.db
      .update(emailOutbox)
      .set({ lockedUntil: sql`now() - interval '1 second'` })
      .where(eq(emailOutbox.id, second));
    expect(await other.runOnce()).toEqual({ sent: 1, failed: 0 });
    held.release();
    expect(await slowRun).toEqual({ sent: 1, failed: 0 });

    const counts = smtp.countsByMessageId();
    expect(counts.get(await messageIdOf(first))).toBe(1);
    expect(counts.get(await messageIdOf(second))).toBe(1);
    expect(await row(second)).toMatchObject({ status: 'sent', attempts: 2 });
  });
});
