import {
  adminSessionsQuerySchema,
  adminSessionsResponseSchema,
  calendarSlotsQuerySchema,
  calendarSlotsResponseSchema,
  holdResponseSchema,
  patientSessionsQuerySchema,
  patientSessionsResponseSchema,
  publicCalendarSlotsResponseSchema,
  saveSessionsRequestSchema,
  sessionIdParams,
  sessionResponseSchema,
  sessionsResponseSchema,
  setSessionStatusRequestSchema,
} from '../slots';
import { defineEndpoint } from './endpoint';

// Public: the booking calendar. Answers never carry patient data.

export const listCalendarSlots = defineEndpoint({
  method: 'GET',
  path: '/api/calendar_slots',
  summary:
    "The clinic days (YYYY-MM-DD, Europe/Dublin) of range_calendar 'YYYY/MM/DD - YYYY/MM/DD' (both days included, at most 62 days) that have available future slots of the kind, and the prices in euro of those slots (ascending, each once): { days, prices }",
  access: 'public',
  query: calendarSlotsQuerySchema,
  response: publicCalendarSlotsResponseSchema,
});

export const listPatientSessions = defineEndpoint({
  method: 'GET',
  path: '/api/patient_sessions',
  summary:
    "Available future slots of one clinic day and kind, by start; with X-Hold-Token, the visitor's own held slot too (held_by_you)",
  access: 'public',
  query: patientSessionsQuerySchema,
  response: patientSessionsResponseSchema,
});

export const holdPatientSession = defineEndpoint({
  method: 'PUT',
  path: '/api/patient_sessions/:id',
  summary:
    'Holds an available future slot for HOLD_MINUTES and answers the hold token (send it as X-Hold-Token); a hold of the same token on another slot is released; 409 when already taken, 429 when the address already holds MAX_HOLDS_PER_CLIENT (3) other slots',
  access: 'public',
  params: sessionIdParams,
  response: holdResponseSchema,
});

export const getPatientSessionHold = defineEndpoint({
  method: 'GET',
  path: '/api/patient_sessions/:id/hold',
  summary: "The visitor's own hold on the slot (X-Hold-Token); 404 when the token does not hold it",
  access: 'public',
  params: sessionIdParams,
  response: holdResponseSchema,
});

export const releasePatientSessionHold = defineEndpoint({
  method: 'DELETE',
  path: '/api/patient_sessions/:id/hold',
  summary:
    "Releases the visitor's hold on the slot at once (X-Hold-Token); 404 when the token does not hold it",
  access: 'public',
  params: sessionIdParams,
  status: 204,
});

// Back office: availability settings.

export const listAdminCalendarSlots = defineEndpoint({
  method: 'GET',
  path: '/api/admin/calendar_slots',
  summary:
    "The clinic days (YYYY-MM-DD, Europe/Dublin) of range_calendar 'YYYY/MM/DD - YYYY/MM/DD' (both days included, at most 62 days) that have slots of the kind, whatever their status: { days }",
  access: 'admin',
  query: calendarSlotsQuerySchema,
  response: calendarSlotsResponseSchema,
});

export const listAdminSessions = defineEndpoint({
  method: 'GET',
  path: '/api/admin/sessions',
  summary:
    "The slots of one clinic day (date YYYY-MM-DD) and kind, every status, by start, with who holds or booked each: held_by 'visitor' or 'staff' while pending; a booked one's appointment_id and patient_name (the read of names is audited)",
  access: 'admin',
  query: adminSessionsQuerySchema,
  response: adminSessionsResponseSchema,
});

export const saveSessions = defineEndpoint({
  method: 'POST',
  path: '/api/admin/sessions',
  summary:
    "Creates (sessions_create) and changes (sessions_update) slots in one transaction, all or none; answers the slots of the affected days and kinds. An overlap is refused (422) with 'That time range is occupied', under errors for each entry that overlaps another of the save or a stored slot of its kind (sessions_create.N, sessions_update.N)",
  access: 'admin',
  body: saveSessionsRequestSchema,
  response: sessionsResponseSchema,
});

export const getAdminSession = defineEndpoint({
  method: 'GET',
  path: '/api/admin/sessions/:id',
  summary: 'One slot, whatever its status (the appointment create screen reads the time it books)',
  access: 'admin',
  params: sessionIdParams,
  response: sessionResponseSchema,
});

export const setSessionStatus = defineEndpoint({
  method: 'PUT',
  path: '/api/admin/sessions/:id',
  summary:
    "Sets a slot's status: pending holds an available future slot for booking on a patient's behalf, available releases a hold; booked slots are not changed here",
  access: 'admin',
  params: sessionIdParams,
  body: setSessionStatusRequestSchema,
  response: sessionResponseSchema,
});

export const deleteSession = defineEndpoint({
  method: 'DELETE',
  path: '/api/admin/sessions/:id',
  summary: 'Deletes an available slot; a booked one is refused (422), a held one too (409)',
  access: 'admin',
  params: sessionIdParams,
  status: 204,
});
