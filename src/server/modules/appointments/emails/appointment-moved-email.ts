import { clinic } from '../../../../shared/clinic';
import { composeEmail, type EmailContent } from '../../email/email-template';
import { manageLinkBlocks, preparationItems, VIDEO_RULES } from './booking-confirmation-email';
import type { AppointmentDetails } from './booking-details';

/** The patient is told their appointment moved to another time; the updated .ics is attached by the caller. */
export function appointmentMovedEmail(
  details: AppointmentDetails,
  previous: Pick<AppointmentDetails, 'date' | 'time'> & Partial<Pick<AppointmentDetails, 'where'>>,
): EmailContent {
  const movedPlace = previous.where !== undefined && previous.where !== details.where;
  return composeEmail(`Your appointment at ${clinic.name} has moved to ${details.date}`, [
    `Dear ${details.guardianName ?? details.patientName},`,
    movedPlace
      ? `Your appointment has been moved to a new time, at another place: ${details.where}.`
      : 'Your appointment has been moved to a new time.',
    {
      facts: [
        ['Patient', details.patientName],
        ['Appointment', details.service],
        ['New date', `${details.date}, ${details.time} (Dublin time)`],
        [details.isVideoCall ? 'How' : 'Where', details.where],
        ['Was', `${previous.date}, ${previous.time}${movedPlace ? `, ${previous.where}` : ''}`],
      ],
    },
    details.isVideoCall
      ? { title: 'Before the video consultation:', items: VIDEO_RULES }
      : { title: 'How to prepare for the allergy test:', items: preparationItems(details) },
    ...manageLinkBlocks(details),
    'The updated calendar invite (appointment.ics) is attached: opening it moves the appointment in your calendar.',
    `If the new time does not suit you, call ${clinic.phone} or reply to this e-mail.`,
    clinic.name,
  ]);
}
