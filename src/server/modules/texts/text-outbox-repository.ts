import { and, asc, type Column, eq, inArray, lt, lte, or, sql } from 'drizzle-orm';
import type { TextKind, TextStatus } from '../../../shared/texts';
import type { Db } from '../../db/database';
import { type patients, textOutbox } from '../../db/schema';
import { textSendableFrom } from './quiet-hours';

export type OutboxText = typeof textOutbox.$inferSelect;

/** A text to queue: to whom (E.164), what, and what it is about. */
export interface QueuedText {
  to: string;
  body: string;
  kind: TextKind;
  appointmentId?: number;
  patientId?: number;
}

/** After this many tries the provider could not take, a text fails for good (the e-mail carries its message). */
const MAX_TEXT_ATTEMPTS = 5;
/** A text not sent within this of being queued is not sent at all: a reminder a day late misleads. */
export const TEXT_STALE_MS = 24 * 60 * 60_000;

/** The wait before the next try after `attempts` failures: 1, 2, 4, 8 minutes. */
function textRetryDelayMs(attempts: number): number {
  return 60_000 * 2 ** Math.max(0, attempts - 1);
}

/**
 * Writes a text to the outbox (inside the transaction of the change it tells of); the text sender sends it once,
 * at `now` or, within the quiet hours, at 08:00 clinic time. Answers its id. Callers check the person's consent
 * (`consentedPhoneOf`); a wait-list offer passes its entry's number.
 */
export async function queueText(db: Db, text: QueuedText, now = new Date()): Promise<number> {
  const [row] = await db
    .insert(textOutbox)
    .values({
      toPhone: text.to,
      body: text.body,
      kind: text.kind,
      appointmentId: text.appointmentId ?? null,
      patientId: text.patientId ?? null,
      nextAttemptAt: textSendableFrom(now),
      createdAt: now,
    })
    .returning({ id: textOutbox.id });
  if (!row) throw new Error('queueText: no row returned');
  return row.id;
}

/** The number a patient agreed to be texted at, or undefined (never agreed, withdrew, or no number kept). */
export function consentedPhoneOf(
  patient: Pick<typeof patients.$inferSelect, 'smsPhone' | 'smsConsentAt'>,
): string | undefined {
  return patient.smsConsentAt && patient.smsPhone ? patient.smsPhone : undefined;
}

const at = (instant: Date) => sql`${instant.toISOString()}::timestamptz`;

/**
 * Fails every text whose sender's claim lapsed while 'sending': the provider may have taken it before the sender
 * died, so it is never sent again (a text is sent at most once; its e-mail carries the message). Answers how many.
 */
export async function failInterruptedTexts(db: Db, now: Date): Promise<number> {
  const failed = await db
    .update(textOutbox)
    .set({
      status: 'failed',
      lockedUntil: null,
      lastError: 'Interrupted while being sent; not sent again, so that it is never sent twice.',
    })
    .where(and(eq(textOutbox.status, 'sending'), lt(textOutbox.lockedUntil, at(now))))
    .returning({ id: textOutbox.id });
  return failed.length;
}

/**
 * Claims up to `limit` queued texts due at `now`, oldest first, in one statement (FOR UPDATE SKIP LOCKED:
 * concurrent senders never claim the same one); each claim counts a try.
 */
export async function claimDueTexts(db: Db, now: Date, limit: number, lockMs: number): Promise<OutboxText[]> {
  const due = db
    .select({ id: textOutbox.id })
    .from(textOutbox)
    .where(and(eq(textOutbox.status, 'queued'), lte(textOutbox.nextAttemptAt, at(now))))
    .orderBy(asc(textOutbox.id))
    .limit(limit)
    .for('update', { skipLocked: true });
  const claimed = await db
    .update(textOutbox)
    .set({
      status: 'sending',
      lockedUntil: at(new Date(now.getTime() + lockMs)),
      attempts: sql`${textOutbox.attempts} + 1`,
    })
    .where(inArray(textOutbox.id, due))
    .returning();
  return claimed.sort((a, b) => a.id - b.id);
}

/** The provider took the text: 'sent', with its id; delivery comes by its status callback. */
export async function markTextSent(
  db: Db,
  claim: Pick<OutboxText, 'id' | 'attempts'>,
  providerId: string,
  providerStatus: string,
  now: Date,
): Promise<void> {
  await db
    .update(textOutbox)
    .set({ status: 'sent', providerId, providerStatus, sentAt: now, lockedUntil: null, lastError: null })
    .where(and(eq(textOutbox.id, claim.id), eq(textOutbox.attempts, claim.attempts)));
}

