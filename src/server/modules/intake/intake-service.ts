import { appointmentStarts, isUpcoming } from '../../../shared/appointment-states';
import {
  AGE_OF_CONSENT,
  ANTIHISTAMINES_QUESTION,
  ageOn,
  antihistaminesOfAnswers,
  antihistaminesPrefill,
  currentIntakeForm,
  type IntakeFormKind,
  type IntakeFormVersion,
  intakeFormVersion,
  intakeTexts,
  isRealDay,
  signingProblems,
} from '../../../shared/intake';
import type { IntakeAnswer, IntakeRequest, StaffIntake } from '../../../shared/intake-schemas';
import { manageBookingTexts } from '../../../shared/manage-booking';
import type { Db } from '../../db/database';
import type { IntakeForm, Patient } from '../../db/schema';
import { conflict, forbidden, limitReached, notFound, refused } from '../../domain-errors';
import { type Actor, auditChange } from '../audit/audit-log';
import { clearLoginFailures, describeWait, reserveLoginAttempt } from '../auth/login-throttle';
import { fullName } from '../patients/patient-name';
import { clinicLongDate, clinicWallClock } from '../slots/clinic-time';
import {
  deleteIntakeForm,
  findIntakeBooking,
  type IntakeBooking,
  insertIntakeForm,
  intakeFormsOfAppointment,
  isReminderLinkToken,
  setAppointmentAntihistamines,
  updateIntakeForm,
} from './intake-repository';

/**
 * A booking's intake and consent form (issue 33), filled by its patient (or their parent or guardian) before the
 * visit from the booking link, after a light identity check: the patient's date of birth. Saved as a draft while
 * typed; signed once complete (the typed full name of the signer and the consent tick, with the time, the address
 * and the form's version), then locked: a change after signing is a new revision, the signed one kept.
 */

/** How the request proves it is the patient's: the booking link's token or the booking's own, and the birth date. */
export interface IntakeAccess {
  reference: string;
  manageTokenHash: string | undefined;
  bookingTokenHash: string | undefined;
  dateOfBirth: string | undefined;
  /** The client's address: wrong dates of birth are counted per booking and address, as sign-ins are. */
  client: string;
}

/** What `login_attempts` counts a booking's wrong dates of birth under: a space, so no e-mail meets it. */
const attemptsKey = (appointmentId: number) => `intake ${appointmentId}`;

const linkNotFound = () => notFound(manageBookingTexts.notFound);

type OpenBooking = IntakeBooking & { patient: Patient; slot: NonNullable<IntakeBooking['slot']> };

/**
 * The booking of the request's link, before the birth date is checked: the booking link's token (or a reminder's
 * form link's), or the booking's own token just after paying. A booking not made yet (held, unpaid) has no form.
 */
async function linked(
  db: Db,
  booking: IntakeBooking | undefined,
  access: IntakeAccess,
): Promise<OpenBooking> {
  if (!booking?.patient || !booking.slot || booking.appointment.status === appointmentStarts.visitor)
    throw linkNotFound();
  const { appointment } = booking;
  const { manageTokenHash, bookingTokenHash } = access;
  const proven =
    (manageTokenHash !== undefined &&
      (appointment.manageTokenHash === manageTokenHash ||
        (await isReminderLinkToken(db, appointment.id, manageTokenHash)))) ||
    (bookingTokenHash !== undefined && appointment.accessTokenHash === bookingTokenHash);
  if (!proven) throw linkNotFound();
  return booking as OpenBooking;
}

/**
 * A form is filled only for an appointment still to come: cancelled, refunded, started or over, the form is closed
 * (409 `intake_closed`), said before the date of birth is asked, so the page never shows questions that cannot be
 * sent. The link already proves the booking is the caller's; its page says as much. A video consultation has none
 * (no skin test to consent to); its booking page never offers one.
 */
function ensureOpen({ appointment, slot }: OpenBooking, now: Date): void {
  if (slot.isVideoCall) throw conflict('intake_closed', intakeTexts.closedVideo);
  if (!isUpcoming(appointment.status)) throw conflict('intake_closed', intakeTexts.closedCancelled);
  if (slot.startsAt <= now) throw conflict('intake_closed', intakeTexts.closedOver);
}

