import {
  type AntihistamineChoice,
  asksPharmacist,
  firstDayToStopFrom,
  stopDays,
  stopDayWords,
  takenAfterCouldNotStop,
  tooSoonToStopWords,
} from '../../../shared/antihistamines';
import { allowsMove, appointmentStarts, isEnded, isUpcoming } from '../../../shared/appointment-states';
import { formatEuro } from '../../../shared/euro';
import {
  CANCELLATION_NOTICE_HOURS,
  type FlagRequest,
  type ManageActionResponse,
  type ManagedAppointment,
  manageActions,
  manageBookingTexts,
} from '../../../shared/manage-booking';
import { isUnderWay } from '../../../shared/payment-states';
import { textTexts } from '../../../shared/texts';
import { wayOutTexts } from '../../../shared/way-out';
import type { Db } from '../../db/database';
import {
  type Appointment,
  DESK_PROVIDER,
  type IntakeForm,
  type Patient,
  type Payment,
  type Slot,
} from '../../db/schema';
import {
  conflict,
  DomainError,
  fieldError,
  notFound,
  providerFailure,
  refused,
  reworded,
} from '../../domain-errors';
import type { Actor } from '../audit/audit-log';
import { intakeFormsOfAppointment } from '../intake/intake-repository';
import { paymentsOfAppointment } from '../payments/payment-repository';
import { clinicWallClock } from '../slots/clinic-time';
import { findSlot } from '../slots/slot-repository';
import { holdForVisitor, type VisitorHold } from '../slots/slot-service';
import { slotAnswer } from '../slots/slot-view';
import { withdrawTextConsent } from '../texts/text-replies';
import type { AppointmentContext } from './appointment-context';
import {
  type AppointmentRecord,
  findAppointmentRecord,
  findAppointmentRecordByManageLink,
  stampFreeMoveUsed,
} from './appointment-repository';
import { serviceName } from './emails/booking-details';
import { manageLinkUrl } from './manage-links';
import { moveHoldsOf } from './move-holds';
import { cancelAppointment } from './moves/cancel-appointment';
import { flagAppointment } from './moves/flag-appointment';
import { refundAppointment } from './moves/refund-appointment';
import { rescheduleAppointment } from './moves/reschedule-appointment';
import { joinLinkOf, videoLinkShownFrom } from './video-links';

/**
 * What a patient does with their own appointment from the link of their confirmation e-mail (issue 20), without an
 * account: read it, cancel it (a paid one is refunded in full) or move it to another time of the same kind and price,
 * up to CANCELLATION_NOTICE_HOURS before it starts. Each change is one of the appointment's moves (`moves/`: cancel,
 * refund, reschedule), made by the same function as staff's, with the patient's own rules (the notice, the price)
 * and the patient's words for a refusal, audited as the patient (a visitor from their address, `by: 'patient'`). A
 * wrong or expired link is a 404 that says neither; the link stops working once the appointment has ended.
 */

/** The patient's link as the request carries it: the reference in the path, the token in X-Manage-Token. */
export interface ManageLinkRequest {
  reference: string;
  /** The token itself (undefined when the header is not one of our tokens). */
  token: string | undefined;
  tokenHash: string | undefined;
}

const NOTICE_MS = CANCELLATION_NOTICE_HOURS * 3_600_000;

const linkNotFound = () => notFound(manageBookingTexts.notFound);

/** Until when the appointment may be changed online: its start less the notice. */
const changeUntil = (slot: Slot) => new Date(slot.startsAt.getTime() - NOTICE_MS);

type LinkedRecord = AppointmentRecord & { patient: Patient; slot: Slot };

/** The appointment of the link, with its patient and slot, while the link works (until the appointment ends). */
async function linkedRecord(db: Db, link: ManageLinkRequest, now: Date): Promise<LinkedRecord> {
  if (!link.tokenHash) throw linkNotFound();
  const record = await findAppointmentRecordByManageLink(db, link.reference, link.tokenHash);
  const { patient, slot } = record ?? {};
  if (
    !record ||
    !patient ||
    !slot ||
    slot.endsAt <= now ||
    record.appointment.status === appointmentStarts.visitor
  ) {
    throw linkNotFound();
  }
  return { ...record, patient, slot };
}