/** A try failed: queued again with a backoff, or failed for good (permanent, or its last try). */
export async function markTextFailed(
  db: Db,
  claim: Pick<OutboxText, 'id' | 'attempts'>,
  error: string,
  now: Date,
  permanent: boolean,
): Promise<void> {
  const lastError = error.slice(0, 500);
  const giveUp = permanent || claim.attempts >= MAX_TEXT_ATTEMPTS;
  await db
    .update(textOutbox)
    .set(
      giveUp
        ? { status: 'failed', lockedUntil: null, lastError }
        : {
            status: 'queued',
            lockedUntil: null,
            lastError,
            nextAttemptAt: textSendableFrom(new Date(now.getTime() + textRetryDelayMs(claim.attempts))),
          },
    )
    .where(and(eq(textOutbox.id, claim.id), eq(textOutbox.attempts, claim.attempts)));
}

/**
 * The provider's status callback for its message `providerId`: delivered, or failed with its reason (Twilio's
 * `undelivered` and `failed`); other statuses (`queued`, `sending`, `sent`) are only noted. Answers the text, or
 * undefined when the outbox never sent such a message.
 */
export async function applyTextStatus(
  db: Db,
  providerId: string,
  providerStatus: string,
  reason: string | undefined,
  now: Date,
): Promise<OutboxText | undefined> {
  const outcome: Partial<typeof textOutbox.$inferInsert> =
    providerStatus === 'delivered'
      ? { status: 'delivered', deliveredAt: now, lastError: null }
      : providerStatus === 'failed' || providerStatus === 'undelivered'
        ? { status: 'failed', lastError: (reason ?? `Twilio: ${providerStatus}`).slice(0, 500) }
        : {};
  const [row] = await db
    .update(textOutbox)
    .set({ providerStatus, ...outcome })
    .where(
      and(
        eq(textOutbox.providerId, providerId),
        // A late 'sent' never undoes 'delivered' or 'failed'.
        Object.keys(outcome).length > 0 ? undefined : eq(textOutbox.status, 'sent'),
      ),
    )
    .returning();
  if (row) return row;
  const [known] = await db.select().from(textOutbox).where(eq(textOutbox.providerId, providerId));
  return known;
}

/** Fails the texts still waiting for a number that withdrew its consent. */
export async function cancelQueuedTextsTo(db: Db, phone: string): Promise<number> {
  const cancelled = await db
    .update(textOutbox)
    .set({ status: 'failed', lastError: 'Not sent: the patient no longer wants texts.' })
    .where(and(eq(textOutbox.toPhone, phone), eq(textOutbox.status, 'queued')))
    .returning({ id: textOutbox.id });
  return cancelled.length;
}

/** The texts about these appointments, oldest first: what staff read of their delivery. */
export function textsOfAppointments(db: Db, appointmentIds: readonly number[]) {
  if (appointmentIds.length === 0) return Promise.resolve([]);
  return db
    .select({
      id: textOutbox.id,
      appointmentId: textOutbox.appointmentId,
      toPhone: textOutbox.toPhone,
      kind: textOutbox.kind,
      body: textOutbox.body,
      status: textOutbox.status,
      lastError: textOutbox.lastError,
      createdAt: textOutbox.createdAt,
      sentAt: textOutbox.sentAt,
      deliveredAt: textOutbox.deliveredAt,
    })
    .from(textOutbox)
    .where(inArray(textOutbox.appointmentId, [...appointmentIds]))
    .orderBy(asc(textOutbox.createdAt), asc(textOutbox.id));
}

/** The rows of a texts table (texts, replies) about these appointments or of these patients. */
export const aboutAppointmentsOrPatients = (
  table: { appointmentId: Column; patientId: Column },
  appointmentIds: readonly number[],
  patientIds: readonly number[],
) =>
  or(
    appointmentIds.length > 0 ? inArray(table.appointmentId, [...appointmentIds]) : undefined,
    patientIds.length > 0 ? inArray(table.patientId, [...patientIds]) : undefined,
  );

/** Deletes the texts about these appointments or to these patients (they hold a phone number); answers how many. */
export async function deleteTextsOf(
  db: Db,
  appointmentIds: readonly number[],
  patientIds: readonly number[],
): Promise<number> {
  if (appointmentIds.length === 0 && patientIds.length === 0) return 0;
  const deleted = await db
    .delete(textOutbox)
    .where(aboutAppointmentsOrPatients(textOutbox, appointmentIds, patientIds))
    .returning({ id: textOutbox.id });
  return deleted.length;
}

/** How many texts failed for good (the dashboard counts them). */
export async function countFailedTexts(db: Db): Promise<number> {
  return db.$count(textOutbox, eq(textOutbox.status, 'failed' satisfies TextStatus));
}
