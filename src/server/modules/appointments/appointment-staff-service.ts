import {
  type AdminBookingRequest,
  type AppointmentStatus,
  type AppointmentUpdateRequest,
  appointmentTexts,
} from '../../../shared/appointments';
import { bookingFormIssues, bookingFormValues } from '../../../shared/booking';
import { patientTexts } from '../../../shared/patients';
import { slotTexts } from '../../../shared/slots';
import type { AppConfig } from '../../config';
import type { Db } from '../../db/database';
import type { Appointment, NewPatient, Patient, PaymentStatus, Slot } from '../../db/schema';
import {
  conflict,
  type DomainError,
  fieldError,
  notFound,
  refused,
  refusedFields,
} from '../../domain-errors';
import { type Actor, type AdminActor, auditChange } from '../audit/audit-log';
import { queueEmail } from '../email/outbox-repository';
import { insertPatient, updatePatient } from '../patients/patient-repository';
import { paymentsOfAppointment } from '../payments/payment-repository';
import {
  bookSlotForStaff,
  findSlot,
  freeBookedSlot,
  isBookableByStaff,
  releaseHolds,
  type SlotKind,
} from '../slots/slot-repository';
import { deleteFiles, storeUpload } from '../uploads/file-repository';
import { type PreparedUpload, prepareUpload } from '../uploads/upload-checks';
import {
  type AppointmentRecord,
  findAppointmentRecord,
  insertAppointment,
  lockAppointment,
  moveAppointment,
  setManageLink,
  updateAppointmentForm,
} from './appointment-repository';
import { allowsMove, appointmentStarts } from './appointment-states';
import {
  cancelledEmailOf,
  clinicChangeEmailOf,
  movedEmailOf,
  staffBookingEmailOf,
} from './emails/appointment-emails';
import { manageLinkUrl, newManageLink } from './manage-links';

/**
 * What staff do to appointments from the back office (spec sections 2.6, 4 and 7): book a time for a patient,
 * edit the patient and move the appointment to another time, delete it, and mark whether the patient came. Each
 * is one transaction with its rows, files, audit entry and the patient's e-mail; the appointment's row is locked
 * first, then its payments are read, then slots are changed (the module's one order of locks). Audit entries name
 * the fields that changed, never their values: the audit log holds no personal data.
 */

const ENTITY = 'appointment';

/** The admin patient form as both the booking and the edit send it (files and their removal ticks included). */
type StaffForm = Omit<AdminBookingRequest, 'session_id' | 'id' | 'session'>;

/** The states whose appointment (its patient, its files) can no longer be changed. */
const ENDED: readonly AppointmentStatus[] = ['cancelled', 'refunded'];

/** Payment states during which an appointment is not cancelled: the provider is being asked to take or return it. */
const PAYMENT_UNDER_WAY: readonly PaymentStatus[] = ['processing', 'requires_action', 'refunding'];

/** A refusal about the chosen time, on the form's `session_id`. */
const onSlot = (error: (message: string, fields: Record<string, string[]>) => DomainError, message: string) =>
  error(message, fieldError('session_id', message));

/** The slot chosen for a booking or a move: it must exist. */
async function chosenSlot(db: Db, id: number): Promise<Slot> {
  const slot = await findSlot(db, id);
  if (!slot) throw onSlot(refused, slotTexts.notFound);
  return slot;
}

/** Why staff cannot book this slot now: it has started (422), or is not free (409: booked, or a visitor holds it). */
function whyNotBookable(slot: Slot, now = new Date()): DomainError | undefined {
  if (slot.startsAt.getTime() <= now.getTime()) return onSlot(refused, appointmentTexts.slotStarted);
  if (!isBookableByStaff(slot, now)) return onSlot(conflict, appointmentTexts.slotNotFree);
  return undefined;
}

/** Books the slot for staff inside the transaction, or says why not (as it is now). */
async function bookForStaff(tx: Db, slotId: number): Promise<Slot> {
  const booked = await bookSlotForStaff(tx, slotId);
  if (booked) return booked;
  const now = await findSlot(tx, slotId);
  throw (now && whyNotBookable(now)) ?? onSlot(conflict, appointmentTexts.slotNotFree);
}

/**
 * The admin patient form checked with the slot's own kind (adult or child, video call or not), whatever the form
 * said (the schema checked it with what the form said); answers what is kept of it for that kind.
 */
