import type {
  calendarSlotsQuerySchema,
  freeSlotsQuerySchema,
  freeSlotsResponseSchema,
  HOLD_TOKEN_HEADER,
  holdResponseSchema,
  publicCalendarSlotsResponseSchema,
  slotIdParams,
} from '../slots';
import type { OFFER_TOKEN_HEADER } from '../waitlist';
import { defineEndpoint } from './endpoint';

// Public: the booking calendar and a visitor's hold on a slot (the spec's "patient sessions"). Answers never
// carry patient data.

/** The days of a range with free slots of a kind, and their prices. */
export const listCalendarSlots = defineEndpoint<{
  query: typeof calendarSlotsQuerySchema;
  response: typeof publicCalendarSlotsResponseSchema;
}>()({ method: 'GET', path: '/api/calendar_slots', access: 'public' });

/** The free slots of one day and kind; with the visitor's hold token, their held one too. */
export const listFreeSlots = defineEndpoint<{
  query: typeof freeSlotsQuerySchema;
  response: typeof freeSlotsResponseSchema;
}>()({
  method: 'GET',
  path: '/api/patient_sessions',
  access: 'public',
  headers: { holdToken: 'x-hold-token' satisfies typeof HOLD_TOKEN_HEADER },
});

/**
 * Holds a free slot; the previous hold's token releases that one. With a wait-list offer's token (X-Offer-Token)
 * it takes the hold kept for that offer instead.
 */
export const holdSlot = defineEndpoint<{
  params: typeof slotIdParams;
  response: typeof holdResponseSchema;
}>()({
  method: 'PUT',
  path: '/api/patient_sessions/:id',
  access: 'public',
  headers: {
    holdToken: 'x-hold-token' satisfies typeof HOLD_TOKEN_HEADER,
    offerToken: 'x-offer-token' satisfies typeof OFFER_TOKEN_HEADER,
  },
});

export const getSlotHold = defineEndpoint<{
  params: typeof slotIdParams;
  response: typeof holdResponseSchema;
}>()({
  method: 'GET',
  path: '/api/patient_sessions/:id/hold',
  access: 'public',
  headers: { holdToken: 'x-hold-token' satisfies typeof HOLD_TOKEN_HEADER },
});

export const releaseSlotHold = defineEndpoint<{ params: typeof slotIdParams }>()({
  method: 'DELETE',
  path: '/api/patient_sessions/:id/hold',
  access: 'public',
  status: 204,
  headers: { holdToken: 'x-hold-token' satisfies typeof HOLD_TOKEN_HEADER },
});
