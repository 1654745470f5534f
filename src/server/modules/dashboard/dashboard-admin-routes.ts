import type { FastifyInstance } from 'fastify';
import { exportDeskDay, getDashboard, getDeskDay } from '../../../shared/api/dashboard-endpoint-schemas';
import { deskDayCsvColumns, deskDayCsvContactColumns } from '../../../shared/desk-day';
import { sendCsv, withoutColumns } from '../../http/csv-export';
import { route } from '../../http/endpoint-route';
import { adminActorOf, currentAdmin } from '../auth/admin-guard';
import { leaveOut, seesContactDetails } from '../auth/contact-details';
import { dashboardForStaff } from './dashboard-service';
import { deskDayForStaff, exportDeskDayForStaff } from './desk-day-service';

/**
 * The staff dashboard and the desk's day, under the guarded /api/admin scope; their days and months are those of
 * the app's clock.
 */
export async function dashboardAdminRoutes(admin: FastifyInstance): Promise<void> {
  const { db } = admin;
  route(admin, getDashboard, async (request) =>
    dashboardForStaff(
      db,
      adminActorOf(request),
      currentAdmin(request).role,
      admin.clock(),
      Boolean(admin.textProvider),
    ),
  );

  route(admin, getDeskDay, async (request) => {
    const day = await deskDayForStaff(db, adminActorOf(request), request.query, admin.clock());
    if (seesContactDetails(request)) return day;
    // The bookkeeper reads the day for its payments: the patients' phones are left out.
    return { ...day, appointments: day.appointments.map((row) => leaveOut(row, ['phone'])) };
  });

  route(admin, exportDeskDay, async (request, reply) => {
    const { query } = request;
    const { day, rows } = await exportDeskDayForStaff(db, adminActorOf(request), query, admin.clock());
    const name = `Day-${day}${query.location ? `-${query.location}` : ''}.csv`;
    if (seesContactDetails(request)) return sendCsv(reply, name, deskDayCsvColumns, rows);
    const shown = withoutColumns(deskDayCsvColumns, rows, deskDayCsvContactColumns);
    return sendCsv(reply, name, shown.header, shown.rows);
  });
}
