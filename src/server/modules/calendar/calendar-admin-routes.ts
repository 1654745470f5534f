import type { FastifyInstance } from 'fastify';
import { getCalendar } from '../../../shared/api/calendar-endpoint-schemas';
import { route } from '../../http/endpoint-route';
import { adminActorOf } from '../auth/admin-guard';
import { calendarForStaff } from './calendar-service';

/** The back office's calendar, under the guarded /api/admin scope. */
export async function calendarAdminRoutes(admin: FastifyInstance): Promise<void> {
  const { db } = admin;
  route(admin, getCalendar, async (request) => calendarForStaff(db, adminActorOf(request), request.query));
}
