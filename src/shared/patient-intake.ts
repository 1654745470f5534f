import { z } from 'zod';
import { bookingRequestSchema, createdVisitorAppointmentResponseSchema } from './booking';
import { createdReferralResponseSchema, referralRequestSchema } from './referrals';

/**
 * The spec's `POST /api/patients`, the two ways to ask for an appointment on one path: a paid booking of the time the
 * visitor holds or, with `is_referral` true, a self-referral.
 */
export const bookingOrReferralRequestSchema = z.discriminatedUnion(
  'is_referral',
  [referralRequestSchema, bookingRequestSchema],
  { error: 'is_referral must be true or false' },
);

export const bookingOrReferralResponseSchema = z.union([
  createdVisitorAppointmentResponseSchema,
  createdReferralResponseSchema,
]);
