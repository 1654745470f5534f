import type { FastifyInstance } from 'fastify';
import { getClinicSettings, updateClinicSettings } from '../../../shared/api/settings-endpoint-schemas';
import { route } from '../../http/endpoint-route';
import { adminActorOf } from '../auth/admin-guard';
import {
  type ClinicSettings,
  getClinicSettings as readSettings,
  updateClinicSettings as writeSettings,
} from '../auth/clinic-settings';

const answer = (settings: ClinicSettings) => ({
  settings: {
    require_second_factor: settings.requireSecondFactor,
    default_consultant_id: settings.defaultConsultantId,
  },
});

/** The clinic's settings, for administrators (`staff` permission). */
export async function settingsAdminRoutes(admin: FastifyInstance): Promise<void> {
  const db = admin.db;

  route(admin, getClinicSettings, async () => {
    return answer(await readSettings(db));
  });

  route(admin, updateClinicSettings, async (request) => {
    const { require_second_factor, default_consultant_id } = request.body;
    return answer(
      await writeSettings(db, adminActorOf(request), {
        ...(require_second_factor === undefined ? {} : { requireSecondFactor: require_second_factor }),
        ...(default_consultant_id === undefined ? {} : { defaultConsultantId: default_consultant_id }),
      }),
    );
  });
}
