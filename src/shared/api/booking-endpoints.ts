import { z } from 'zod';
import {
  bookingRequestSchema,
  bookingResponseSchema,
  createdBookingResponseSchema,
  patientIdParams,
} from '../booking';
import { createdReferralResponseSchema, referralRequestSchema } from '../referrals';
import { defineEndpoint } from './endpoint';

// Public: the two ways to ask for an appointment (spec section 4). A paid booking starts from a slot held
// with PUT /api/patient_sessions/:id and is read back and paid with its own access token; a self-referral
// (`is_referral` true) needs no slot and is triaged by staff.

export const createPatient = defineEndpoint({
  method: 'POST',
  path: '/api/patients',
  summary:
    "A paid booking: creates a booking's patient for the slot the visitor holds (X-Hold-Token; multipart patient[...] or JSON, every field of the spec's patient entity; result, referral_letter and attachment .doc/.docx/.pdf up to 10 MB) and answers the booking's access_token (send it as X-Booking-Token); the server's own values win over id, full_name, price and session; a paid booking's payment_type is card; at most 6 bookings an address a day. A self-referral (is_referral true, has_referral_letter true with referral_letter, or false with the form's answers): no slot needed; answers the patient's id only; at most 3 an hour for one e-mail address and 30 from one address",
  access: 'public',
  body: z.discriminatedUnion('is_referral', [referralRequestSchema, bookingRequestSchema], {
    error: 'is_referral must be true or false',
  }),
  form: { envelope: 'patient', files: ['result', 'referral_letter'] },
  status: 201,
  response: z.union([createdBookingResponseSchema, createdReferralResponseSchema]),
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
