import { clinic } from '../../../../shared/clinic';
import type { EmailAttachment } from '../../../db/schema';
import type { BookingDetails } from './booking-details';

/**
 * The appointment as an iCalendar invite: start and end in UTC (`…Z`), which every calendar shows in its
 * own time zone, so the time is right in Dublin across daylight-saving changes.
 */
export async function calendarInvite(details: BookingDetails): Promise<EmailAttachment> {
  // Imported on the first invite rather than at start (about 25 ms).
  const { createEvent } = await import('ics');
  const { error, value } = createEvent({
    productId: '-//Dublin Allergy Clinic//Bookings//EN',
    method: 'PUBLISH',
    uid: `appointment-${details.appointmentId}@dublinallergyclinic.ie`,
    start: details.startsAt.getTime(),
    startInputType: 'utc',
    startOutputType: 'utc',
    end: details.endsAt.getTime(),
    endInputType: 'utc',
    endOutputType: 'utc',
    title: `${clinic.name}: ${details.service}`,
    description: `${details.service} for ${details.patientName}. ${details.isVideoCall ? details.where : 'Please arrive 15 minutes early.'}`,
    location: details.isVideoCall ? 'Video consultation' : details.where,
    status: 'CONFIRMED',
    busyStatus: 'BUSY',
    organizer: { name: clinic.name, email: clinic.email },
  });
  if (error || !value) throw error ?? new Error('calendar invite could not be made');
  return {
    filename: 'appointment.ics',
    contentType: 'text/calendar; charset=utf-8; method=PUBLISH',
    content: Buffer.from(value, 'utf8').toString('base64'),
  };
}
