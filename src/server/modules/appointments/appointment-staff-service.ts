import { allowsMove, isEnded } from '../../../shared/appointment-states';
import {
  type AdminBookingRequest,
  type AppointmentUpdateRequest,
  appointmentTexts,
} from '../../../shared/appointments';
import { bookingFormIssues, bookingFormValues } from '../../../shared/booking';
import { patientTexts } from '../../../shared/patients';
import { slotTexts } from '../../../shared/slots';
import type { Db } from '../../db/database';
import type { Appointment, Patient, Slot } from '../../db/schema';
import { conflict, fieldError, notFound, refused, refusedFields } from '../../domain-errors';
import { type AdminActor, auditChange } from '../audit/audit-log';
import { findPatient, lockPatient, updatePatient } from '../patients/patient-repository';
import { bookSlotForStaff, findSlot, type SlotKind } from '../slots/slot-repository';
import { deleteFiles } from '../uploads/file-repository';
import {
  type AppointmentRecord,
  findAppointmentRecord,
  isOnlyBeingBooked,
  lockAppointmentRecord,
  updateAppointmentForm,
} from './appointment-repository';
import {
  type PatientColumns,
  patientColumnsOf,
  patientFieldNames,
  smsConsentOf,
  testTicksOf,
} from './booking-form';
import { bookAppointment } from './moves/book-appointment';
import { kindOf, onNewTime, whyNotMovableTo, whyNotTakable } from './moves/new-time';
import { rescheduleAppointment } from './moves/reschedule-appointment';
import { type PatientFileField, type PreparedFiles, preparedFiles, storeFileChanges } from './patient-files';
import { recordedForm, whyNotForKind } from './recorded-patient';

/**
 * What staff do to appointments from the back office (spec sections 2.6, 4 and 7) that is theirs alone: book a time
 * for a patient with the admin patient form, and edit the patient, possibly with a move to another time in the same
 * save. The moves themselves (book, reschedule, and cancel, refund and attendance, which staff's routes call
 * directly) are made in `moves/`; here are the staff's own rules: the admin form checked with the slot's kind, a
 * time staff may book, and an ended appointment's patient left as it is. Audit entries name the fields that
 * changed, never their values: the audit log holds no personal data.
 */

/** The admin patient form as both the booking and the edit send it (files and their removal ticks included). */
type StaffForm = Omit<AdminBookingRequest, 'session_id' | 'id' | 'session' | 'patient_id'>;

/** The slot chosen for a booking: it must exist. */
async function chosenSlot(db: Db, id: number): Promise<Slot> {
  const slot = await findSlot(db, id);
  if (!slot) throw onNewTime(refused, 'slot_not_found', slotTexts.notFound);
  return slot;
}

/**
 * The admin patient form checked with the slot's own kind (adult or child, video call or not), whatever the form
 * said (the schema checked it with what the form said); answers what is kept of it for that kind.
 */
function checkedForm<F extends StaffForm>(form: F, kind: SlotKind): F {
  const asKind = { ...form, is_adult: kind.isAdult, is_video_call: kind.isVideoCall };
  const issues = bookingFormIssues(asKind, undefined, { emailRequired: false });
  const consent = smsConsentOf(asKind);
  if (consent.issue) issues.push(consent.issue);
  if (issues.length > 0) throw refusedFields(issues);
  return bookingFormValues(asKind);
}

/** What the appointment keeps of the staff form: the test's ticks, and how it is paid (for a booking made by staff). */
const appointmentColumnsOf = (form: StaffForm, kind: SlotKind, bookedByAdmin: boolean) => ({
  ...(bookedByAdmin ? { paymentType: form.payment_type ?? null } : {}),
  ...testTicksOf(form, kind),
});

// ---------------------------------------------------------------------------------------------------
// Booking on behalf of a patient

/**
 * Staff book a time for a patient (spec section 4, `POST /api/admin/patients`): the slot must not have started
 * and be available, or held by staff (`PUT /api/admin/sessions/:id` pending); the admin patient form is checked
 * with the slot's own kind and its files from their bytes. The `book` move stores the patient and their private
 * files, the appointment `booked` by admin at the slot's price, the audit entry and the patient's confirmation.
 * Answers the appointment's id.
 */
export async function bookForPatient(
  db: Db,
  actor: AdminActor,
  request: AdminBookingRequest,
  publicUrl: string,
  seesHealth = true,
): Promise<number> {
  const slot = await chosenSlot(db, request.session_id);
  const refusal = whyNotTakable(slot, 'staff');
  if (refusal) throw refusal;
  const patientId = request.patient_id;
  if (patientId !== undefined) {
    return bookForRecordedPatient(db, actor, { ...request, patient_id: patientId }, slot, {
      publicUrl,
      seesHealth,
    });
  }
  checkedForm(request, slot);
  const files = await preparedFiles(request);
  const { appointment } = await bookAppointment(db, {
    actor,
    by: 'staff',
    files,
    publicUrl,
    takeSlot: (tx) => takeForStaff(tx, slot),
    // The slot's kind as it is now (staff may have edited the available slot since it was read).
    formFor: (booked) => {
      const form = checkedForm(request, booked);
      return {
        patient: { ...patientColumnsOf(form, booked), ...smsConsentOf(form).columns },
        appointment: appointmentColumnsOf(form, booked, true),
      };
    },
  });
  return appointment.id;
}

