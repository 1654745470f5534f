import {
  bookingReferenceParams,
  manageActionResponseSchema,
  managedBookingResponseSchema,
  moveBookingRequestSchema,
} from '../manage-booking';
import { defineEndpoint } from './endpoint';

// Public: a patient's own booking, read and changed with its reference and X-Manage-Token (the token of the
// link in the confirmation e-mail). A wrong or expired token, or an unknown reference, is a 404 that says
// neither.

export const getManagedBooking = defineEndpoint({
  method: 'GET',
  path: '/api/bookings/:reference',
  summary:
    'A patient reads their booking (what, when, where, price, payment status, what may be changed online) with X-Manage-Token; 404 for a wrong token, an unknown reference or an appointment that has ended',
  access: 'public',
  params: bookingReferenceParams,
  response: managedBookingResponseSchema,
});

export const cancelManagedBooking = defineEndpoint({
  method: 'POST',
  path: '/api/bookings/:reference/cancel',
  summary:
    'A patient cancels their booking (X-Manage-Token) more than CANCELLATION_NOTICE_HOURS (48) before its start: a paid one is refunded in full, the time is offered again, the patient and the clinic are e-mailed; cancelling again answers that it is already cancelled; inside the notice 409',
  access: 'public',
  params: bookingReferenceParams,
  response: manageActionResponseSchema,
});

export const moveManagedBooking = defineEndpoint({
  method: 'POST',
  path: '/api/bookings/:reference/move',
  summary:
    'A patient moves their booking (X-Manage-Token) more than 48 hours before its start to a free future time of the same kind, age and price that they hold (X-Hold-Token from PUT /api/patient_sessions/:id): the old time is freed in the same transaction, and the new confirmation carries the calendar invite of the same UID with a higher SEQUENCE',
  access: 'public',
  params: bookingReferenceParams,
  body: moveBookingRequestSchema,
  response: manageActionResponseSchema,
});
