import type { dashboardQuerySchema, dashboardResponseSchema } from '../dashboard';
import { defineEndpoint } from './endpoint';

export const getDashboard = defineEndpoint<{
  query: typeof dashboardQuerySchema;
  response: typeof dashboardResponseSchema;
}>()({ method: 'GET', path: '/api/admin/dashboard', access: 'admin', permission: 'appointments_read' });
