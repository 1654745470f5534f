import type { dashboardQuerySchema, dashboardResponseSchema } from '../dashboard';
import type { deskDayQuerySchema, deskDayResponseSchema } from '../desk-day';
import { defineEndpoint } from './endpoint';

export const getDashboard = defineEndpoint<{
  query: typeof dashboardQuerySchema;
  response: typeof dashboardResponseSchema;
}>()({ method: 'GET', path: '/api/admin/dashboard', access: 'admin', permission: 'appointments_read' });

/** The desk's day: one clinic day's appointments with the patients' phones and arrivals. */
export const getDeskDay = defineEndpoint<{
  query: typeof deskDayQuerySchema;
  response: typeof deskDayResponseSchema;
}>()({ method: 'GET', path: '/api/admin/day', access: 'admin', permission: 'appointments_read' });

/** The desk's day as a CSV, which carries payments as Appointments.csv does. */
export const exportDeskDay = defineEndpoint<{ query: typeof deskDayQuerySchema }>()({
  method: 'GET',
  path: '/api/admin/export_day',
  access: 'admin',
  permission: 'appointments_export',
});
