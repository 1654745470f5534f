import type { clinicSettingsResponseSchema, clinicSettingsSchema } from '../second-factor';
import { defineEndpoint } from './endpoint';

export const getClinicSettings = defineEndpoint<{ response: typeof clinicSettingsResponseSchema }>()({
  method: 'GET',
  path: '/api/admin/settings',
  access: 'admin',
  permission: 'staff',
});

export const updateClinicSettings = defineEndpoint<{
  body: typeof clinicSettingsSchema;
  response: typeof clinicSettingsResponseSchema;
}>()({ method: 'PUT', path: '/api/admin/settings', access: 'admin', permission: 'staff' });
