import { appointmentStarts } from '../../../../shared/appointment-states';
import type { Db } from '../../../db/database';
import type { Appointment, NewAppointment, NewPatient, Patient, Slot } from '../../../db/schema';
import { type Actor, auditChange } from '../../audit/audit-log';
import { queueEmail } from '../../email/outbox-repository';
import { insertPatient } from '../../patients/patient-repository';
import { insertAppointment, setManageLink } from '../appointment-repository';
import { staffBookingEmailOf } from '../emails/appointment-emails';
import { manageLinkUrl, newManageLink } from '../manage-links';
import { type PreparedFiles, storeNewFiles } from '../patient-files';

/** What a booking keeps of its form for the slot it took (whose kind decides what is kept). */
interface BookingForm {
  /** The new patient's details; none when booking for a patient in the records (`recordedPatient`). */
  patient?: Omit<NewPatient, 'resultFileId' | 'referralLetterFileId' | 'attachmentFileId'>;
  appointment: Pick<
    NewAppointment,
    'paymentType' | 'antihistamineConfirmed' | 'antihistamines' | 'agreementAccepted'
  >;
}

export interface BookRequest {
  actor: Actor;
  /**
   * Who books: a visitor the time they hold (the appointment starts `held`, waiting for its payment), or staff
   * (`booked`: the patient pays at the clinic, and is e-mailed the confirmation with their booking link).
   */
  by: keyof typeof appointmentStarts;
  /**
   * Takes the time in the booking's transaction, by the caller's rule (a visitor's hold extended within their
   * limits; a time staff may book now), or throws to refuse; may name more for the audit entry.
   */
  takeSlot: (tx: Db) => Promise<{ slot: Slot; audit?: Record<string, unknown> }>;
  /** The form as kept for the slot taken; throws to refuse. */
  formFor: (slot: Slot) => BookingForm;
  /** The form's files, checked from their bytes before the transaction. */
  files: PreparedFiles;
  /** The appointment's columns of a visitor's booking: the hashes of its tokens, the address it came from. */
  visitor?: Pick<NewAppointment, 'holdTokenHash' | 'accessTokenHash' | 'bookedFrom'>;
  /** Where the patient's booking link points (staff's booking, whose confirmation carries it). */
  publicUrl?: string;
  /**
   * Staff's booking for a patient already in the records, in place of a new patient from the form: the record
   * locked (after the time is taken), checked with the slot and brought up to date by the caller's rule, which
   * audits what it changed of it; throws to refuse. Answers the patient and the files it stored for them.
   */
  recordedPatient?: (tx: Db, slot: Slot) => Promise<{ patient: Patient; files: string[] }>;
}

export interface Booked {
  appointment: Appointment;
  patient: Patient;
  slot: Slot;
}

/** A new patient from the form, with their files. */
async function newPatient(tx: Db, form: BookingForm, prepared: PreparedFiles) {
  if (!form.patient) throw new Error("a booking for a new patient needs the patient's details");
  const files = await storeNewFiles(tx, prepared);
  const patient = await insertPatient(tx, { ...form.patient, ...files.columns });
  return { patient, files: files.fields as string[] };
}

/**
 * The move that starts an appointment (`appointmentStarts`): in one transaction the time is taken by the caller's
 * rule, the patient stored with their private files (or, staff booking for a patient in the records, that record
 * locked and brought up to date), the appointment made at the slot's price, the audit entry
 * written and, for a booking staff made, the patient's confirmation queued with its calendar invite and their booking
 * link (no receipt: nothing was paid). A visitor's booking is confirmed once paid (`pay-appointment.ts`).
 */
export async function bookAppointment(db: Db, request: BookRequest): Promise<Booked> {
  const { actor, by } = request;
  return db.transaction(async (tx) => {
    const taken = await request.takeSlot(tx);
    const { slot } = taken;
    const form = request.formFor(slot);
    const { patient, files } = request.recordedPatient
      ? await request.recordedPatient(tx, slot)
      : await newPatient(tx, form, request.files);
    const appointment = await insertAppointment(tx, {
      patientId: patient.id,
      slotId: slot.id,
      status: appointmentStarts[by],
      bookedByAdmin: by === 'staff',
      priceCents: slot.priceCents,
      ...form.appointment,
      ...request.visitor,
    });
    await auditChange(tx, actor, 'create', 'appointment', appointment.id, {
      status: appointment.status,
      slot_id: slot.id,
      patient_id: patient.id,
      ...(by === 'staff' ? { booked_by_admin: true, files } : {}),
      ...(request.recordedPatient ? { recorded_patient: true } : {}),
      ...taken.audit,
    });
    if (by === 'staff') {
      const link = newManageLink(appointment.id);
      await setManageLink(tx, appointment.id, link);
      const email = await staffBookingEmailOf(
        { appointment, patient, slot },
        request.publicUrl === undefined ? undefined : manageLinkUrl(request.publicUrl, link),
      );
      if (email) await queueEmail(tx, email);
    }
    return { appointment, patient, slot };
  });
}