/** Cents paid at the clinic (cash, the card terminal) that the clinic still holds: their amounts less what went back. */
const heldAtClinicCents = (payments: readonly Payment[]) =>
  payments
    .filter((payment) => payment.provider === DESK_PROVIDER && payment.status === 'succeeded')
    .reduce((sum, payment) => sum + payment.amountCents - payment.refundedCents, 0);

/**
 * What the patient's page says of the payments: being refunded to their card, paid online, paid at the clinic (money
 * the clinic holds, which it gives back itself), refunded, or not paid.
 */
function paymentStatusOf(payments: readonly Payment[]): ManagedAppointment['payment_status'] {
  const statuses = new Set(payments.filter((row) => row.provider !== DESK_PROVIDER).map((row) => row.status));
  if (statuses.has('refunding')) return 'refunding';
  if (statuses.has('succeeded')) return 'paid';
  if (heldAtClinicCents(payments) > 0) return 'paid_at_clinic';
  return statuses.has('refunded') || payments.some((row) => row.status === 'refunded')
    ? 'refunded'
    : 'unpaid';
}

/**
 * Whether the appointment may be moved by its patient now: upcoming and more than the notice before its start; or,
 * inside the notice and before its start, flagged by the patient without the free move used yet ('free').
 */
function moveRule(
  { appointment, slot }: Pick<AppointmentRecord, 'appointment' | 'slot'>,
  now: Date,
): 'in_time' | 'free' | undefined {
  if (!slot || !isUpcoming(appointment.status)) return undefined;
  if (now < changeUntil(slot)) return 'in_time';
  if (appointment.flaggedAt && !appointment.freeMoveUsedAt && now < slot.startsAt) return 'free';
  return undefined;
}

/**
 * The first clinic day the free move may go to: after "I could not stop my antihistamines", the day the patient can
 * still stop every medicine they take (`firstDayToStopFrom`); undefined when any free time will do (unwell, or the
 * move is not the free one).
 */
function freeMoveFrom(
  record: Pick<AppointmentRecord, 'appointment' | 'slot'>,
  now: Date,
): string | undefined {
  const { appointment } = record;
  if (appointment.flagReason !== 'could_not_stop' || moveRule(record, now) !== 'free') return undefined;
  return firstDayToStopFrom(clinicWallClock(now).isoDay, appointment.antihistamines);
}

/**
 * The free move after "I could not stop" refuses a time too soon to stop their medicines again (422, on the new
 * time), in the booking form's words for a test too soon.
 */
function stopsInTime(record: Pick<AppointmentRecord, 'appointment' | 'slot'>, next: Slot, now: Date): void {
  const from = freeMoveFrom(record, now);
  if (!from) return;
  const day = clinicWallClock(next.startsAt).isoDay;
  if (day >= from) return;
  const late = stopDays(
    day,
    takenAfterCouldNotStop(record.appointment.antihistamines),
    clinicWallClock(now).isoDay,
  ).filter((stop) => stop.late);
  const message = wayOutTexts.tooSoonToStop(tooSoonToStopWords(late), stopDayWords(from));
  throw refused('free_move_too_soon', message, onNewSlot(message));
}

/** Whether the way out is offered: an upcoming allergy test that has not started. */
const offersWayOut = ({ appointment, slot }: LinkedRecord, now: Date) =>
  isUpcoming(appointment.status) && !slot.isVideoCall && now < slot.startsAt;

function wayOutOf(record: LinkedRecord, now: Date): ManagedAppointment['way_out'] {
  if (!offersWayOut(record, now)) return null;
  const { appointment } = record;
  return {
    flag:
      appointment.flagReason && appointment.flaggedAt
        ? {
            reason: appointment.flagReason,
            message: appointment.flagMessage,
            flagged_at: appointment.flaggedAt.toISOString(),
          }
        : null,
    free_move: appointment.freeMoveUsedAt ? 'used' : moveRule(record, now) === 'free' ? 'available' : 'none',
    move_from: freeMoveFrom(record, now) ?? null,
  };
}

