import type { Transporter } from 'nodemailer';
import type { Db } from '../../db/database';
import type { Job, JobLogger } from '../../jobs/job-runner';
import { claimDueEmails, markFailed, markSent, type OutboxEmail } from './outbox-repository';

/**
 * Whether the mail server refused the message for good (an SMTP 5xx: no such mailbox, relaying denied): trying
 * again would be refused the same way, so it is marked failed at once for staff to see and send again once fixed.
 */
function isPermanentRefusal(error: unknown): boolean {
  const code = (error as { responseCode?: unknown } | null)?.responseCode;
  return typeof code === 'number' && code >= 500 && code < 600;
}

/** An SMTP failure's codes (nodemailer's `code`, the server's `responseCode`), without its text. */
function smtpCodes(error: unknown): { code?: unknown; responseCode?: unknown } {
  const { code, responseCode } = (error ?? {}) as { code?: unknown; responseCode?: unknown };
  return { code, responseCode };
}

export interface EmailSenderOptions {
  db: Db;
  /** `smtp://user:pass@host:port` (or smtps://); without it mail stays queued in the outbox. */
  smtpUrl?: string;
  /** The From header, e.g. 'Dublin Allergy Clinic <info@…>'. */
  from: string;
  logger: JobLogger;
  intervalMs?: number;
  /** Messages claimed per run. */
  batchSize?: number;
  /** How long a claimed message stays reserved for this sender. */
  lockMs?: number;
  /** Told the outcome of each attempt to hand a message to the mail server (the metrics). */
  onAttempt?: (outcome: 'sent' | 'failed') => void;
}

export interface RunResult {
  sent: number;
  failed: number;
}

/**
 * The background sender of the outbox (DESIGN.md section 2), a job of the server's job runner: each run
 * claims the due messages and sends them over SMTP; a failure puts the message back for a later retry.
 */
export function emailOutboxJob({
  db,
  smtpUrl,
  from,
  logger,
  intervalMs = 5000,
  batchSize = 20,
  lockMs = 2 * 60_000,
  onAttempt,
}: EmailSenderOptions): Job<RunResult> {
  if (!smtpUrl) logger.info('SMTP_URL is not set: e-mail stays queued in the outbox and is not sent');
  // Made at the first run, after the server listens: importing nodemailer costs a start about 40 ms.
  let transport: Transporter | undefined;
  async function sendOne(transport: Transporter, email: OutboxEmail): Promise<boolean> {
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
        // The server's words may quote the recipient's address: only the codes go to the log (staff see the
        // message on the outbox screen).
        { emailId: email.id, attempts: email.attempts, ...smtpCodes(error) },
        'e-mail not sent, will retry',
      );
      try {
        await markFailed(db, email.id, message, email.attempts, { permanent: isPermanentRefusal(error) });
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

  return {
    name: 'email-outbox',
    intervalMs,
    async run() {
      const result: RunResult = { sent: 0, failed: 0 };
      if (!smtpUrl) return result;
      transport ??= (await import('nodemailer')).default.createTransport({
        url: smtpUrl,
        connectionTimeout: 10_000,
        greetingTimeout: 10_000,
        socketTimeout: 30_000,
      });
      const due = await claimDueEmails(db, batchSize, lockMs);
      for (const email of due) {
        const sent = await sendOne(transport, email);
        if (sent) result.sent += 1;
        else result.failed += 1;
        onAttempt?.(sent ? 'sent' : 'failed');
      }
      return result;
    },
    close() {
      transport?.close();
    },
  };
}
