import { and, eq, gt, inArray, isNull, lte, type SQL, sql } from 'drizzle-orm';
import { upcomingStatuses } from '../../../shared/appointment-states';
import { VIDEO_LINK_SHOWN_HOURS } from '../../../shared/way-out';
import type { Db } from '../../db/database';
import {
  type Appointment,
  appointments,
  clinicSettings,
  type Slot,
  slots,
  teamMembers,
} from '../../db/schema';

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

/** The appointment's join link as SQL of a query over `appointments` joined with `slots`. */
export const joinLinkColumn = sql<string | null>`coalesce(${appointments.videoLink}, ${standingLinkOfSlot})`;

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
 * The video appointments that will take place, start after `now` and within VIDEO_LINK_SHOWN_HOURS, and have no join
 * link (their own nor their consultant's): the dashboard's "to do", soonest first.
 */
export function videoAppointmentsWithoutLink(db: Db, now: Date) {
  return db
    .select({ id: appointments.id })
    .from(appointments)
    .innerJoin(slots, eq(slots.id, appointments.slotId))
    .where(
      and(
        eq(slots.isVideoCall, true),
        gt(slots.startsAt, now),
        lte(slots.startsAt, new Date(now.getTime() + SHOWN_MS)),
        inArray(appointments.status, [...upcomingStatuses]),
        isNull(appointments.videoLink),
        sql`${standingLinkOfSlot} is null`,
      ),
    )
    .orderBy(slots.startsAt, appointments.id);
}
