import { clinic } from '../../../../shared/clinic';
import { composeEmail, type EmailContent } from '../../email/email-template';
import type { AppointmentDetails } from './booking-details';

/** Money the clinic still holds of a cancelled appointment, as its patient is told of it. */
export type KeptMoney =
  /** Paid online: the payment is kept, named by its amount and the card provider's reference. */
  | { online: { amount: string; reference: string } }
  /** Paid at the clinic (cash, the card terminal): what is held, and how it was paid ('in cash'). */
  | { atClinic: { amount: string; how: string } };

/**
 * The patient is told their appointment was cancelled: by the clinic, or as they asked from their booking link
 * (`byPatient`); the cancelled .ics is attached by the caller. `kept`: money the clinic still holds of it. Paid online
 * and cancelled by the clinic, the payment is kept (a refund is staff's other path, with its own e-mail). Paid at the
 * clinic, no card can be refunded online: a patient who cancelled in time is told the clinic will give it back (the
 * clinic is told to), one the clinic cancelled that the money was not given back with it.
 */
export function appointmentCancelledEmail(
  details: AppointmentDetails,
  options: { byPatient?: boolean; kept?: KeptMoney } = {},
): EmailContent {
  const { byPatient = false, kept } = options;
  const appointment = `${details.service} on ${details.date} at ${details.time}`;
  return composeEmail(`Your appointment at ${clinic.name} on ${details.date} has been cancelled`, [
    `Dear ${details.guardianName ?? details.patientName},`,
    byPatient
      ? `As you asked, your appointment (${appointment}) has been cancelled.`
      : `Your appointment (${appointment}) has been cancelled.`,
    ...keptMoneyLines(kept, byPatient),
    'The attached calendar update (appointment.ics) marks the appointment as cancelled in your calendar.',
    `Questions? Call ${clinic.phone} or reply to this e-mail.`,
    clinic.name,
  ]);
}

function keptMoneyLines(kept: KeptMoney | undefined, byPatient: boolean): string[] {
  const newTime = `If you would like a new appointment, you can book one on our website or call us on ${clinic.phone}.`;
  if (!kept) return [newTime];
  if ('online' in kept) {
    return [
      `Your payment of ${kept.online.amount} (payment reference ${kept.online.reference}) has not been refunded with this cancellation. If you are due a refund or would like a new time, please call us on ${clinic.phone}.`,
    ];
  }
  const { amount, how } = kept.atClinic;
  if (byPatient) {
    return [
      `You paid ${amount} at the clinic ${how}. We cannot refund that online, so the clinic will contact you to give it back to you. You do not need to do anything.`,
      newTime,
    ];
  }
  return [
    `The ${amount} you paid at the clinic ${how} has not been given back with this cancellation. If you are due a refund or would like a new time, please call us on ${clinic.phone}.`,
  ];
}
