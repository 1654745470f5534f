import type { FastifyInstance } from 'fastify';
import { getClinicSettings, updateClinicSettings } from '../../../shared/api/settings-endpoint-schemas';
import { bookableKinds, kindPriceField } from '../../../shared/price-list';
import { route } from '../../http/endpoint-route';
import { adminActorOf } from '../auth/admin-guard';
import {
  type ClinicSettings,
  kindPriceSetting,
  readClinicSettingsNow,
  updateClinicSettings as writeSettings,
} from '../auth/clinic-settings';

const answer = (settings: ClinicSettings) => ({
  settings: {
    require_second_factor: settings.requireSecondFactor,
    default_consultant_id: settings.defaultConsultantId,
    adult_test_price_id: settings.adultTestPriceId,
    child_test_price_id: settings.childTestPriceId,
    adult_video_price_id: settings.adultVideoPriceId,
    child_video_price_id: settings.childVideoPriceId,
  },
});

/** The clinic's settings, for administrators (`staff` permission). */
export async function settingsAdminRoutes(admin: FastifyInstance): Promise<void> {
  const db = admin.db;

  route(admin, getClinicSettings, async () => {
    return answer(await readClinicSettingsNow(db));
  });

  route(admin, updateClinicSettings, async (request) => {
    const { body } = request;
    const changes: Partial<ClinicSettings> = {};
    if (body.require_second_factor !== undefined) changes.requireSecondFactor = body.require_second_factor;
    if (body.default_consultant_id !== undefined) changes.defaultConsultantId = body.default_consultant_id;
    for (const kind of bookableKinds) {
      const value = body[kindPriceField(kind.key)];
      if (value !== undefined) changes[kindPriceSetting[kind.key]] = value;
    }
    return answer(await writeSettings(db, adminActorOf(request), changes));
  });
}
