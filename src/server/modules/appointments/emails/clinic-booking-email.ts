import { composeEmail, type EmailContent } from '../../email/email-template';
import type { BookingDetails } from './booking-details';

/** The clinic's notice of a new paid booking, with a link to it in the back office. */
export function clinicBookingEmail(details: BookingDetails, publicUrl: string): EmailContent {
  return composeEmail(`New paid booking: ${details.service}, ${details.date} ${details.time}`, [
    'A new appointment has been booked and paid on the website.',
    {
      facts: [
        ['Patient', details.patientName],
        ...(details.guardianName ? ([['Parent or guardian', details.guardianName]] as const) : []),
        ['Appointment', details.service],
        ['Date', `${details.date}, ${details.time}`],
        ['Where', details.where],
        ['Paid', `${details.amount} on ${details.paidAtText} (reference ${details.paymentReference})`],
      ],
    },
    { text: 'Open it in the back office', link: `${publicUrl}/admin/patients/${details.patientId}` },
  ]);
}
