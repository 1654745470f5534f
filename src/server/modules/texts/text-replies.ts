import { and, desc, eq, gt, inArray, isNotNull, sql } from 'drizzle-orm';
import { upcomingStatuses } from '../../../shared/appointment-states';
import type { TextReplyAction } from '../../../shared/texts';
import type { Db } from '../../db/database';
import { appointments, patients, slots, textOutbox, textReplies } from '../../db/schema';
import { cancelQueuedTextsTo } from './text-outbox-repository';
import { textablePhone } from './text-phone';

/** The carriers' opt-out words (Twilio's list less CANCEL, which here asks staff to call). */
const STOP_WORDS = new Set(['STOP', 'STOPALL', 'UNSUBSCRIBE', 'END', 'QUIT']);
const CANCEL_WORDS = new Set(['C', 'CANCEL']);

/** What a reply asks, by its first word, whatever its case and punctuation. */
function replyActionOf(body: string): TextReplyAction {
  const word =
    body
      .trim()
      .split(/\s+/)[0]
      ?.replace(/[^A-Za-z]/g, '')
      .toUpperCase() ?? '';
  if (STOP_WORDS.has(word)) return 'stop';
  if (CANCEL_WORDS.has(word)) return 'cancel_request';
  return 'other';
}

/**
 * The appointment a reply from `phone` is about: the one of the latest text sent to that number whose time has
 * not come and that will take place; else that of the latest text at all.
 */
async function appointmentTextedTo(db: Db, phone: string, now: Date) {
  const latest = await db
    .select({ appointmentId: textOutbox.appointmentId, patientId: textOutbox.patientId })
    .from(textOutbox)
    .innerJoin(appointments, eq(appointments.id, textOutbox.appointmentId))
    .innerJoin(slots, eq(slots.id, appointments.slotId))
    .where(
      and(
        eq(textOutbox.toPhone, phone),
        inArray(appointments.status, [...upcomingStatuses]),
        gt(slots.startsAt, now),
      ),
    )
    .orderBy(desc(textOutbox.id))
    .limit(1);
  if (latest[0]) return latest[0];
  const [any] = await db
    .select({ appointmentId: textOutbox.appointmentId, patientId: textOutbox.patientId })
    .from(textOutbox)
    .where(and(eq(textOutbox.toPhone, phone), isNotNull(textOutbox.appointmentId)))
    .orderBy(desc(textOutbox.id))
    .limit(1);
  return any;
}

export interface InboundText {
  providerId: string;
  from: string;
  body: string;
}

/**
 * A reply, recorded once in one transaction (answers undefined when its message was recorded already: a replay):
 * STOP withdraws the consent of everyone texted at that number and fails their waiting texts; C or CANCEL is kept
 * for staff to call about the appointment (it is never cancelled by a text); anything else is kept for staff to read.
 */
export async function receiveReply(db: Db, inbound: InboundText, now: Date) {
  const from = textablePhone(inbound.from) ?? inbound.from;
  const action = replyActionOf(inbound.body);
  return db.transaction(async (tx) => {
    const about = await appointmentTextedTo(tx, from, now);
    const [reply] = await tx
      .insert(textReplies)
      .values({
        providerId: inbound.providerId,
        fromPhone: from,
        body: inbound.body.slice(0, 1600),
        action,
        appointmentId: about?.appointmentId ?? null,
        patientId: about?.patientId ?? null,
        createdAt: now,
      })
      .onConflictDoNothing({ target: textReplies.providerId })
      .returning();
    if (!reply) return undefined;
    if (action === 'stop') {
      await tx
        .update(patients)
        .set({ smsConsentAt: null, smsWithdrawnAt: now })
        .where(and(eq(patients.smsPhone, from), isNotNull(patients.smsConsentAt)));
      await cancelQueuedTextsTo(tx, from);
    }
    return reply;
  });
}

/** Withdraws a patient's consent to texts (their booking link's "Stop texts"); answers whether it was given. */
export async function withdrawTextConsent(db: Db, patientId: number, now = new Date()): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [patient] = await tx
      .update(patients)
      .set({ smsConsentAt: null, smsWithdrawnAt: now })
      .where(and(eq(patients.id, patientId), isNotNull(patients.smsConsentAt)))
      .returning({ smsPhone: patients.smsPhone });
    if (!patient) return false;
    await tx
      .update(textOutbox)
      .set({ status: 'failed', lastError: 'Not sent: the patient no longer wants texts.' })
      .where(and(eq(textOutbox.patientId, patientId), eq(textOutbox.status, 'queued')));
    return true;
  });
}

/** The replies about these appointments, oldest first. */
export function repliesOfAppointments(db: Db, appointmentIds: readonly number[]) {
  if (appointmentIds.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(textReplies)
    .where(inArray(textReplies.appointmentId, [...appointmentIds]))
    .orderBy(textReplies.createdAt, textReplies.id);
}

/** Deletes the replies about these appointments or from these patients; answers how many. */
export async function deleteRepliesOf(
  db: Db,
  appointmentIds: readonly number[],
  patientIds: readonly number[],
): Promise<number> {
  if (appointmentIds.length === 0 && patientIds.length === 0) return 0;
  const deleted = await db
    .delete(textReplies)
    .where(
      sql`${appointmentIds.length > 0 ? inArray(textReplies.appointmentId, [...appointmentIds]) : sql`false`} or ${
        patientIds.length > 0 ? inArray(textReplies.patientId, [...patientIds]) : sql`false`
      }`,
    )
    .returning({ id: textReplies.id });
  return deleted.length;
}

/** Cancel requests by text not yet dealt with, for appointments still to come (the dashboard counts them). */
export async function countOpenCancelRequests(db: Db): Promise<number> {
  return db.$count(
    textReplies,
    and(eq(textReplies.action, 'cancel_request'), sql`${textReplies.handledAt} is null`),
  );
}
