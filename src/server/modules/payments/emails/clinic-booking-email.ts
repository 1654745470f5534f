import { escapeHtml } from '../../email/html';
import type { BookingDetails } from './booking-details';
import { oneLine } from './booking-details';

/** The clinic's notice of a new paid booking, with a link to it in the back office. */
export function clinicBookingEmail(details: BookingDetails, publicUrl: string) {
  const link = `${publicUrl}/admin/patients/${details.patientId}`;
  const subject = `New paid booking: ${details.service}, ${details.date} ${details.time}`;
  const facts: [string, string][] = [
    ['Patient', details.patientName],
    ...(details.guardianName ? ([['Parent or guardian', details.guardianName]] as [string, string][]) : []),
    ['Appointment', details.service],
    ['Date', `${details.date}, ${details.time}`],
    ['Where', details.where],
    ['Paid', `${details.amount} on ${details.paidAtText} (reference ${details.paymentReference})`],
  ];
  const text = [
    'A new appointment has been booked and paid on the website.',
    '',
    ...facts.map(([label, value]) => `${label}: ${oneLine(value)}`),
    '',
    `Open it in the back office: ${link}`,
  ].join('\n');
  const html = [
    '<p>A new appointment has been booked and paid on the website.</p>',
    '<table>',
    ...facts.map(
      ([label, value]) =>
        `<tr><th align="left">${escapeHtml(label)}</th><td>${escapeHtml(oneLine(value))}</td></tr>`,
    ),
    '</table>',
    `<p><a href="${escapeHtml(link)}">Open it in the back office</a></p>`,
  ].join('\n');
  return { subject, text, html };
}