/** The time is taken for staff (bookable by them now), or the reason it cannot be is thrown. */
async function takeForStaff(tx: Db, slot: Slot): Promise<{ slot: Slot }> {
  const booked = await bookSlotForStaff(tx, slot.id);
  if (booked) return { slot: booked };
  const now = await findSlot(tx, slot.id);
  throw (
    (now && whyNotTakable(now, 'staff')) ?? onNewTime(conflict, 'slot_not_free', appointmentTexts.slotNotFree)
  );
}

/**
 * The patient in the records a booking names, checked for the time's kind with the form sent (`recordedForm`):
 * one that exists and is a patient (not only someone whose booking is still being made, whom the abandoned-booking
 * job deletes with it), of the time's age, and the form's fields as the record's rules allow. `lock`: read with
 * their row locked, in the booking's transaction.
 */
async function checkedRecord(
  db: Db,
  request: AdminBookingRequest & { patient_id: number },
  kind: SlotKind,
  seesHealth: boolean,
  files: Partial<Record<PatientFileField, unknown>>,
  lock = false,
) {
  const id = request.patient_id;
  const patient = lock ? await lockPatient(db, id) : await findPatient(db, id);
  if (!patient || (await isOnlyBeingBooked(db, id))) {
    throw refused(
      'patient_not_found',
      appointmentTexts.recordNotFound,
      fieldError('patient_id', appointmentTexts.recordNotFound),
    );
  }
  const otherKind = whyNotForKind(patient, kind);
  if (otherKind) throw otherKind;
  const recorded = recordedForm(patient, request, kind, seesHealth, files);
  if (recorded.issues.length > 0) {
    const kept: string[] = [appointmentTexts.recordDiffers, appointmentTexts.recordKept];
    const code = recorded.issues.some(([, message]) => kept.includes(message))
      ? 'patient_record_kept'
      : 'invalid_input';
    throw refusedFields(recorded.issues, undefined, code);
  }
  return { patient, ...recorded };
}

/**
 * Staff book a time for a patient already in the records (`patient_id`): as a booking for a new patient, but the
 * appointment is that patient's, their details come from their record (`recorded-patient.ts`), and what the form
 * changes of the record (a new phone, say) is saved to it in the booking's transaction, audited as an update of
 * the patient naming the fields. Checked before the files are read, and again with the record locked once the
 * time is taken, so an erasure meanwhile either waits for the booking (and then sees its appointment) or is seen.
 */
async function bookForRecordedPatient(
  db: Db,
  actor: AdminActor,
  request: AdminBookingRequest & { patient_id: number },
  slot: Slot,
  options: { publicUrl: string; seesHealth: boolean },
): Promise<number> {
  const { seesHealth } = options;
  // The files only as far as whether each was sent: their bytes are read once the rest has passed.
  await checkedRecord(db, request, slot, seesHealth, request);
  const files = await preparedFiles(request);
  const { appointment } = await bookAppointment(db, {
    actor,
    by: 'staff',
    files,
    publicUrl: options.publicUrl,
    takeSlot: (tx) => takeForStaff(tx, slot),
    formFor: (booked) => ({ appointment: appointmentColumnsOf(request, booked, true) }),
    recordedPatient: async (tx, booked) => {
      const record = await checkedRecord(tx, request, booked, seesHealth, files, true);
      const { patient } = record;
      const stored = await storeFileChanges(tx, patient, files, request);
      const fields = [...record.fields, ...stored.fields];
      if (fields.length === 0) return { patient, files: [] };
      const updated = await updatePatient(tx, patient.id, { ...record.columns, ...stored.columns });
      await deleteFiles(tx, stored.replaced);
      await auditChange(tx, actor, 'update', 'patient', patient.id, { fields, via: 'staff_booking' });
      return { patient: updated ?? patient, files: stored.fields };
    },
  });
  return appointment.id;
}

// ---------------------------------------------------------------------------------------------------
// Editing the patient, moving to another time

/**
 * Staff's rules of an edit, checked against the appointment as `record` has it (before the transaction, to refuse
 * early, and again once its row is locked): not ended, its patient not erased, `patient[id]` (when sent) its
 * patient's. Answers the patient.
 */
function checkEditable(
  record: Pick<AppointmentRecord, 'appointment' | 'patient'>,
  request: AppointmentUpdateRequest,
) {
  const { appointment, patient } = record;
  if (isEnded(appointment.status)) throw conflict('appointment_ended', appointmentTexts.notChangeable);
  if (!patient) throw conflict('patient_erased', patientTexts.erased);
  if (request.id !== undefined && request.id !== patient.id) {
    throw refused(
      'appointment_patient_mismatch',
      appointmentTexts.wrongPatient,
      fieldError('id', appointmentTexts.wrongPatient),
    );
  }
  return patient;
}

