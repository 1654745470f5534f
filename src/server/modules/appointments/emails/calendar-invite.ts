import type { EventAttributes } from 'ics';
import { STOP_ALARM_HOURS, stopEvents, stopEventTexts } from '../../../../shared/antihistamines';
import { clinic } from '../../../../shared/clinic';
import type { EmailAttachment } from '../../../db/schema';
import { clinicLongDate, clinicWallClock } from '../../slots/clinic-time';
import type { AppointmentDetails } from './booking-details';

export interface InviteVersion {
  /**
   * The appointment's `calendar_sequence`: every invite of one appointment has the same UID, and one with a
   * higher SEQUENCE replaces the earlier ones in the patient's calendar (a moved time, a cancellation).
   */
  sequence?: number;
  /** The appointment was cancelled: the event is marked so and calendars take it off. */
  cancelled?: boolean;
}

/** One appointment's calendar event, whatever its version: the same for all its invites. */
export const inviteUid = (appointmentId: number) => `appointment-${appointmentId}@dublinallergyclinic.ie`;

/**
 * The appointment as an iCalendar invite: start and end in UTC (`…Z`), which every calendar shows in its
 * own time zone, so the time is right in Dublin across daylight-saving changes.
 */
export async function calendarInvite(
  details: AppointmentDetails,
  version: InviteVersion = {},
): Promise<EmailAttachment> {
  // Imported on the first invite rather than at start (about 25 ms).
  const { createEvents } = await import('ics');
  const { error, value } = createEvents(
    [
      {
        uid: inviteUid(details.appointmentId),
        sequence: version.sequence ?? 0,
        start: details.startsAt.getTime(),
        startInputType: 'utc',
        startOutputType: 'utc',
        end: details.endsAt.getTime(),
        endInputType: 'utc',
        endOutputType: 'utc',
        title: `${version.cancelled ? 'Cancelled: ' : ''}${clinic.name}: ${details.service}`,
        description: `${details.service} for ${details.patientName}. ${details.isVideoCall ? details.where : 'Please arrive 15 minutes early.'}`,
        location: details.isVideoCall ? 'Video consultation' : details.where,
        status: version.cancelled ? 'CANCELLED' : 'CONFIRMED',
        busyStatus: version.cancelled ? 'FREE' : 'BUSY',
        organizer: { name: clinic.name, email: clinic.email },
      },
      ...stopEventsOf(details, version),
    ],
    { productId: '-//Dublin Allergy Clinic//Bookings//EN', method: 'PUBLISH' },
  );
  if (error || !value) throw error ?? new Error('calendar invite could not be made');
  return {
    filename: 'appointment.ics',
    contentType: 'text/calendar; charset=utf-8; method=PUBLISH',
    content: Buffer.from(value, 'utf8').toString('base64'),
  };
}

/**
 * An allergy test's stop-day events, one for each distinct day to stop what the patient takes (`stopEvents`), all day,
 * each with an alarm at 09:00 that day; their UIDs kept across moves and their SEQUENCE the appointment's, so a move
 * moves them, and one a move drops is sent cancelled. None when there is nothing to stop.
 */
function stopEventsOf(details: AppointmentDetails, version: InviteVersion): EventAttributes[] {
  const days = details.stops?.days ?? [];
  if (days.length === 0) return [];
  const testDay = clinicLongDate(details.startsAt);
  // A day already behind (booked or moved at short notice) is today, not an alarm in the past.
  const events = stopEvents(inviteUid(details.appointmentId), days, {
    today: clinicWallClock(new Date()).isoDay,
    sequence: version.sequence ?? 0,
  });
  return events.map((event) => {
    const cancelled = version.cancelled === true || event.dropped;
    const [year, month, day] = event.day.split('-').map(Number) as [number, number, number];
    const next = new Date(Date.UTC(year, month - 1, day + 1));
    return {
      uid: event.uid,
      sequence: version.sequence ?? 0,
      start: [year, month, day],
      end: [next.getUTCFullYear(), next.getUTCMonth() + 1, next.getUTCDate()],
      title: `${cancelled ? 'Cancelled: ' : ''}${stopEventTexts.title(clinic.name)}`,
      description: stopEventTexts.description(testDay, clinicWallClock(details.startsAt).time),
      status: cancelled ? 'CANCELLED' : 'CONFIRMED',
      busyStatus: 'FREE',
      transp: 'TRANSPARENT',
      organizer: { name: clinic.name, email: clinic.email },
      alarms: cancelled
        ? []
        : [
            {
              action: 'display',
              description: stopEventTexts.alarm,
              trigger: { hours: STOP_ALARM_HOURS, before: false },
            },
          ],
    } satisfies EventAttributes;
  });
}