function checkedForm<F extends StaffForm>(form: F, kind: SlotKind): F {
  const asKind = { ...form, is_adult: kind.isAdult, is_video_call: kind.isVideoCall };
  const issues = bookingFormIssues(asKind, undefined, { emailRequired: false });
  if (issues.length > 0) throw refusedFields(issues);
  return bookingFormValues(asKind);
}

/** The patient's columns the admin form sets, for a slot of `kind`. */
function patientColumns(form: StaffForm, kind: SlotKind) {
  return {
    firstName: form.first_name ?? '',
    lastName: form.last_name ?? '',
    email: form.email ?? null,
    phone: form.phone ?? '',
    dob: form.dob ?? null,
    isAdult: kind.isAdult,
    guardianFirstName: form.guardian_first_name ?? null,
    guardianLastName: form.guardian_last_name ?? null,
    consultantName: form.consultant_name ?? null,
    consultantAddress: form.consultant_addres ?? null,
    consultantEmail: form.consultant_email ?? null,
    allergens: form.allergens ?? null,
  } satisfies Partial<NewPatient>;
}

type PatientColumns = ReturnType<typeof patientColumns>;

/** The API's names of the patient's columns, for the audit log (names, never values). */
const patientFieldNames: Record<keyof PatientColumns, string> = {
  firstName: 'first_name',
  lastName: 'last_name',
  email: 'email',
  phone: 'phone',
  dob: 'dob',
  isAdult: 'is_adult',
  guardianFirstName: 'guardian_first_name',
  guardianLastName: 'guardian_last_name',
  consultantName: 'consultant_name',
  consultantAddress: 'consultant_addres',
  consultantEmail: 'consultant_email',
  allergens: 'allergens',
};

/** The patient's files: the form's field, its removal tick, and the patient's column. */
const FILE_FIELDS = [
  { field: 'result', remove: 'remove_result', column: 'resultFileId' },
  { field: 'referral_letter', remove: 'remove_referral_letter', column: 'referralLetterFileId' },
  { field: 'attachment', remove: 'remove_attachment', column: 'attachmentFileId' },
] as const;

type FileField = (typeof FILE_FIELDS)[number]['field'];
type PreparedFiles = Partial<Record<FileField, PreparedUpload>>;

/** The form's files checked from their bytes (before any transaction opens: slow work). */
async function preparedFiles(form: StaffForm): Promise<PreparedFiles> {
  const prepared = await Promise.all(
    FILE_FIELDS.map(async ({ field }) => {
      const file = form[field];
      return [field, file ? await prepareUpload(file, 'document', field) : undefined] as const;
    }),
  );
  return Object.fromEntries(prepared.filter(([, upload]) => upload !== undefined));
}

/** What the appointment keeps of the form: the test's ticks, and how it is paid (for a booking made by staff). */
function appointmentFormColumns(form: StaffForm, kind: SlotKind, bookedByAdmin: boolean) {
  return {
    ...(bookedByAdmin ? { paymentType: form.payment_type ?? null } : {}),
    antihistamineConfirmed: kind.isVideoCall ? null : form.antihistamine,
    agreementAccepted: kind.isVideoCall ? null : form.agreement,
  };
}

// ---------------------------------------------------------------------------------------------------
// Booking on behalf of a patient

/**
 * Staff book a time for a patient (spec section 4, `POST /api/admin/patients`): the slot must not have started
 * and be available, or held by staff (`PUT /api/admin/sessions/:id` pending); the admin patient form is checked
 * with the slot's own kind and its files from their bytes. One transaction stores the patient and their private
 * files, the appointment `booked` by admin at the slot's price, books the slot, writes the audit entry and queues
 * the patient's confirmation with its calendar invite and their booking link (when they gave an e-mail; no receipt:
 * nothing was paid).
 * Answers the appointment's id.
 */
