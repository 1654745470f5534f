import type { BOOKING_TOKEN_HEADER } from '../booking';
import type { DATE_OF_BIRTH_HEADER } from '../intake';
import type { intakeRequestSchema, intakeResponseSchema } from '../intake-schemas';
import type { appointmentReferenceParams, MANAGE_TOKEN_HEADER } from '../manage-booking';
import { defineEndpoint } from './endpoint';

// Public: a booking's intake and consent form, with the booking link's X-Manage-Token (or, just after paying, the
// booking's own X-Booking-Token) and the patient's date of birth in X-Date-Of-Birth.

const headers = {
  manageToken: 'x-manage-token' satisfies typeof MANAGE_TOKEN_HEADER,
  bookingToken: 'x-booking-token' satisfies typeof BOOKING_TOKEN_HEADER,
  dateOfBirth: 'x-date-of-birth' satisfies typeof DATE_OF_BIRTH_HEADER,
} as const;

export const getIntake = defineEndpoint<{
  params: typeof appointmentReferenceParams;
  response: typeof intakeResponseSchema;
}>()({
  method: 'GET',
  path: '/api/bookings/:reference/intake',
  access: 'public',
  headers,
});

export const saveIntake = defineEndpoint<{
  params: typeof appointmentReferenceParams;
  body: typeof intakeRequestSchema;
  response: typeof intakeResponseSchema;
}>()({
  method: 'PUT',
  path: '/api/bookings/:reference/intake',
  access: 'public',
  headers,
});