/** The appointment as its page shows it, from its row and its payments as they are now. */
function managedAppointmentOf(
  record: LinkedRecord,
  payments: readonly Payment[],
  now: Date,
  joinLink: string | null,
  intakeForms: readonly IntakeForm[],
): ManagedAppointment {
  const { appointment, patient, slot } = record;
  const status = isUpcoming(appointment.status)
    ? slot.endsAt <= now
      ? 'over'
      : 'upcoming'
    : isEnded(appointment.status)
      ? 'cancelled'
      : 'over';
  const until = changeUntil(slot);
  const changeable = status === 'upcoming' && now < until;
  return {
    reference: appointment.reference ?? '',
    status,
    patient_name: `${patient.firstName} ${patient.lastName}`,
    service: serviceName(slot),
    session: slotAnswer(slot),
    price: appointment.priceCents / 100,
    payment_status: paymentStatusOf(payments),
    paid_at_clinic: heldAtClinicCents(payments) / 100,
    change_until: changeable ? until.toISOString() : null,
    // Moved with the flag's free move: no longer cancelled online (a refund the notice had ruled out).
    actions: changeable
      ? manageActions.filter((action) => action !== 'cancel' || !appointment.freeMoveUsedAt)
      : moveRule(record, now) === 'free'
        ? ['move']
        : [],
    antihistamines: antihistaminesAnswer(appointment.antihistamines, slot, now),
    way_out: wayOutOf(record, now),
    video_link:
      status === 'upcoming' && now >= videoLinkShownFrom(slot) && slot.isVideoCall ? joinLink : null,
    video_link_from:
      status === 'upcoming' && slot.isVideoCall ? videoLinkShownFrom(slot).toISOString() : null,
    intake: status === 'upcoming' && !slot.isVideoCall ? intakeAnswer(intakeForms) : null,
    texts: record.patient.smsConsentAt ? 'on' : 'off',
  };
}

/** The form's state for the booking's page, from its revisions newest first; never its answers. */
function intakeAnswer(forms: readonly IntakeForm[]): NonNullable<ManagedAppointment['intake']> {
  const [latest] = forms;
  const signed = forms.find((row) => row.status === 'signed');
  return { status: latest?.status ?? 'not_started', signed_at: signed?.signedAt?.toISOString() ?? null };
}

/** The patient's stop days for their page (none for a video consultation). */
function antihistaminesAnswer(
  taken: AntihistamineChoice[] | null,
  slot: Slot,
  now: Date,
): ManagedAppointment['antihistamines'] {
  if (slot.isVideoCall) return { answered: false, ask_pharmacist: false, stop_days: [] };
  return {
    answered: taken !== null,
    ask_pharmacist: asksPharmacist(taken),
    stop_days: stopDays(clinicWallClock(slot.startsAt).isoDay, taken, clinicWallClock(now).isoDay).map(
      (stop) => ({
        medicine: stop.medicine,
        day: stop.day,
        days_before: stop.daysBefore,
        text: stop.text,
      }),
    ),
  };
}

/** The appointment as its page shows it, with its join link read when it is a video consultation. */
async function managedAppointmentRead(
  db: Db,
  record: LinkedRecord,
  payments: readonly Payment[],
  now: Date,
): Promise<ManagedAppointment> {
  const [joinLink, intakeForms] = await Promise.all([
    record.slot.isVideoCall ? joinLinkOf(db, record.appointment, record.slot) : null,
    record.slot.isVideoCall ? [] : intakeFormsOfAppointment(db, record.appointment.id),
  ]);
  return managedAppointmentOf(record, payments, now, joinLink, intakeForms);
}

