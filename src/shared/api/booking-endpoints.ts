import {
  bookingRequestSchema,
  bookingResponseSchema,
  createdBookingResponseSchema,
  patientIdParams,
} from '../booking';
import { defineEndpoint } from './endpoint';

// Public: the paid booking flow (spec section 4). A booking starts from a slot held with
// PUT /api/patient_sessions/:id and is read back and paid with its own access token.

export const createBooking = defineEndpoint({
  method: 'POST',
  path: '/api/patients',
  summary:
    "Creates a booking's patient for the slot the visitor holds (X-Hold-Token; multipart patient[...] or JSON, every field of the spec's patient entity; result, referral_letter and attachment .doc/.docx/.pdf up to 10 MB) and answers the booking's access_token (send it as X-Booking-Token). The server's own values win over id, full_name, price and session; a paid booking's payment_type is card; at most 6 bookings an address a day",
  access: 'public',
  body: bookingRequestSchema,
  form: { envelope: 'patient', files: ['result', 'referral_letter'] },
  status: 201,
  response: createdBookingResponseSchema,
});

export const getBooking = defineEndpoint({
  method: 'GET',
  path: '/api/patients/:id',
  summary:
    'The booking (patient, price in euro, slot, payment status); only with its X-Booking-Token, else 404',
  access: 'public',
  params: patientIdParams,
  response: bookingResponseSchema,
});
