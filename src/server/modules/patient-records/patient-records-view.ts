import { intakeFormVersion } from '../../../shared/intake';
import type { PatientListItem } from '../../../shared/patients';
import { kindOfSlot } from '../../../shared/waitlist';
import type { EmailStatus, IntakeForm, Patient, Payment, Referral } from '../../db/schema';
import type { CsvCell } from '../../http/csv-export';
import type { AppointmentRecord } from '../appointments/appointment-repository';
import {
  ageLabel,
  emailStatusOf,
  kindLabel,
  patientIdentity,
  paymentInformationLabel,
} from '../appointments/appointment-view';
import { referralAnswers } from '../patient-detail/patient-detail-view';
import { fullName } from '../patients/patient-name';
import { clinicDateTime } from '../slots/clinic-time';
import { slotTimes } from '../slots/slot-view';
import type { WaitlistEntry } from '../waitlist/waitlist-repository';
import type { PatientListRow } from './patient-records-repository';

/** DD/MM/YYYY of a YYYY-MM-DD date (spec section 9). */
const displayDate = (day: string | null) => (day ? day.split('-').reverse().join('/') : '');

/** A row of the patients list. */
export function patientListItem(row: PatientListRow): PatientListItem {
  return {
    ...patientIdentity(row),
    is_referral: row.isReferral,
    created_at: row.createdAt.toISOString(),
  };
}

/** A row of Patients.csv, in the order of `patientCsvColumns`; 'Registered' in clinic time. */
export function patientCsvRow(row: PatientListRow): CsvCell[] {
  const guardian = [row.guardianFirstName, row.guardianLastName].filter(Boolean).join(' ');
  return [
    fullName(row),
    row.email,
    displayDate(row.dob),
    { phone: row.phone },
    ageLabel(row.isAdult),
    guardian,
    row.isReferral ? 'Yes' : 'No',
    clinicDateTime(row.createdAt),
  ];
}

const iso = (instant: Date | null) => instant?.toISOString() ?? null;

/** An e-mail about one of the patient's appointments, as their data export lists it (never its body). */
export interface ExportedEmail {
  appointmentId: number | null;
  referralId: number | null;
  subject: string;
  status: EmailStatus;
  createdAt: Date;
  sentAt: Date | null;
}

/** A file of the patient's, as their data export names it. */
export interface ExportedFile {
  field: 'result' | 'referral_letter' | 'attachment';
  name: string;
  /** Its path in the zip. */
  path: string;
}

/** A text about one of the patient's appointments, as the export tells it. */
export interface ExportedText {
  appointmentId: number | null;
  toPhone: string;
  body: string;
  status: string;
  createdAt: Date;
  sentAt: Date | null;
  deliveredAt: Date | null;
}

/** A reply from the patient's number about one of their appointments. */
export interface ExportedReply {
  appointmentId: number | null;
  fromPhone: string;
  body: string;
  createdAt: Date;
}

/**
 * patient.json of a GDPR access request: everything stored about the patient, in the spec's field names, their
 * appointments (time, kind, state), the payments of those (amounts, states, dates), their self-referrals (state,
 * what staff wrote) and the e-mails sent about them (subject, dates, delivery), and where each of their files is
 * in the zip.
 */
