import { clinicSettingsResponseSchema, clinicSettingsSchema } from '../second-factor';
import { withSchemas } from './endpoint-schemas';
import * as api from './settings-admin-endpoints';

export const getClinicSettings = withSchemas(api.getClinicSettings, {
  summary: "The clinic's settings (no row yet reads as the defaults)",
  response: clinicSettingsResponseSchema,
});

export const updateClinicSettings = withSchemas(api.updateClinicSettings, {
  summary:
    "Changes the clinic's settings (those left out stay): whether every staff member must sign in with a second factor, the consultant receipts name when their slot names none, and the line of the price list each bookable kind costs (an unknown line: 422 on its field)",
  body: clinicSettingsSchema,
  bodyLimit: 1024,
  response: clinicSettingsResponseSchema,
});
