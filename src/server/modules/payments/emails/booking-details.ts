import { clinic, formatAddress } from '../../../../shared/clinic';
import { formatEuro } from '../../../../shared/euro';
import type { Patient, Session, Transaction } from '../../../db/schema';
import { clinicWallClock } from '../../slots/clinic-time';

/** What every booking e-mail says about the appointment, in clinic time. */
export interface BookingDetails {
  patientName: string;
  /** The parent or guardian who booked for a child. */
  guardianName?: string;
  email: string | null;
  service: string;
  /** DD/MM/YYYY */
  date: string;
  /** HH:mm–HH:mm */
  time: string;
  startsAt: Date;
  endsAt: Date;
  isVideoCall: boolean;
  /** The full address, or the video note. */
  where: string;
  amount: string;
  amountCents: number;
  paymentReference: string;
  paidAt: Date;
  /** DD/MM/YYYY HH:mm, clinic time. */
  paidAtText: string;
  patientId: number;
  transactionRowId: number;
}

export const VIDEO_NOTE =
  'Video consultation: the clinic e-mails you the link to join before the appointment. No travel needed.';

export function serviceName(session: Pick<Session, 'isVideoCall' | 'isAdult'>): string {
  return `${session.isVideoCall ? 'Video consultation' : 'Allergy test (skin prick test)'}, ${session.isAdult ? 'adult' : 'child'}`;
}

export function bookingDetails(
  patient: Patient,
  session: Session,
  transaction: Pick<Transaction, 'id' | 'amountCents'>,
  paymentReference: string,
  paidAt: Date,
): BookingDetails {
  const start = clinicWallClock(session.startsAt);
  const paid = clinicWallClock(paidAt);
  const location = session.isVideoCall || !session.location ? undefined : clinic.locations[session.location];
  const amountCents = transaction.amountCents ?? 0;
  return {
    patientName: `${patient.firstName} ${patient.lastName}`,
    guardianName:
      patient.guardianFirstName && patient.guardianLastName
        ? `${patient.guardianFirstName} ${patient.guardianLastName}`
        : undefined,
    email: patient.email,
    service: serviceName(session),
    date: start.data,
    time: `${start.time}–${clinicWallClock(session.endsAt).time}`,
    startsAt: session.startsAt,
    endsAt: session.endsAt,
    isVideoCall: session.isVideoCall,
    where: location ? formatAddress(location) : VIDEO_NOTE,
    amount: formatEuro(amountCents / 100),
    amountCents,
    paymentReference,
    paidAt,
    paidAtText: `${paid.data} ${paid.time}`,
    patientId: patient.id,
    transactionRowId: transaction.id,
  };
}

/** Single-line text for e-mail bodies: control characters (CR/LF) become spaces. */
export const oneLine = (value: string) => value.replace(/\p{Cc}+/gu, ' ').trim();
