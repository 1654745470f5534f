import { z } from 'zod';
import { appointmentTexts } from './appointments';

/** What staff mark of the patient: at the desk, that undone, and, after the start, whether they came. */
const attendanceMarks = ['arrived', 'not_arrived', 'attended', 'no_show'] as const;
export type AttendanceMark = (typeof attendanceMarks)[number];

/**
 * `PUT /api/admin/transactions/:id/attendance`: on the appointment's day staff mark the patient arrived (or undo
 * it); after its start, whether the patient came.
 */
export const attendanceRequestSchema = z
  .object({
    status: z.enum(attendanceMarks, { error: 'status must be arrived, not_arrived, attended or no_show' }),
  })
  .strict();

/** The buttons that make each mark (the appointment's screen, the desk's day, the dashboard). */
export const MARK_LABELS: Record<AttendanceMark, string> = {
  arrived: 'Mark arrived',
  not_arrived: 'Undo arrival',
  attended: 'Mark attended',
  no_show: 'Mark no-show',
};

export const attendanceMessages: Record<AttendanceMark, string> = {
  arrived: appointmentTexts.markedArrived,
  not_arrived: appointmentTexts.markedNotArrived,
  attended: appointmentTexts.markedAttended,
  no_show: appointmentTexts.markedNoShow,
};
