import type {
  adminSessionsQuerySchema,
  adminSessionsResponseSchema,
  calendarSlotsQuerySchema,
  calendarSlotsResponseSchema,
  saveSessionsRequestSchema,
  sessionIdParams,
  sessionResponseSchema,
  sessionsResponseSchema,
  setSessionStatusRequestSchema,
} from '../slots';
import { defineEndpoint } from './endpoint';

// Back office: availability settings (the spec's "sessions").

export const listAdminCalendarSlots = defineEndpoint<{
  query: typeof calendarSlotsQuerySchema;
  response: typeof calendarSlotsResponseSchema;
}>()({ method: 'GET', path: '/api/admin/calendar_slots', access: 'admin' });

/** The slots of one day and kind, every status. */
export const listAdminSlots = defineEndpoint<{
  query: typeof adminSessionsQuerySchema;
  response: typeof adminSessionsResponseSchema;
}>()({ method: 'GET', path: '/api/admin/sessions', access: 'admin' });

/** New and changed slots in one transaction, all or none. */
export const saveSlotChanges = defineEndpoint<{
  body: typeof saveSessionsRequestSchema;
  response: typeof sessionsResponseSchema;
}>()({ method: 'POST', path: '/api/admin/sessions', access: 'admin' });

export const getAdminSlot = defineEndpoint<{
  params: typeof sessionIdParams;
  response: typeof sessionResponseSchema;
}>()({ method: 'GET', path: '/api/admin/sessions/:id', access: 'admin' });

export const setSlotStatus = defineEndpoint<{
  params: typeof sessionIdParams;
  body: typeof setSessionStatusRequestSchema;
  response: typeof sessionResponseSchema;
}>()({ method: 'PUT', path: '/api/admin/sessions/:id', access: 'admin' });

export const deleteSlot = defineEndpoint<{ params: typeof sessionIdParams }>()({
  method: 'DELETE',
  path: '/api/admin/sessions/:id',
  access: 'admin',
  status: 204,
});
