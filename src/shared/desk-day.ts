import { z } from 'zod';
import { appointmentStatuses } from './appointment-states';
import { locationKeys } from './clinic';
import { paymentMethods } from './payment-states';

/**
 * The desk's day (`GET /api/admin/day`, `GET /api/admin/export_day`): one clinic day's appointments that take or
 * took place, by start, with what reception needs at the desk (who, their phone, what and where, the payment,
 * whether they arrived) and nothing of their health.
 */

const deskDayTexts = {
  dateInvalid: 'date must be a real day as DD/MM/YYYY',
  locationInvalid: `location must be one of ${locationKeys.join(', ')} or video`,
} as const;

/** Whether `value` (DD/MM/YYYY) is a real calendar day of the years 2000 to 2999. */
function isRealDay(value: string): boolean {
  const match = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(value);
  if (!match) return false;
  const [day, month, year] = match.slice(1).map(Number) as [number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day));
  return (
    year >= 2000 &&
    year <= 2999 &&
    date.getUTCFullYear() === year &&
    date.getUTCMonth() === month - 1 &&
    date.getUTCDate() === day
  );
}

/** A clinic day as the API takes it, DD/MM/YYYY, answered as YYYY-MM-DD. */
const apiDaySchema = z
  .string({ error: deskDayTexts.dateInvalid })
  .refine(isRealDay, deskDayTexts.dateInvalid)
  .transform((value) => `${value.slice(6, 10)}-${value.slice(3, 5)}-${value.slice(0, 2)}`);

/** Where: a clinic location, or `video` for the video consultations (which have none). */
export const deskPlaces = [...locationKeys, 'video'] as const;
export type DeskPlace = (typeof deskPlaces)[number];

/** `?date=DD/MM/YYYY` (the clinic's today when left out) and `&location=` to keep one place's appointments. */
export const deskDayQuerySchema = z
  .object({
    date: apiDaySchema.optional(),
    location: z.enum(deskPlaces, { error: deskDayTexts.locationInvalid }).optional(),
  })
  .strict();

/** An appointment of the desk's day. */
const deskAppointmentSchema = z.object({
  /** The appointment's id (its screen in the back office). */
  id: z.number().int(),
  status: z.enum(appointmentStatuses),
  /** Booked, Paid, Arrived, Attended, No-show. */
  status_label: z.string(),
  /** ISO 8601. */
  starts_at: z.string(),
  ends_at: z.string(),
  /** DD/MM/YYYY and HH:mm, clinic time. */
  date: z.string(),
  start_time: z.string(),
  end_time: z.string(),
  /** Whether it had started when the answer was made: attended and no-show can be marked from then. */
  started: z.boolean(),
  /** Null once the patient's personal data was erased. */
  patient_id: z.number().int().nullable(),
  full_name: z.string().nullable(),
  /** Left out for a role that may not read patients' contact details (`patients`). */
  phone: z.string().nullable().optional(),
  is_video_call: z.boolean(),
  is_adult: z.boolean(),
  /** 'Allergy test' or 'Video consultation'. */
  kind: z.string(),
  /** 'Adult' or 'Child'. */
  appointment_type: z.string(),
  /** The place's key (`video` for a video consultation) and its short label. */
  location: z.enum(deskPlaces),
  place: z.string(),
  /** The payment's status as the appointments list has it ('succeeded', 'booked' for staff's bookings, …). */
  payment_status: z.string(),
  /** 'Paid', 'Booked by admin' or the capitalised status, as the appointments list shows it. */
  payment_status_label: z.string(),
  /** Euro of its latest payment; null without one. */
  amount: z.number().nullable(),
  /** How its latest payment was taken: online ('card'), or at the desk ('cash', 'card_terminal'); null without one. */
  payment_method: z.enum(paymentMethods).nullable(),
  /** When the patient was checked in at the desk (ISO 8601); null unless arrived. */
  arrived_at: z.string().nullable(),
});
export type DeskAppointment = z.infer<typeof deskAppointmentSchema>;

export const deskDayResponseSchema = z.object({
  /** The instant the answer was worked out for (ISO 8601). */
  as_of: z.string(),
  /** The clinic day shown, YYYY-MM-DD, and the clinic's today. */
  day: z.string(),
  today: z.string(),
  /** The day's appointments that take or took place (booked, paid, arrived, attended, no-show), by start. */
  appointments: z.array(deskAppointmentSchema),
});
export type DeskDayResponse = z.infer<typeof deskDayResponseSchema>;

/** The columns of the day's CSV, in order. */
/** The day's CSV's column of the patients' contact details, left out for a role that may not read them. */
export const deskDayCsvContactColumns = ['Phone'] as const;

export const deskDayCsvColumns = [
  'Date',
  'Time',
  'End',
  'Place',
  'Patient name',
  'Phone',
  'Kind',
  'Adult or child',
  'Payment information',
  'Status',
  'Arrived at',
] as const;