/** The appointment as it is now, read afresh after a change, with `message` saying what happened. */
async function answer(
  db: Db,
  appointmentId: number,
  now: Date,
  message: string,
): Promise<ManageActionResponse> {
  const [record, payments] = await Promise.all([
    findAppointmentRecord(db, appointmentId),
    paymentsOfAppointment(db, appointmentId),
  ]);
  if (!record?.patient || !record.slot) throw linkNotFound();
  return {
    booking: await managedAppointmentRead(
      db,
      { ...record, patient: record.patient, slot: record.slot },
      payments,
      now,
    ),
    message,
  };
}

/** The patient reads their appointment (`GET /api/bookings/:reference`); nothing is written. */
export async function readOwnAppointment(
  db: Db,
  link: ManageLinkRequest,
  now = new Date(),
): Promise<ManagedAppointment> {
  const record = await linkedRecord(db, link, now);
  return managedAppointmentRead(db, record, await paymentsOfAppointment(db, record.appointment.id), now);
}

/**
 * The patient's rule for a change, checked with the appointment's row locked (`now` as the request saw it): an
 * appointment that will take place, more than the notice before its start.
 */
const inTime =
  (now: Date) =>
  ({ appointment, slot }: Pick<AppointmentRecord, 'appointment' | 'slot'>) => {
    if (!isUpcoming(appointment.status)) {
      throw conflict('appointment_not_changeable', manageBookingTexts.notChangeable);
    }
    if (!slot || now >= changeUntil(slot)) throw conflict('notice_passed', manageBookingTexts.noticePassed);
  };

/**
 * The patient's rule for a move, checked with the appointment's row locked: in time (`inTime`), or inside the notice
 * the one free move a flag allows (refused once used).
 */
const movableNow = (now: Date) => (record: Pick<AppointmentRecord, 'appointment' | 'slot'>) => {
  if (moveRule(record, now)) return;
  if (record.appointment.freeMoveUsedAt && isUpcoming(record.appointment.status)) {
    throw conflict('free_move_used', wayOutTexts.freeMoveUsed);
  }
  inTime(now)(record);
};

/**
 * The patient cancels their appointment (`POST /api/bookings/:reference/cancel`) more than the notice before its
 * start: a paid one is refunded in full through the provider (the `refund` move: the time freed, the patient and the
 * clinic e-mailed); a booked one (booked by staff, paid at the clinic) is cancelled (the `cancel` move, both
 * e-mailed): money paid at the clinic cannot go back online, so the patient is told the clinic will give it back,
 * and the clinic what to give back. Cancelling again answers that it is already cancelled and does nothing more; of two at once, one
 * refunds and the other is told it is already cancelled, or that the cancellation is being made (while the provider
 * refunds).
 */
export async function cancelOwnAppointment(
  context: AppointmentContext,
  link: ManageLinkRequest,
  actor: Actor,
  now = new Date(),
): Promise<ManageActionResponse> {
  const { db, settings } = context;
  const { appointment } = await linkedRecord(db, link, now);
  if (isEnded(appointment.status))
    return answer(db, appointment.id, now, manageBookingTexts.alreadyCancelled);
  const check = (record: Pick<AppointmentRecord, 'appointment' | 'slot'>) => {
    inTime(now)(record);
    if (record.appointment.freeMoveUsedAt) {
      throw conflict('free_move_no_cancel', wayOutTexts.cancelAfterFreeMove);
    }
  };
  try {
    if (allowsMove('refund', appointment.status)) {
      await refundAppointment(context, appointment.id, { actor, by: 'patient', check });
      return answer(db, appointment.id, now, manageBookingTexts.cancelledRefunded);
    }
    await cancelAppointment(db, appointment.id, { actor, check, byPatient: { settings } });
    const held = heldAtClinicCents(await paymentsOfAppointment(db, appointment.id));
    return answer(
      db,
      appointment.id,
      now,
      held > 0
        ? manageBookingTexts.cancelledPaidAtClinic(formatEuro(held / 100))
        : manageBookingTexts.cancelled,
    );
  } catch (error) {
    if (!(error instanceof DomainError) || ['notice_passed', 'free_move_no_cancel'].includes(error.code))
      throw error;
    if (error.kind === 'provider_failure')
      throw providerFailure('refund_failed', manageBookingTexts.refundFailed);
    return whyNotCancelled(db, appointment, now, error);
  }
}