/** The names of the patient's columns whose values differ (for the audit log). */
function changedFields(before: Patient, after: PatientColumns): string[] {
  return (Object.keys(after) as (keyof PatientColumns)[])
    .filter((key) => before[key] !== after[key])
    .map((key) => patientFieldNames[key]);
}

/** The names of the appointment's form fields whose values differ (for the audit log). */
function changedAppointmentFields(
  before: Appointment,
  after: ReturnType<typeof appointmentColumnsOf>,
): string[] {
  return [
    ...(after.paymentType !== undefined && after.paymentType !== before.paymentType ? ['payment_type'] : []),
    ...(after.antihistamineConfirmed !== before.antihistamineConfirmed ? ['antihistamine'] : []),
    ...(after.agreementAccepted !== before.agreementAccepted ? ['agreement'] : []),
    ...(after.antihistamines !== undefined &&
    (after.antihistamines ?? []).join(',') !== (before.antihistamines ?? []).join(',')
      ? ['antihistamines']
      : []),
  ];
}

/**
 * The edit of the patient and of what the appointment keeps of the form, in the caller's transaction: every field
 * of the admin form checked with the slot's kind (the form replaces what was kept: a field left empty is cleared);
 * a new file replaces the stored one and `remove_*` removes it (the old file's row deleted in the same
 * transaction). Answers the patient as it is now and the names of what changed.
 */
async function applyEdit(
  tx: Db,
  appointment: Appointment,
  patient: Patient,
  kind: SlotKind,
  request: AppointmentUpdateRequest,
  files: PreparedFiles,
) {
  const form = checkedForm(request, kind);
  const columns = patientColumnsOf(form, kind);
  const appointmentColumns = appointmentColumnsOf(form, kind, appointment.bookedByAdmin);
  const stored = await storeFileChanges(tx, patient, files, request);
  const changed = [
    ...changedFields(patient, columns),
    ...stored.fields,
    ...changedAppointmentFields(appointment, appointmentColumns),
  ];
  if (changed.length === 0) return { patient, changed };
  const updated = (await updatePatient(tx, patient.id, { ...columns, ...stored.columns })) ?? patient;
  await deleteFiles(tx, stored.replaced);
  await updateAppointmentForm(tx, appointment.id, appointmentColumns);
  return { patient: updated, changed };
}

/**
 * Staff edit an appointment's patient (`PUT /api/admin/transactions/:id`), and naming another slot (`session[id]`,
 * else `patient[session_id]`) moves a booked or paid appointment there in the same transaction (the `reschedule`
 * move, with the edit alongside: one audit entry names both). A cancelled or refunded appointment is not changed.
 */
export async function updateAppointment(
  db: Db,
  actor: AdminActor,
  appointmentId: number,
  request: AppointmentUpdateRequest,
  publicUrl?: string,
): Promise<void> {
  const before = await findAppointmentRecord(db, appointmentId);
  if (!before) throw notFound(appointmentTexts.notFound);
  const patient = checkEditable(before, request);
  const slotId = request.session?.id ?? request.session_id;
  const moveTo = slotId === undefined || slotId === before.appointment.slotId ? undefined : slotId;
  if (moveTo !== undefined) {
    // Refused early, before the files are read; the move checks all again with the appointment's row locked.
    if (!allowsMove('reschedule', before.appointment.status)) {
      throw onNewTime(refused, 'appointment_not_movable', appointmentTexts.notMovable);
    }
    const refusal = whyNotMovableTo(kindOf(before, patient), await chosenSlot(db, moveTo), 'staff');
    if (refusal) throw refusal;
  }
  // The form is checked with the kind the appointment keeps: a move is only to a time of the same kind.
  checkedForm(request, kindOf(before, patient));
  const files = await preparedFiles(request);

  if (moveTo !== undefined) {
    await rescheduleAppointment(db, appointmentId, {
      actor,
      slotId: moveTo,
      taking: { by: 'staff' },
      publicUrl,
      check: (record) => {
        checkEditable(record, request);
      },
      alongside: async (tx, record) => {
        const { appointment, patient: current } = record;
        const edit = await applyEdit(tx, appointment, current, kindOf(record, current), request, files);
        return { patient: edit.patient, audit: { patient_id: current.id, fields: edit.changed } };
      },
    });
    return;
  }

  await db.transaction(async (tx) => {
    const record = await lockAppointmentRecord(tx, appointmentId);
    if (!record) throw notFound(appointmentTexts.notFound);
    const locked = checkEditable(record, request);
    const edit = await applyEdit(tx, record.appointment, locked, kindOf(record, locked), request, files);
    if (edit.changed.length === 0) return;
    await auditChange(tx, actor, 'update', 'appointment', appointmentId, {
      patient_id: locked.id,
      fields: edit.changed,
    });
  });
}