export async function bookForPatient(
  db: Db,
  actor: AdminActor,
  request: AdminBookingRequest,
  publicUrl: string,
): Promise<number> {
  const slot = await chosenSlot(db, request.session_id);
  const refusal = whyNotBookable(slot);
  if (refusal) throw refusal;
  checkedForm(request, slot);
  const files = await preparedFiles(request);

  return db.transaction(async (tx) => {
    const booked = await bookForStaff(tx, slot.id);
    // The slot's kind as it is now (staff may have edited the available slot since it was read).
    const form = checkedForm(request, booked);
    const stored: Partial<Record<FileField, string>> = {};
    for (const { field } of FILE_FIELDS) {
      const upload = files[field];
      if (upload) stored[field] = await storeUpload(tx, upload, 'private');
    }
    const patient = await insertPatient(tx, {
      ...patientColumns(form, booked),
      resultFileId: stored.result ?? null,
      referralLetterFileId: stored.referral_letter ?? null,
      attachmentFileId: stored.attachment ?? null,
    });
    const appointment = await insertAppointment(tx, {
      patientId: patient.id,
      slotId: booked.id,
      status: appointmentStarts.staff,
      bookedByAdmin: true,
      priceCents: booked.priceCents,
      ...appointmentFormColumns(form, booked, true),
    });
    await auditChange(tx, actor, 'create', ENTITY, appointment.id, {
      status: appointment.status,
      slot_id: booked.id,
      patient_id: patient.id,
      booked_by_admin: true,
      files: Object.keys(stored),
    });
    const link = newManageLink(appointment.id);
    await setManageLink(tx, appointment.id, link);
    const email = await staffBookingEmailOf(
      { appointment, patient, slot: booked },
      manageLinkUrl(publicUrl, link),
    );
    if (email) await queueEmail(tx, email);
    return appointment.id;
  });
}

// ---------------------------------------------------------------------------------------------------
// Editing the patient, moving to another time

/** What an edit asks for, checked against the appointment as it is. */
interface EditPlan {
  /** The slot the appointment moves to; undefined when it stays. */
  moveTo?: Slot;
  /** The kind of slot the form is checked against. */
  kind: SlotKind;
  patient: Patient;
}

/**
 * Checks an edit against the appointment as `record` has it (before the transaction, to refuse early, and again
 * once its row is locked): not ended, its patient not erased, `patient[id]` (when sent) its patient's, and a move
 * (`session[id]`, else `patient[session_id]`, naming another slot) only for a booked or paid appointment, to a
 * slot of the same kind that staff may book now.
 */
async function planEdit(
  db: Db,
  record: AppointmentRecord,
  request: AppointmentUpdateRequest,
): Promise<EditPlan> {
  const { appointment, patient, slot } = record;
  if (ENDED.includes(appointment.status)) throw conflict(appointmentTexts.notChangeable);
  if (!patient) throw conflict(patientTexts.erased);
  if (request.id !== undefined && request.id !== patient.id) {
    throw refused(appointmentTexts.wrongPatient, fieldError('id', appointmentTexts.wrongPatient));
  }
  const slotId = request.session?.id ?? request.session_id;
  // Without a slot (deleted after a visitor's hold lapsed), the strictest rules: an in-person test.
  const current: SlotKind = slot ?? { isAdult: patient.isAdult, isVideoCall: false };
  if (slotId === undefined || slotId === appointment.slotId) return { kind: current, patient };
  if (!allowsMove('reschedule', appointment.status)) {
    throw onSlot(refused, appointmentTexts.notMovable);
  }
  const next = await chosenSlot(db, slotId);
  if (next.isAdult !== current.isAdult || next.isVideoCall !== current.isVideoCall) {
    throw onSlot(refused, appointmentTexts.otherKind);
  }
  const refusal = whyNotBookable(next);
  if (refusal) throw refusal;
  return { moveTo: next, kind: next, patient };
}

/** The names of the patient's columns whose values differ (for the audit log). */
function changedFields(before: Patient, after: PatientColumns): string[] {
  return (Object.keys(after) as (keyof PatientColumns)[])
    .filter((key) => before[key] !== after[key])
    .map((key) => patientFieldNames[key]);
}

/**
 * The patient's files as the form changes them, inside the edit's transaction: a new file stored (private) in
 * place of the old one, a ticked `remove_*` clearing it. Answers the patient's columns to set, the old files to
 * delete and the fields changed.
 */
async function storeFileChanges(tx: Db, patient: Patient, files: PreparedFiles, form: StaffForm) {
  const columns: Partial<Record<(typeof FILE_FIELDS)[number]['column'], string | null>> = {};
  const replaced: string[] = [];
  const fields: string[] = [];
  for (const { field, remove, column } of FILE_FIELDS) {
    const upload = files[field];
    const stored = patient[column];
    if (!upload && !(form[remove] && stored)) continue;
    columns[column] = upload ? await storeUpload(tx, upload, 'private') : null;
    if (stored) replaced.push(stored);
    fields.push(field);
  }
  return { columns, replaced, fields };
}

