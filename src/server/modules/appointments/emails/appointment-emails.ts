import type { AntihistamineChoice } from '../../../../shared/antihistamines';
import { formatEuro } from '../../../../shared/euro';
import type { DeskPaymentMethod } from '../../../../shared/payment-states';
import type { AppConfig } from '../../../config';
import type { Db } from '../../../db/database';
import type { Appointment, AppointmentReminderKind, Patient, Payment, Slot } from '../../../db/schema';
import { composeEmail } from '../../email/email-template';
import type { QueuedEmail } from '../../email/outbox-repository';
import { receiptDetailsOf } from '../receipt-service';
import { appointmentCancelledEmail, type KeptMoney } from './appointment-cancelled-email';
import { appointmentMovedEmail } from './appointment-moved-email';
import {
  type AntihistamineStops,
  appointmentReminderEmail,
  type ReminderLinks,
  reminderDetails,
} from './appointment-reminder-email';
import { bookingConfirmationEmail } from './booking-confirmation-email';
import { appointmentDetails, bookingDetails, withStops } from './booking-details';
import { calendarInvite } from './calendar-invite';
import { clinicBookingEmail } from './clinic-booking-email';
import {
  clinicChangeEmail,
  clinicFlagEmail,
  type FlagFreeMove,
  type PatientChange,
} from './clinic-change-email';
import { receiptAttachment } from './receipt-pdf';
import { type RefundReason, refundEmail } from './refund-email';
import { staffBookingEmail } from './staff-booking-email';

/** An appointment with what its e-mails tell of it. */
export interface AppointmentForEmail {
  appointment: { id: number; antihistamines?: AntihistamineChoice[] | null; reference?: string | null };
  patient: Patient | null;
  slot: Slot | null;
}

/** An appointment whose e-mail carries its calendar invite, in the version (`calendarSequence`) it has now. */
export interface InvitedAppointment extends AppointmentForEmail {
  appointment: { id: number; calendarSequence: number; antihistamines?: AntihistamineChoice[] | null };
}

/** A paid appointment, with what its receipt reads of it: its price (the fee) and state. */
type PaidAppointment = AppointmentForEmail & {
  appointment: Pick<Appointment, 'id' | 'priceCents' | 'status' | 'antihistamines'>;
};

type PaidPayment = Pick<Payment, 'amountCents' | 'providerPaymentId' | 'paidAt' | 'method'>;

/** The e-mails of a paid booking, once its receipt has its number (`tx`: the paying transaction). */
export type PaidEmails = (tx: Db, receiptNumber: string) => Promise<QueuedEmail[]>;

/**
 * The e-mails of a paid booking: the patient's confirmation with the .ics invite and the PDF receipt, and the
 * clinic's notice. Everything but the receipt is made here, before the transaction that queues them opens; the
 * receipt is made in it, once the payment has its receipt number.
 */
export async function paidAppointmentEmails(
  { appointment, patient, slot }: PaidAppointment,
  payment: PaidPayment,
  settings: Pick<AppConfig, 'publicUrl' | 'clinicEmail'>,
  manageUrl: string | undefined,
): Promise<PaidEmails> {
  if (!patient || !slot) return async () => [];
  const details = withStops(
    { ...bookingDetails(appointment.id, patient, slot, payment), manageUrl },
    appointment.antihistamines,
  );
  const clinicNotice = {
    to: settings.clinicEmail,
    ...clinicBookingEmail(details, settings.publicUrl),
    appointmentId: appointment.id,
  };
  const email = patient.email;
  if (!email) return async () => [clinicNotice];
  const invite = await calendarInvite(details);
  return async (tx, receiptNumber) => {
    // Paid now, in full, nothing given back yet.
    const amounts = { paidCents: payment.amountCents, refundedCents: 0, keptCents: payment.amountCents };
    const payments = [{ ...payment, refundedCents: 0, status: 'succeeded' as const }];
    const receipt = await receiptAttachment({
      ...(await receiptDetailsOf(tx, appointment, patient, slot, receiptNumber, { amounts, payments })),
      manageUrl,
    });
    return [
      {
        to: email,
        ...bookingConfirmationEmail(details),
        attachments: [invite, receipt],
        appointmentId: appointment.id,
      },
      clinicNotice,
    ];
  };
}

