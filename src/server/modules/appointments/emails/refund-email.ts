import { clinic } from '../../../../shared/clinic';
import { composeEmail, type EmailContent } from '../../email/email-template';
import type { BookingDetails } from './booking-details';

export type RefundReason = 'slot_taken' | 'clinic' | 'patient' | 'part' | 'after';

/**
 * The patient's refund confirmation. `reason` 'slot_taken': the payment arrived after the time had been
 * given to someone else, so it was refunded automatically; 'clinic': staff refunded the appointment; 'patient': the
 * patient cancelled it from their booking link; 'part': staff gave back an amount of the payment of an appointment
 * that still takes place; 'after': of one that took place, or was cancelled before. `details.amount` is what went
 * back.
 */
export function refundEmail(details: BookingDetails, reason: RefundReason): EmailContent {
  if (reason === 'part' || reason === 'after') return amountRefundedEmail(details, reason === 'part');
  const slotTaken = reason === 'slot_taken';
  return composeEmail(
    slotTaken
      ? `Your payment to ${clinic.name} has been refunded: the time was no longer free`
      : `Your appointment at ${clinic.name} has been cancelled and refunded`,
    [
      `Dear ${details.guardianName ?? details.patientName},`,
      slotTaken
        ? `We are sorry: your payment for ${details.service} on ${details.date} at ${details.time} arrived after that time had been booked by someone else, so no appointment was made.`
        : reason === 'patient'
          ? `As you asked, your appointment (${details.service} on ${details.date} at ${details.time}) has been cancelled.`
          : `Your appointment (${details.service} on ${details.date} at ${details.time}) has been cancelled.`,
      `We have refunded ${details.amount} to your card (payment reference ${details.paymentReference}). Banks usually show a refund within 5 to 10 working days.`,
      slotTaken
        ? 'Please choose another time on our website, or call us and we will find one with you.'
        : 'If you would like a new appointment, you can book one on our website.',
      `Questions? Call ${clinic.phone} or reply to this e-mail.`,
      clinic.name,
    ],
  );
}

/** An amount of the payment given back, the appointment left as it is (`stands`: it still takes place). */
function amountRefundedEmail(details: BookingDetails, stands: boolean): EmailContent {
  return composeEmail(`${clinic.name} has refunded ${details.amount} to your card`, [
    `Dear ${details.guardianName ?? details.patientName},`,
    `We have refunded ${details.amount} of your payment for ${details.service} on ${details.date} at ${details.time} to your card (payment reference ${details.paymentReference}). Banks usually show a refund within 5 to 10 working days.`,
    ...(stands ? ['Your appointment itself is unchanged.'] : []),
    `Questions? Call ${clinic.phone} or reply to this e-mail.`,
    clinic.name,
  ]);
}
