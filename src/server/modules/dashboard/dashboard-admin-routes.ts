import type { FastifyInstance } from 'fastify';
import { exportDeskDay, getDashboard, getDeskDay } from '../../../shared/api/dashboard-endpoint-schemas';
import { deskDayCsvColumns } from '../../../shared/desk-day';
import { sendCsv } from '../../http/csv-export';
import { route } from '../../http/endpoint-route';
import { adminActorOf, currentAdmin } from '../auth/admin-guard';
import { dashboardForStaff } from './dashboard-service';
import { deskDayForStaff, exportDeskDayForStaff } from './desk-day-service';

/**
 * The staff dashboard and the desk's day, under the guarded /api/admin scope; their days and months are those of
 * the app's clock.
 */
export async function dashboardAdminRoutes(admin: FastifyInstance): Promise<void> {
  const { db } = admin;
  route(admin, getDashboard, async (request) =>
    dashboardForStaff(db, adminActorOf(request), currentAdmin(request).role, admin.clock()),
  );

  route(admin, getDeskDay, async (request) =>
    deskDayForStaff(db, adminActorOf(request), request.query, admin.clock()),
  );

  route(admin, exportDeskDay, async (request, reply) => {
    const { query } = request;
    const { day, rows } = await exportDeskDayForStaff(db, adminActorOf(request), query, admin.clock());
    const place = query.location ? `-${query.location}` : '';
    return sendCsv(reply, `Day-${day}${place}.csv`, deskDayCsvColumns, rows);
  });
}
