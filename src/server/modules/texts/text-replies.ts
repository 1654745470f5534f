import { and, desc, eq, gt, inArray, isNotNull, isNull, lt, ne, sql } from 'drizzle-orm';
import { upcomingStatuses } from '../../../shared/appointment-states';
import { type OpenTextReply, textReplyTexts } from '../../../shared/text-replies';
import type { TextReplyAction } from '../../../shared/texts';
import type { Db } from '../../db/database';
import {
  adminUsers,
  appointments,
  patients,
  slots,
  textOutbox,
  textReplies,
  waitlistEntries,
} from '../../db/schema';
import { conflict, notFound } from '../../domain-errors';
import { type AdminActor, auditChange } from '../audit/audit-log';
import { aboutAppointmentsOrPatients, cancelQueuedTextsTo } from './text-outbox-repository';
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
 * STOP withdraws the consent of everyone texted at that number (patients and wait-list entries) and fails their
 * waiting texts; C or CANCEL is kept
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
      await tx
        .update(waitlistEntries)
        .set({ smsConsent: false, smsConsentAt: null })
        .where(and(eq(waitlistEntries.phone, from), eq(waitlistEntries.smsConsent, true)));
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

/** The replies about these appointments, oldest first, each with the name of who dealt with it. */
export function repliesOfAppointments(db: Db, appointmentIds: readonly number[]) {
  if (appointmentIds.length === 0) return Promise.resolve([]);
  return db
    .select({
      id: textReplies.id,
      providerId: textReplies.providerId,
      fromPhone: textReplies.fromPhone,
      body: textReplies.body,
      action: textReplies.action,
      appointmentId: textReplies.appointmentId,
      patientId: textReplies.patientId,
      handledAt: textReplies.handledAt,
      handledByName: sql<string | null>`coalesce(${adminUsers.name}, ${adminUsers.email})`,
      createdAt: textReplies.createdAt,
    })
    .from(textReplies)
    .leftJoin(adminUsers, eq(adminUsers.id, textReplies.handledBy))
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
    .where(aboutAppointmentsOrPatients(textReplies, appointmentIds, patientIds))
    .returning({ id: textReplies.id });
  return deleted.length;
}

/** Cancel requests by text not yet dealt with (the dashboard counts them). */
export async function countOpenCancelRequests(db: Db): Promise<number> {
  return db.$count(textReplies, and(eq(textReplies.action, 'cancel_request'), isNull(textReplies.handledAt)));
}

/** How many replies the dashboard lists at most; the count of cancel requests covers them all. */
const OPEN_REPLIES_LISTED = 20;

/**
 * The replies waiting for staff, newest first: requests to cancel and words to read not yet dealt with, with the
 * patient's name and the appointment when the number was texted about one (else only the number).
 */
export async function openReplies(db: Db): Promise<OpenTextReply[]> {
  const rows = await db
    .select({
      id: textReplies.id,
      action: textReplies.action,
      body: textReplies.body,
      from: textReplies.fromPhone,
      receivedAt: textReplies.createdAt,
      appointmentId: textReplies.appointmentId,
      patientName: sql<string | null>`${patients.firstName} || ' ' || ${patients.lastName}`,
    })
    .from(textReplies)
    .leftJoin(patients, eq(patients.id, textReplies.patientId))
    .where(and(ne(textReplies.action, 'stop'), isNull(textReplies.handledAt)))
    .orderBy(desc(textReplies.createdAt), desc(textReplies.id))
    .limit(OPEN_REPLIES_LISTED);
  return rows.map((row) => ({
    id: row.id,
    action: row.action,
    body: row.action === 'other' ? row.body : null,
    from: row.from,
    received_at: row.receivedAt.toISOString(),
    appointment_id: row.appointmentId,
    patient_name: row.patientName,
  }));
}

/**
 * Staff mark a reply dealt with (they called the patient back, or read it), in one transaction with its audit entry
 * (the action, never the words). Once only: a second mark is a 409, as is a STOP, which needed nothing.
 */
export async function dealWithReply(db: Db, actor: AdminActor, id: number, now = new Date()) {
  return db.transaction(async (tx) => {
    const [reply] = await tx.select().from(textReplies).where(eq(textReplies.id, id)).for('update');
    if (!reply) throw notFound(textReplyTexts.notFound);
    if (reply.action === 'stop') throw conflict('reply_needs_nothing', textReplyTexts.stopNeedsNothing);
    if (reply.handledAt) throw conflict('reply_dealt_with', textReplyTexts.alreadyDealtWith);
    await tx
      .update(textReplies)
      .set({ handledAt: now, handledBy: actor.adminUserId })
      .where(eq(textReplies.id, id));
    await auditChange(tx, actor, 'update', 'text_reply', id, {
      dealt_with: reply.action,
      appointment_id: reply.appointmentId,
    });
    return { id, dealtWithAt: now };
  });
}

/**
 * Deletes the texts and replies older than `cutoff` that belong to nobody the erasure reaches: wait-list offers'
 * texts, replies from numbers the clinic never texted about a booking, those whose appointment or patient is gone.
 * They hold a phone number and, a reply, a person's own words. Answers how many.
 */
export async function deleteUnownedTextsBefore(db: Db, cutoff: Date): Promise<number> {
  const texts = await db
    .delete(textOutbox)
    .where(
      and(isNull(textOutbox.appointmentId), isNull(textOutbox.patientId), lt(textOutbox.createdAt, cutoff)),
    )
    .returning({ id: textOutbox.id });
  const replies = await db
    .delete(textReplies)
    .where(
      and(
        isNull(textReplies.appointmentId),
        isNull(textReplies.patientId),
        lt(textReplies.createdAt, cutoff),
      ),
    )
    .returning({ id: textReplies.id });
  return texts.length + replies.length;
}
