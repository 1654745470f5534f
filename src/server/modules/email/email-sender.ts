import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import type { Db } from '../../db/database';
import { claimDueEmails, markFailed, markSent, type OutboxEmail } from './outbox-repository';

export type SenderLogger = Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;

export interface EmailSenderOptions {
  db: Db;
  /** `smtp://user:pass@host:port` (or smtps://); without it mail stays queued in the outbox. */
  smtpUrl?: string;
  /** The From header, e.g. 'Dublin Allergy Clinic <info@…>'. */
  from: string;
  logger: SenderLogger;
  intervalMs?: number;
  /** Messages claimed per run. */
  batchSize?: number;
  /** How long a claimed message stays reserved for this sender. */
  lockMs?: number;
}

export interface RunResult {
  sent: number;
  failed: number;
}

export interface EmailSender {
  start(): void;
  stop(): Promise<void>;
  /** Sends the due messages once; never throws. */
  runOnce(): Promise<RunResult>;
}

/**
 * The background sender of the outbox (DESIGN.md section 2): every `intervalMs` it claims the due
 * messages and sends them over SMTP; a failure puts the message back for a later retry.
 */
export function createEmailSender({
  db,
  smtpUrl,
  from,
  logger,
  intervalMs = 5000,
  batchSize = 20,
  lockMs = 2 * 60_000,
}: EmailSenderOptions): EmailSender {
  const transport = smtpUrl
    ? nodemailer.createTransport({
        url: smtpUrl,
        connectionTimeout: 10_000,
        greetingTimeout: 10_000,
        socketTimeout: 30_000,
      })
    : undefined;
  let timer: NodeJS.Timeout | undefined;
  let stopped = true;
  let current: Promise<RunResult> | undefined;
  let toldNoSmtp = false;

  async function sendOne(email: OutboxEmail): Promise<boolean> {
    if (!transport) return false;
    try {
      await transport.sendMail({
        from,
        to: email.toAddress,
        replyTo: email.replyTo ?? undefined,
        subject: email.subject,
        text: email.textBody,
        html: email.htmlBody ?? undefined,
        attachments: email.attachments.map((file) => ({
          filename: file.filename,
          contentType: file.contentType,
          content: file.content,
          encoding: 'base64',
        })),
        disableFileAccess: true,
        disableUrlAccess: true,
      });
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      logger.warn(
        { emailId: email.id, attempts: email.attempts, err: message },
        'e-mail not sent, will retry',
      );
      try {
        await markFailed(db, email.id, message, email.attempts);
      } catch (markError) {
        logger.error({ emailId: email.id, err: markError }, 'could not record the failed e-mail');
      }
      return false;
    }
    try {
      await markSent(db, email.id);
    } catch (markError) {
      // Sent but not recorded: the claim expires and it may be sent again (at least once delivery).
      logger.error({ emailId: email.id, err: markError }, 'could not record the sent e-mail');
    }
    return true;
  }

  async function run(): Promise<RunResult> {
    const result: RunResult = { sent: 0, failed: 0 };
    if (!transport) return result;
    try {
      const due = await claimDueEmails(db, batchSize, lockMs);
      for (const email of due) {
        if (await sendOne(email)) result.sent += 1;
        else result.failed += 1;
      }
    } catch (error) {
      logger.error({ err: error }, 'e-mail outbox run failed');
    }
    return result;
  }

  function runOnce(): Promise<RunResult> {
    // One run at a time: a timer tick during a run waits for it instead of claiming in parallel.
    if (!current) {
      current = run().finally(() => {
        current = undefined;
      });
    }
    return current;
  }

  function schedule() {
    if (stopped) return;
    timer = setTimeout(() => {
      void runOnce().finally(schedule);
    }, intervalMs);
    timer.unref();
  }

  return {
    start() {
      if (!stopped) return;
      if (!transport) {
        if (toldNoSmtp) return;
        toldNoSmtp = true;
        logger.info('SMTP_URL is not set: e-mail stays queued in the outbox and is not sent');
        return;
      }
      stopped = false;
      void runOnce().finally(schedule);
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      timer = undefined;
      if (current) await current;
      transport?.close();
    },
    runOnce,
  };
}
