import { z } from 'zod';
import { appointmentStatuses } from './appointment-states';
import { locationKeys } from './clinic';
import { closureSummarySchema } from './closures';

/**
 * The back office's calendar (`GET /api/admin/calendar`, issue 32): the appointments and free times of a range of
 * clinic days, one column a place. Dates DD/MM/YYYY and times HH:mm in clinic time (Europe/Dublin), as the rest of
 * the API answers them. Never a health detail: reception reads it.
 */

/** The most days one call may ask for: six weeks, a month's grid with its neighbours' edges. */
const MAX_CALENDAR_DAYS = 42;

const calendarTexts = {
  dayInvalid: (field: string) => `${field} must be a real day as YYYY-MM-DD`,
  toBeforeFrom: 'to must not be before from',
  tooLong: `from and to may span at most ${MAX_CALENDAR_DAYS} days`,
} as const;

/** Days since 1970-01-01 of a real day written YYYY-MM-DD (years 2000 to 2999), or undefined. */
function calendarDayNumber(value: string): number | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return undefined;
  const [year, month, day] = match.slice(1).map(Number) as [number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day));
  const real =
    date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
  return real && year >= 2000 && year <= 2999 ? date.getTime() / 86_400_000 : undefined;
}

const daySchema = (field: string) =>
  z
    .string({ error: calendarTexts.dayInvalid(field) })
    .refine((value) => calendarDayNumber(value) !== undefined, calendarTexts.dayInvalid(field));

/** `?from=YYYY-MM-DD&to=YYYY-MM-DD`: both days included, `to` not before `from`, at most MAX_CALENDAR_DAYS days. */
export const calendarQuerySchema = z
  .object({ from: daySchema('from'), to: daySchema('to') })
  .strict()
  .superRefine(({ from, to }, context) => {
    const first = calendarDayNumber(from);
    const last = calendarDayNumber(to);
    if (first === undefined || last === undefined) return;
    if (last < first) context.addIssue({ code: 'custom', path: ['to'], message: calendarTexts.toBeforeFrom });
    else if (last - first + 1 > MAX_CALENDAR_DAYS) {
      context.addIssue({ code: 'custom', path: ['to'], message: calendarTexts.tooLong });
    }
  });

/**
 * How an appointment stands with its payments: paid in full (online or at the desk), partly paid with a balance due
 * (a part taken at the desk), booked by staff with nothing paid yet, or a visitor's payment not made yet.
 */
const calendarPayments = ['paid', 'part_paid', 'booked_by_staff', 'pending'] as const;
export type CalendarPayment = (typeof calendarPayments)[number];

const calendarAppointmentSchema = z.object({
  id: z.number().int(),
  /** Null once the patient's personal data was erased. */
  patient_id: z.number().int().nullable(),
  patient_name: z.string().nullable(),
  /**
   * As the patient gave it: the calendar's search finds an appointment by its digits too. Left out for a role that
   * may not read patients' contact details (`patients`).
   */
  patient_phone: z.string().nullable().optional(),
  /** DD/MM/YYYY, clinic time. */
  date: z.string(),
  /** HH:mm, clinic time. */
  start_time: z.string(),
  end_time: z.string(),
  /** The suite; null for a video consultation. */
  location: z.enum(locationKeys).nullable(),
  is_adult: z.boolean(),
  is_video_call: z.boolean(),
  status: z.enum(appointmentStatuses),
  payment: z.enum(calendarPayments),
  /** ISO 8601; while arrived, and kept once attended or marked no-show. */
  arrived_at: z.string().nullable(),
  /** A reminder of this time was sent. */
  reminder_sent: z.boolean(),
  /** Its patient (or their parent or guardian) signed the intake and consent form online. */
  intake_signed: z.boolean(),
});
export type CalendarAppointment = z.infer<typeof calendarAppointmentSchema>;

const calendarSlotSchema = z.object({
  id: z.number().int(),
  date: z.string(),
  start_time: z.string(),
  end_time: z.string(),
  location: z.enum(locationKeys).nullable(),
  is_adult: z.boolean(),
  is_video_call: z.boolean(),
  /** available: staff may book it or move an appointment to it (if it has not started); pending: someone holds it. */
  status: z.enum(['available', 'pending']),
  /**
   * Who holds a pending one: a visitor choosing it, or staff booking it for a patient (a hold staff may release, by
   * `PUT /api/admin/sessions/:id` with `available`, as one left by a closed tab); null when available.
   */
  held_by: z.enum(['visitor', 'staff']).nullable(),
  /** ISO 8601: when a pending one's hold ends by itself; null when available. */
  hold_expires_at: z.string().nullable(),
  /** Euro. */
  price: z.number(),
});
export type CalendarSlot = z.infer<typeof calendarSlotSchema>;

export const calendarResponseSchema = z.object({
  appointments: z.array(calendarAppointmentSchema),
  slots: z.array(calendarSlotSchema),
  /** The closures sharing a day with the range, by first day: staff see why a place is closed. */
  closures: z.array(closureSummarySchema),
});
export type CalendarResponse = z.infer<typeof calendarResponseSchema>;