/** The names of the appointment's form fields whose values differ (for the audit log). */
function changedAppointmentFields(
  before: Appointment,
  after: ReturnType<typeof appointmentFormColumns>,
): string[] {
  return [
    ...(after.paymentType !== undefined && after.paymentType !== before.paymentType ? ['payment_type'] : []),
    ...(after.antihistamineConfirmed !== before.antihistamineConfirmed ? ['antihistamine'] : []),
    ...(after.agreementAccepted !== before.agreementAccepted ? ['agreement'] : []),
  ];
}

/**
 * Staff edit an appointment's patient (`PUT /api/admin/transactions/:id`): every field of the admin form, checked
 * with the slot's kind (the form replaces what was kept: a field left empty is cleared); a new file replaces the
 * stored one and `remove_*` removes it (the old file's row deleted in the same transaction). Naming another slot
 * moves a booked or paid appointment there (`reschedule`): the new slot booked, the old one freed if it has not
 * started, `calendar_sequence` counted up, and the patient e-mailed the new time with the invite of the same UID and
 * that SEQUENCE, so their calendar moves the event. A cancelled or refunded appointment is not changed.
 */
export async function updateAppointment(
  db: Db,
  actor: AdminActor,
  appointmentId: number,
  request: AppointmentUpdateRequest,
): Promise<void> {
  const before = await findAppointmentRecord(db, appointmentId);
  if (!before) throw notFound(appointmentTexts.notFound);
  checkedForm(request, (await planEdit(db, before, request)).kind);
  const files = await preparedFiles(request);

  await db.transaction(async (tx) => {
    if (!(await lockAppointment(tx, appointmentId))) throw notFound(appointmentTexts.notFound);
    const record = await findAppointmentRecord(tx, appointmentId);
    if (!record) throw notFound(appointmentTexts.notFound);
    const plan = await planEdit(tx, record, request);
    const form = checkedForm(request, plan.kind);
    const { appointment } = record;
    const { patient } = plan;

    let moved: { slot: Slot; freed: boolean; sequence: number } | undefined;
    if (plan.moveTo) {
      const booked = await bookForStaff(tx, plan.moveTo.id);
      const freed = appointment.slotId ? await freeBookedSlot(tx, appointment.slotId) : undefined;
      const row = await moveAppointment(tx, appointmentId, 'reschedule', {
        slotId: booked.id,
        newInvite: true,
      });
      if (!row) throw onSlot(refused, appointmentTexts.notMovable);
      moved = { slot: booked, freed: Boolean(freed), sequence: row.calendarSequence };
    }

    const columns = patientColumns(form, plan.kind);
    const appointmentColumns = appointmentFormColumns(form, plan.kind, appointment.bookedByAdmin);
    const stored = await storeFileChanges(tx, patient, files, request);
    const changed = [
      ...changedFields(patient, columns),
      ...stored.fields,
      ...changedAppointmentFields(appointment, appointmentColumns),
    ];
    if (changed.length === 0 && !moved) return;

    const updated = (await updatePatient(tx, patient.id, { ...columns, ...stored.columns })) ?? patient;
    await deleteFiles(tx, stored.replaced);
    await updateAppointmentForm(tx, appointmentId, appointmentColumns);
    await auditChange(tx, actor, 'update', ENTITY, appointmentId, {
      patient_id: patient.id,
      fields: changed,
      ...(moved
        ? {
            slot_id: { from: appointment.slotId, to: moved.slot.id },
            slot_freed: moved.freed,
            calendar_sequence: moved.sequence,
          }
        : {}),
    });
    if (moved) {
      const email = await movedEmailOf(
        {
          appointment: { id: appointmentId, calendarSequence: moved.sequence },
          patient: updated,
          slot: moved.slot,
        },
        record.slot,
      );
      if (email) await queueEmail(tx, email);
    }
  });
}

// ---------------------------------------------------------------------------------------------------
// Deleting (cancel), attendance

/** Who cancels an appointment, and what else must hold. */
export interface CancelRequest {
  actor: Actor;
  /** Staff decided on the state they saw: a booking paid (or moved on) since is refused (409) for them to look again. */
  seenStatus?: AppointmentStatus;
  /** Checked with the appointment's row locked, before anything changes: throws to refuse. */
  check?: (tx: Db, appointment: Appointment) => Promise<void>;
  /** The patient cancels it from their booking link: the clinic is told too. */
  byPatient?: { settings: Pick<AppConfig, 'publicUrl' | 'clinicEmail'> };
}

