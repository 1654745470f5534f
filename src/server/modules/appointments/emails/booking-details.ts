import {
  type AntihistamineChoice,
  asksPharmacist,
  type StopDay,
  stopDays,
} from '../../../../shared/antihistamines';
import { clinic, formatAddress } from '../../../../shared/clinic';
import { formatEuro } from '../../../../shared/euro';
import type { Patient, Payment, Slot } from '../../../db/schema';
import { clinicDateTime, clinicWallClock } from '../../slots/clinic-time';

/** What every appointment e-mail says about the appointment, in clinic time. */
export interface AppointmentDetails {
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
  patientId: number;
  appointmentId: number;
  /** The patient's link to see, cancel or move the appointment (`/booking/{reference}#{token}`), when they have one. */
  manageUrl?: string;
  /**
   * An allergy test's days to stop antihistamines, earliest first (`withStops`): by what the patient said they
   * take, or every kind when not asked (`answered` false). None for a video consultation.
   */
  stops?: { days: StopDay[]; answered: boolean; asksPharmacist: boolean };
}

/** What the e-mails and receipt of a paid booking say: the appointment and its payment. */
export interface BookingDetails extends AppointmentDetails {
  amount: string;
  amountCents: number;
  paymentReference: string;
  paidAt: Date;
  /** DD/MM/YYYY HH:mm, clinic time. */
  paidAtText: string;
}

export const VIDEO_NOTE =
  'Video consultation: the clinic e-mails you the link to join before the appointment. No travel needed.';

export function serviceName(slot: Pick<Slot, 'isVideoCall' | 'isAdult'>): string {
  return `${slot.isVideoCall ? 'Video consultation' : 'Allergy test (skin prick test)'}, ${slot.isAdult ? 'adult' : 'child'}`;
}

/** The appointment's details for its e-mails, from its patient and slot. */
export function appointmentDetails(appointmentId: number, patient: Patient, slot: Slot): AppointmentDetails {
  const start = clinicWallClock(slot.startsAt);
  const location = slot.isVideoCall || !slot.location ? undefined : clinic.locations[slot.location];
  return {
    patientName: `${patient.firstName} ${patient.lastName}`,
    guardianName:
      patient.guardianFirstName && patient.guardianLastName
        ? `${patient.guardianFirstName} ${patient.guardianLastName}`
        : undefined,
    email: patient.email,
    service: serviceName(slot),
    date: start.data,
    time: `${start.time}–${clinicWallClock(slot.endsAt).time}`,
    startsAt: slot.startsAt,
    endsAt: slot.endsAt,
    isVideoCall: slot.isVideoCall,
    where: location ? formatAddress(location) : VIDEO_NOTE,
    patientId: patient.id,
    appointmentId,
  };
}

/** The appointment's details for its e-mails and receipt, from its patient, slot and paid payment. */
export function bookingDetails(
  appointmentId: number,
  patient: Patient,
  slot: Slot,
  payment: Pick<Payment, 'amountCents' | 'providerPaymentId' | 'paidAt'>,
): BookingDetails {
  const paidAt = payment.paidAt ?? new Date();
  return {
    ...appointmentDetails(appointmentId, patient, slot),
    amount: formatEuro(payment.amountCents / 100),
    amountCents: payment.amountCents,
    paymentReference: payment.providerPaymentId ?? '',
    paidAt,
    paidAtText: clinicDateTime(paidAt),
  };
}

/** The details with an allergy test's stop days, from the antihistamines its patient said they take (null: not asked). */
export function withStops<T extends AppointmentDetails>(
  details: T,
  antihistamines: readonly AntihistamineChoice[] | null | undefined,
): T {
  if (details.isVideoCall) return details;
  const taken = antihistamines ?? null;
  return {
    ...details,
    stops: {
      days: stopDays(clinicWallClock(details.startsAt).isoDay, taken, clinicWallClock(new Date()).isoDay),
      answered: taken !== null,
      asksPharmacist: asksPharmacist(taken),
    },
  };
}
