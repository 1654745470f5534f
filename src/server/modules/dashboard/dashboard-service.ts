import { appointmentStatusLabels } from '../../../shared/appointments';
import { clinic, formatAddress } from '../../../shared/clinic';
import {
  type DashboardAppointment,
  type DashboardResponse,
  TO_RESOLVE_DAYS,
  TO_RESOLVE_LISTED,
  UNUSUAL_UPLOADS_HISTORY_DAYS,
  unusualUploads,
} from '../../../shared/dashboard';
import { INTAKE_REMINDER_DAYS_BEFORE } from '../../../shared/intake';
import { balanceDueCents } from '../../../shared/payment-states';
import { roleCan, type StaffRole } from '../../../shared/staff-roles';
import { flagLabels } from '../../../shared/way-out';
import type { Db } from '../../db/database';
import { paymentSummaryOf } from '../appointments/appointment-repository';
import { ageLabel, kindLabel, paymentInformationLabel } from '../appointments/appointment-view';
import { type AdminActor, auditRead } from '../audit/audit-log';
import { fullName } from '../patients/patient-name';
import { referralsAwaiting } from '../referrals/referral-service';
import { clinicDayRange, clinicMidnight, clinicMonthRange, clinicWallClock } from '../slots/clinic-time';
import { takingsCents } from '../takings/takings-repository';
import { countFailedTexts } from '../texts/text-outbox-repository';
import { countOpenCancelRequests, openReplies } from '../texts/text-replies';
import { visitorUploadTotals } from '../uploads/visitor-upload-repository';
import { countActiveEntries } from '../waitlist/waitlist-repository';
import {
  appointmentsStartingWithin,
  appointmentsToResolve,
  appointmentsWithoutIntake,
  type DayAppointmentRow,
  flaggedAppointments,
  videoAppointmentsWithoutLink,
} from './dashboard-repository';

/** An appointment of the day as the dashboard lists it, labelled as the appointments list labels it. */
export function dashboardAppointment(row: DayAppointmentRow): DashboardAppointment {
  const payment = paymentSummaryOf(row);
  const location = !row.isVideoCall && row.location ? clinic.locations[row.location] : undefined;
  return {
    id: row.id,
    status: row.status,
    status_label: appointmentStatusLabels[row.status],
    starts_at: row.startsAt.toISOString(),
    ends_at: row.endsAt.toISOString(),
    date: clinicWallClock(row.startsAt).data,
    start_time: clinicWallClock(row.startsAt).time,
    end_time: clinicWallClock(row.endsAt).time,
    // Both null once the patient was erased: the row is gone, the appointment stays.
    patient_id: row.patientId,
    full_name:
      row.firstName === null ? null : fullName({ firstName: row.firstName, lastName: row.lastName ?? '' }),
    is_video_call: row.isVideoCall,
    is_adult: row.patientIsAdult ?? row.slotIsAdult,
    kind: kindLabel(row),
    appointment_type: ageLabel(row.patientIsAdult ?? row.slotIsAdult),
    place: location?.label ?? null,
    address: location ? formatAddress(location) : null,
    payment_status: payment?.status ?? (row.bookedByAdmin ? 'booked' : 'unpaid'),
    payment_status_label: paymentInformationLabel({ appointment: row, payment }),
    amount: payment ? (payment.takenCount > 0 ? payment.paidCents : payment.amountCents) / 100 : null,
    balance_due: balanceDueCents(row, payment ?? { keptCents: 0 }) / 100,
    flag_label: row.flagReason ? flagLabels[row.flagReason] : null,
    intake_signed: row.intakeSigned,
  };
}

/**
 * The staff dashboard at `now`, in clinic time: the appointments of the clinic's day and the next (one query over
 * both days), those left unmarked after their end in the last TO_RESOLVE_DAYS days (one query), the referrals awaiting triage, the takings of this clinic month and the last (one query), and today's
 * visitors' uploads when they are unusual against the last two weeks' (one query). The
 * patients named are personal data: the read is audited before it is answered.
 */