/**
 * Cancels an appointment (the `cancel` move): staff delete it (`DELETE /api/admin/transactions/:id`: it leaves the
 * list and is kept as cancelled), or its patient cancels a booking they did not pay online. A held one (a visitor's
 * booking being made) has its visitor's hold released, unless a payment of it is in progress (409); a booked or paid
 * one frees its slot if the slot has not started, and its patient is e-mailed (with the invite marked cancelled) if
 * it had not started. A paid one keeps its payment: no money is returned (the refund is the path that returns it),
 * and none is cancelled while a refund is under way.
 */
export async function cancelAppointment(
  db: Db,
  appointmentId: number,
  request: CancelRequest,
): Promise<void> {
  const { actor, seenStatus, byPatient } = request;
  await db.transaction(async (tx) => {
    const appointment = await lockAppointment(tx, appointmentId);
    if (!appointment) throw notFound(appointmentTexts.notFound);
    if (seenStatus && appointment.status !== seenStatus) throw conflict(appointmentTexts.changedMeanwhile);
    await request.check?.(tx, appointment);
    if (!allowsMove('cancel', appointment.status)) {
      throw refused(appointmentTexts.notCancellable);
    }
    const payments = await paymentsOfAppointment(tx, appointmentId);
    if (payments.some((payment) => PAYMENT_UNDER_WAY.includes(payment.status))) {
      throw conflict(appointmentTexts.paymentInProgress);
    }
    const record = await findAppointmentRecord(tx, appointmentId);
    const slot = record?.slot ?? null;
    const patient = record?.patient ?? null;
    const held = appointment.status === 'held';
    const tellsPatient = !held && slot !== null && slot.startsAt > new Date();
    // A booked or paid one's calendar invite is superseded by the cancelled one (a held one never had one).
    const moved = await moveAppointment(tx, appointmentId, 'cancel', { newInvite: !held });
    if (!moved) throw refused(appointmentTexts.notCancellable);
    const released =
      held && appointment.slotId && appointment.holdTokenHash
        ? await releaseHolds(tx, appointment.holdTokenHash, { id: appointment.slotId })
        : [];
    const freed = !held && appointment.slotId ? await freeBookedSlot(tx, appointment.slotId) : undefined;
    const paid = payments.find((payment) => payment.status === 'succeeded');
    await auditChange(tx, actor, 'update', ENTITY, appointmentId, {
      status: { from: appointment.status, to: moved.status },
      slot_id: appointment.slotId,
      ...(held ? { hold_released: released.length > 0 } : { slot_freed: Boolean(freed) }),
      ...(paid ? { payment_kept: paid.id } : {}),
      ...(byPatient ? { by: 'patient' } : {}),
    });
    if (tellsPatient) {
      const email = await cancelledEmailOf({ appointment: moved, patient, slot }, paid);
      if (email) await queueEmail(tx, email);
    }
    if (byPatient) {
      const notice = clinicChangeEmailOf(
        { appointment: moved, patient, slot },
        { kind: 'cancelled' },
        byPatient.settings,
      );
      if (notice) await queueEmail(tx, notice);
    }
  });
}

/**
 * Staff mark whether the patient came (`PUT /api/admin/transactions/:id/attendance`): once the slot has started
 * (422 before), from the states the table allows (`attend`, `miss`); marking it as it already is changes nothing.
 */
export async function markAttendance(
  db: Db,
  actor: AdminActor,
  appointmentId: number,
  status: 'attended' | 'no_show',
): Promise<void> {
  const move = status === 'attended' ? 'attend' : 'miss';
  await db.transaction(async (tx) => {
    const appointment = await lockAppointment(tx, appointmentId);
    if (!appointment) throw notFound(appointmentTexts.notFound);
    if (appointment.status === status) return;
    if (!allowsMove(move, appointment.status)) {
      throw refused(appointmentTexts.attendanceNotHere);
    }
    const slot = appointment.slotId ? await findSlot(tx, appointment.slotId) : undefined;
    if (!slot || slot.startsAt > new Date()) throw refused(appointmentTexts.attendanceTooEarly);
    const moved = await moveAppointment(tx, appointmentId, move);
    if (!moved) throw refused(appointmentTexts.attendanceNotHere);
    await auditChange(tx, actor, 'update', ENTITY, appointmentId, {
      status: { from: appointment.status, to: moved.status },
    });
  });
}
