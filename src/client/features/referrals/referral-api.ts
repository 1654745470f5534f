import { useMutation } from '@tanstack/react-query';
import { createBookingOrReferral } from '../../../shared/api/booking-endpoints';
import type { CreatedReferralResponse } from '../../../shared/referrals';
import { callEndpoint } from '../../lib/api-client';

/**
 * Sends a self-referral: the booking's endpoint with `patient[is_referral]=true`, no slot and no hold token
 * (multipart `patient[...]` fields and the letter); answers the patient's id.
 */
export function useSendReferral() {
  return useMutation({
    mutationFn: (body: FormData) =>
      callEndpoint(createBookingOrReferral, { formData: body }) as Promise<CreatedReferralResponse>,
  });
}
