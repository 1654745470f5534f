import type { BOOKING_TOKEN_HEADER, patientIdParams, visitorAppointmentResponseSchema } from '../booking';
import type { bookingOrReferralRequestSchema, bookingOrReferralResponseSchema } from '../patient-intake';
import type { HOLD_TOKEN_HEADER } from '../slots';
import { defineEndpoint } from './endpoint';

// Public: the two ways to ask for an appointment (spec section 4). A paid booking starts from a slot held
// with holdSlot and is read back and paid with its own access token; a self-referral (`is_referral` true)
// needs no slot and is triaged by staff.

/** The spec's one path for both: a paid booking of the slot the visitor holds, or a self-referral. */
export const createBookingOrReferral = defineEndpoint<{
  body: typeof bookingOrReferralRequestSchema;
  response: typeof bookingOrReferralResponseSchema;
}>()({
  method: 'POST',
  path: '/api/patients',
  access: 'public',
  status: 201,
  headers: { holdToken: 'x-hold-token' satisfies typeof HOLD_TOKEN_HEADER },
});

export const getBooking = defineEndpoint<{
  params: typeof patientIdParams;
  response: typeof visitorAppointmentResponseSchema;
}>()({
  method: 'GET',
  path: '/api/patients/:id',
  access: 'public',
  headers: { bookingToken: 'x-booking-token' satisfies typeof BOOKING_TOKEN_HEADER },
});
