import { antihistamineTexts } from '../../../../shared/antihistamines';
import { clinic } from '../../../../shared/clinic';
import { intakeTexts, intakeUrlOfManageUrl } from '../../../../shared/intake';
import { CANCELLATION_NOTICE_HOURS } from '../../../../shared/manage-booking';
import { composeEmail, type EmailBlock, type EmailContent } from '../../email/email-template';
import type { AppointmentDetails, BookingDetails } from './booking-details';

/** The preparation rules for a skin prick test (spec 2.3 Terms and conditions, section 9). */
const PREPARATION_RULES = [
  'Stop taking antihistamine tablets or syrups 5 days before the test.',
  'Stop nasal antihistamine sprays 3 days before the test.',
  'Arrive 15 minutes early: the skin prick reaction is read after 15 minutes.',
  `If you cannot come, please tell us at least ${CANCELLATION_NOTICE_HOURS} hours before the appointment.`,
] as const;

/**
 * How to prepare for the test: the patient's own stop days when they told us what they take, else the general
 * rules.
 */
export function preparationItems(details: Pick<AppointmentDetails, 'stops'>): readonly string[] {
  const stops = details.stops;
  if (!stops?.answered) return PREPARATION_RULES;
  return [
    ...(stops.days.length === 0
      ? [antihistamineTexts.nothingToStop]
      : stops.days.map((stop) =>
          stop.late ? `${stop.text}.` : `${stop.text} (${stop.daysBefore} days before the test).`,
        )),
    ...(stops.asksPharmacist ? [antihistamineTexts.askPharmacist] : []),
    ...PREPARATION_RULES.slice(2),
  ];
}

export const VIDEO_RULES = [
  'Join from a quiet place with a good internet connection a few minutes before the time.',
  `If you cannot attend, please tell us at least ${CANCELLATION_NOTICE_HOURS} hours before the appointment.`,
] as const;

/** The link to the patient's booking page, in the e-mails that carry it (none when the patient has no link). */
export const manageLinkBlocks = (
  details: Pick<AppointmentDetails, 'manageUrl' | 'isVideoCall'>,
): EmailBlock[] =>
  details.manageUrl
    ? [
        {
          text: `See your appointment, or cancel or move it up to ${CANCELLATION_NOTICE_HOURS} hours before it starts`,
          link: details.manageUrl,
        },
        // The same link's token opens an allergy test's form (behind the patient's date of birth).
        ...(details.isVideoCall
          ? []
          : [{ text: intakeTexts.linkText, link: intakeUrlOfManageUrl(details.manageUrl) }]),
      ]
    : [];

/** The patient's booking confirmation, with the .ics invite and the PDF receipt attached by the caller. */
export function bookingConfirmationEmail(details: BookingDetails): EmailContent {
  return composeEmail(`Your appointment at ${clinic.name} on ${details.date} is booked`, [
    `Dear ${details.guardianName ?? details.patientName},`,
    'Thank you: your appointment is booked and paid.',
    {
      facts: [
        ['Patient', details.patientName],
        ['Appointment', details.service],
        ['Date', `${details.date}, ${details.time} (Dublin time)`],
        [details.isVideoCall ? 'How' : 'Where', details.where],
        ['Paid', `${details.amount} (payment reference ${details.paymentReference})`],
      ],
    },
    details.isVideoCall
      ? { title: 'Before the video consultation:', items: VIDEO_RULES }
      : { title: 'How to prepare for the allergy test:', items: preparationItems(details) },
    ...manageLinkBlocks(details),
    'The calendar invite (appointment.ics) and your receipt (PDF) are attached.',
    `Questions? Call ${clinic.phone} or reply to this e-mail.`,
    clinic.name,
  ]);
}
