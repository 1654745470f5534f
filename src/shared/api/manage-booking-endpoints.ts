import type { BOOKING_TOKEN_HEADER } from '../booking';
import type {
  appointmentReferenceParams,
  flagRequestSchema,
  MANAGE_TOKEN_HEADER,
  manageActionResponseSchema,
  managedAppointmentResponseSchema,
  moveAppointmentRequestSchema,
  moveHoldParams,
} from '../manage-booking';
import type { HOLD_TOKEN_HEADER, holdResponseSchema } from '../slots';
import { defineEndpoint } from './endpoint';

// Public: a patient's own booking, read and changed with its reference and X-Manage-Token (the token of the
// link in the confirmation e-mail). A wrong or expired token, or an unknown reference, is a 404 that says
// neither.

export const getManagedBooking = defineEndpoint<{
  params: typeof appointmentReferenceParams;
  response: typeof managedAppointmentResponseSchema;
}>()({
  method: 'GET',
  path: '/api/bookings/:reference',
  access: 'public',
  headers: { manageToken: 'x-manage-token' satisfies typeof MANAGE_TOKEN_HEADER },
});

export const cancelManagedBooking = defineEndpoint<{
  params: typeof appointmentReferenceParams;
  response: typeof manageActionResponseSchema;
}>()({
  method: 'POST',
  path: '/api/bookings/:reference/cancel',
  access: 'public',
  headers: { manageToken: 'x-manage-token' satisfies typeof MANAGE_TOKEN_HEADER },
});

/**
 * Holds a time to move the booking to, as holdSlot does for a visitor, but counted with the booking's own holds,
 * never the address's.
 */
export const holdTimeForMove = defineEndpoint<{
  params: typeof moveHoldParams;
  response: typeof holdResponseSchema;
}>()({
  method: 'PUT',
  path: '/api/bookings/:reference/sessions/:id',
  access: 'public',
  headers: {
    manageToken: 'x-manage-token' satisfies typeof MANAGE_TOKEN_HEADER,
    holdToken: 'x-hold-token' satisfies typeof HOLD_TOKEN_HEADER,
  },
});

/** To a time the patient holds (X-Hold-Token of holdTimeForMove, or of holdSlot). */
export const moveManagedBooking = defineEndpoint<{
  params: typeof appointmentReferenceParams;
  body: typeof moveAppointmentRequestSchema;
  response: typeof manageActionResponseSchema;
}>()({
  method: 'POST',
  path: '/api/bookings/:reference/move',
  access: 'public',
  headers: {
    manageToken: 'x-manage-token' satisfies typeof MANAGE_TOKEN_HEADER,
    holdToken: 'x-hold-token' satisfies typeof HOLD_TOKEN_HEADER,
  },
});

/** The booking's receipt (a PDF) once paid (online or at the clinic), with the same proof as reading it; also after the visit. */
export const downloadOwnReceipt = defineEndpoint<{ params: typeof appointmentReferenceParams }>()({
  method: 'GET',
  path: '/api/bookings/:reference/receipt',
  access: 'public',
  headers: { manageToken: 'x-manage-token' satisfies typeof MANAGE_TOKEN_HEADER },
});

/**
 * The booking's current calendar invite (.ics): the same UID and its latest SEQUENCE, the stop-day event with it;
 * with X-Manage-Token, or the booking's own X-Booking-Token (the confirmation page).
 */
export const downloadOwnInvite = defineEndpoint<{ params: typeof appointmentReferenceParams }>()({
  method: 'GET',
  path: '/api/bookings/:reference/ics',
  access: 'public',
  headers: {
    manageToken: 'x-manage-token' satisfies typeof MANAGE_TOKEN_HEADER,
    bookingToken: 'x-booking-token' satisfies typeof BOOKING_TOKEN_HEADER,
  },
});

/**
 * The patient tells the clinic they could not stop their antihistamines, or are unwell (issue 33); afterwards
 * `/move` is allowed inside the notice, once.
 */
export const flagManagedBooking = defineEndpoint<{
  params: typeof appointmentReferenceParams;
  body: typeof flagRequestSchema;
  response: typeof manageActionResponseSchema;
}>()({
  method: 'POST',
  path: '/api/bookings/:reference/flag',
  access: 'public',
  headers: { manageToken: 'x-manage-token' satisfies typeof MANAGE_TOKEN_HEADER },
});

/** The patient stops texts about their booking (issue 34): their consent is withdrawn. */
export const stopManagedTexts = defineEndpoint<{
  params: typeof appointmentReferenceParams;
  response: typeof manageActionResponseSchema;
}>()({
  method: 'POST',
  path: '/api/bookings/:reference/stop_texts',
  access: 'public',
  headers: { manageToken: 'x-manage-token' satisfies typeof MANAGE_TOKEN_HEADER },
});
