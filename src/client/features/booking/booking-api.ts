import { useMutation, useQuery } from '@tanstack/react-query';
import { createBookingOrReferral, getBooking } from '../../../shared/api/booking-endpoints';
import type { BodyInput } from '../../../shared/api/endpoint';
import { checkPayment, createPayment, getPaymentConfig } from '../../../shared/api/payment-endpoints';
import type { CreatedVisitorAppointmentResponse } from '../../../shared/booking';
import { callEndpoint, endpointAddress } from '../../lib/api-client';
import { useEndpointQuery } from '../../lib/endpoint-query';

// The paid booking's calls (spec section 7): the tokens go in headers, never in a URL or a cache key.

/** Creates the patient and their appointment for the held slot: multipart `patient[...]` fields and files. */
export function useCreateVisitorAppointment() {
  return useMutation({
    mutationFn: ({ body, holdToken }: { body: FormData; holdToken: string }) =>
      callEndpoint(createBookingOrReferral, {
        formData: body,
        headers: { holdToken },
      }) as Promise<CreatedVisitorAppointmentResponse>,
  });
}

/** The visitor's appointment as the server has it (the price is the server's), with its own access token. */
export function useVisitorAppointment(appointment: { patientId: number; accessToken: string } | undefined) {
  const url = appointment
    ? endpointAddress(getBooking, { params: { id: appointment.patientId } })
    : getBooking.path;
  return useQuery({
    queryKey: [url],
    enabled: appointment !== undefined,
    staleTime: 0,
    retry: false,
    queryFn: ({ signal }) =>
      callEndpoint(getBooking, {
        params: { id: appointment?.patientId ?? 0 },
        signal,
        headers: { bookingToken: appointment?.accessToken },
      }),
  });
}

/** How this server takes cards: the built-in test mode, or Stripe with its publishable key. */
export const usePaymentConfig = () => useEndpointQuery(getPaymentConfig, {}, { staleTime: 5 * 60_000 });

/** Pays the appointment with a card payment method id; the amount charged is the server's. */
export function useCreatePayment() {
  return useMutation({
    mutationFn: ({ body, accessToken }: { body: BodyInput<typeof createPayment>; accessToken: string }) =>
      callEndpoint(createPayment, { json: body, headers: { bookingToken: accessToken } }),
  });
}

/**
 * After the card's 3-D Secure check: asks the server to ask the provider about the payment (a read never does),
 * and answers the appointment with its payment's status.
 */
export function useCheckPayment() {
  return useMutation({
    mutationFn: ({ patientId, accessToken }: { patientId: number; accessToken: string }) =>
      callEndpoint(checkPayment, { json: { patient_id: patientId }, headers: { bookingToken: accessToken } }),
  });
}
