import { clinic } from '../../../../shared/clinic';
import { escapeHtml, paragraphs } from '../../email/html';
import type { BookingDetails } from './booking-details';
import { oneLine } from './booking-details';

/** The preparation rules for a skin prick test (spec 2.3 Terms and conditions, section 9). */
export const PREPARATION_RULES = [
  'Stop taking antihistamine tablets or syrups 5 days before the test.',
  'Stop nasal antihistamine sprays 3 days before the test.',
  'Arrive 15 minutes early: the skin prick reaction is read after 15 minutes.',
  'If you cannot come, please tell us at least 48 hours before the appointment.',
] as const;

export const VIDEO_RULES = [
  'Join from a quiet place with a good internet connection a few minutes before the time.',
  'If you cannot attend, please tell us at least 48 hours before the appointment.',
] as const;

/** The patient's booking confirmation, with the .ics invite and the PDF receipt attached by the caller. */
export function bookingConfirmationEmail(details: BookingDetails) {
  const subject = `Your appointment at ${clinic.name} on ${details.date} is booked`;
  const facts: [string, string][] = [
    ['Patient', details.patientName],
    ['Appointment', details.service],
    ['Date', `${details.date}, ${details.time} (Dublin time)`],
    [details.isVideoCall ? 'How' : 'Where', details.where],
    ['Paid', `${details.amount} (payment reference ${details.paymentReference})`],
  ];
  const rules = details.isVideoCall ? VIDEO_RULES : PREPARATION_RULES;
  const greeting = `Dear ${oneLine(details.guardianName ?? details.patientName)},`;
  const text = [
    greeting,
    '',
    'Thank you: your appointment is booked and paid.',
    '',
    ...facts.map(([label, value]) => `${label}: ${oneLine(value)}`),
    '',
    details.isVideoCall ? 'Before the video consultation:' : 'How to prepare for the allergy test:',
    ...rules.map((rule) => `- ${rule}`),
    '',
    'The calendar invite (appointment.ics) and your receipt (PDF) are attached.',
    `Questions? Call ${clinic.phone} or reply to this e-mail.`,
    '',
    clinic.name,
  ].join('\n');
  const html = [
    `<p>${escapeHtml(greeting)}</p>`,
    '<p>Thank you: your appointment is booked and paid.</p>',
    '<table>',
    ...facts.map(
      ([label, value]) =>
        `<tr><th align="left">${escapeHtml(label)}</th><td>${escapeHtml(oneLine(value))}</td></tr>`,
    ),
    '</table>',
    `<p><strong>${details.isVideoCall ? 'Before the video consultation:' : 'How to prepare for the allergy test:'}</strong></p>`,
    `<ul>${rules.map((rule) => `<li>${escapeHtml(rule)}</li>`).join('')}</ul>`,
    paragraphs([
      'The calendar invite (appointment.ics) and your receipt (PDF) are attached.',
      `Questions? Call ${clinic.phone} or reply to this e-mail.`,
      clinic.name,
    ]),
  ].join('\n');
  return { subject, text, html };
}
