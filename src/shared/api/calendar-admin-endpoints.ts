import type { calendarQuerySchema, calendarResponseSchema } from '../calendar';
import { defineEndpoint } from './endpoint';

/** The back office's calendar: a range of clinic days' appointments and free times, by place. */
export const getCalendar = defineEndpoint<{
  query: typeof calendarQuerySchema;
  response: typeof calendarResponseSchema;
}>()({ method: 'GET', path: '/api/admin/calendar', access: 'admin', permission: 'appointments_read' });