/**
 * A cancel refused for the state the appointment was in by then: another cancel of it came first (answered as done),
 * or a refund or a payment of it is under way, or it can no longer be changed online.
 */
async function whyNotCancelled(
  db: Db,
  appointment: Appointment,
  now: Date,
  error: DomainError,
): Promise<ManageActionResponse> {
  // The payments first, then the appointment: read side by side, the payments could be read after the refund that
  // came first had ended (refunded) and the appointment before it (still paid), which read as 'not changeable'.
  const payments = await paymentsOfAppointment(db, appointment.id);
  const record = await findAppointmentRecord(db, appointment.id);
  if (record && isEnded(record.appointment.status)) {
    return answer(db, appointment.id, now, manageBookingTexts.alreadyCancelled);
  }
  if (payments.some((payment) => payment.status === 'refunding')) {
    throw conflict('cancel_in_progress', manageBookingTexts.cancelInProgress);
  }
  if (payments.some((payment) => isUnderWay(payment.status))) {
    throw conflict('payment_in_progress', manageBookingTexts.paymentInProgress);
  }
  throw error.code === 'appointment_not_changeable'
    ? error
    : conflict('appointment_not_changeable', manageBookingTexts.notChangeable);
}

const onNewSlot = (message: string) => fieldError('session_id', message);

/** The patient's words for a refusal of a move (staff read the move's own). */
function inPatientWords(error: unknown): unknown {
  if (!(error instanceof DomainError)) return error;
  switch (error.code) {
    case 'not_found':
    case 'patient_erased':
      return linkNotFound();
    case 'appointment_not_movable':
      return conflict('appointment_not_changeable', manageBookingTexts.notChangeable);
    case 'slot_other_kind':
      return reworded(error, manageBookingTexts.otherKind);
    case 'slot_started':
      return reworded(error, manageBookingTexts.started);
    case 'hold_missing':
      return reworded(error, manageBookingTexts.holdMissing);
    case 'payment_in_progress':
      return reworded(error, manageBookingTexts.paymentInProgress);
    default:
      return error;
  }
}

/**
 * The patient of an upcoming allergy test that has not started tells the clinic they could not stop their
 * antihistamines, or are unwell (`POST /api/bookings/:reference/flag`): the `flag` move (audited, the clinic
 * e-mailed). A second flag replaces the first. Afterwards a move is allowed once inside the notice.
 */
/**
 * The patient stops texts from their booking link (issue 34): their consent is withdrawn, with when, and the texts
 * still waiting are not sent. Answers the booking; stopping them again changes nothing.
 */
export async function stopOwnTexts(
  db: Db,
  link: ManageLinkRequest,
  now = new Date(),
): Promise<ManageActionResponse> {
  const record = await linkedRecord(db, link, now);
  if (record.patient) await withdrawTextConsent(db, record.patient.id, now);
  return answer(db, record.appointment.id, now, textTexts.withdrawn);
}

export async function flagOwnAppointment(
  context: Pick<AppointmentContext, 'db' | 'settings'>,
  link: ManageLinkRequest,
  request: FlagRequest,
  actor: Actor,
  now = new Date(),
): Promise<ManageActionResponse> {
  const { db, settings } = context;
  const record = await linkedRecord(db, link, now);
  const check = ({ appointment, slot }: AppointmentRecord) => {
    if (!isUpcoming(appointment.status) || !slot || now >= slot.startsAt) {
      throw conflict('appointment_not_changeable', wayOutTexts.notFlaggable);
    }
    if (slot.isVideoCall) throw conflict('flag_not_offered', wayOutTexts.notTest);
  };
  check(record);
  let again: boolean;
  try {
    again = await flagAppointment(db, record.appointment.id, {
      actor,
      reason: request.reason,
      message: request.message ?? null,
      check,
      settings,
    });
  } catch (error) {
    throw inPatientWords(error);
  }
  return answer(db, record.appointment.id, now, again ? wayOutTexts.flaggedAgain : wayOutTexts.flagged);
}

