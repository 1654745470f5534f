import { and, eq, gt, inArray, isNull, lte, type SQL, sql } from 'drizzle-orm';
import { isUpcoming, upcomingStatuses } from '../../../shared/appointment-states';
import { appointmentTexts } from '../../../shared/appointments';
import { VIDEO_LINK_SHOWN_HOURS, videoLinkTexts } from '../../../shared/way-out';
import type { Db } from '../../db/database';
import {
  type Appointment,
  appointments,
  clinicSettings,
  type Slot,
  slots,
  teamMembers,
} from '../../db/schema';
import { fieldError, notFound, refused } from '../../domain-errors';
import { type Actor, auditChange } from '../audit/audit-log';
import { queueEmail } from '../email/outbox-repository';
import { lockAppointmentRecord, setAppointmentVideoLink } from './appointment-repository';
import { joinLinkEmailOf } from './emails/appointment-emails';

/** Inside this long before the start, the 2-day reminder that carries the join link has gone (or never will). */
const REMINDER_PASSED_MS = 48 * 3_600_000;

/**
 * A video consultation's join link: the one staff set on the appointment, else the standing link of its consultant
 * (the slot's, else the clinic's default consultant). Never written into a calendar file.
 */

const SHOWN_MS = VIDEO_LINK_SHOWN_HOURS * 3_600_000;

/** From when the patient is shown the link: VIDEO_LINK_SHOWN_HOURS before the start. */
export const videoLinkShownFrom = (slot: Pick<Slot, 'startsAt'>) =>
  new Date(slot.startsAt.getTime() - SHOWN_MS);

/** The consultant a slot names, else the clinic's default, as SQL (for a query over `slots`, or a given id). */
const consultantIdOf = (consultantId: SQL | number | null): SQL =>
  sql`coalesce(${consultantId}, (select ${clinicSettings.defaultConsultantId} from ${clinicSettings} where ${clinicSettings.id} = 1))`;

/** The standing link of the slot's consultant (or the default one), as a scalar subquery of a query over `slots`. */
const standingLinkOfSlot = sql<
  string | null
>`(select ${teamMembers.videoLink} from ${teamMembers} where ${teamMembers.id} = ${consultantIdOf(sql`${slots.consultantId}`)})`;

/** The appointment's join link: its own, else its consultant's standing one; null when neither is set. */
export async function joinLinkOf(
  db: Db,
  appointment: Pick<Appointment, 'videoLink'>,
  slot: Pick<Slot, 'consultantId' | 'isVideoCall'>,
): Promise<string | null> {
  if (!slot.isVideoCall) return null;
  if (appointment.videoLink) return appointment.videoLink;
  const [row] = await db
    .select({ link: teamMembers.videoLink })
    .from(teamMembers)
    .where(eq(teamMembers.id, consultantIdOf(slot.consultantId)))
    .limit(1);
  return row?.link ?? null;
}

/** The standing link of the consultant a slot names (or the default one): what an appointment without its own uses. */
export async function standingLinkOf(db: Db, slot: Pick<Slot, 'consultantId'>): Promise<string | null> {
  const [row] = await db
    .select({ link: teamMembers.videoLink })
    .from(teamMembers)
    .where(eq(teamMembers.id, consultantIdOf(slot.consultantId)))
    .limit(1);
  return row?.link ?? null;
}

/**
 * Staff set (or, null, remove) a video appointment's join link, audited in the same transaction (whether one is set,
 * not the link: it opens the consultation room). Set inside the 2-day reminder's time, it is e-mailed to the patient
 * in that transaction, as the reminder would have carried it.
 */
export async function setAppointmentJoinLink(
  db: Db,
  actor: Actor,
  appointmentId: number,
  link: string | null,
  now = new Date(),
): Promise<void> {
  await db.transaction(async (tx) => {
    const record = await lockAppointmentRecord(tx, appointmentId);
    if (!record) throw notFound(appointmentTexts.notFound);
    if (!record.slot?.isVideoCall) {
      throw refused('not_video', videoLinkTexts.notVideo, fieldError('video_link', videoLinkTexts.notVideo));
    }
    if (record.appointment.videoLink === link) return;
    await setAppointmentVideoLink(tx, appointmentId, link);
    await auditChange(tx, actor, 'update', 'appointment', appointmentId, {
      video_link: { from: record.appointment.videoLink !== null, to: link !== null },
    });
    const { slot } = record;
    if (
      link !== null &&
      isUpcoming(record.appointment.status) &&
      slot.startsAt > now &&
      slot.startsAt.getTime() - now.getTime() <= REMINDER_PASSED_MS
    ) {
      const email = joinLinkEmailOf(record, link);
      if (email) await queueEmail(tx, email);
    }
  });
}

/**
 * Of a query over `appointments` joined with `slots`: a video appointment that will take place, starts after `now`
 * and within VIDEO_LINK_SHOWN_HOURS, and has no join link (its own nor its consultant's): the dashboard's "to do".
 */
export const missingJoinLink = (now: Date) =>
  and(
    eq(slots.isVideoCall, true),
    gt(slots.startsAt, now),
    lte(slots.startsAt, new Date(now.getTime() + SHOWN_MS)),
    inArray(appointments.status, [...upcomingStatuses]),
    isNull(appointments.videoLink),
    sql`${standingLinkOfSlot} is null`,
  );