export async function dashboardForStaff(
  db: Db,
  actor: AdminActor,
  role: StaffRole,
  now: Date = new Date(),
  textsSetUp = false,
): Promise<DashboardResponse> {
  // What the role may not see is left out of the answer, and not worked out at all.
  const seesTakings = roleCan(role, 'takings');
  const seesReferrals = roleCan(role, 'health');
  const seesWaitlist = roleCan(role, 'waitlist');
  const dealsWithReplies = roleCan(role, 'appointments_write');
  const today = clinicWallClock(now).isoDay;
  const tomorrowStarts = clinicMidnight(today, 1);
  const tomorrow = clinicWallClock(tomorrowStarts).isoDay;
  // Today, then each of the days before it.
  const uploadDays = Array.from({ length: UNUSUAL_UPLOADS_HISTORY_DAYS + 1 }, (_day, back) => ({
    from: clinicMidnight(today, -back),
    to: clinicMidnight(today, 1 - back),
  }));
  const toResolveFrom = new Date(now.getTime() - TO_RESOLVE_DAYS * 86_400_000);
  const [
    rows,
    toResolve,
    awaiting,
    [thisMonth = 0, lastMonth = 0],
    [todayUploads, ...pastUploads],
    flagged,
    withoutLink,
    withoutIntake,
    failedTexts,
    cancelRequests,
    replies,
    waiting,
  ] = await Promise.all([
    appointmentsStartingWithin(db, clinicDayRange(today, tomorrow)),
    appointmentsToResolve(db, { from: toResolveFrom, to: now }, TO_RESOLVE_LISTED),
    seesReferrals ? referralsAwaiting(db) : undefined,
    seesTakings ? takingsCents(db, [clinicMonthRange(today), clinicMonthRange(today, -1)]) : [],
    visitorUploadTotals(db, uploadDays),
    flaggedAppointments(db, now),
    videoAppointmentsWithoutLink(db, now),
    appointmentsWithoutIntake(db, {
      from: now,
      to: clinicMidnight(today, INTAKE_REMINDER_DAYS_BEFORE + 1),
    }),
    countFailedTexts(db),
    countOpenCancelRequests(db),
    dealsWithReplies ? openReplies(db) : [],
    seesWaitlist ? countActiveEntries(db) : undefined,
  ]);
  const patientIds = [
    ...new Set(
      [...rows, ...toResolve.rows, ...flagged, ...withoutLink, ...withoutIntake].flatMap((row) =>
        row.patientId === null ? [] : [row.patientId],
      ),
    ),
  ];
  if (patientIds.length > 0) {
    await auditRead(db, actor, 'patient', null, { via: 'dashboard', patient_ids: patientIds });
  }
  const startsToday = (row: DayAppointmentRow) => row.startsAt.getTime() < tomorrowStarts.getTime();
  return {
    as_of: now.toISOString(),
    days: { today, tomorrow },
    today: rows.filter(startsToday).map(dashboardAppointment),
    tomorrow: rows.filter((row) => !startsToday(row)).map(dashboardAppointment),
    to_resolve: { count: toResolve.count, appointments: toResolve.rows.map(dashboardAppointment) },
    flagged: flagged.map(dashboardAppointment),
    video_links_missing: withoutLink.map(dashboardAppointment),
    intake_missing: withoutIntake.map(dashboardAppointment),
    ...(awaiting ? { referrals_awaiting: awaiting } : {}),
    ...(waiting === undefined ? {} : { waitlist_active: waiting }),
    ...(seesTakings ? { takings: { this_month: thisMonth / 100, last_month: lastMonth / 100 } } : {}),
    unusual_uploads: (todayUploads && unusualUploads(todayUploads, pastUploads)) ?? null,
    texts: {
      set_up: textsSetUp,
      failed: failedTexts,
      cancel_requests: cancelRequests,
      // A reply's words may be about health: left out for a role without health details, as on the appointment.
      replies: seesReferrals ? replies : replies.map((reply) => ({ ...reply, body: null })),
    },
  };
}
