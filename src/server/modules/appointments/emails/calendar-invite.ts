import { clinic } from '../../../../shared/clinic';
import type { EmailAttachment } from '../../../db/schema';
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
  const { createEvent } = await import('ics');
  const { error, value } = createEvent({
    productId: '-//Dublin Allergy Clinic//Bookings//EN',
    method: 'PUBLISH',
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
  });
  if (error || !value) throw error ?? new Error('calendar invite could not be made');
  return {
    filename: 'appointment.ics',
    contentType: 'text/calendar; charset=utf-8; method=PUBLISH',
    content: Buffer.from(value, 'utf8').toString('base64'),
  };
}