/**
 * The patient's refund e-mail, if there is still a patient with an e-mail to tell; with `cancelledInvite` (the
 * appointment's invite version once cancelled), the calendar update that removes the event.
 */
export async function refundEmailOf(
  { appointment, patient, slot }: AppointmentForEmail,
  payment: PaidPayment,
  reason: RefundReason,
  cancelledInvite?: { sequence: number },
): Promise<QueuedEmail | undefined> {
  if (!patient?.email || !slot) return undefined;
  const details = withStops(
    bookingDetails(appointment.id, patient, slot, payment),
    appointment.antihistamines,
  );
  return {
    to: patient.email,
    ...refundEmail(details, reason),
    ...(cancelledInvite
      ? { attachments: [await calendarInvite(details, { ...cancelledInvite, cancelled: true })] }
      : {}),
    appointmentId: appointment.id,
  };
}

/**
 * The clinic's notice of what a patient did to their appointment from their booking link: cancelled it (`refunded`:
 * the amount given back to their card; `heldAtClinic`: cents they paid at the clinic, still held, to give back), or
 * moved it from `previous`.
 */
export function clinicChangeEmailOf(
  { appointment, patient, slot }: AppointmentForEmail,
  change:
    | {
        kind: 'cancelled';
        refunded?: string;
        heldAtClinic?: { cents: number; methods: readonly DeskPaymentMethod[] };
      }
    | { kind: 'moved'; previous: Slot | null },
  settings: Pick<AppConfig, 'publicUrl' | 'clinicEmail'>,
): QueuedEmail | undefined {
  if (!patient || !slot) return undefined;
  const details: PatientChange =
    change.kind === 'moved'
      ? {
          kind: 'moved',
          previous: change.previous
            ? appointmentDetails(appointment.id, patient, change.previous)
            : { date: '-', time: '-' },
        }
      : {
          kind: 'cancelled',
          refunded: change.refunded,
          heldAtClinic: change.heldAtClinic && {
            amount: formatEuro(change.heldAtClinic.cents / 100),
            methods: change.heldAtClinic.methods.map((method) => deskMethodWords[method]).join(' and '),
          },
        };
  return {
    to: settings.clinicEmail,
    ...clinicChangeEmail(appointmentDetails(appointment.id, patient, slot), details, settings.publicUrl),
    appointmentId: appointment.id,
  };
}

/** How staff name a desk payment's method. */
const deskMethodWords: Record<DeskPaymentMethod, string> = { cash: 'cash', card_terminal: 'card terminal' };

/** The patient's confirmation of a booking staff made for them, with its .ics invite; none without an e-mail. */
export async function staffBookingEmailOf(
  { appointment, patient, slot }: InvitedAppointment,
  manageUrl: string | undefined,
): Promise<QueuedEmail | undefined> {
  if (!patient?.email || !slot) return undefined;
  const details = withStops(
    { ...appointmentDetails(appointment.id, patient, slot), manageUrl },
    appointment.antihistamines,
  );
  return {
    to: patient.email,
    ...staffBookingEmail(details),
    attachments: [await calendarInvite(details, { sequence: appointment.calendarSequence })],
    appointmentId: appointment.id,
  };
}

/**
 * The patient's e-mail of their appointment's new time (`slot`, was `previous`), with the invite of the same UID
 * and its new SEQUENCE, so calendars move the event.
 */
export async function movedEmailOf(
  { appointment, patient, slot }: InvitedAppointment,
  previous: Slot | null,
  manageUrl?: string,
): Promise<QueuedEmail | undefined> {
  if (!patient?.email || !slot) return undefined;
  const details = withStops(
    { ...appointmentDetails(appointment.id, patient, slot), manageUrl },
    appointment.antihistamines,
  );
  const was = previous ? appointmentDetails(appointment.id, patient, previous) : undefined;
  return {
    to: patient.email,
    ...appointmentMovedEmail(details, was ?? { date: '-', time: '-' }),
    attachments: [await calendarInvite(details, { sequence: appointment.calendarSequence })],
    appointmentId: appointment.id,
  };
}

