import type { EventAttributes } from 'ics';
import { STOP_ALARM_HOURS, stopEventTexts, stopEventUid } from '../../../../shared/antihistamines';
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
      ...stopEvent(details, version),
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
 * An allergy test's second event: the first day to stop antihistamines (by what the patient takes), all day, with
 * an alarm at 09:00 that day; its UID kept across moves and its SEQUENCE the appointment's, so a move moves it. None
 * when there is nothing to stop.
 */
function stopEvent(details: AppointmentDetails, version: InviteVersion): EventAttributes[] {
  const first = details.stops?.days[0];
  if (!first) return [];
  // A day already behind (booked or moved at short notice): today, not an alarm in the past.
  const today = clinicWallClock(new Date()).isoDay;
  const [year, month, day] = (first.day < today ? today : first.day).split('-').map(Number) as [
    number,
    number,
    number,
  ];
  const next = new Date(Date.UTC(year, month - 1, day + 1));
  const testDay = clinicLongDate(details.startsAt);
  return [
    {
      uid: stopEventUid(inviteUid(details.appointmentId)),
      sequence: version.sequence ?? 0,
      start: [year, month, day],
      end: [next.getUTCFullYear(), next.getUTCMonth() + 1, next.getUTCDate()],
      title: `${version.cancelled ? 'Cancelled: ' : ''}${stopEventTexts.title(clinic.name)}`,
      description: stopEventTexts.description(testDay, clinicWallClock(details.startsAt).time),
      status: version.cancelled ? 'CANCELLED' : 'CONFIRMED',
      busyStatus: 'FREE',
      transp: 'TRANSPARENT',
      organizer: { name: clinic.name, email: clinic.email },
      alarms: version.cancelled
        ? []
        : [
            {
              action: 'display',
              description: stopEventTexts.alarm,
              trigger: { hours: STOP_ALARM_HOURS, before: false },
            },
          ],
    },
  ];
}
