import { BOOKINGS_PER_ADDRESS_PER_DAY, patientIdParams, visitorAppointmentResponseSchema } from '../booking';
import { bookingOrReferralRequestSchema, bookingOrReferralResponseSchema } from '../patient-intake';
import * as api from './booking-endpoints';
import { withSchemas } from './endpoint-schemas';

export const createBookingOrReferral = withSchemas(api.createBookingOrReferral, {
  summary: `A paid booking: creates a booking's patient for the slot the visitor holds (X-Hold-Token; multipart patient[...] or JSON, every field of the spec's patient entity; result, referral_letter and attachment .doc/.docx/.pdf up to 10 MB) and answers the booking's access_token (send it as X-Booking-Token); the server's own values win over id, full_name, price and session; a paid booking's payment_type is card; at most ${BOOKINGS_PER_ADDRESS_PER_DAY} bookings an address a day. A self-referral (is_referral true, has_referral_letter true with referral_letter, or false with the form's answers): no slot needed; answers the patient's id only; at most 3 an hour for one e-mail address and 30 from one address`,
  body: bookingOrReferralRequestSchema,
  form: { envelope: 'patient', files: ['result', 'referral_letter'] },
  response: bookingOrReferralResponseSchema,
});

export const getBooking = withSchemas(api.getBooking, {
  summary:
    'The booking (patient, price in euro, slot, payment status); only with its X-Booking-Token, else 404',
  params: patientIdParams,
  response: visitorAppointmentResponseSchema,
});
