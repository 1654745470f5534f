import { z } from 'zod';
import { appointmentStatuses } from './appointment-states';
import { referralsAwaitingSchema } from './referrals';
import { openTextReplySchema } from './text-replies';
import { VISITOR_UPLOAD_BYTES_PER_DAY } from './uploads';

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
  /** DD/MM/YYYY and HH:mm, clinic time. */
  date: z.string(),
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
  /** 'Paid', 'Partly paid', 'Booked by admin' or the capitalised status, as the appointments list shows it. */
  payment_status_label: z.string(),
  /** Euro paid, its payments added up (as the appointments list has it); null without a payment. */
  amount: z.number().nullable(),
  /** Euro left to pay of its price (a part paid at the desk); 0 when paid in full. */
  balance_due: z.number(),
  /** The patient's flag as staff read it ('Could not stop antihistamines', 'Unwell or wheezy'), or null. */
  flag_label: z.string().nullable(),
  /** Its intake and consent form was signed online. */
  intake_signed: z.boolean(),
});
export type DashboardAppointment = z.infer<typeof dashboardAppointmentSchema>;

/** What visitors' self-referrals and bookings sent in a clinic day. */
export interface DayUploads {
  /** Bytes and files the clinic took, and the forms that carried them. */
  bytes: number;
  files: number;
  forms: number;
  /** Senders (addresses) refused files because they had sent their day's allowance, each once a clinic day. */
  refused: number;
}

/** Today's uploads are unusual above this much, when they are also several times a usual day's. */
const UNUSUAL_UPLOADS_FLOOR_BYTES = 100 * 1024 * 1024;
/** How many times a usual day's (the median of the last UNUSUAL_UPLOADS_HISTORY_DAYS) today's must be. */
const UNUSUAL_UPLOADS_FACTOR = 4;
/** The days before today a usual day is worked out from. */
export const UNUSUAL_UPLOADS_HISTORY_DAYS = 14;

const MEGABYTE = 1024 * 1024;

/** '412 MB', 'under 1 MB' (megabytes of 1,048,576 bytes, as the 64 MB allowance counts them). */
const formatMegabytes = (bytes: number) =>
  bytes > 0 && bytes < MEGABYTE ? 'under 1 MB' : `${Math.round(bytes / MEGABYTE)} MB`;

function median(values: readonly number[]): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
}

const counted = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/**
 * Today's uploads when they are unusual, with the clinic's sentence about them; undefined when they are not. Unusual:
 * some sender was refused files today for its address's daily allowance, or today's bytes are above the floor and
 * more than UNUSUAL_UPLOADS_FACTOR times the median day of `history` (the days before today; a day with none counts
 * as 0).
 */
export function unusualUploads(today: DayUploads, history: readonly DayUploads[]) {
  const usualBytes = median(history.map((day) => day.bytes));
  const heavy =
    today.bytes > UNUSUAL_UPLOADS_FLOOR_BYTES && today.bytes > UNUSUAL_UPLOADS_FACTOR * usualBytes;
  if (!heavy && today.refused === 0) return undefined;
  const refusals = `Files were refused from ${counted(today.refused, 'address', 'addresses')} that had already sent the ${formatMegabytes(VISITOR_UPLOAD_BYTES_PER_DAY)} one address may send a day.`;
  const sent = `${formatMegabytes(today.bytes)} from ${counted(today.forms, 'referral or booking', 'referrals and bookings')}`;
  const usual =
    usualBytes === 0
      ? 'usually none'
      : usualBytes < MEGABYTE
        ? 'usually under 1 MB a day'
        : `usually about ${formatMegabytes(usualBytes)} a day`;
  return {
    ...today,
    usual_bytes: Math.round(usualBytes),
    // Only refusals, nothing taken: '0 MB from 0 referrals and bookings' would tell staff nothing.
    notice:
      today.forms === 0
        ? `Unusual uploads today: ${refusals} No files were taken today.`
        : `Unusual uploads today: ${sent} (${usual}).${today.refused > 0 ? ` ${refusals}` : ''}`,
  };
}

/** Today's visitors' uploads, when unusual. */
const unusualUploadsSchema = z.object({
  /** Bytes and files taken today, and the forms (self-referrals, bookings) that carried them. */
  bytes: z.number().int(),
  files: z.number().int(),
  forms: z.number().int(),
  /** Senders (addresses) refused files today because they had sent their day's allowance, each counted once. */
  refused: z.number().int(),
  /** The median day's bytes over the last 14 clinic days. */
  usual_bytes: z.number().int(),
  /** The clinic's sentence for the dashboard. */
  notice: z.string(),
});

/** How far back an appointment left unmarked after its end is listed to resolve. */
export const TO_RESOLVE_DAYS = 30;
/** The most of them the answer lists (the count is of all). */
export const TO_RESOLVE_LISTED = 100;

export const dashboardResponseSchema = z.object({
  /** The instant the answer was worked out for (ISO 8601). */
  as_of: z.string(),
  /** The clinic days of `today` and `tomorrow`, YYYY-MM-DD. */
  days: z.object({ today: z.string(), tomorrow: z.string() }),
  /** The appointments of the clinic's day and the next, by start. */
  today: z.array(dashboardAppointmentSchema),
  tomorrow: z.array(dashboardAppointmentSchema),
  /**
   * To resolve: appointments whose time ended before now within the last 30 days while still booked, paid or
   * arrived (neither attended nor no-show marked), oldest first; the first 100 listed, all counted.
   */
  to_resolve: z.object({ count: z.number().int(), appointments: z.array(dashboardAppointmentSchema) }),
  /** Appointments yet to come whose patient flagged them (could not stop their antihistamines, or unwell), soonest first. */
  flagged: z.array(dashboardAppointmentSchema),
  /** To do: video appointments of the next 24 hours with no join link (their own nor their consultant's). */
  video_links_missing: z.array(dashboardAppointmentSchema),
  /**
   * The appointments to come by the end of the clinic day INTAKE_REMINDER_DAYS_BEFORE (3) days ahead whose intake
   * and consent form is not signed (the patient is e-mailed one reminder then), soonest first.
   */
  intake_missing: z.array(dashboardAppointmentSchema),
  /** Left out for a role that may not see health details (referrals are). */
  referrals_awaiting: referralsAwaitingSchema.optional(),
  /** Active wait-list entries; left out for a role that may not see the wait list. */
  waitlist_active: z.number().int().optional(),
  /**
   * Left out for a role that may not see the takings. Euro (two decimals at most): the payments taken in the clinic month minus the refunds made in it, each
   * counted in the month it happened (a payment of last month refunded this month lowers this month).
   */
  takings: z.object({ this_month: z.number(), last_month: z.number() }).optional(),
  /**
   * Visitors' uploads today when unusual, else null: a sender refused files for its address's daily allowance, or
   * more than 100 MB and over four times the median day of the last 14.
   */
  unusual_uploads: unusualUploadsSchema.nullable(),
  /**
   * Text messages (issue 34): whether they are set up, how many failed for good (their e-mails carried the message),
   * how many replies asked to cancel (C or CANCEL) and wait for staff to call, and the replies waiting for staff
   * (to cancel, or words to read), newest first, for the roles that change appointments (else empty).
   */
  texts: z.object({
    set_up: z.boolean(),
    failed: z.number().int(),
    cancel_requests: z.number().int(),
    replies: z.array(openTextReplySchema),
  }),
});
export type DashboardResponse = z.infer<typeof dashboardResponseSchema>;
