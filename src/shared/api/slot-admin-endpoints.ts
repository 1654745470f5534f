import type {
  closureCreatedResponseSchema,
  closureDeletedResponseSchema,
  closureIdParams,
  closureListQuerySchema,
  closureListResponseSchema,
  closureRequestSchema,
} from '../closures';
import type {
  adminHeldSlotResponseSchema,
  adminSlotsQuerySchema,
  adminSlotsResponseSchema,
  calendarSlotsQuerySchema,
  calendarSlotsResponseSchema,
  saveSlotsRequestSchema,
  saveSlotsResponseSchema,
  setSlotStatusRequestSchema,
  slotIdParams,
  slotResponseSchema,
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
  response: typeof saveSlotsResponseSchema;
}>()({ method: 'POST', path: '/api/admin/sessions', access: 'admin', permission: 'availability' });

export const getAdminSlot = defineEndpoint<{
  params: typeof slotIdParams;
  response: typeof adminHeldSlotResponseSchema;
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

// Closures of the clinic: days (or hours) when a place, or every place, offers no slot.

export const listClosures = defineEndpoint<{
  query: typeof closureListQuerySchema;
  response: typeof closureListResponseSchema;
}>()({ method: 'GET', path: '/api/admin/closures', access: 'admin', permission: 'availability' });

export const createClosure = defineEndpoint<{
  body: typeof closureRequestSchema;
  response: typeof closureCreatedResponseSchema;
}>()({
  method: 'POST',
  path: '/api/admin/closures',
  access: 'admin',
  permission: 'availability',
  status: 201,
});

export const deleteClosure = defineEndpoint<{
  params: typeof closureIdParams;
  response: typeof closureDeletedResponseSchema;
}>()({ method: 'DELETE', path: '/api/admin/closures/:id', access: 'admin', permission: 'availability' });
