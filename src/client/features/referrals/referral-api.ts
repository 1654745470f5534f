import { useMutation } from '@tanstack/react-query';
import type { createBookingOrReferral } from '../../../shared/api/booking-endpoints';
import type { CreatedReferralResponse } from '../../../shared/referrals';
import { apiRequest } from '../../lib/api-client';

/** A self-referral is `POST /api/patients` with `patient[is_referral]=true`, no slot and no hold token. */
const CREATE_PATH: (typeof createBookingOrReferral)['path'] = '/api/patients';

/** Sends a self-referral (multipart `patient[...]` fields and the letter); answers the patient's id. */
export function useSendReferral() {
  return useMutation({
    mutationFn: (body: FormData) =>
      apiRequest<CreatedReferralResponse>(CREATE_PATH, { method: 'POST', formData: body }),
  });
}