export function patientExport(
  patient: Patient,
  records: readonly AppointmentRecord[],
  paymentRows: readonly Payment[],
  emails: readonly ExportedEmail[],
  exportedFiles: readonly ExportedFile[],
  referralRows: readonly Referral[] = [],
  intakeRows: readonly IntakeForm[] = [],
  texts: { messages: readonly ExportedText[]; replies: readonly ExportedReply[] } = {
    messages: [],
    replies: [],
  },
  waitlistRows: readonly WaitlistEntry[] = [],
) {
  const fileOf = (field: ExportedFile['field']) => {
    const file = exportedFiles.find((each) => each.field === field);
    return file ? { name: file.name, file: file.path } : null;
  };
  return {
    exported_at: new Date().toISOString(),
    patient: {
      ...patientIdentity(patient),
      consultant_name: patient.consultantName,
      consultant_addres: patient.consultantAddress,
      consultant_email: patient.consultantEmail,
      allergens: patient.allergens,
      ...referralAnswers(patient),
      signature: patient.signature,
      result: fileOf('result'),
      referral_letter: fileOf('referral_letter'),
      attachment: fileOf('attachment'),
      created_at: patient.createdAt.toISOString(),
      updated_at: patient.updatedAt.toISOString(),
      sms_phone: patient.smsPhone,
      sms_consent_at: patient.smsConsentAt?.toISOString() ?? null,
      sms_withdrawn_at: patient.smsWithdrawnAt?.toISOString() ?? null,
    },
    text_messages: texts.messages.map((text) => ({
      appointment_id: text.appointmentId,
      to: text.toPhone,
      body: text.body,
      status: text.status,
      created_at: text.createdAt.toISOString(),
      sent_at: text.sentAt?.toISOString() ?? null,
      delivered_at: text.deliveredAt?.toISOString() ?? null,
    })),
    text_replies: texts.replies.map((reply) => ({
      appointment_id: reply.appointmentId,
      from: reply.fromPhone,
      body: reply.body,
      received_at: reply.createdAt.toISOString(),
    })),
    appointments: records.map((record) => {
      const { appointment, slot } = record;
      const times = slot ? slotTimes(slot) : undefined;
      return {
        id: appointment.id,
        data: times?.data ?? null,
        start_time: times?.start_time ?? null,
        end_time: times?.end_time ?? null,
        kind: slot ? kindLabel(slot) : null,
        age: slot ? ageLabel(slot.isAdult) : null,
        status: appointment.status,
        status_label: paymentInformationLabel(record),
        price: appointment.priceCents / 100,
        payment_type: appointment.paymentType,
        booked_by_admin: appointment.bookedByAdmin,
        antihistamine_confirmed: appointment.antihistamineConfirmed,
        antihistamines: appointment.antihistamines,
        flag:
          appointment.flagReason === null
            ? null
            : {
                reason: appointment.flagReason,
                message: appointment.flagMessage,
                flagged_at: appointment.flaggedAt?.toISOString() ?? null,
                dealt_with_at: appointment.flagDealtAt?.toISOString() ?? null,
              },
        agreement_accepted: appointment.agreementAccepted,
        created_at: appointment.createdAt.toISOString(),
      };
    }),
    payments: paymentRows.map((payment) => ({
      id: payment.id,
      appointment_id: payment.appointmentId,
      amount: payment.amountCents / 100,
      currency: payment.currency,
      status: payment.status,
      customer_email: payment.customerEmail,
      paid_at: iso(payment.paidAt),
      refunded_at: iso(payment.refundedAt),
      created_at: payment.createdAt.toISOString(),
    })),
    referrals: referralRows.map((referral) => ({
      id: referral.id,
      status: referral.status,
      has_referral_letter: referral.hasReferralLetter,
      received_at: referral.createdAt.toISOString(),
      decided_at: iso(referral.decidedAt),
      message: referral.message,
      booking_kind: referral.bookingKind,
    })),
    emails: emails.map((email) => ({
      appointment_id: email.appointmentId,
      referral_id: email.referralId,
      subject: email.subject,
      status: emailStatusOf[email.status],
      created_at: email.createdAt.toISOString(),
      sent_at: iso(email.sentAt),
    })),
    intake_forms: intakeRows.map(intakeFormExport),
    waitlist_entries: waitlistRows.map((entry) => ({
      id: entry.id,
      name: entry.name,
      email: entry.email,
      phone: entry.phone,
      sms_consent: entry.smsConsent,
      sms_consent_at: iso(entry.smsConsentAt),
      kind: kindOfSlot(entry.isVideoCall),
      is_adult: entry.isAdult,
      locations: entry.locations ?? [],
      from: entry.fromDay,
      to: entry.toDay,
      status: entry.status,
      created_at: entry.createdAt.toISOString(),
      ended_at: iso(entry.endedAt),
    })),
  };
}

/** An intake form as the patient's export holds it: each answer beside the question it answers, as asked. */
function intakeFormExport(row: IntakeForm) {
  const questions = intakeFormVersion(row.form, row.version)?.questions ?? [];
  return {
    appointment_id: row.appointmentId,
    revision: row.revision,
    form: row.form,
    version: row.version,
    status: row.status,
    answers: Object.entries(row.answers).map(([key, answer]) => ({
      question: questions.find((question) => question.key === key)?.label ?? key,
      answer,
    })),
    signature: row.signature,
    signer: row.signer,
    signed_at: iso(row.signedAt),
    signed_from: row.signedFrom,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}
