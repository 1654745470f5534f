import type { AppConfig } from '../../../config';
import type { Patient, Payment, Slot } from '../../../db/schema';
import type { QueuedEmail } from '../../email/outbox-repository';
import { bookingConfirmationEmail } from './booking-confirmation-email';
import { bookingDetails } from './booking-details';
import { calendarInvite } from './calendar-invite';
import { clinicBookingEmail } from './clinic-booking-email';
import { receiptPdf } from './receipt-pdf';
import { refundEmail } from './refund-email';

/** An appointment with what its e-mails tell of it. */
export interface AppointmentForEmail {
  appointment: { id: number };
  patient: Patient | null;
  slot: Slot | null;
}

type PaidPayment = Pick<Payment, 'amountCents' | 'providerPaymentId' | 'paidAt'>;

/**
 * The e-mails of a paid booking: the patient's confirmation with the .ics invite and the PDF receipt (made here,
 * before the transaction that queues them opens), and the clinic's notice.
 */
export async function paidBookingEmails(
  { appointment, patient, slot }: AppointmentForEmail,
  payment: PaidPayment,
  settings: Pick<AppConfig, 'publicUrl' | 'clinicEmail'>,
): Promise<QueuedEmail[]> {
  if (!patient || !slot) return [];
  const details = bookingDetails(appointment.id, patient, slot, payment);
  const clinicNotice = { to: settings.clinicEmail, ...clinicBookingEmail(details, settings.publicUrl) };
  if (!patient.email) return [clinicNotice];
  const [invite, receipt] = await Promise.all([calendarInvite(details), receiptPdf(details)]);
  return [
    { to: patient.email, ...bookingConfirmationEmail(details), attachments: [invite, receipt] },
    clinicNotice,
  ];
}

/** The patient's refund e-mail, if there is still a patient with an e-mail to tell. */
export function refundEmailOf(
  { appointment, patient, slot }: AppointmentForEmail,
  payment: PaidPayment,
  reason: 'slot_taken' | 'clinic',
): QueuedEmail | undefined {
  if (!patient?.email || !slot) return undefined;
  return {
    to: patient.email,
    ...refundEmail(bookingDetails(appointment.id, patient, slot, payment), reason),
  };
}
