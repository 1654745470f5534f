import { and, asc, desc, eq, gt, inArray, lt, lte, notExists, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/database';
import { containsText, countCheaply, type PageRequest, paginateFromNearerEnd } from '../../db/paginate';
import { type EmailAttachment, type EmailStatus, emailOutbox } from '../../db/schema';
import { oneLine } from './email-template';

export type OutboxEmail = typeof emailOutbox.$inferSelect;

export interface QueuedEmail {
  to: string;
  replyTo?: string;
  subject: string;
  text: string;
  html?: string;
  attachments?: EmailAttachment[];
  /** The appointment the message is about: staff see it, and its delivery, on the appointment. */
  appointmentId?: number;
  /** The self-referral the message is about: erased with it. */
  referralId?: number;
}

/** After this many failed attempts a message is marked 'failed' and left for staff to see. */
export const MAX_EMAIL_ATTEMPTS = 10;
const BASE_RETRY_MS = 30_000;
const MAX_RETRY_MS = 60 * 60_000;

/** The wait before the next attempt after `attempts` failures: 30 s, 1 min, 2 min, … capped at 1 h. */
export function retryDelayMs(attempts: number): number {
  return Math.min(BASE_RETRY_MS * 2 ** Math.max(0, attempts - 1), MAX_RETRY_MS);
}

/**
 * Writes a message to the outbox (call it inside the transaction that makes the change the message
 * is about); the background sender delivers it. Answers the outbox id.
 */
export async function queueEmail(db: Db, email: QueuedEmail): Promise<number> {
  const [row] = await db
    .insert(emailOutbox)
    .values({
      toAddress: email.to,
      replyTo: email.replyTo ?? null,
      // One line: a CR/LF in a subject (a header injection attempt) becomes a space.
      subject: oneLine(email.subject),
      textBody: email.text,
      htmlBody: email.html ?? null,
      attachments: email.attachments ?? [],
      appointmentId: email.appointmentId ?? null,
      referralId: email.referralId ?? null,
    })
    .returning({ id: emailOutbox.id });
  if (!row) throw new Error('queueEmail: no row returned');
  return row.id;
}

/** The messages about an appointment, oldest first, without their bodies. */
export function emailsOfAppointment(db: Db, appointmentId: number) {
  return db
    .select({
      id: emailOutbox.id,
      toAddress: emailOutbox.toAddress,
      subject: emailOutbox.subject,
      status: emailOutbox.status,
      attempts: emailOutbox.attempts,
      lastError: emailOutbox.lastError,
      createdAt: emailOutbox.createdAt,
      sentAt: emailOutbox.sentAt,
    })
    .from(emailOutbox)
    .where(eq(emailOutbox.appointmentId, appointmentId))
    .orderBy(asc(emailOutbox.createdAt), asc(emailOutbox.id));
}

/** The messages whose time has come: pending and due, or claimed by a sender whose claim has expired. */
const isDue = () =>
  or(
    and(eq(emailOutbox.status, 'pending'), lte(emailOutbox.nextAttemptAt, sql`now()`)),
    and(eq(emailOutbox.status, 'sending'), lt(emailOutbox.lockedUntil, sql`now()`)),
  );

/**
 * Whether any message is due, read without a lock: the sender polls every few seconds and nearly always finds the
 * outbox empty, and on the embedded database the claim's update cost about seven times this read when it changed
 * nothing (7 against 1 ms of CPU a run, measured in process on a busy machine).
 */
export async function hasDueEmails(db: Db): Promise<boolean> {
  const [found] = await db.select({ id: emailOutbox.id }).from(emailOutbox).where(isDue()).limit(1);
  return found !== undefined;
}

/**
 * Claims up to `limit` due messages for `lockMs` in one atomic statement, oldest first: pending ones whose time has
 * come, and 'sending' ones whose claim has expired (a sender that died mid-way). Concurrent senders skip each
 * other's rows (FOR UPDATE SKIP LOCKED), so a message is never sent twice at the same time. While messages wait
 * for the mail server (`waitForMailServer`), none written after them is claimed: the queue keeps its order.
 */
export async function claimDueEmails(db: Db, limit: number, lockMs: number): Promise<OutboxEmail[]> {
  const waiting = alias(emailOutbox, 'waiting');
  const due = db
    .select({ id: emailOutbox.id })
    .from(emailOutbox)
    .where(
      and(
        isDue(),
        notExists(
          db
            .select({ one: sql`1` })
            .from(waiting)
            .where(
              and(
                eq(waiting.status, 'pending'),
                gt(waiting.lockedUntil, sql`now()`),
                lt(waiting.id, emailOutbox.id),
              ),
            ),
        ),
      ),
    )
    .orderBy(asc(emailOutbox.id))
    .limit(limit)
    .for('update', { skipLocked: true });
  const claimed = await db
    .update(emailOutbox)
    .set({
      status: 'sending',
      lockedUntil: sql`now() + ${`${Math.max(0, Math.round(lockMs))} milliseconds`}::interval`,
      attempts: sql`${emailOutbox.attempts} + 1`,
    })
    .where(inArray(emailOutbox.id, due))
    .returning();
  return claimed.sort((a, b) => a.id - b.id);
}

/**
 * Renews this sender's claim on a message just before sending it, for `lockMs` from now; answers false when it is no
 * longer this sender's: the claim expired while the sender was busy with the messages before it and another sender
 * claimed it since (each claim counts an attempt, so `attempts` tells whose claim it is). That sender sends it.
 */
export async function renewClaim(
  db: Db,
  claim: Pick<OutboxEmail, 'id' | 'attempts'>,
  lockMs: number,
): Promise<boolean> {
  const renewed = await db
    .update(emailOutbox)
    .set({ lockedUntil: sql`now() + ${`${Math.max(0, Math.round(lockMs))} milliseconds`}::interval` })
    .where(
      and(
        eq(emailOutbox.id, claim.id),
        eq(emailOutbox.status, 'sending'),
        eq(emailOutbox.attempts, claim.attempts),
      ),
    )
    .returning({ id: emailOutbox.id });
  return renewed.length > 0;
}

/**
 * The mail server could not be reached or turned the connection away, so none of the `claimed` messages (still this
 * sender's) was sent: they wait for it together, `delayMs` from now, with its answer as their last error, and are
 * held back till then (`locked_until` of a pending message), so that no message written after them is sent before
 * them, by this sender or another (`claimDueEmails`). One that has had MAX_EMAIL_ATTEMPTS tries is failed.
 */
export async function waitForMailServer(
  db: Db,
  claimed: readonly Pick<OutboxEmail, 'id' | 'attempts'>[],
  error: string,
  delayMs: number,
): Promise<void> {
  if (claimed.length === 0) return;
  const retryAt = sql`now() + ${`${Math.max(0, Math.round(delayMs))} milliseconds`}::interval`;
  const giveUp = sql`${emailOutbox.attempts} >= ${MAX_EMAIL_ATTEMPTS}`;
  await db
    .update(emailOutbox)
    .set({
      status: sql`case when ${giveUp} then 'failed' else 'pending' end`,
      lockedUntil: sql`case when ${giveUp} then null else ${retryAt} end`,
      nextAttemptAt: retryAt,
      lastError: error.slice(0, 2000),
    })
    .where(
      and(
        eq(emailOutbox.status, 'sending'),
        sql`(${emailOutbox.id}, ${emailOutbox.attempts}) in (${sql.join(
          claimed.map((claim) => sql`(${claim.id}::integer, ${claim.attempts}::integer)`),
          sql`, `,
        )})`,
      ),
    );
}

/** A patient's booking link's token in a stored body: `/booking/{reference}#{token}`. */
const BOOKING_LINK_TOKEN = '(/booking/[0-9A-Za-z]+)#[A-Za-z0-9_-]+';

/**
 * Marks a message sent. The stored copy then forgets what only its recipient should hold: the token of a patient's
 * booking link in its bodies (the link stays, without the token) and the bytes of its attachments (names kept), so
 * a copy of the database cannot open anyone's booking or read their receipt.
 */
export async function markSent(db: Db, id: number): Promise<void> {
  await db
    .update(emailOutbox)
    .set({
      status: 'sent',
      sentAt: sql`now()`,
      lockedUntil: null,
      lastError: null,
      textBody: sql`regexp_replace(${emailOutbox.textBody}, ${BOOKING_LINK_TOKEN}, '\\1', 'g')`,
      htmlBody: sql`regexp_replace(${emailOutbox.htmlBody}, ${BOOKING_LINK_TOKEN}, '\\1', 'g')`,
      attachments: sql`(select coalesce(jsonb_agg(attachment || '{"content": ""}'::jsonb), '[]'::jsonb) from jsonb_array_elements(${emailOutbox.attachments}) attachment)`,
    })
    .where(eq(emailOutbox.id, id));
}

/**
 * Records a failed attempt (`attempts` counts it already): back to 'pending' with an exponential
 * backoff, or 'failed' after MAX_EMAIL_ATTEMPTS attempts, or at once when the refusal is `permanent`.
 */
export async function markFailed(
  db: Db,
  id: number,
  error: string,
  attempts: number,
  options: { permanent?: boolean } = {},
): Promise<void> {
  const lastError = error.slice(0, 2000);
  if (attempts >= MAX_EMAIL_ATTEMPTS || options.permanent) {
    await db
      .update(emailOutbox)
      .set({ status: 'failed', lockedUntil: null, lastError })
      .where(eq(emailOutbox.id, id));
    return;
  }
  await db
    .update(emailOutbox)
    .set({
      status: 'pending',
      lockedUntil: null,
      lastError,
      nextAttemptAt: sql`now() + ${`${retryDelayMs(attempts)} milliseconds`}::interval`,
    })
    .where(eq(emailOutbox.id, id));
}

/** The e-mails about these appointments (and self-referrals), oldest first: what was sent and when, never their bodies. */
export function emailsOfAppointments(
  db: Db,
  appointmentIds: readonly number[],
  referralIds: readonly number[] = [],
) {
  if (appointmentIds.length === 0 && referralIds.length === 0) return Promise.resolve([]);
  return db
    .select({
      id: emailOutbox.id,
      appointmentId: emailOutbox.appointmentId,
      referralId: emailOutbox.referralId,
      subject: emailOutbox.subject,
      status: emailOutbox.status,
      createdAt: emailOutbox.createdAt,
      sentAt: emailOutbox.sentAt,
    })
    .from(emailOutbox)
    .where(
      or(
        appointmentIds.length > 0 ? inArray(emailOutbox.appointmentId, [...appointmentIds]) : undefined,
        referralIds.length > 0 ? inArray(emailOutbox.referralId, [...referralIds]) : undefined,
      ),
    )
    .orderBy(asc(emailOutbox.createdAt), asc(emailOutbox.id));
}

/** Deletes the e-mails about these appointments (they hold the patient's address and name); answers how many. */
export async function deleteEmailsOfAppointments(db: Db, appointmentIds: readonly number[]): Promise<number> {
  if (appointmentIds.length === 0) return 0;
  const deleted = await db
    .delete(emailOutbox)
    .where(inArray(emailOutbox.appointmentId, [...appointmentIds]))
    .returning({ id: emailOutbox.id });
  return deleted.length;
}

/** Deletes the e-mails about these self-referrals (they hold the patient's address and name); answers how many. */
export async function deleteEmailsOfReferrals(db: Db, referralIds: readonly number[]): Promise<number> {
  if (referralIds.length === 0) return 0;
  const deleted = await db
    .delete(emailOutbox)
    .where(inArray(emailOutbox.referralId, [...referralIds]))
    .returning({ id: emailOutbox.id });
  return deleted.length;
}

/** Deletes e-mails by id (a contact form's message to the clinic, with the message); answers how many. */
export async function deleteEmails(db: Db, ids: readonly (number | null)[]): Promise<number> {
  const known = ids.filter((id): id is number => id !== null);
  if (known.length === 0) return 0;
  const deleted = await db
    .delete(emailOutbox)
    .where(inArray(emailOutbox.id, known))
    .returning({ id: emailOutbox.id });
  return deleted.length;
}

/** What the staff's outbox list is filtered by. */
export interface OutboxListQuery extends PageRequest {
  status?: EmailStatus;
  /** Part of the recipient's address or the subject. */
  search?: string;
}

const outboxListColumns = {
  id: emailOutbox.id,
  toAddress: emailOutbox.toAddress,
  subject: emailOutbox.subject,
  status: emailOutbox.status,
  attempts: emailOutbox.attempts,
  lastError: emailOutbox.lastError,
  createdAt: emailOutbox.createdAt,
  sentAt: emailOutbox.sentAt,
  nextAttemptAt: emailOutbox.nextAttemptAt,
  appointmentId: emailOutbox.appointmentId,
  referralId: emailOutbox.referralId,
};

export type OutboxListItem = Pick<OutboxEmail, keyof typeof outboxListColumns>;

/**
 * A page of the outbox, newest first, without the bodies, and its total (counted cheaply: an outbox grows with
 * every booking); a deep page is read from the nearer end.
 */
export function listOutboxEmails(db: Db, query: OutboxListQuery) {
  const where = and(
    query.status ? eq(emailOutbox.status, query.status) : undefined,
    containsText(query.search, emailOutbox.toAddress, emailOutbox.subject),
  );
  return paginateFromNearerEnd<OutboxListItem>(
    query,
    () => countCheaply(db, () => db.select({ one: sql`1` }).from(emailOutbox).where(where).$dynamic()),
    (order, limit, offset) =>
      db
        .select(outboxListColumns)
        .from(emailOutbox)
        .where(where)
        .orderBy(order === 'forwards' ? desc(emailOutbox.id) : asc(emailOutbox.id))
        .limit(limit)
        .offset(offset),
  );
}

/** How many messages were given up on (status 'failed'). */
export async function countFailedEmails(db: Db): Promise<number> {
  return db.$count(emailOutbox, eq(emailOutbox.status, 'failed'));
}

/**
 * Puts a failed message back in the queue, its tries counted afresh (one atomic statement: only a failed one);
 * answers it, or undefined when it is not (any more) failed.
 */
export async function requeueFailedEmail(db: Db, id: number): Promise<OutboxListItem | undefined> {
  const [row] = await db
    .update(emailOutbox)
    .set({ status: 'pending', attempts: 0, nextAttemptAt: sql`now()`, lockedUntil: null })
    .where(and(eq(emailOutbox.id, id), eq(emailOutbox.status, 'failed')))
    .returning(outboxListColumns);
  return row;
}

export async function outboxEmailExists(db: Db, id: number): Promise<boolean> {
  return (await db.$count(emailOutbox, eq(emailOutbox.id, id))) > 0;
}

/** What the outbox holds that is not sent yet, for the metrics: messages by status and the oldest one's age. */
export interface OutboxDepth {
  pending: number;
  sending: number;
  failed: number;
  /** Seconds since the oldest message still to send (pending or sending) was queued; 0 when none waits. */
  oldestWaitingSeconds: number;
}

/** The outbox's depth, from its status index (sent messages, the bulk of the table, are not counted). */
export async function outboxDepth(db: Db): Promise<OutboxDepth> {
  const rows = await db
    .select({
      status: emailOutbox.status,
      count: sql<number>`count(*)::int`,
      oldestSeconds: sql<number>`coalesce(extract(epoch from now() - min(${emailOutbox.createdAt})), 0)::float8`,
    })
    .from(emailOutbox)
    .where(inArray(emailOutbox.status, ['pending', 'sending', 'failed']))
    .groupBy(emailOutbox.status);
  const of = (status: EmailStatus) => rows.find((row) => row.status === status);
  return {
    pending: Number(of('pending')?.count ?? 0),
    sending: Number(of('sending')?.count ?? 0),
    failed: Number(of('failed')?.count ?? 0),
    oldestWaitingSeconds: Math.max(
      0,
      ...(['pending', 'sending'] as const).map((status) => Number(of(status)?.oldestSeconds ?? 0)),
    ),
  };
}
