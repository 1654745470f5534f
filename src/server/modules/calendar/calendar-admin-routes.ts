import type { FastifyInstance } from 'fastify';
import { getCalendar } from '../../../shared/api/calendar-endpoint-schemas';
import { route } from '../../http/endpoint-route';
import { adminActorOf } from '../auth/admin-guard';
import { leaveOut, seesContactDetails } from '../auth/contact-details';
import { calendarForStaff } from './calendar-service';

/** The back office's calendar, under the guarded /api/admin scope. */
export async function calendarAdminRoutes(admin: FastifyInstance): Promise<void> {
  const { db } = admin;
  route(admin, getCalendar, async (request) => {
    const calendar = await calendarForStaff(db, adminActorOf(request), request.query);
    if (seesContactDetails(request)) return calendar;
    // The bookkeeper reads the calendar for its payments: the patients' phones are left out.
    return {
      ...calendar,
      appointments: calendar.appointments.map((row) => leaveOut(row, ['patient_phone'])),
    };
  });
}