/**
 * The patient holds a time to move their appointment to (`PUT /api/bookings/:reference/sessions/:id`), while the link
 * works and more than the notice before the appointment starts: the same hold as a visitor's, with their earlier
 * one (`ownToken`) let go, but counted with this appointment's own move holds (at most MOVE_HOLDS_PER_BOOKING), never
 * with the other holds of the address it comes from: a patient behind an office's or mobile network's shared address
 * is never refused their own move for what others there hold. Whether the time suits the move (kind, price) is the
 * move's to say.
 */
export async function holdTimeForOwnMove(
  context: Pick<AppointmentContext, 'db' | 'settings'>,
  link: ManageLinkRequest,
  target: { slotId: number; ownToken: string | undefined },
  now = new Date(),
): Promise<VisitorHold> {
  const { db, settings } = context;
  const record = await linkedRecord(db, link, now);
  movableNow(now)(record);
  if (freeMoveFrom(record, now)) {
    const next = await findSlot(db, target.slotId);
    if (next) stopsInTime(record, next, now);
  }
  try {
    return await holdForVisitor(
      db,
      target.slotId,
      {
        ownToken: target.ownToken,
        count: moveHoldsOf(record.appointment.id),
      },
      settings.holdMinutes,
    );
  } catch (error) {
    if (error instanceof DomainError && error.code === 'holds_limit') {
      throw reworded(error, manageBookingTexts.tooManyMoveHolds);
    }
    throw error;
  }
}

/** Online, an appointment moves only to a time of the price it was booked at. */
function samePrice(appointment: Appointment, next: Slot): void {
  if (next.priceCents === appointment.priceCents) return;
  const message = manageBookingTexts.otherPrice(
    formatEuro(next.priceCents / 100),
    formatEuro(appointment.priceCents / 100),
  );
  throw conflict('slot_other_price', message, onNewSlot(message));
}

/**
 * The patient moves their appointment (`POST /api/bookings/:reference/move`) more than the notice before its start,
 * to a free future time of the same kind, age and price that they hold (X-Hold-Token, as a visitor holds a time to
 * book it): the `reschedule` move, whose confirmation carries the calendar invite of the same UID with a higher
 * SEQUENCE and their link again; the clinic is told. Moving to the time it already has answers so and changes nothing.
 */
export async function moveOwnAppointment(
  context: AppointmentContext,
  link: ManageLinkRequest,
  target: { slotId: number; holdTokenHash: string | undefined },
  actor: Actor,
  now = new Date(),
): Promise<ManageActionResponse> {
  const { db, settings } = context;
  const record = await linkedRecord(db, link, now);
  const { appointment } = record;
  if (appointment.slotId === target.slotId && isUpcoming(appointment.status)) {
    return answer(db, appointment.id, now, manageBookingTexts.alreadyThere);
  }
  movableNow(now)(record);
  // The appointment's row as the move locked it: the free move's first day is worked out from it.
  let locked: AppointmentRecord | undefined;
  try {
    await rescheduleAppointment(db, appointment.id, {
      actor,
      slotId: target.slotId,
      taking: { by: 'hold', holdTokenHash: target.holdTokenHash },
      check: (current) => {
        movableNow(now)(current);
        locked = current;
      },
      checkNewTime: (current, next) => {
        samePrice(current, next);
        if (locked) stopsInTime(locked, next, now);
      },
      // Inside the notice it is the free move of a flag: stamped used with the move.
      alongside: async (tx, locked) => {
        if (moveRule(locked, now) !== 'free') return { patient: locked.patient, audit: {} };
        await stampFreeMoveUsed(tx, appointment.id);
        return { patient: locked.patient, audit: { free_move: true } };
      },
      byPatient: {
        manageUrl:
          link.token && manageLinkUrl(settings.publicUrl, { reference: link.reference, token: link.token }),
        settings,
      },
    });
  } catch (error) {
    throw inPatientWords(error);
  }
  return answer(db, appointment.id, now, manageBookingTexts.moved);
}
