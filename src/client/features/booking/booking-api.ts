import { useMutation, useQuery } from '@tanstack/react-query';
import type { createBookingOrReferral, getBooking } from '../../../shared/api/booking-endpoints';
import { type BodyInput, endpointUrl, type ResponseOf } from '../../../shared/api/endpoint';
import type { checkPayment, createPayment, getPaymentConfig } from '../../../shared/api/payment-endpoints';
import type { CreatedBookingResponse } from '../../../shared/booking';
import { apiRequest } from '../../lib/api-client';
import { holdHeaders } from '../../lib/booking-hold';
import { useEndpointQuery } from '../../lib/endpoint-query';

/** The paid booking's calls (spec section 7): the tokens go in headers, never in a URL or a cache key. */
const CREATE_PATH: (typeof createBookingOrReferral)['path'] = '/api/patients';
const BOOKING_PATH: (typeof getBooking)['path'] = '/api/patients/:id';
const CONFIG_PATH: (typeof getPaymentConfig)['path'] = '/api/payments/config';
const PAY_PATH: (typeof createPayment)['path'] = '/api/payments';
const CHECK_PATH: (typeof checkPayment)['path'] = '/api/payments/check';

const bookingHeaders = (token: string) => ({ 'X-Booking-Token': token });

/** Creates the booking's patient for the held slot: multipart `patient[...]` fields and files. */
export function useCreateBooking() {
  return useMutation({
    mutationFn: ({ body, holdToken }: { body: FormData; holdToken: string }) =>
      apiRequest<CreatedBookingResponse>(CREATE_PATH, {
        method: 'POST',
        formData: body,
        headers: holdHeaders(holdToken),
      }),
  });
}

/** The booking as the server has it (the price is the server's), with its own access token. */
export function useBooking(booking: { patientId: number; accessToken: string } | undefined) {
  const url = booking ? endpointUrl(BOOKING_PATH, { id: booking.patientId }) : BOOKING_PATH;
  return useQuery({
    queryKey: [url],
    enabled: booking !== undefined,
    staleTime: 0,
    retry: false,
    queryFn: ({ signal }) =>
      apiRequest<ResponseOf<typeof getBooking>>(url, {
        signal,
        headers: booking ? bookingHeaders(booking.accessToken) : undefined,
      }),
  });
}

/** How this server takes cards: the built-in test mode, or Stripe with its publishable key. */
export const usePaymentConfig = () =>
  useEndpointQuery<typeof getPaymentConfig>(CONFIG_PATH, {}, { staleTime: 5 * 60_000 });

/** Pays the booking with a card payment method id; the amount charged is the server's. */
export function useCreatePayment() {
  return useMutation({
    mutationFn: ({ body, accessToken }: { body: BodyInput<typeof createPayment>; accessToken: string }) =>
      apiRequest<ResponseOf<typeof createPayment>>(PAY_PATH, {
        method: 'POST',
        json: body,
        headers: bookingHeaders(accessToken),
      }),
  });
}

/**
 * After the card's 3-D Secure check: asks the server to ask the provider about the payment (a read never does),
 * and answers the booking with its payment's status.
 */
export function useCheckPayment() {
  return useMutation({
    mutationFn: ({ patientId, accessToken }: { patientId: number; accessToken: string }) =>
      apiRequest<ResponseOf<typeof checkPayment>>(CHECK_PATH, {
        method: 'POST',
        json: { patient_id: patientId } satisfies BodyInput<typeof checkPayment>,
        headers: bookingHeaders(accessToken),
      }),
  });
}
