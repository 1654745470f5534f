import { clinic } from '../../../../shared/clinic';
import { composeEmail, type EmailContent } from '../../email/email-template';
import type { AppointmentDetails } from './booking-details';

/**
 * The patient is told the clinic cancelled their appointment; the cancelled .ics is attached by the caller.
 * `payment`: it was paid online, and that payment is kept (a refund is staff's other path, with its own e-mail).
 */
export function appointmentCancelledEmail(
  details: AppointmentDetails,
  payment?: { amount: string; reference: string },
): EmailContent {
  return composeEmail(`Your appointment at ${clinic.name} on ${details.date} has been cancelled`, [
    `Dear ${details.guardianName ?? details.patientName},`,
    `Your appointment (${details.service} on ${details.date} at ${details.time}) has been cancelled.`,
    payment
      ? `Your payment of ${payment.amount} (payment reference ${payment.reference}) has not been refunded with this cancellation. If you are due a refund or would like a new time, please call us on ${clinic.phone}.`
      : `If you would like a new appointment, you can book one on our website or call us on ${clinic.phone}.`,
    'The attached calendar update (appointment.ics) marks the appointment as cancelled in your calendar.',
    `Questions? Call ${clinic.phone} or reply to this e-mail.`,
    clinic.name,
  ]);
}
