import {
  closureCreatedResponseSchema,
  closureDeletedResponseSchema,
  closureIdParams,
  closureListQuerySchema,
  closureListResponseSchema,
  closureRequestSchema,
} from '../closures';
import {
  adminHeldSlotResponseSchema,
  adminSlotsQuerySchema,
  adminSlotsResponseSchema,
  calendarSlotsQuerySchema,
  calendarSlotsResponseSchema,
  freeSlotsQuerySchema,
  freeSlotsResponseSchema,
  holdResponseSchema,
  publicCalendarSlotsResponseSchema,
  saveSlotsRequestSchema,
  saveSlotsResponseSchema,
  setSlotStatusRequestSchema,
  slotIdParams,
  slotResponseSchema,
} from '../slots';
import { withSchemas } from './endpoint-schemas';
import * as admin from './slot-admin-endpoints';
import * as api from './slot-endpoints';

export const listCalendarSlots = withSchemas(api.listCalendarSlots, {
  summary:
    "The clinic days (YYYY-MM-DD, Europe/Dublin) of range_calendar 'YYYY/MM/DD - YYYY/MM/DD' (both days included, at most 62 days) that have available future slots of the kind, and the prices in euro of those slots (ascending, each once): { days, prices }",
  query: calendarSlotsQuerySchema,
  response: publicCalendarSlotsResponseSchema,
});

export const listFreeSlots = withSchemas(api.listFreeSlots, {
  summary:
    "Available future slots of one clinic day and kind, by start; with X-Hold-Token, the visitor's own held slot too (held_by_you)",
  query: freeSlotsQuerySchema,
  response: freeSlotsResponseSchema,
});

export const holdSlot = withSchemas(api.holdSlot, {
  summary:
    'Holds an available future slot for HOLD_MINUTES and answers the hold token (send it as X-Hold-Token); a hold of the same token on another slot is released, so a token holds one slot at a time; 409 when already taken; 429 holds_limit when the address already holds MAX_HOLDS_PER_ADDRESS (30) slots under other tokens, 429 rate_limited after HOLDS_PER_MINUTE (90) calls a minute from one address',
  params: slotIdParams,
  response: holdResponseSchema,
});

export const getSlotHold = withSchemas(api.getSlotHold, {
  summary: "The visitor's own hold on the slot (X-Hold-Token); 404 when the token does not hold it",
  params: slotIdParams,
  response: holdResponseSchema,
});

export const releaseSlotHold = withSchemas(api.releaseSlotHold, {
  summary:
    "Releases the visitor's hold on the slot at once (X-Hold-Token); 404 when the token does not hold it",
  params: slotIdParams,
});

export const listAdminCalendarSlots = withSchemas(admin.listAdminCalendarSlots, {
  summary:
    "The clinic days (YYYY-MM-DD, Europe/Dublin) of range_calendar 'YYYY/MM/DD - YYYY/MM/DD' (both days included, at most 62 days) that have slots of the kind, whatever their status: { days }",
  query: calendarSlotsQuerySchema,
  response: calendarSlotsResponseSchema,
});

export const listAdminSlots = withSchemas(admin.listAdminSlots, {
  summary:
    "The slots of one clinic day (date YYYY-MM-DD) and kind, every status, by start, with who holds or booked each: held_by 'visitor' or 'staff' while pending; a booked one's appointment_id and patient_name (the read of names is audited); closure_reason names the closure a withdrawn (or booked) slot lies in",
  query: adminSlotsQuerySchema,
  response: adminSlotsResponseSchema,
});

export const saveSlotChanges = withSchemas(admin.saveSlotChanges, {
  summary:
    "Creates (sessions_create) and changes (sessions_update) slots in one transaction, all or none; answers the slots of the affected days and kinds. An overlap is refused (422) with 'That time range is occupied', under errors for each entry that overlaps another of the save or a stored slot of its kind (sessions_create.N, sessions_update.N); a slot inside a closure is refused (422 slot_in_closure) naming the closure. With skip_clashes: true, a new slot that overlaps a stored one or falls in a closure is left out and listed under skipped (with its code and message) instead",
  body: saveSlotsRequestSchema,
  response: saveSlotsResponseSchema,
});

export const getAdminSlot = withSchemas(admin.getAdminSlot, {
  summary:
    "One slot, whatever its status (the appointment create screen reads the time it books); a pending one with held_by 'visitor' or 'staff' and hold_expires_at, else both null",
  params: slotIdParams,
  response: adminHeldSlotResponseSchema,
});

export const setSlotStatus = withSchemas(admin.setSlotStatus, {
  summary:
    "Sets a slot's status: pending holds an available future slot for booking on a patient's behalf, available releases a staff hold (any staff member's: one left by a closed tab too) or a visitor's lapsed one, while a visitor's live hold is refused (409 slot_held); booked slots are not changed here",
  params: slotIdParams,
  body: setSlotStatusRequestSchema,
  response: slotResponseSchema,
});

export const deleteSlot = withSchemas(admin.deleteSlot, {
  summary: 'Deletes an available (or withdrawn) slot; a booked one is refused (422), a held one too (409)',
  params: slotIdParams,
});

export const listClosures = withSchemas(admin.listClosures, {
  summary:
    'The closures of the clinic not deleted, those not ended first (soonest first), then the ended ones (latest first); each with the count of its withdrawn slots and the booked appointments inside it not started (affected), for staff to move',
  query: closureListQuerySchema,
  response: closureListResponseSchema,
});

export const createClosure = withSchemas(admin.createClosure, {
  summary:
    "Closes days (from, to: DD/MM/YYYY, both included), optionally only from_time to to_time (HH:mm, clinic time) of each, for one location, 'video' or (location left out) every place, with a reason. Every free or held slot inside it that has not started is withdrawn at once; booked appointments inside it are listed (affected), never cancelled. 409 closure_overlaps when another closure (not a public holiday) of the same place or of every place overlaps it; 422 on from/to/from_time/to_time/location/reason otherwise",
  body: closureRequestSchema,
  response: closureCreatedResponseSchema,
});

export const deleteClosure = withSchemas(admin.deleteClosure, {
  summary:
    'Deletes a closure: its withdrawn slots that have not started are offered again (unless another closure covers them); a public holiday deleted is not added again. Answers how many were restored',
  params: closureIdParams,
  response: closureDeletedResponseSchema,
});
