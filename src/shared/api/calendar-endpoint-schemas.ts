import { calendarQuerySchema, calendarResponseSchema } from '../calendar';
import * as admin from './calendar-admin-endpoints';
import { withSchemas } from './endpoint-schemas';

export const getCalendar = withSchemas(admin.getCalendar, {
  summary:
    "The back office's calendar of the clinic days from `from` to `to` (YYYY-MM-DD, both included, at most 42 days; 422 otherwise), in clinic time (Europe/Dublin): the appointments that take or took their time (booked, paid, arrived, attended, no-show) and those being booked while their visitor's hold lasts, each with its patient's name, place, kind, state, payment (paid in full, part_paid with a balance due, booked_by_staff or pending), arrival and whether a reminder was sent; and the slots without an appointment (available, or held: pending, with held_by 'visitor' or 'staff' and hold_expires_at; staff release a staff hold with PUT /api/admin/sessions/:id). Never a health detail; the names shown are an audited read",
  query: calendarQuerySchema,
  response: calendarResponseSchema,
});
