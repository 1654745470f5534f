import { z } from 'zod';
import { appointmentStatuses } from './appointment-states';
import { referralsAwaitingSchema } from './referrals';

/**
 * The staff dashboard above the appointments list (`GET /api/admin/dashboard`): the clinic's day and the next,
 * the referrals waiting for triage, and the takings of this month and the last. Days and months are the
 * clinic's (Europe/Dublin), whatever daylight saving does.
 */

/** `GET /api/admin/dashboard` takes no query: a parameter sent is refused (422), so a typo is not ignored. */
export const dashboardQuerySchema = z.object({}).strict();

/** An appointment of the day as the dashboard lists it. */
const dashboardAppointmentSchema = z.object({
  /** The appointment's id (its screen in the back office). */
  id: z.number().int(),
  status: z.enum(appointmentStatuses),
  /** The state as staff read it: Booked, Attended, No-show. */
  status_label: z.string(),
  /** ISO 8601. */
  starts_at: z.string(),
  ends_at: z.string(),
  /** HH:mm, clinic time. */
  start_time: z.string(),
  end_time: z.string(),
  /** Null once the patient's personal data was erased. */
  patient_id: z.number().int().nullable(),
  full_name: z.string().nullable(),
  is_video_call: z.boolean(),
  is_adult: z.boolean(),
  /** 'Allergy test' or 'Video consultation'. */
  kind: z.string(),
  /** 'Adult' or 'Child'. */
  appointment_type: z.string(),
  /** Where: the location's short label and its address; null for a video call. */
  place: z.string().nullable(),
  address: z.string().nullable(),
  /** The payment's status as the appointments list has it ('succeeded', 'booked' for staff's bookings, …). */
  payment_status: z.string(),
  /** 'Paid', 'Booked by admin' or the capitalised status, as the appointments list shows it. */
  payment_status_label: z.string(),
  /** Euro of its latest payment; null without one. */
  amount: z.number().nullable(),
});
export type DashboardAppointment = z.infer<typeof dashboardAppointmentSchema>;

export const dashboardResponseSchema = z.object({
  /** The instant the answer was worked out for (ISO 8601). */
  as_of: z.string(),
  /** The clinic days of `today` and `tomorrow`, YYYY-MM-DD. */
  days: z.object({ today: z.string(), tomorrow: z.string() }),
  /** The appointments of the clinic's day and the next, by start. */
  today: z.array(dashboardAppointmentSchema),
  tomorrow: z.array(dashboardAppointmentSchema),
  referrals_awaiting: referralsAwaitingSchema,
  /**
   * Euro (two decimals at most): the payments taken in the clinic month minus the refunds made in it, each
   * counted in the month it happened (a payment of last month refunded this month lowers this month).
   */
  takings: z.object({ this_month: z.number(), last_month: z.number() }),
});
export type DashboardResponse = z.infer<typeof dashboardResponseSchema>;
