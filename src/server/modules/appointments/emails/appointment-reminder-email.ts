import { antihistamineTexts, stopDayWords } from '../../../../shared/antihistamines';
import { clinic } from '../../../../shared/clinic';
import type { AppointmentReminderKind } from '../../../db/schema';
import { composeEmail, type EmailBlock, type EmailContent } from '../../email/email-template';
import { clinicLongDate, clinicWallClock } from '../../slots/clinic-time';
import { VIDEO_RULES } from './booking-confirmation-email';
import type { AppointmentDetails } from './booking-details';

/** How many days before an allergy test the patient stops antihistamines (the reminders' rules). */
export interface AntihistamineStops {
  /** Tablets and syrups. */
  tablets: number;
  /** Nasal sprays. */
  sprays: number;
}

/** The links the 2-day reminder carries: the booking page's way out (allergy tests), the join link (video). */
export interface ReminderLinks {
  wayOut?: string;
  joinLink?: string;
}

/** What a reminder says of the appointment: its details, and its days written out in clinic time. */
export interface ReminderDetails extends AppointmentDetails {
  /** The appointment's clinic day, e.g. 'Thursday 25 March 2027'. */
  day: string;
  /** HH:mm, clinic time. */
  startTime: string;
  /** The clinic days antihistamine tablets and syrups, and nasal sprays, are stopped from. */
  stopTabletsFrom: string;
  stopSpraysFrom: string;
  leads: AntihistamineStops;
  /** The booking page's section for a patient who could not stop, or is unwell (`/booking/{reference}#way-out`). */
  wayOutUrl?: string;
}

export function reminderDetails(details: AppointmentDetails, leads: AntihistamineStops): ReminderDetails {
  return {
    ...details,
    day: clinicLongDate(details.startsAt),
    startTime: clinicWallClock(details.startsAt).time,
    stopTabletsFrom: clinicLongDate(details.startsAt, -leads.tablets),
    stopSpraysFrom: clinicLongDate(details.startsAt, -leads.sprays),
    leads,
  };
}

/** The link for a patient who could not stop their antihistamines, or is unwell. */
const wayOutBlocks = (details: ReminderDetails): EmailBlock[] =>
  details.wayOutUrl
    ? [
        {
          text: 'Could not stop your antihistamines, or unwell or wheezy? Tell us here',
          link: details.wayOutUrl,
        },
      ]
    : [];

/**
 * The stop-day reminder of a patient who told us what they take: what to stop today (the medicines stopped
 * `daysBefore` days before), and what later. The subject names no medicine.
 */
function stopToday(details: ReminderDetails, daysBefore: number): ReminderParts {
  const days = details.stops?.days ?? [];
  const today = days.filter((stop) => stop.daysBefore === daysBefore);
  const later = days.filter((stop) => stop.daysBefore < daysBefore);
  return {
    subject: `Reminder: your allergy test on ${details.day}: how to prepare from today`,
    before: [
      `Your allergy test is on ${details.day} at ${details.startTime} (Dublin time).`,
      {
        title: 'From today, please:',
        items: [
          ...today.map((stop) => (stop.late ? `${stop.text}.` : `${stop.text} (today).`)),
          ...later.map((stop) => `${stop.text}; we will remind you then.`),
        ],
      },
      'Antihistamines stop the skin from reacting, and the test would not show your allergies.',
      ...(details.stops?.asksPharmacist ? [antihistamineTexts.askPharmacist] : []),
      ...wayOutBlocks(details),
    ],
    after: [CANCELLATION_RULE],
  };
}

const CANCELLATION_RULE = `Our cancellation policy asks for at least 48 hours' notice. If you cannot come, please tell us as soon as you can: call ${clinic.phone} or e-mail ${clinic.email}.`;

const dayPlural = (days: number) => `${days} ${days === 1 ? 'day' : 'days'}`;

function facts(details: ReminderDetails): EmailBlock {
  return {
    facts: [
      ['Patient', details.patientName],
      ['Appointment', details.service],
      ['Date', `${details.day}, ${details.time} (Dublin time)`],
      [details.isVideoCall ? 'How' : 'Where', details.where],
    ],
  };
}

/** The e-mail's own part: its subject and what it says before the appointment's facts, and after. */
interface ReminderParts {
  subject: string;
  before: EmailBlock[];
  after: EmailBlock[];
}

