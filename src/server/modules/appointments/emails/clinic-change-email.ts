import { composeEmail, type EmailContent } from '../../email/email-template';
import type { AppointmentDetails } from './booking-details';

/** What a patient did to their appointment online, for the clinic's notice. */
export type PatientChange =
  | {
      kind: 'cancelled';
      /** Given back to their card. */
      refunded?: string;
      /** Paid at the clinic and still held: the clinic gives it back (amount, and how it was paid: 'cash'). */
      heldAtClinic?: { amount: string; methods: string };
    }
  | {
      kind: 'moved';
      previous: Pick<AppointmentDetails, 'date' | 'time'> & Partial<Pick<AppointmentDetails, 'where'>>;
    };

/**
 * The clinic's notice that a patient cancelled or moved their appointment from their booking link; cancelled with
 * money paid at the clinic still held, what to give back, and the link to refund it.
 */
export function clinicChangeEmail(
  details: AppointmentDetails,
  change: PatientChange,
  publicUrl: string,
): EmailContent {
  const moved = change.kind === 'moved';
  const held = change.kind === 'cancelled' ? change.heldAtClinic : undefined;
  return composeEmail(
    `${moved ? 'Moved' : 'Cancelled'} online by the patient${held ? `, ${held.amount} to give back` : ''}: ${details.service}, ${details.date} ${details.time}`,
    [
      moved
        ? 'A patient moved their appointment from their booking link. The earlier time is free again.'
        : 'A patient cancelled their appointment from their booking link. The time is free again.',
      ...(held
        ? [
            `They paid ${held.amount} at the clinic (${held.methods}), which cannot be refunded online. They cancelled in time, so it is due back to them: please contact them to give it back, and record the refund on the appointment's screen.`,
          ]
        : []),
      {
        facts: [
          ['Patient', details.patientName],
          ...(details.guardianName ? ([['Parent or guardian', details.guardianName]] as const) : []),
          ['Appointment', details.service],
          [moved ? 'New date' : 'Date', `${details.date}, ${details.time}`],
          ...(moved
            ? ([
                [
                  'Was',
                  `${change.previous.date}, ${change.previous.time}${change.previous.where && change.previous.where !== details.where ? `, ${change.previous.where}` : ''}`,
                ],
              ] as const)
            : []),
          ['Where', details.where],
          ...(!moved && change.refunded ? ([['Refunded', change.refunded]] as const) : []),
          ...(held ? ([['To give back', `${held.amount} (${held.methods})`]] as const) : []),
        ],
      },
      held
        ? {
            text: 'Refund it on the appointment',
            link: `${publicUrl}/admin/appointment/edit?id=${details.appointmentId}`,
          }
        : { text: 'Open it in the back office', link: `${publicUrl}/admin/patients/${details.patientId}` },
    ],
  );
}

/** What a flag lets the patient do about the notice, as the clinic's e-mail says it. */
export type FlagFreeMove = 'available' | 'used' | 'not_needed';

const flagFreeMoveTexts: Record<FlagFreeMove, string> = {
  available: 'They may move it once, free of the 48-hour notice, or keep it.',
  used: 'They have already used their one free move, so any further change is made by phone.',
  not_needed: 'It is more than 48 hours away, so they may still move or cancel it online as usual.',
};

/**
 * The clinic's notice that a patient flagged their appointment from their booking link (they could not stop their
 * antihistamines, or are unwell): the reason in the body, never in the subject; their own words are read in the
 * back office only.
 */
export function clinicFlagEmail(
  details: AppointmentDetails,
  reason: string,
  freeMove: FlagFreeMove,
  publicUrl: string,
): EmailContent {
  return composeEmail(`A patient sent a note about their appointment: ${details.date} ${details.time}`, [
    `A patient told us from their booking link that their appointment may need a change. ${flagFreeMoveTexts[freeMove]}`,
    {
      facts: [
        ['Patient', details.patientName],
        ...(details.guardianName ? ([['Parent or guardian', details.guardianName]] as const) : []),
        ['Appointment', details.service],
        ['Date', `${details.date}, ${details.time}`],
        ['Note', reason],
      ],
    },
    {
      text: 'Open it in the back office',
      link: `${publicUrl}/admin/appointment/edit?id=${details.appointmentId}`,
    },
  ]);
}
