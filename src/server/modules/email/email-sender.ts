import type { Transporter } from 'nodemailer';
import type { Db } from '../../db/database';
import type { Job, JobLogger } from '../../jobs/job-runner';
import {
  claimDueEmails,
  hasDueEmails,
  markFailed,
  markSent,
  type OutboxEmail,
  renewClaim,
  retryDelayMs,
  waitForMailServer,
} from './outbox-repository';

/**
 * Whether the mail server refused the message for good (an SMTP 5xx: no such mailbox, relaying denied): trying
 * again would be refused the same way, so it is marked failed at once for staff to see and send again once fixed.
 */
function isPermanentRefusal(error: unknown): boolean {
  const code = (error as { responseCode?: unknown } | null)?.responseCode;
  return typeof code === 'number' && code >= 500 && code < 600;
}

/** Nodemailer's codes of a failure to reach the mail server or to be let in by it, whatever the message. */
const SERVER_FAILURE_CODES = new Set([
  'ECONNECTION',
  'ETIMEDOUT',
  'ESOCKET',
  'EDNS',
  'ETLS',
  'EAUTH',
  'ENOAUTH',
  'EPROXY',
]);

/**
 * Whether the failure is the mail server's, not the message's: it could not be reached, its greeting or sign-in
 * failed (nodemailer's command 'CONN'), or it answered 421 (service not available) to any command. Every message
 * would fail the same way now, so the round stops and the queue waits for the server as a whole.
 */
function isServerUnavailable(error: unknown): boolean {
  const { code, responseCode, command } = (error ?? {}) as {
    code?: unknown;
    responseCode?: unknown;
    command?: unknown;
  };
  return (
    responseCode === 421 || (typeof code === 'string' && SERVER_FAILURE_CODES.has(code)) || command === 'CONN'
  );
}

/**
 * The Message-ID of an outbox message: the same at every try, so a message sent again (its success not recorded,
 * or its claim taken over) is recognisably the same message to the receiving server and to the recipient.
 */
export function outboxMessageId(email: Pick<OutboxEmail, 'id' | 'createdAt'>, from: string): string {
  const domain = /@([A-Za-z0-9.-]+)>?\s*$/.exec(from)?.[1] ?? 'localhost';
  return `<outbox.${email.id}.${email.createdAt.getTime().toString(36)}@${domain}>`;
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
 * The background sender of the outbox (DESIGN.md section 2), a job of the server's job runner: each run claims the
 * due messages and sends them over SMTP, oldest first. A message the server refuses is put back for a later retry
 * with its own backoff (or failed at once when refused for good); when the server itself is unavailable the run
 * stops and the queue waits for it as a whole, so that once it is back the messages go in the order written.
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
  /** Sends one claimed message and records what came of it, unless the mail server was unavailable. */
  async function sendOne(
    transport: Transporter,
    email: OutboxEmail,
  ): Promise<'sent' | 'failed' | { serverUnavailable: string }> {
    try {
      await transport.sendMail({
        from,
        to: email.toAddress,
        replyTo: email.replyTo ?? undefined,
        subject: email.subject,
        text: email.textBody,
        html: email.htmlBody ?? undefined,
        messageId: outboxMessageId(email, from),
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
      const permanent = isPermanentRefusal(error);
      logger.warn(
        // The server's words may quote the recipient's address: only the codes go to the log (staff see the
        // message on the outbox screen).
        { emailId: email.id, attempts: email.attempts, ...smtpCodes(error) },
        permanent ? 'e-mail refused by the mail server, not tried again' : 'e-mail not sent, will retry',
      );
      if (isServerUnavailable(error)) return { serverUnavailable: message };
      try {
        await markFailed(db, email.id, message, email.attempts, { permanent });
      } catch (markError) {
        logger.error({ emailId: email.id, err: markError }, 'could not record the failed e-mail');
      }
      return 'failed';
    }
    try {
      await markSent(db, email.id);
    } catch (markError) {
      // Sent but not recorded: the claim expires and it may be sent again (at least once delivery), under the
      // same Message-ID.
      logger.error({ emailId: email.id, err: markError }, 'could not record the sent e-mail');
    }
    return 'sent';
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
      // A read first: an idle outbox is not worth the claim's write (outbox-repository.ts).
      if (!(await hasDueEmails(db))) return result;
      const due = await claimDueEmails(db, batchSize, lockMs);
      for (const [index, email] of due.entries()) {
        // The first was claimed a moment ago; a later one's claim may have run out while the ones before it went.
        if (index > 0 && !(await renewClaim(db, email, lockMs))) continue;
        const outcome = await sendOne(transport, email);
        onAttempt?.(outcome === 'sent' ? 'sent' : 'failed');
        if (outcome === 'sent') {
          result.sent += 1;
          continue;
        }
        if (outcome === 'failed') {
          result.failed += 1;
          continue;
        }
        // The server is unavailable: this message and the rest of the round wait for it, in their order.
        const waiting = due.slice(index);
        await waitForMailServer(db, waiting, outcome.serverUnavailable, retryDelayMs(email.attempts));
        result.failed += waiting.length;
        break;
      }
      return result;
    },
    close() {
      transport?.close();
    },
  };
}