function stopAntihistamines(details: ReminderDetails): ReminderParts {
  if (details.stops?.answered) return stopToday(details, details.leads.tablets);
  return {
    subject: `Reminder: your allergy test on ${details.day}: stop antihistamines from ${details.stopTabletsFrom}`,
    before: [
      `Your allergy test is on ${details.day} at ${details.startTime} (Dublin time).`,
      `Please stop taking antihistamine tablets and syrups from ${details.stopTabletsFrom}, ${dayPlural(details.leads.tablets)} before the test: antihistamines stop the skin from reacting, and the test would not show your allergies.`,
      `Nasal antihistamine sprays are stopped later, from ${details.stopSpraysFrom} (${dayPlural(details.leads.sprays)} before the test); we will remind you then.`,
    ],
    after: [CANCELLATION_RULE],
  };
}

function stopNasalAntihistamines(details: ReminderDetails): ReminderParts {
  if (details.stops?.answered) return stopToday(details, details.leads.sprays);
  return {
    subject: `Reminder: your allergy test on ${details.day}: stop nasal antihistamine sprays from ${details.stopSpraysFrom}`,
    before: [
      `Your allergy test is on ${details.day} at ${details.startTime} (Dublin time).`,
      `Please stop using nasal antihistamine sprays from ${details.stopSpraysFrom}, ${dayPlural(details.leads.sprays)} before the test. Antihistamine tablets and syrups stay stopped from ${details.stopTabletsFrom} until the test.`,
    ],
    after: [CANCELLATION_RULE],
  };
}

function twoDaysBefore(details: ReminderDetails, links: ReminderLinks): ReminderParts {
  if (details.isVideoCall) {
    return {
      subject: `Reminder: your video consultation on ${details.day} at ${details.startTime}`,
      before: [
        `A reminder of your video consultation on ${details.day} at ${details.startTime} (Dublin time).`,
        ...(links.joinLink
          ? [
              'At the time of your consultation, join it from this link:',
              { text: 'Join the video consultation', link: links.joinLink },
            ]
          : ['We will e-mail you the link to join before your consultation.']),
      ],
      after: [{ title: 'Before the video consultation:', items: [VIDEO_RULES[0]] }, CANCELLATION_RULE],
    };
  }
  return {
    subject: `Reminder: your allergy test on ${details.day} at ${details.startTime}`,
    before: [`A reminder of your allergy test on ${details.day} at ${details.startTime} (Dublin time).`],
    after: [
      {
        title: 'Before you come:',
        items: [
          'Please arrive 15 minutes early: the skin prick reaction is read after 15 minutes.',
          ...(details.stops?.answered
            ? details.stops.days.map(
                (stop) =>
                  `Keep ${stop.what} stopped until the test (stopped from ${stopDayWords(stop.day)}).`,
              )
            : [
                `Take no antihistamines before the test: tablets and syrups are stopped from ${details.stopTabletsFrom}, nasal sprays from ${details.stopSpraysFrom}.`,
              ]),
        ],
      },
      ...(links.wayOut
        ? [
            'Could you not stop your antihistamines, or are you unwell or wheezy? Tell us from your booking page: you can move your appointment once, free of charge, even inside the 48 hours, or keep it.',
            { text: 'I could not stop, or I am unwell', link: links.wayOut },
          ]
        : []),
      CANCELLATION_RULE,
    ],
  };
}

const parts: Record<
  AppointmentReminderKind,
  (details: ReminderDetails, links: ReminderLinks) => ReminderParts
> = {
  stop_antihistamines: stopAntihistamines,
  stop_nasal_antihistamines: stopNasalAntihistamines,
  two_days_before: twoDaysBefore,
};

/** The patient's reminder of `kind` before their appointment, its days written out in clinic time. */
export function appointmentReminderEmail(
  kind: AppointmentReminderKind,
  details: ReminderDetails,
  links: ReminderLinks = {},
): EmailContent {
  const { subject, before, after } = parts[kind](details, links);
  return composeEmail(subject, [
    `Dear ${details.guardianName ?? details.patientName},`,
    ...before,
    facts(details),
    ...after,
    `Questions? Call ${clinic.phone} or reply to this e-mail.`,
    clinic.name,
  ]);
}
