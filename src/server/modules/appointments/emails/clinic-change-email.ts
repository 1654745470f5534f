import { composeEmail, type EmailContent } from '../../email/email-template';
import type { AppointmentDetails } from './booking-details';

/** What a patient did to their appointment online, for the clinic's notice. */
export type PatientChange =
  | { kind: 'cancelled'; refunded?: string }
  | {
      kind: 'moved';
      previous: Pick<AppointmentDetails, 'date' | 'time'> & Partial<Pick<AppointmentDetails, 'where'>>;
    };

/** The clinic's notice that a patient cancelled or moved their appointment from their booking link. */
export function clinicChangeEmail(
  details: AppointmentDetails,
  change: PatientChange,
  publicUrl: string,
): EmailContent {
  const moved = change.kind === 'moved';
  return composeEmail(
    `${moved ? 'Moved' : 'Cancelled'} online by the patient: ${details.service}, ${details.date} ${details.time}`,
    [
      moved
        ? 'A patient moved their appointment from their booking link. The earlier time is free again.'
        : 'A patient cancelled their appointment from their booking link. The time is free again.',
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
        ],
      },
      { text: 'Open it in the back office', link: `${publicUrl}/admin/patients/${details.patientId}` },
    ],
  );
}
