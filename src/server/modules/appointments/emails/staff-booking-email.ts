import { clinic } from '../../../../shared/clinic';
import { composeEmail, type EmailContent } from '../../email/email-template';
import { manageLinkBlocks, preparationItems, VIDEO_RULES } from './booking-confirmation-email';
import type { AppointmentDetails } from './booking-details';

/**
 * The patient's confirmation of an appointment staff booked for them (spec section 4): the .ics invite is
 * attached by the caller; no payment was taken online, so there is no receipt.
 */
export function staffBookingEmail(details: AppointmentDetails): EmailContent {
  return composeEmail(`Your appointment at ${clinic.name} on ${details.date} is booked`, [
    `Dear ${details.guardianName ?? details.patientName},`,
    'The clinic has booked this appointment for you.',
    {
      facts: [
        ['Patient', details.patientName],
        ['Appointment', details.service],
        ['Date', `${details.date}, ${details.time} (Dublin time)`],
        [details.isVideoCall ? 'How' : 'Where', details.where],
      ],
    },
    details.isVideoCall
      ? { title: 'Before the video consultation:', items: VIDEO_RULES }
      : { title: 'How to prepare for the allergy test:', items: preparationItems(details) },
    ...manageLinkBlocks(details),
    'The calendar invite (appointment.ics) is attached.',
    `Questions? Call ${clinic.phone} or reply to this e-mail.`,
    clinic.name,
  ]);
}