/**
 * The light identity check: the patient's date of birth, limited as sign-in is (five wrong ones per booking and
 * address in 15 minutes, more over an hour and a day; decision 0002's table), so a forwarded link alone does not
 * open the health questions. A right one clears that address's wrong ones.
 */
async function checkDateOfBirth(db: Db, booking: OpenBooking, access: IntakeAccess): Promise<void> {
  if (!booking.patient.dob) throw forbidden('intake_identity_wrong', intakeTexts.noDateOfBirth);
  // No date sent guesses nothing, so it costs no try (the page asks this way whether the form is open at all).
  if (!access.dateOfBirth) {
    throw forbidden('intake_identity_wrong', intakeTexts.dateOfBirthMissing, {
      date_of_birth: [intakeTexts.dateOfBirthMissing],
    });
  }
  // A date no calendar has cannot be anyone's: said plainly, and no try spent on a slip of the keyboard.
  if (!isRealDay(access.dateOfBirth)) {
    throw refused('intake_date_of_birth_invalid', intakeTexts.dateOfBirthNotReal, {
      date_of_birth: [intakeTexts.dateOfBirthNotReal],
    });
  }
  const key = attemptsKey(booking.appointment.id);
  // Counted apart from staff sign-ins (`kind`), so a patient's mistyped dates never lock out a receptionist behind
  // the same address, nor the reverse.
  const reservation = await reserveLoginAttempt(db, key, access.client, { kind: 'intake' });
  if (reservation.kind === 'throttled') {
    throw limitReached(
      'intake_identity_throttled',
      intakeTexts.throttled(describeWait(reservation.retryAfterSeconds)),
      reservation.retryAfterSeconds,
    );
  }
  if (access.dateOfBirth !== booking.patient.dob) {
    throw forbidden('intake_identity_wrong', intakeTexts.dateOfBirthWrong, {
      date_of_birth: [intakeTexts.dateOfBirthWrong],
    });
  }
  await clearLoginFailures(db, key, access.client);
}

/** Which form the patient fills: a child's under AGE_OF_CONSENT on the appointment's day, else an adult's. */
function formKindOf(booking: OpenBooking): IntakeFormKind {
  const day = clinicWallClock(booking.slot.startsAt).isoDay;
  if (booking.patient.dob) return ageOn(booking.patient.dob, day) < AGE_OF_CONSENT ? 'child' : 'adult';
  return booking.patient.isAdult ? 'adult' : 'child';
}

/** Who signs, and the full name their signature must be ('' when the booking names no guardian). */
function signerOf(booking: OpenBooking, form: IntakeFormKind) {
  const { patient } = booking;
  if (form === 'adult') return { signer: 'patient' as const, name: fullName(patient) };
  const guardian = [patient.guardianFirstName, patient.guardianLastName].filter(Boolean).join(' ');
  return { signer: 'guardian' as const, name: guardian };
}

function versionOf(row: IntakeForm | undefined, form: IntakeFormKind): IntakeFormVersion {
  return (row && intakeFormVersion(row.form, row.version)) ?? currentIntakeForm(form);
}

/** The last signed revision of an appointment's forms (newest first), if any. */
const lastSignedOf = (forms: readonly IntakeForm[]) => forms.find((row) => row.status === 'signed');

function answerOf(booking: OpenBooking, forms: readonly IntakeForm[]): IntakeAnswer {
  const [latest] = forms;
  const earlier = latest?.status === 'draft' ? lastSignedOf(forms) : undefined;
  const form = latest?.form ?? formKindOf(booking);
  const version = versionOf(latest, form);
  const signer = signerOf(booking, form);
  return {
    form,
    version: version.version,
    status: latest?.status ?? 'not_started',
    questions: version.questions.map((question) => ({
      ...question,
      options: question.options?.map((option) => ({ ...option })),
    })),
    answers: withBookingsAntihistamines(booking, version, latest),
    signed_at: latest?.signedAt?.toISOString() ?? null,
    previous_signed_at: earlier?.signedAt?.toISOString() ?? null,
    consent: [...version.consent],
    signer: signer.signer,
    signer_name: signer.name,
    signature: latest?.signature ?? null,
    patient_name: fullName(booking.patient),
  };
}

