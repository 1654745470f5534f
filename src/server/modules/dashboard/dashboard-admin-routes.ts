import type { FastifyInstance } from 'fastify';
import { getDashboard } from '../../../shared/api/dashboard-endpoint-schemas';
import { route } from '../../http/endpoint-route';
import { adminActorOf, currentAdmin } from '../auth/admin-guard';
import { dashboardForStaff } from './dashboard-service';

/** The staff dashboard, under the guarded /api/admin scope; its days and months are those of the app's clock. */
export async function dashboardAdminRoutes(admin: FastifyInstance): Promise<void> {
  const { db } = admin;
  route(admin, getDashboard, async (request) =>
    dashboardForStaff(db, adminActorOf(request), currentAdmin(request).role, admin.clock()),
  );
}
