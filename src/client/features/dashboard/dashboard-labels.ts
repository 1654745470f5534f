import type { DashboardAppointment } from '../../../shared/dashboard';
import { addMonths, formatMonth, monthOf } from '../../components/month-calendar/month-grid';
import { ERASED_PATIENT } from '../../components/patient-details/patient-labels';
import { timeAgo } from '../../lib/time-ago';

/**
 * How the dashboard reads its answer: each appointment's line, the counts and the months of the takings. Pure,
 * so the screen and the tests agree.
 */

/** An appointment's screen in the back office. */
export const appointmentPath = (id: number) => `/admin/appointment/edit?id=${id}`;

/** The referrals list filtered to those awaiting triage (its `status` filter in the address). */
export const AWAITING_REFERRALS_PATH = '/admin/referrals?status=awaiting';

export const patientName = (appointment: Pick<DashboardAppointment, 'full_name'>) =>
  appointment.full_name || ERASED_PATIENT;

/** '09:00 – 09:30', clinic time. */
export const timeRange = (appointment: Pick<DashboardAppointment, 'start_time' | 'end_time'>) =>
  `${appointment.start_time} – ${appointment.end_time}`;

/** 'Allergy test · Adult · Suite 12, Sandyford (adults)'; a video consultation has no place. */
export const appointmentDetails = (
  appointment: Pick<DashboardAppointment, 'kind' | 'appointment_type' | 'place'>,
) => [appointment.kind, appointment.appointment_type, appointment.place].filter(Boolean).join(' · ');

/** The states worth a badge beside the payment: at the desk, then whether the patient came. */
export const showsState = (appointment: Pick<DashboardAppointment, 'status'>) =>
  appointment.status === 'arrived' || appointment.status === 'attended' || appointment.status === 'no_show';

const counted = (count: number, one: string, many = `${one}s`) => `${count} ${count === 1 ? one : many}`;

/** '1 appointment', '4 appointments'. */
export const appointmentCount = (count: number) => counted(count, 'appointment');

/** 'Oldest sent 2 days ago'; nothing when none awaits. */
export const oldestAwaiting = (oldest: string | null, now: Date = new Date()) =>
  oldest ? `Oldest sent ${timeAgo(oldest, now)}` : undefined;

/** The clinic months of the takings: this month's and the last's names ('November 2026'), from today's day. */
export function takingsMonths(today: string): { thisMonth: string; lastMonth: string } {
  const month = monthOf(today);
  return { thisMonth: formatMonth(month), lastMonth: formatMonth(addMonths(month, -1)) };
}