/**
 * The answers as the page shows them: a form not signed that has no answer yet to which antihistamines the patient
 * takes begins with what they said when booking (the booking form's own question), so they are not asked twice.
 */
function withBookingsAntihistamines(
  booking: OpenBooking,
  version: IntakeFormVersion,
  latest: IntakeForm | undefined,
): Record<string, string> {
  const answers = latest?.answers ?? {};
  if (latest?.status === 'signed' || answers[ANTIHISTAMINES_QUESTION]) return answers;
  const prefill = antihistaminesPrefill(version, booking.appointment.antihistamines);
  return prefill ? { ...answers, [ANTIHISTAMINES_QUESTION]: prefill } : answers;
}

/**
 * On signing, the appointment's antihistamines follow the signed answer (decision 0027): the stop days its
 * booking page shows, its stop-day reminders and the .ics it serves go by them. Audited on the appointment, by
 * field name only, as a staff edit of them is.
 */
async function followSignedAntihistamines(
  tx: Db,
  booking: OpenBooking,
  version: IntakeFormVersion,
  answers: Record<string, string>,
  actor: Actor,
  formId: number,
): Promise<void> {
  const signed = antihistaminesOfAnswers(version, answers);
  if (!signed || booking.slot.isVideoCall) return;
  const { appointment } = booking;
  if (signed.join(',') === (appointment.antihistamines ?? []).join(',')) return;
  await setAppointmentAntihistamines(tx, appointment.id, signed);
  await auditChange(tx, actor, 'update', 'appointment', appointment.id, {
    fields: ['antihistamines'],
    from_intake_form: formId,
    by: 'patient',
  });
}

/** `GET /api/bookings/:reference/intake`: the form as it is (not begun, a draft, or signed). */
export async function readIntake(db: Db, access: IntakeAccess, now = new Date()): Promise<IntakeAnswer> {
  const booking = await linked(db, await findIntakeBooking(db, access.reference), access);
  ensureOpen(booking, now);
  await checkDateOfBirth(db, booking, access);
  return answerOf(booking, await intakeFormsOfAppointment(db, booking.appointment.id));
}

/** Only the answers to the version's questions are kept: a key of an older version's draft is let go. */
function answersFor(version: IntakeFormVersion, answers: Record<string, string>): Record<string, string> {
  const kept: Record<string, string> = {};
  for (const question of version.questions) {
    const value = answers[question.key];
    if (value !== undefined && value !== '') kept[question.key] = value;
  }
  return kept;
}

const sameAnswers = (a: Record<string, string>, b: Record<string, string>) => {
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  return [...keys].every((key) => (a[key] ?? '').trim() === (b[key] ?? '').trim());
};

/**
 * `PUT /api/bookings/:reference/intake`: a draft saved, or the form signed, in one transaction with the
 * appointment's row locked (two tabs saving at once take turns) and its audit entry: the first draft and each
 * signing are audited (a draft saved as it is typed is not, or the log would hold a line for each pause in typing).
 */