/** How money was paid at the clinic, in the patient's words: 'in cash', 'by card', or both. */
const paidHowAtClinic: Record<DeskPaymentMethod, string> = { cash: 'in cash', card_terminal: 'by card' };
const atClinicHow = (methods: readonly DeskPaymentMethod[]) =>
  methods.map((method) => paidHowAtClinic[method]).join(' and ');

/**
 * What a cancelled appointment's patient is told of the money kept (`kept`): a card payment online (its amount and
 * reference), or cents paid at the clinic and still held, with how they were paid.
 */
export type KeptPayments =
  | { online: Pick<Payment, 'amountCents' | 'providerPaymentId' | 'paidAt'> }
  | { atClinic: { cents: number; methods: readonly DeskPaymentMethod[] } };

/**
 * The patient's e-mail that their appointment was cancelled (by the clinic, or as they asked: `byPatient`), with the
 * invite marked cancelled (same UID, new SEQUENCE), and what becomes of the money it kept (`kept`).
 */
export async function cancelledEmailOf(
  { appointment, patient, slot }: InvitedAppointment,
  kept: KeptPayments | undefined,
  byPatient = false,
): Promise<QueuedEmail | undefined> {
  if (!patient?.email || !slot) return undefined;
  const details = withStops(appointmentDetails(appointment.id, patient, slot), appointment.antihistamines);
  const said: KeptMoney | undefined = !kept
    ? undefined
    : 'online' in kept
      ? {
          online: {
            amount: formatEuro(kept.online.amountCents / 100),
            reference: bookingDetails(appointment.id, patient, slot, kept.online).paymentReference,
          },
        }
      : {
          atClinic: {
            amount: formatEuro(kept.atClinic.cents / 100),
            how: atClinicHow(kept.atClinic.methods),
          },
        };
  return {
    to: patient.email,
    ...appointmentCancelledEmail(details, { byPatient, kept: said }),
    attachments: [await calendarInvite(details, { sequence: appointment.calendarSequence, cancelled: true })],
    appointmentId: appointment.id,
  };
}

/**
 * The patient's reminder of `kind` before their appointment at its slot's time (`stops`: how many days before an
 * allergy test antihistamines are stopped); none without an e-mail.
 */
export function reminderEmailOf(
  { appointment, patient, slot }: AppointmentForEmail,
  kind: AppointmentReminderKind,
  stops: AntihistamineStops,
  links: ReminderLinks = {},
): QueuedEmail | undefined {
  if (!patient?.email || !slot) return undefined;
  const details = reminderDetails(
    withStops(appointmentDetails(appointment.id, patient, slot), appointment.antihistamines),
    stops,
  );
  // The stop-day reminders' way out (the 2-day reminder lays its links out itself).
  if (links.wayOut) details.wayOutUrl = links.wayOut;
  return {
    to: patient.email,
    ...appointmentReminderEmail(kind, details, links),
    appointmentId: appointment.id,
  };
}

/** The clinic's notice of a patient's flag (`reason` as staff read it), to the clinic's address. */
export function clinicFlagEmailOf(
  { appointment, patient, slot }: AppointmentForEmail,
  reason: string,
  freeMove: FlagFreeMove,
  settings: Pick<AppConfig, 'publicUrl' | 'clinicEmail'>,
): QueuedEmail | undefined {
  if (!patient || !slot) return undefined;
  const details = appointmentDetails(appointment.id, patient, slot);
  return {
    to: settings.clinicEmail,
    ...clinicFlagEmail(details, reason, freeMove, settings.publicUrl),
    appointmentId: appointment.id,
  };
}

/**
 * The patient's join link of a video consultation, e-mailed when staff set it after the 2-day reminder's time (or
 * for a booking made inside it): the reminder that would have carried it has gone, or never will.
 */
export function joinLinkEmailOf(
  { appointment, patient, slot }: AppointmentForEmail,
  link: string,
): QueuedEmail | undefined {
  if (!patient?.email || !slot) return undefined;
  const details = appointmentDetails(appointment.id, patient, slot);
  return {
    to: patient.email,
    ...composeEmail(`The link to join your video consultation on ${details.date}`, [
      `Dear ${details.guardianName ?? details.patientName},`,
      `Your video consultation is on ${details.date} at ${details.time} (Dublin time). Join it from this link a few minutes before it starts:`,
      { text: 'Join the video consultation', link },
    ]),
    appointmentId: appointment.id,
  };
}
