import type { FastifyInstance } from 'fastify';
import { getClinicSettings, updateClinicSettings } from '../../../shared/api/settings-endpoint-schemas';
import { route } from '../../http/endpoint-route';
import { adminActorOf } from '../auth/admin-guard';
import {
  getClinicSettings as readSettings,
  updateClinicSettings as writeSettings,
} from '../auth/clinic-settings';

/** The clinic's settings, for administrators (`staff` permission). */
export async function settingsAdminRoutes(admin: FastifyInstance): Promise<void> {
  const db = admin.db;

  route(admin, getClinicSettings, async () => {
    const settings = await readSettings(db);
    return { settings: { require_second_factor: settings.requireSecondFactor } };
  });

  route(admin, updateClinicSettings, async (request) => {
    const settings = await writeSettings(db, adminActorOf(request), {
      requireSecondFactor: request.body.require_second_factor,
    });
    return { settings: { require_second_factor: settings.requireSecondFactor } };
  });
}