export async function saveIntake(
  db: Db,
  access: IntakeAccess,
  request: IntakeRequest,
  actor: Actor,
  now = new Date(),
): Promise<IntakeAnswer> {
  // The link and the birth date are checked before anything is locked: a wrong one writes its attempt and stops.
  const found = await linked(db, await findIntakeBooking(db, access.reference), access);
  ensureOpen(found, now);
  await checkDateOfBirth(db, found, access);
  const outcome = await db.transaction(async (tx) => {
    const booking = await linked(tx, await findIntakeBooking(tx, access.reference, { lock: true }), access);
    ensureOpen(booking, now);
    const appointmentId = booking.appointment.id;
    const forms = await intakeFormsOfAppointment(tx, appointmentId);
    const [latest] = forms;
    const editable = latest?.status === 'draft' ? latest : undefined;
    const form = editable?.form ?? formKindOf(booking);
    const version = editable ? versionOf(editable, form) : currentIntakeForm(form);
    const answers = answersFor(version, request.answers);
    const signer = signerOf(booking, form);

    if (request.sign) {
      // Signing what is already signed (the signed form itself, or a copy of it begun and left unchanged) makes no
      // second identical version: the copy is dropped and the signed one stands (decision 0029).
      const signed = lastSignedOf(forms);
      if (
        signed &&
        signed.form === form &&
        signed.version === version.version &&
        sameAnswers(signed.answers, answers)
      ) {
        if (editable) {
          await deleteIntakeForm(tx, editable.id);
          await auditChange(tx, actor, 'delete', 'intake_form', editable.id, {
            appointment_id: appointmentId,
            revision: editable.revision,
            unchanged_from_revision: signed.revision,
          });
        }
        return { unchangedSince: signed.signedAt } as const;
      }
      const problems = signingProblems(
        version.questions,
        { ...request, answers },
        signer.name,
        clinicWallClock(now).isoDay,
      );
      const fields = Object.entries(problems);
      if (fields.length > 0) {
        throw refused(
          'intake_incomplete',
          intakeTexts.incomplete,
          Object.fromEntries(fields.map(([key, message]) => [key, [message]])),
        );
      }
    }
    const signing = request.sign
      ? {
          status: 'signed' as const,
          signature: request.signature?.trim() ?? null,
          signer: signer.signer,
          signedAt: now,
          signedFrom: actor.kind === 'system' ? null : actor.ip,
        }
      : { status: 'draft' as const };
    let formId: number;
    let revision: number;
    if (editable) {
      await updateIntakeForm(tx, editable.id, { answers, ...signing });
      formId = editable.id;
      revision = editable.revision;
    } else {
      revision = (latest?.revision ?? 0) + 1;
      const row = await insertIntakeForm(tx, {
        appointmentId,
        patientId: booking.patient.id,
        revision,
        form,
        version: version.version,
        answers,
        ...signing,
      });
      formId = row.id;
      await auditChange(tx, actor, 'create', 'intake_form', formId, {
        appointment_id: appointmentId,
        revision,
        form,
        version: version.version,
      });
    }
    if (request.sign) {
      await auditChange(tx, actor, 'intake_signed', 'intake_form', formId, {
        appointment_id: appointmentId,
        revision,
        form,
        version: version.version,
        signer: signer.signer,
      });
      await followSignedAntihistamines(tx, booking, version, answers, actor, formId);
    }
    return { answer: answerOf(booking, await intakeFormsOfAppointment(tx, appointmentId)) } as const;
  });
  // Thrown once the unchanged copy's removal is committed.
  if ('unchangedSince' in outcome) {
    const signed = outcome.unchangedSince;
    const signedOn = signed
      ? `${clinicLongDate(signed)} at ${clinicWallClock(signed).time}`
      : 'an earlier day';
    throw conflict('intake_already_signed', intakeTexts.alreadySigned(signedOn));
  }
  return outcome.answer;
}

/** The appointment's form as staff see it; `withAnswers` only for a role that may see health details. */
export async function intakeForStaff(
  db: Db,
  appointmentId: number,
  withAnswers: boolean,
): Promise<StaffIntake | null> {
  const forms = await intakeFormsOfAppointment(db, appointmentId);
  const [latest] = forms;
  // The signed form is what staff go by; a change the patient has begun since is said, not shown.
  const shown = lastSignedOf(forms) ?? latest;
  if (!latest || !shown) return null;
  return {
    status: shown.status,
    form: shown.form,
    version: shown.version,
    revision: shown.revision,
    signed_at: shown.signedAt?.toISOString() ?? null,
    signature: shown.signature,
    signer: shown.signer,
    ...(withAnswers ? { answers: shown.answers } : {}),
    // A copy begun and left as signed is no change.
    changing: latest !== shown && !sameAnswers(latest.answers, shown.answers),
  };
}
