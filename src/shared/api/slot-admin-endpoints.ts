import type {
  adminSlotsQuerySchema,
  adminSlotsResponseSchema,
  calendarSlotsQuerySchema,
  calendarSlotsResponseSchema,
  saveSlotsRequestSchema,
  setSlotStatusRequestSchema,
  slotIdParams,
  slotResponseSchema,
  slotsResponseSchema,
} from '../slots';
import { defineEndpoint } from './endpoint';

// Back office: availability settings (the spec's "sessions").

export const listAdminCalendarSlots = defineEndpoint<{
  query: typeof calendarSlotsQuerySchema;
  response: typeof calendarSlotsResponseSchema;
}>()({ method: 'GET', path: '/api/admin/calendar_slots', access: 'admin', permission: 'availability' });

/** The slots of one day and kind, every status. */
export const listAdminSlots = defineEndpoint<{
  query: typeof adminSlotsQuerySchema;
  response: typeof adminSlotsResponseSchema;
}>()({ method: 'GET', path: '/api/admin/sessions', access: 'admin', permission: 'availability' });

/** New and changed slots in one transaction, all or none. */
export const saveSlotChanges = defineEndpoint<{
  body: typeof saveSlotsRequestSchema;
  response: typeof slotsResponseSchema;
}>()({ method: 'POST', path: '/api/admin/sessions', access: 'admin', permission: 'availability' });

export const getAdminSlot = defineEndpoint<{
  params: typeof slotIdParams;
  response: typeof slotResponseSchema;
}>()({ method: 'GET', path: '/api/admin/sessions/:id', access: 'admin', permission: 'availability' });

export const setSlotStatus = defineEndpoint<{
  params: typeof slotIdParams;
  body: typeof setSlotStatusRequestSchema;
  response: typeof slotResponseSchema;
}>()({ method: 'PUT', path: '/api/admin/sessions/:id', access: 'admin', permission: 'availability' });

export const deleteSlot = defineEndpoint<{ params: typeof slotIdParams }>()({
  method: 'DELETE',
  path: '/api/admin/sessions/:id',
  access: 'admin',
  permission: 'availability',
  status: 204,
});
